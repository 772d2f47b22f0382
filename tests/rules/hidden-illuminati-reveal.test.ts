/**
 * Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés"), issue 13: a player may
 * reveal its own face-down Illuminati to use its special ability (the texts: no one is forced "a
 * révéler son aptitude spéciale", so using it reveals the card); and the UFOs' goal stays secret
 * while face down and once identified, because every player writes a goal down, not only the UFOs.
 */
import { describe, expect, it } from 'vitest';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { hiddenIlluminatiOf, illuminatiSeenBy, isFaceUp } from '../../src/lib/engine/hidden-illuminati.js';
import { revealAsked } from '../../src/lib/engine/hidden-illuminati-reveal.js';
import { DEFAULT_RULES, goalCommitment, legalActions, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { initialState, withDefaults } from '../../src/lib/engine/setup.js';
import { knownGoal } from '../../src/lib/engine/victory.js';
import { code, commitGoals, dealt, must } from '../helpers/hidden-illuminati.js';
import { play, scenario } from '../helpers/scenario.js';

const reveals = (state: GameState, seat: Seat) => legalActions(state, seat).some((l) => l.action.type === 'revealIlluminati');
const revealsGoal = (state: GameState, seat: Seat) => legalActions(state, seat).some((l) => l.action.type === 'revealGoal');

describe('Hidden Illuminati: revealing one’s own Illuminati to use its ability', () => {
	it('the engine offers the reveal to the seat whose turn it is, and to no other seat', () => {
		const state = dealt();
		const acting = state.turn!.seat;
		expect(reveals(state, acting)).toBe(true);
		for (const other of state.players.filter((p) => p.seat !== acting)) {
			expect(reveals(state, other.seat)).toBe(false);
			expect(code(state, { type: 'revealIlluminati', seat: other.seat })).toBe('NOT_YOUR_TURN');
		}
	});

	it('secret deal: the reveal asks the seat’s device for its proof; the card shown with proof turns face up and the request ends', () => {
		const state = dealt();
		const acting = state.turn!.seat;
		const asked = must(state, { type: 'revealIlluminati', seat: acting });
		// The engine does not know the card: the seat is still face down, its stand-in in place, until the proof.
		expect(revealAsked(asked, acting)).toBe(true);
		expect(isFaceUp(asked, acting)).toBe(false);
		expect(asked.players[acting]!.illuminati).toBe(faceDownId(acting));
		expect(asked.turn).toEqual(state.turn);
		expect(code(asked, { type: 'revealIlluminati', seat: acting })).toBe('NOT_APPLICABLE');
		expect(reveals(asked, acting)).toBe(false);
		const shown = must(asked, { type: 'showIlluminati', seat: acting, card: 'gnomes-of-zurich' });
		expect(revealAsked(shown, acting)).toBe(false);
		expect(hiddenIlluminatiOf(shown).revealing).toEqual([]);
		expect(illuminatiSeenBy(shown, null, acting)).toBe('gnomes-of-zurich');
		expect(reveals(shown, acting)).toBe(false);
		expect(code(shown, { type: 'revealIlluminati', seat: acting })).toBe('NOT_APPLICABLE');
	});

	it('the ability works once the card is face up: the Gnomes may move money at the end of their turn only when shown', () => {
		const state = dealt();
		const acting = state.turn!.seat;
		const endOf = (s: GameState) => must(s, { type: 'endActions', seat: acting });
		const redistributes = (s: GameState) => legalActions(s, acting).some((l) => l.action.type === 'redistribute');
		expect(redistributes(endOf(state))).toBe(false);
		const shown = must(must(state, { type: 'revealIlluminati', seat: acting }), { type: 'showIlluminati', seat: acting, card: 'gnomes-of-zurich' });
		expect(redistributes(endOf(shown))).toBe(true);
	});

	it('with the coin’s deal the engine knows the card: the reveal turns it face up at once and drops the statement', () => {
		const before = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
				{ illuminati: 'network', money: 10, groups: [] },
			],
			rules: { hiddenIlluminati: true },
		});
		const stated = play(before, { type: 'stateIlluminati', seat: 0, power: 8, income: 7 });
		expect(illuminatiSeenBy(stated, 1, 0)).toBeNull();
		const after = play(stated, { type: 'revealIlluminati', seat: 0 });
		expect(isFaceUp(after, 0)).toBe(true);
		expect(illuminatiSeenBy(after, 1, 0)).toBe('bavarian-illuminati');
		expect(hiddenIlluminatiOf(after).stated[0]).toBeUndefined();
		expect(after.turn!.actionsLeft).toBe(stated.turn!.actionsLeft);
	});

	it('refused without the option, outside the seat’s turn, or out of the game', () => {
		const open = scenario({ players: [{ illuminati: 'network', money: 10, groups: [] }, { illuminati: 'ufos', money: 10, groups: [] }] });
		expect(code(open, { type: 'revealIlluminati', seat: 0 })).toBe('NOT_APPLICABLE');
		expect(legalActions(open, 0).some((l) => l.action.type === 'revealIlluminati')).toBe(false);
		const state = dealt();
		const acting = state.turn!.seat;
		const out = { ...state, players: state.players.map((p) => (p.seat === acting ? { ...p, eliminated: true } : p)) };
		expect(code(out, { type: 'revealIlluminati', seat: acting })).not.toBeNull();
	});
});

describe('Hidden Illuminati: the UFOs’ goal stays secret', () => {
	it('secret deal: every seat writes down a goal in seat order, so the question names no one', () => {
		let state = initialState(withDefaults({ players: 3, illuminati: 'random', secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		state = must(state, { type: 'dealIlluminati' });
		const asked: Seat[] = [];
		while (state.phase.kind === 'ufoGoal') {
			asked.push(state.phase.seat);
			state = must(state, { type: 'commitGoal', seat: state.phase.seat, commitment: goalCommitment('network', `s${state.phase.seat}`) });
		}
		expect(asked).toEqual([0, 1, 2]);
		expect(state.phase.kind).toBe('setup');
	});

	it('coin’s deal: the UFOs are asked like everyone else, not alone', () => {
		let state = initialState(withDefaults({ players: 3, illuminati: ['network', 'ufos', 'servants-of-cthulhu'], rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		const asked: Seat[] = [];
		while (state.phase.kind === 'ufoGoal') {
			asked.push(state.phase.seat);
			state = must(state, { type: 'commitGoal', seat: state.phase.seat, commitment: goalCommitment('network', `s${state.phase.seat}`) });
		}
		expect(asked).toEqual([0, 1, 2]);
		// Without the option only the UFOs write a goal down (Basic Rules).
		const plain = initialState(withDefaults({ players: 3, illuminati: ['network', 'ufos', 'servants-of-cthulhu'] }));
		expect(plain.phase).toEqual({ kind: 'ufoGoal', seat: 1 });
		expect(must(plain, { type: 'commitGoal', seat: 1, commitment: goalCommitment('network', 's') }).phase.kind).toBe('setup');
	});

	it('a face-down seat cannot reveal a goal (it would name the UFOs); shown as the UFOs it can, with its commitment', () => {
		const state = dealt();
		const acting = state.turn!.seat;
		// dealt() committed each seat to the Servants' goal with salt `salt-<seat>` (tests/helpers/hidden-illuminati.ts).
		const reveal = { type: 'revealGoal', seat: acting, goal: 'servants-of-cthulhu', salt: `salt-${acting}` } as const;
		for (const player of state.players) expect(revealsGoal(state, player.seat)).toBe(false);
		expect(code(state, reveal)).toBe('NOT_APPLICABLE');
		// Shown as another Illuminati: its commitment never counts.
		const network = must(state, { type: 'showIlluminati', seat: acting, card: 'network' });
		expect(revealsGoal(network, acting)).toBe(false);
		expect(code(network, reveal)).toBe('NOT_APPLICABLE');
		// Shown as the UFOs (identified): face up, yet the goal stays closed until they reveal it.
		const ufos = must(state, { type: 'showIlluminati', seat: acting, card: 'ufos' });
		expect(illuminatiSeenBy(ufos, null, acting)).toBe('ufos');
		expect(knownGoal(ufos, ufos.players[acting]!)).toBeNull();
		expect(revealsGoal(ufos, acting)).toBe(true);
		expect(code(ufos, { ...reveal, salt: 'wrong' })).toBe('BAD_COMMITMENT');
		const revealed = must(ufos, reveal);
		expect(revealed.players[acting]!.revealedGoal).toBe('servants-of-cthulhu');
	});

	it('the helper’s commitments are what every seat posts: no seat is left without one', () => {
		let state = initialState(withDefaults({ players: 4, illuminati: 'random', secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		state = commitGoals(must(state, { type: 'dealIlluminati' }));
		expect(state.players.every((p) => p.goalCommitment !== null)).toBe(true);
	});
});
