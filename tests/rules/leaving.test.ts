/**
 * Leaving the Game (Basic Rules; ES "Dejar la partida", FR "Abandon", v4 "Leaving the Game"): the
 * leaver's groups go uncontrolled, their treasuries go to the bank, its Illuminati is taken out of
 * play (its Specials are discarded); the basic goal does not change ("Fin de la partida").
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, basicGoal, goalCommitment, initialState, legalActions, type GameState } from '../../src/lib/engine/index.js';
import { dice, expectRefused, play, scenario, type PlayerSpec } from '../helpers/scenario.js';
import { expectSound, passAll, playThrough } from '../helpers/scenario.js';

const BAVARIANS: PlayerSpec = {
	illuminati: 'bavarian-illuminati',
	money: 7,
	groups: [
		{ card: 'kgb', side: 1, money: 3 },
		{ card: 'fbi', side: 2, money: 2 },
	],
	hand: ['deep-agent'],
	kills: 2,
};
const NETWORK: PlayerSpec = { illuminati: 'network', money: 4, groups: [{ card: 'cia', side: 1, money: 1 }] };
const GNOMES: PlayerSpec = { illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'mafia', side: 1 }] };

function threeSeats(seat = 0): GameState {
	return scenario({ players: [BAVARIANS, NETWORK, GNOMES], uncontrolled: ['yuppies'], turn: { seat } });
}

describe('Leaving the Game: groups uncontrolled, treasuries to the bank, Illuminati out of play', () => {
	it.each([
		{ name: 'a player whose turn it is not', active: 1 },
		{ name: 'the player whose turn it is', active: 0 },
	])('$name leaves', ({ active }) => {
		const before = threeSeats(active);
		const after = play(before, { type: 'leave', seat: 0 });
		const leaver = after.players[0]!;
		expect(leaver).toMatchObject({ eliminated: true, left: true, structure: {}, hand: [] });
		expect(after.uncontrolled).toEqual(['yuppies', 'kgb', 'fbi']);
		expect(after.outOfPlay).toContain('bavarian-illuminati');
		expect(after.discard).toContain('deep-agent');
		expect(after.bank.returned - before.bank.returned).toBe(7 + 3 + 2);
		// Leaving is never a kill, for anyone; the leaver keeps its own count.
		expect(after.players.map((p) => p.kills)).toEqual(before.players.map((p) => p.kills));
		expect(basicGoal(after)).toBe(basicGoal(before));
		// The active leaver's turn ends at once: seat 1 plays next either way.
		expect(after.turn!.seat).toBe(1);
		expect(after.winners).toEqual([]);
		expectSound(after);
	});

	it('a player who left can do nothing more, and is skipped in the turn order', () => {
		const left = play(threeSeats(1), { type: 'leave', seat: 0 });
		expectRefused(left, { type: 'leave', seat: 0 }, 'NOT_IN_GAME');
		expectRefused(left, { type: 'declareAbsent', seat: 0, target: 1 }, 'NOT_IN_GAME');
		expect(legalActions(left, 0)).toEqual([]);
		const next = playThrough(left, { type: 'endTurn', seat: 1 });
		expect(next.turn!.seat).toBe(2);
		expectSound(next);
	});

	it('leaving is offered to every seat still in the game, refused while randomness is pending and after the game', () => {
		const state = threeSeats();
		for (const seat of [0, 1, 2]) {
			expect(legalActions(state, seat).some((legal) => legal.action.type === 'leave')).toBe(true);
		}
		const drawing = { ...state, random: { kind: 'draw', seat: 0, count: 1 } } as GameState;
		expectRefused(drawing, { type: 'leave', seat: 1 }, 'RANDOMNESS_EXPECTED');
		const over = { ...state, phase: { kind: 'over' } } as GameState;
		expectRefused(over, { type: 'leave', seat: 1 }, 'GAME_OVER');
	});

	it('the lone player left wins at the end of the turn; when nobody is left the game ends with no winner', () => {
		const two = scenario({ players: [BAVARIANS, NETWORK], turn: { seat: 0 } });
		const lone = play(two, { type: 'leave', seat: 1 });
		expect(lone.phase.kind).not.toBe('over');
		expect(playThrough(lone, { type: 'endTurn', seat: 0 }).winners).toEqual([0]);
		const nobody = play(lone, { type: 'leave', seat: 0 });
		expect(nobody.phase.kind).toBe('over');
		expect(nobody.winners).toEqual([]);
		expectSound(nobody);
	});
});

describe('Leaving the Game: a pending decision of the leaver is resolved', () => {
	const irsOwner: PlayerSpec = { illuminati: 'network', money: 0, groups: [{ card: 'irs', side: 1 }] };
	const taxed: PlayerSpec = { illuminati: 'bavarian-illuminati', money: 1, groups: [{ card: 'kgb', side: 1, money: 4 }] };

	it('income: a taxed player who leaves owes nothing; the IRS owner draws', () => {
		const owing = playThrough(scenario({ players: [taxed, irsOwner, GNOMES] }), { type: 'endTurn', seat: 0 });
		expect(owing.phase).toEqual({ kind: 'income', owing: [{ seat: 0, reason: 'tax', amount: 2 }] });
		const after = play(owing, { type: 'leave', seat: 0 });
		expect(after.random).toEqual({ kind: 'draw', seat: 1, count: 2 });
		// Only the Gnomes' tax (one treasury, settled at once) reached the IRS.
		expect(after.players[1]!.structure.irs!.money).toBe(2);
		expectSound(after);
	});

	it('income: the active player who owes the Post Office upkeep leaves: the debt is dropped, the turn ends', () => {
		const postOffice: PlayerSpec = {
			illuminati: 'gnomes-of-zurich',
			money: 3,
			groups: [
				{ card: 'republicans', side: 1 },
				{ card: 'post-office', master: 'republicans', side: 0, money: 5 },
			],
		};
		const owing = playThrough(scenario({ players: [BAVARIANS, postOffice, NETWORK] }), { type: 'endTurn', seat: 0 });
		expect(owing.phase).toEqual({ kind: 'income', owing: [{ seat: 1, reason: 'upkeep', amount: 1 }] });
		const after = passAll(play(owing, { type: 'leave', seat: 1 }));
		expect(after.turn!.seat).toBe(2);
		expect(after.uncontrolled).toEqual(expect.arrayContaining(['republicans', 'post-office']));
		expectSound(after);
	});

	it('placement: the catch still waiting for its arrow goes uncontrolled with the rest', () => {
		const attacking = playThrough(threeSeats(), {
			type: 'attack',
			seat: 0,
			kind: 'control',
			attacker: 'bavarian-illuminati',
			target: 'yuppies',
			aids: [],
		});
		const placing = passAll(play(attacking, dice(1, 1)));
		expect(placing.phase.kind).toBe('placement');
		const after = play(placing, { type: 'leave', seat: 0 });
		expect(after.uncontrolled).toEqual(expect.arrayContaining(['yuppies', 'kgb', 'fbi']));
		expect(after.turn!.seat).toBe(1);
		expectSound(after);
	});

	it('placement: the last player in the game leaves while placing its catch: the game is over and the catch goes uncontrolled', () => {
		// Found by a fuzz (session 12): the catch was lost (in no place) when nobody was left.
		const alone = play(play(threeSeats(), { type: 'leave', seat: 1 }), { type: 'leave', seat: 2 });
		const attacking = playThrough(alone, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'yuppies', aids: [] });
		const placing = passAll(play(attacking, dice(1, 1)));
		expect(placing.phase.kind).toBe('placement');
		const after = play(placing, { type: 'leave', seat: 0 });
		expect(after.phase.kind).toBe('over');
		expect(after.uncontrolled).toEqual(expect.arrayContaining(['yuppies', 'kgb', 'fbi']));
		expectSound(after);
	});

	it('deals: a player out of the game neither declines nor withdraws offers (none is listed for it either)', () => {
		const withOffers = play(play(threeSeats(), { type: 'offer', seat: 1, to: 2, give: { money: 1, groups: [], specials: [] }, take: { money: 0, groups: [], specials: [] }, private: false }), {
			type: 'offer',
			seat: 2,
			to: 1,
			give: { money: 1, groups: [], specials: [] },
			take: { money: 0, groups: [], specials: [] },
			private: false,
		});
		const left = play(withOffers, { type: 'leave', seat: 2 });
		expect(legalActions(left, 2)).toEqual([]);
		const [toTwo, fromTwo] = left.offers.map((offer) => offer.id);
		expectRefused(left, { type: 'declineOffer', seat: 2, offer: toTwo! }, 'NOT_IN_GAME');
		expectRefused(left, { type: 'withdrawOffer', seat: 2, offer: fromTwo! }, 'NOT_IN_GAME');
	});

	it('attack: the attacker leaves mid-attack: the attack is dropped and the turn ends', () => {
		const attacking = play(threeSeats(), { type: 'attack', seat: 0, kind: 'control', attacker: 'kgb', target: 'cia', aids: [] });
		expect(attacking.phase.kind).toBe('attack');
		const after = passAll(play(attacking, { type: 'leave', seat: 0 }));
		expect(after.turn!.seat).toBe(1);
		expect(after.players[1]!.structure.cia).toBeDefined();
		expectSound(after);
	});

	it('attack: the defender leaves: a control attack goes on against the now uncontrolled group', () => {
		const attacking = play(threeSeats(), { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
		const after = play(attacking, { type: 'leave', seat: 1 });
		expect(after.uncontrolled).toContain('cia');
		expect(after.phase.kind === 'attack' && after.phase.attack.defender).toBe(null);
		const rolled = passAll(play(passAll(after), dice(1, 1)));
		expect(rolled.phase.kind).toBe('placement');
		const placed = play(rolled, { type: 'placeCapture', seat: 0, side: 0 });
		expect(placed.players[0]!.structure.cia).toBeDefined();
		expectSound(placed);
		expectSound(rolled);
	});

	it('attack: the defender of an attack to neutralize leaves: nothing is left to neutralize, the action comes back', () => {
		const attacking = play(threeSeats(), { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'kgb', target: 'cia', aids: [] });
		const after = play(attacking, { type: 'leave', seat: 1 });
		expect(after.phase.kind).toBe('turn');
		expect(after.turn!.actionsLeft).toBe(2);
		expect(after.uncontrolled).toContain('cia');
		expectSound(after);
	});

	it('the claim window: the UFOs leave instead of claiming: the claim is declined and play goes on', () => {
		const ufos: PlayerSpec = { illuminati: 'ufos', money: 150, groups: [{ card: 'kgb', side: 1 }] };
		const base = scenario({ players: [ufos, NETWORK, GNOMES] });
		const committed = { ...base, players: base.players.map((p, i) => (i === 0 ? { ...p, goalCommitment: goalCommitment('gnomes-of-zurich', 'salt') } : p)) };
		const window = play(committed, { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		const after = passAll(play(window, { type: 'leave', seat: 0 }));
		expect(after.winners).toEqual([]);
		expect(after.turn!.seat).toBe(1);
		expectSound(after);
	});

	it('setup: the UFOs leave while choosing their goal: setup goes on without them, and they do not roll', () => {
		const state = initialState({ players: 3, illuminati: ['ufos', 'network', 'gnomes-of-zurich'], sandbox: true, rules: DEFAULT_RULES });
		expect(state.phase).toEqual({ kind: 'ufoGoal', seat: 0 });
		const after = play(state, { type: 'leave', seat: 0 });
		expect(after.random).toEqual({ kind: 'layout', count: 4 });
		const laidOut = play(after, { type: 'fixed', cards: ['mafia', 'yuppies', 'kgb', 'cia'] });
		expect(laidOut.random).toEqual({ kind: 'firstPlayer', seats: [1, 2] });
		expectSound(laidOut);
	});
});

describe('legalActions for a seat that is no seat', () => {
	// Found by a fuzz (session 12): a fractional or NaN seat threw an engine bug, a string seat listed options step refuses.
	it.each([[-1], [3], [1.5], [Number.NaN], ['1' as unknown as number]])('seat %s: nothing, and no exception', (seat) => {
		expect(legalActions(threeSeats(), seat)).toEqual([]);
	});
});
