/**
 * Hidden Illuminati with the secret deal (ES "Illuminati ocultos", FR "Illuminati dissimulés";
 * engine/hidden-illuminati-deal.ts): the public state holds face-down stand-ins, never a seat's
 * card; a seat's first statement pays its starting treasury; an accusation waits for the accused's
 * answer (its card shown with proof, or "no"); every "no" and statement is checked against the
 * cards opened at the end, and a liar is named ("¡Si se pilla a alguien haciendo trampas se le
 * echará del juego!").
 */
import { describe, expect, it } from 'vitest';
import { illuminatiClaimFaults, statedLimits, suspects } from '../../src/lib/engine/accusation.js';
import { faceDownId } from '../../src/lib/engine/cards/face-down.js';
import { wouldWinShown } from '../../src/lib/engine/hidden-illuminati-deal.js';
import { winnersNow } from '../../src/lib/engine/victory.js';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { hiddenIlluminatiOf, illuminatiSeenBy, illuminatiViewFor, OWN_ILLUMINATI } from '../../src/lib/engine/hidden-illuminati.js';
import { viewFor } from '../../src/lib/engine/knowledge.js';
import { DEFAULT_RULES, legalActions, stateHash, type GameState } from '../../src/lib/engine/index.js';
import { initialState, withDefaults } from '../../src/lib/engine/setup.js';
import { code, dealt, must } from '../helpers/hidden-illuminati.js';

const REAL = ILLUMINATI.map((card) => card.id);
const seedOf = (i: number) => i.toString(16).padStart(32, '0');

describe('Hidden Illuminati, secret deal: the public state names no face-down card', () => {
	it('the deal gives each seat its stand-in and no money; no real Illuminati is in any power structure', () => {
		let state = initialState(withDefaults({ players: 3, illuminati: 'random', secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		expect(code(state, { type: 'random', seed: seedOf(1) })).toBe('BAD_RANDOMNESS');
		state = must(state, { type: 'dealIlluminati' });
		expect(state.players.map((p) => p.illuminati)).toEqual([0, 1, 2].map(faceDownId));
		expect(state.players.map((p) => p.structure[p.illuminati!]!.money)).toEqual([0, 0, 0]);
		const players = JSON.stringify(state.players);
		for (const id of REAL) expect(players).not.toContain(id);
	});

	it('the deal and a seat’s card shown are the protocol’s alone: neither is a log action, nor taken without the option', () => {
		const open = initialState(withDefaults({ players: 3, illuminati: 'random', rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }));
		expect(code(open, { type: 'dealIlluminati' })).toBe('NOT_APPLICABLE');
		const state = dealt();
		expect(code(state, { type: 'showIlluminati', seat: 0, card: 'no-such-card' })).toBe('MALFORMED_ACTION');
		expect(code(state, { type: 'showIlluminati', seat: 0, card: 'cia' })).toBe('UNKNOWN_CARD');
	});

	it('Beginning the Game: the first statement pays the starting treasury; the public limit is the most any Illuminati allows', () => {
		const state = dealt();
		// Each seat's treasury is its stated Income; the first player has also collected its first turn's.
		const first = state.turn!.seat;
		expect(state.players.map((p) => p.structure[p.illuminati!]!.money)).toEqual([9, 9, 12].map((income, seat) => (seat === first ? 2 * income : income)));
		// Publicly: Power 10 (the Bavarians), Income 12 (the Gnomes). In a seat's own view: its own card.
		expect(statedLimits(state, 1)).toEqual({ power: 10, income: 12 });
		expect(statedLimits(illuminatiViewFor(state, 1, 'network'), 1)).toEqual({ power: 7, income: 9 });
		// The same public state whoever holds which card: nothing in it depends on the deal.
		const other = dealt();
		expect(stateHash(other)).toBe(stateHash(state));
	});

	it('a seat sees its own card in its view only; its suspects leave it out', () => {
		const state = dealt();
		const view = illuminatiViewFor(state, 1, 'network');
		expect(illuminatiSeenBy(view, 1, 1)).toBe('network');
		expect(illuminatiSeenBy(view, 0, 1)).toBeNull();
		expect(illuminatiSeenBy(state, null, 1)).toBeNull();
		expect(suspects(view, 1)).not.toContain('network');
		expect(illuminatiViewFor(state, null, 'network')).toBe(state);
		// A device's knowledge carries it under OWN_ILLUMINATI: the seat's view (engine/knowledge.ts) notes it for that seat alone.
		expect(hiddenIlluminatiOf(viewFor(state, 1, { [OWN_ILLUMINATI]: 'network' })).own).toEqual({ seat: 1, card: 'network' });
		// Its own only: the same view says nothing of another seat's card, nor gives it these limits.
		expect(illuminatiSeenBy(viewFor(state, 1, { [OWN_ILLUMINATI]: 'network' }), 2, 2)).toBe(state.players[2]!.illuminati);
		expect(statedLimits(viewFor(state, 1, { [OWN_ILLUMINATI]: 'network' }), 2)).toEqual({ power: 10, income: 12 });
		expect(viewFor(state, 1, { [OWN_ILLUMINATI]: 'network' }).players).toEqual(state.players);
		// Its accusations leave its own card out: it knows where that one is.
		const acting = state.turn!.seat;
		const accusesNetwork = (s: GameState) => legalActions(s, acting).some((l) => l.action.type === 'accuse' && l.action.illuminati === 'network');
		expect(accusesNetwork(state)).toBe(true);
		expect(accusesNetwork(viewFor(state, acting, { [OWN_ILLUMINATI]: 'network' }))).toBe(false);
	});
});

describe('Hidden Illuminati, secret deal: an accusation waits for the accused’s answer', () => {
	function accused(): GameState {
		const state = dealt();
		const seat = state.turn!.seat;
		const target = (seat + 1) % 3;
		return must(state, { type: 'accuse', seat, target, illuminati: 'network' });
	}

	it('the accusation costs its action and waits: only the accused’s answer (and absence entries) are taken', () => {
		const state = accused();
		const { seat, target } = hiddenIlluminatiOf(state).pending!;
		expect(state.turn!.actionsLeft).toBe(1);
		expect(code(state, { type: 'endActions', seat })).toBe('WRONG_PHASE');
		// What the engine lists agrees: nothing for anyone but the absence entries.
		for (const player of state.players) for (const legal of legalActions(state, player.seat)) expect(['leave', 'declareAbsent', 'returnPresent']).toContain(legal.action.type);
		expect(code(state, { type: 'denyAccusation', seat })).toBe('WRONG_PHASE');
		const denied = must(state, { type: 'denyAccusation', seat: target });
		expect(hiddenIlluminatiOf(denied).pending).toBeNull();
		expect(hiddenIlluminatiOf(denied).lastAccusation).toEqual({ seat, target, illuminati: 'network', right: false });
		expect(hiddenIlluminatiOf(denied).claims).toContainEqual({ kind: 'deny', seat: target, illuminati: 'network' });
		expect(code(denied, { type: 'denyAccusation', seat: target })).toBe('NOT_APPLICABLE');
	});

	it.each([
		['another card', { illuminati: 'bermuda-triangle' }],
		['another accuser', { by: 2 }],
	] as const)('a "no" naming %s than the accusation waiting is refused; naming it (or nothing: older logs) is taken', (_, other) => {
		const state = accused();
		const { seat, target } = hiddenIlluminatiOf(state).pending!;
		const wrong = 'by' in other ? { by: [0, 1, 2].find((s) => s !== seat && s !== target)! } : other;
		expect(code(state, { type: 'denyAccusation', seat: target, ...wrong })).toBe('NOT_APPLICABLE');
		expect(hiddenIlluminatiOf(must(state, { type: 'denyAccusation', seat: target, illuminati: 'network', by: seat })).claims).toContainEqual({ kind: 'deny', seat: target, illuminati: 'network' });
		expect(hiddenIlluminatiOf(must(state, { type: 'denyAccusation', seat: target })).pending).toBeNull();
	});

	it('a right accusation answered by the card shown: face up, the stand-in replaced everywhere, its money kept', () => {
		const state = accused();
		const { target } = hiddenIlluminatiOf(state).pending!;
		const money = state.players[target]!.structure[faceDownId(target)]!.money;
		const shown = must(state, { type: 'showIlluminati', seat: target, card: 'network' });
		expect(shown.players[target]!.illuminati).toBe('network');
		expect(shown.players[target]!.structure['network']!.money).toBe(money);
		expect(JSON.stringify(shown)).not.toContain(faceDownId(target));
		expect(hiddenIlluminatiOf(shown).identified).toEqual([target]);
		expect(hiddenIlluminatiOf(shown).lastAccusation?.right).toBe(true);
		expect(shown.outOfPlay).not.toContain('network');
		// Face up, it plays with its printed values and cannot be accused again.
		expect(illuminatiSeenBy(shown, null, target)).toBe('network');
		expect(code(shown, { type: 'showIlluminati', seat: target, card: 'network' })).toBe('NOT_APPLICABLE');
		expect(code(shown, { type: 'showIlluminati', seat: (target + 1) % 3, card: 'network' })).toBe('UNKNOWN_CARD');
		// A seat out of the game keeps its card face down until the end's opening.
		const third = (target + 1) % 3;
		const out = { ...state, players: state.players.map((p) => (p.seat === third ? { ...p, eliminated: true } : p)) };
		expect(code(out, { type: 'showIlluminati', seat: third, card: 'gnomes-of-zurich' })).toBe('NOT_IN_GAME');
	});
});

describe('Hidden Illuminati, secret deal: the check at the end names every liar', () => {
	it('a "no" to a right accusation is caught once the cards open', () => {
		const state = dealt();
		const seat = state.turn!.seat;
		const target = (seat + 1) % 3;
		const denied = must(must(state, { type: 'accuse', seat, target, illuminati: 'network' }), { type: 'denyAccusation', seat: target });
		expect(illuminatiClaimFaults(denied, { [target]: 'gnomes-of-zurich' })).toEqual([]);
		expect(illuminatiClaimFaults(denied, { [target]: 'network' })).toEqual([expect.objectContaining({ seat: target, lie: 'denied' })]);
	});

	it('a statement above the real card’s Power or Income is caught; the bluff rule allows one more', () => {
		const state = dealt([{ power: 10, income: 9 }, { power: 8, income: 8 }, { power: 6, income: 12 }]);
		const honest = { 0: 'bavarian-illuminati', 1: 'discordian-society', 2: 'gnomes-of-zurich' } as const;
		expect(illuminatiClaimFaults(state, honest)).toEqual([]);
		// Seat 1 stated Power 8: the Network's is 7.
		expect(illuminatiClaimFaults(state, { ...honest, 1: 'network' })).toEqual([expect.objectContaining({ seat: 1, lie: 'overstated' })]);
		const bluffing = dealt([{ power: 10, income: 9 }, { power: 8, income: 10 }, { power: 6, income: 12 }], true);
		expect(illuminatiClaimFaults(bluffing, { ...honest, 1: 'network' }).map((f) => f.message)).toEqual([]);
	});
});

describe('Hidden Illuminati, secret deal: winning by a special goal face down', () => {
	it('a seat whose card’s goal is met once shown is told so (its device then shows it); a secret goal is not pursued face down', () => {
		const state = dealt();
		// The Servants of Cthulhu: destroy 8 groups. Seat 1 has destroyed 8.
		const killer = { ...state, players: state.players.map((p) => (p.seat === 1 ? { ...p, kills: 8 } : p)) };
		expect(wouldWinShown(killer, 1, 'servants-of-cthulhu')).toBe(true);
		expect(wouldWinShown(state, 1, 'servants-of-cthulhu')).toBe(false);
		expect(wouldWinShown(killer, 1, 'network')).toBe(false);
		// The UFOs choose a secret goal at the start; face down they have none to meet.
		expect(wouldWinShown(killer, 1, 'ufos')).toBe(false);
		// Shown, the victory check sees it.
		const shown = must(killer, { type: 'showIlluminati', seat: 1, card: 'servants-of-cthulhu' });
		expect(winnersNow(shown)).toContain(1);
		expect(winnersNow(killer)).not.toContain(1);
	});
});
