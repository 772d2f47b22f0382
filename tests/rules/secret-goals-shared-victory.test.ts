/**
 * Secret goals met at the same end of a turn (ES "Fin de la partida": players who meet their goals
 * at the same time share the victory; "Objetivos secretos": every player writes down a goal, as the
 * UFOs do; "Los OVNIs": the goal may be revealed at any time). The claim window waits for every
 * seat whose secret goal is met; it closes once each has claimed or declined, so who answers first
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { goalCommitment, legalActions, type Action, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { expectRefused, expectSound, play, scenario, type PlayerSpec } from '../helpers/scenario.js';

const RICH_GNOMES: PlayerSpec = { illuminati: 'gnomes-of-zurich', money: 150, groups: [{ card: 'kgb', side: 1 }] };
const RICH_NETWORK: PlayerSpec = { illuminati: 'network', money: 150, groups: [{ card: 'fbi', side: 1 }] };
const POOR_BERMUDA: PlayerSpec = { illuminati: 'bermuda-triangle', money: 3, groups: [{ card: 'cia', side: 1 }] };

/** Seats 0 and 1 hold 150 MB and committed to the Gnomes' goal (salt "s0", "s1"); seat 2 did too
 * but is far from it. Hidden goals are on. */
function table(players: readonly PlayerSpec[] = [RICH_GNOMES, RICH_NETWORK, POOR_BERMUDA]): GameState {
	const state = scenario({ players, rules: { hiddenGoals: true } });
	return { ...state, players: state.players.map((p) => ({ ...p, goalCommitment: goalCommitment('gnomes-of-zurich', `s${p.seat}`) })) };
}

const reveal = (seat: Seat): Action => ({ type: 'revealGoal', seat, goal: 'gnomes-of-zurich', salt: `s${seat}` });
const decline = (seat: Seat): Action => ({ type: 'declineClaim', seat });

describe('Fin de la partida: hidden goals met at the same end of turn share the victory', () => {
	it('the claim window waits for every seat whose hidden goal is met, and only for them', () => {
		const window = play(table(), { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0, 1] });
		expect(window.winners).toEqual([]);
		for (const seat of [0, 1]) expect(legalActions(window, seat).map((l) => l.action.type)).toContain('declineClaim');
		expect(legalActions(window, 2).map((l) => l.action.type)).not.toContain('declineClaim');
		expectRefused(window, decline(2), 'NOT_ELIGIBLE');
	});

	it.each([
		{ answers: [reveal(0), reveal(1)], winners: [0, 1] },
		{ answers: [reveal(1), reveal(0)], winners: [0, 1] },
		{ answers: [reveal(0), decline(1)], winners: [0] },
		{ answers: [decline(1), reveal(0)], winners: [0] },
		{ answers: [decline(0), reveal(1)], winners: [1] },
		{ answers: [reveal(1), decline(0)], winners: [1] },
		{ answers: [decline(0), decline(1)], winners: [] },
	])('answers $answers: winners $winners, whoever answers first', ({ answers, winners }) => {
		let state = play(table(), { type: 'endTurn', seat: 0 });
		for (const [i, answer] of answers.entries()) {
			expect(state.phase.kind, `still open before answer ${i}`).toBe('ufoClaim');
			state = play(state, answer);
		}
		expect(state.winners).toEqual(winners);
		expect(state.phase.kind).toBe(winners.length > 0 ? 'over' : 'turnStart');
		if (winners.length === 0) expect(state.turn!.seat).toBe(1);
		expectSound(state);
	});

	it('the first reveal does not end the game: the other seat still has its say', () => {
		const first = play(table(), { type: 'endTurn', seat: 0 }, reveal(0));
		expect(first.phase).toEqual({ kind: 'ufoClaim', seats: [1] });
		expect(first.winners).toEqual([]);
		expectRefused(first, decline(0), 'NOT_ELIGIBLE');
	});

	it('a goal revealed earlier needs no window: it wins with the claim made in the window', () => {
		const early = play(table(), reveal(1));
		const window = play(early, { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		expect(play(window, reveal(0)).winners).toEqual([0, 1]);
	});

	it('a seat outside the window may still reveal in it (at any time), and wins if its goal is met', () => {
		const window = play(table([RICH_GNOMES, POOR_BERMUDA, RICH_NETWORK]), { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0, 2] });
		const outside = play(window, reveal(1));
		expect(outside.phase).toEqual({ kind: 'ufoClaim', seats: [0, 2] });
		expect(play(outside, reveal(0), reveal(2)).winners).toEqual([0, 2]);
	});

	it.each([
		{ answer: 'reveals', winners: [0, 1] },
		{ answer: 'declines', winners: [1] },
	])('a special goal known to all, met at the same time, shares with a claim (the UFO $answer: winners $winners)', ({ answer, winners }) => {
		const base = scenario({ players: [{ ...RICH_NETWORK, illuminati: 'ufos' }, RICH_GNOMES, POOR_BERMUDA] });
		const ufo = { ...base, players: base.players.map((p) => (p.seat === 0 ? { ...p, goalCommitment: goalCommitment('gnomes-of-zurich', 's0') } : p)) };
		const window = play(ufo, { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		expect(play(window, answer === 'reveals' ? reveal(0) : decline(0)).winners).toEqual(winners);
	});

	it('a seat of the window that leaves is answered for; the others still decide', () => {
		const window = play(table(), { type: 'endTurn', seat: 0 });
		const left = play(window, { type: 'leave', seat: 0 });
		expect(left.phase).toEqual({ kind: 'ufoClaim', seats: [1] });
		expect(play(left, reveal(1)).winners).toEqual([1]);
	});

	it('a seat of the window declared absent (absence passTurns) declines by itself; the other still decides', () => {
		const base = scenario({ players: [RICH_GNOMES, RICH_NETWORK, POOR_BERMUDA], rules: { hiddenGoals: true, absence: 'passTurns' } });
		const committed = { ...base, players: base.players.map((p) => ({ ...p, goalCommitment: goalCommitment('gnomes-of-zurich', `s${p.seat}`) })) };
		const window = play(committed, { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0, 1] });
		const absent = play(window, { type: 'declareAbsent', seat: 0, target: 1 }, { type: 'declareAbsent', seat: 2, target: 1 });
		expect(absent.players[1]!.absent).toBe(true);
		expect(absent.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		expect(play(absent, reveal(0)).winners).toEqual([0]);
	});
});

describe('Fin de la partida: a turn cut short still ends with the claim window', () => {
	// The active seat goes out mid-turn: its turn ends at once, and victory is checked at the end
	// of every turn, however it ends. Before, such a turn ended without the window.
	it.each([
		{ how: 'its player drops its last group', cut: { type: 'drop', seat: 0, card: 'cia' } as Action },
		{ how: 'its player leaves the game', cut: { type: 'leave', seat: 0 } as Action },
	])('$how: the seats whose hidden goal is met may claim, and share the victory', ({ cut }) => {
		const window = play(table([POOR_BERMUDA, RICH_GNOMES, RICH_NETWORK]), cut);
		expect(window.players[0]!.eliminated).toBe(true);
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [1, 2] });
		const over = play(window, reveal(1), reveal(2));
		expect(over.winners).toEqual([1, 2]);
		expectSound(over);
	});
});
