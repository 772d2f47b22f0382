/**
 * Absent players (our addition to Leaving the Game, ES "Dejar la partida"): a majority of the other
 * present seats declares a silent seat absent. Rule option `absence`: 'leave' applies Leaving the
 * Game; 'passTurns' keeps the seat, passes its turns for it (Pass: no action, 5 MB; income and the
 * draw still happen, Sequence of Play 1-2), pays its income debts from its Illuminati first and
 * never lets a window wait for it, until it returns.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type GameState, type RuleOptions } from '../../src/lib/engine/index.js';
import { draw, expectRefused, play, scenario, type PlayerSpec } from '../helpers/scenario.js';
import { expectSound, passAll, playThrough } from '../helpers/scenario.js';

const SPECS: readonly PlayerSpec[] = [
	{ illuminati: 'bavarian-illuminati', money: 6, groups: [{ card: 'kgb', side: 1, money: 2 }] },
	{ illuminati: 'network', money: 4, groups: [{ card: 'cia', side: 1, money: 1 }] },
	{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'mafia', side: 1 }] },
	{ illuminati: 'servants-of-cthulhu', money: 3, groups: [{ card: 'fbi', side: 1 }] },
];

function seats(count: number, absence: RuleOptions['absence'], seat = 0): GameState {
	return scenario({ players: SPECS.slice(0, count), rules: { absence }, turn: { seat } });
}

const vote = (seat: number, target: number) => ({ type: 'declareAbsent', seat, target }) as const;

describe('Absence: a majority of the other present seats (more than half) declares a seat absent', () => {
	it.each([
		{ players: 2, votes: [0], takesEffect: true },
		{ players: 3, votes: [0], takesEffect: false },
		{ players: 3, votes: [0, 2], takesEffect: true },
		{ players: 4, votes: [0], takesEffect: false },
		{ players: 4, votes: [0, 2], takesEffect: true },
	])('$players players, votes from $votes: takes effect $takesEffect', ({ players, votes, takesEffect }) => {
		for (const absence of ['leave', 'passTurns'] as const) {
			const after = play(seats(players, absence), ...votes.map((voter) => vote(voter, 1)));
			const target = after.players[1]!;
			if (!takesEffect) {
				expect(target).toMatchObject({ eliminated: false, absent: false, absenceVotes: votes });
				continue;
			}
			if (absence === 'leave') expect(target).toMatchObject({ eliminated: true, left: true, structure: {} });
			else expect(target).toMatchObject({ eliminated: false, absent: true, absenceVotes: [] });
			expectSound(after);
		}
	});

	it('one vote per voter and target; no vote on oneself or on a seat out of the game', () => {
		const state = play(seats(3, 'leave'), vote(0, 1));
		expectRefused(state, vote(0, 1), 'ALREADY_VOTED');
		expectRefused(state, vote(2, 2), 'NOT_APPLICABLE');
		const left = play(state, { type: 'leave', seat: 2 });
		expectRefused(left, vote(0, 2), 'NOT_IN_GAME');
		expectRefused(left, vote(2, 0), 'NOT_IN_GAME');
	});

	it('a vote becomes a majority when a voter leaves', () => {
		const voted = play(seats(4, 'passTurns', 0), vote(0, 1));
		expect(voted.players[1]!.absent).toBe(false);
		const after = play(voted, { type: 'leave', seat: 3 }, vote(2, 1));
		expect(after.players[1]!.absent).toBe(true);
	});

	it('votes are cleared when the target acts', () => {
		const voted = play(seats(3, 'leave', 0), vote(1, 0));
		expect(voted.players[0]!.absenceVotes).toEqual([1]);
		const acted = play(voted, { type: 'endActions', seat: 0 });
		expect(acted.players[0]!.absenceVotes).toEqual([]);
		expect(play(acted, vote(2, 0)).players[0]!.eliminated).toBe(false);
	});

	it('legal actions: votes for present voters, only leave and return for an absent seat', () => {
		const absent = play(seats(2, 'passTurns', 1), vote(1, 0));
		expect(legalActions(absent, 0).map((legal) => legal.action.type).sort()).toEqual(['leave', 'returnPresent']);
		expect(legalActions(absent, 1).some((legal) => legal.action.type === 'declareAbsent')).toBe(false);
		const present = seats(3, 'passTurns');
		expect(legalActions(present, 2).filter((legal) => legal.action.type === 'declareAbsent').map((legal) => legal.action)).toEqual([vote(2, 0), vote(2, 1)]);
	});
});

describe("Absence 'passTurns': the engine passes for the absent seat", () => {
	it('its turn: income and the draw happen, then it passes for 5 MB', () => {
		const absent = play(seats(3, 'passTurns'), vote(0, 1), vote(2, 1));
		const drawing = playThrough(absent, { type: 'endTurn', seat: 0 });
		expect(drawing.random).toEqual({ kind: 'draw', seat: 1, count: 2 });
		const network = drawing.players[1]!.structure.network!.money;
		const after = passAll(play(drawing, draw('yuppies', 'texas')));
		expect(after.turn!.seat).toBe(2);
		expect(after.players[1]!.structure.network!.money).toBe(network + 5);
		expect(after.players[1]!.turnsCompleted).toBe(absent.players[1]!.turnsCompleted + 1);
		expect(after.uncontrolled).toEqual(expect.arrayContaining(['yuppies', 'texas']));
		expectSound(after);
	});

	it('its income debts are paid from its Illuminati first, then its other treasuries in structure order', () => {
		const irsOwner: PlayerSpec = { illuminati: 'network', money: 0, groups: [{ card: 'irs', side: 1 }] };
		const taxed: PlayerSpec = { illuminati: 'bavarian-illuminati', money: 1, groups: [{ card: 'kgb', side: 1, money: 4 }] };
		const state = scenario({ players: [irsOwner, taxed, SPECS[2]!], rules: { absence: 'passTurns' }, turn: { seat: 2 } });
		const absent = play(state, vote(0, 1), vote(2, 1));
		const after = playThrough(absent, { type: 'endTurn', seat: 2 });
		expect(after.phase.kind).not.toBe('income');
		expect(after.players[1]!.structure['bavarian-illuminati']!.money).toBe(0);
		expect(after.players[1]!.structure.kgb!.money).toBe(3);
		expect(after.players[0]!.structure.irs!.money).toBe(4);
		expectSound(after);
	});

	it('declared absent during its own turn: it passes if it has not acted, and play goes on', () => {
		const after = passAll(play(seats(2, 'passTurns', 0), vote(1, 0)));
		expect(after.turn!.seat).toBe(1);
		expect(after.players[0]!.structure['bavarian-illuminati']!.money).toBe(6 + 5);
		expectSound(after);
	});

	it('the spending window does not wait for an absent defender', () => {
		const absent = play(seats(3, 'passTurns'), vote(0, 1), vote(2, 1));
		const attacking = play(absent, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
		expect(attacking.phase.kind === 'attack' && attacking.phase.attack.passed).toContain(1);
		const rolling = passAll(attacking);
		expect(rolling.random).toEqual({ kind: 'attackRoll' });
	});

	it('an absent seat acts only to return (or leave); returning ends the automatic passing', () => {
		const absent = play(seats(2, 'passTurns', 1), vote(1, 0));
		expectRefused(absent, vote(0, 1), 'SEAT_ABSENT');
		expectRefused(seats(2, 'passTurns'), { type: 'returnPresent', seat: 0 }, 'NOT_APPLICABLE');
		const back = play(absent, { type: 'returnPresent', seat: 0 });
		expect(back.players[0]!.absent).toBe(false);
		const next = playThrough(back, { type: 'endTurn', seat: 1 });
		expect(next.random).toEqual({ kind: 'draw', seat: 0, count: 1 });
		const own = passAll(play(next, draw('yuppies')));
		expect(own.turn!.seat).toBe(0);
		expect(own.turn!.step).toBe('actions');
	});
});
