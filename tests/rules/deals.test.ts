/**
 * Gifts and Trades (Basic Rules; Spanish "Acciones gratuitas", "Regalos e intercambios",
 * "¿Cuándo un trato es vinculante?", "Cartas Especiales"; French "Dons et échanges"): money and
 * Specials change hands at any time as a free action, except during a privileged attack; money
 * only from one Illuminati treasury to another; offers between two players, perhaps private,
 * that lapse at the end of the turn; an exchange made at once is binding, a promise is not.
 * Groups: tests/rules/deals-groups.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, offerDigest, step, visibleOffers, type Action, type GameState } from '../../src/lib/engine/index.js';
import { accept, expectSound, offer, table } from '../helpers/deals.js';
import { expectRefused, moneyOf, passAll, play } from '../helpers/scenario.js';

const give = (seat: number, to: number, money: number, specials: string[] = []): Action => ({ type: 'give', seat, to, money, specials });

/** The table with the attack flagged privileged (as the Interference rules mark it). */
function underPrivilegedAttack(privileged: boolean): GameState {
	const attacking = play(table(), { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'hollywood', aids: [] });
	if (attacking.phase.kind !== 'attack') throw new Error('expected an attack under way');
	return { ...attacking, phase: { kind: 'attack', attack: Object.assign({}, attacking.phase.attack, { privileged }) } };
}

describe('Gifts and Trades: money and Specials may be given at any time (a free action)', () => {
	it.each([
		['the active player gives money', 0, 1, give(0, 1, 7), { 0: 13, 1: 17 }],
		['another player gives money during seat 0\'s turn', 1, 2, give(1, 2, 4), { 1: 6, 2: 9 }],
		['a gift of money and a Special together', 0, 2, give(0, 2, 1, ['swiss-bank-account']), { 0: 19, 2: 6 }],
	] as const)('%s: Illuminati treasury to Illuminati treasury, no action spent', (_, from, to, action, expected) => {
		const before = table();
		const after = play(before, action);
		for (const [seat, mb] of Object.entries(expected)) {
			const player = after.players[Number(seat)]!;
			expect(moneyOf(after, Number(seat), player.illuminati!)).toBe(mb);
		}
		expect(after.turn!.actionsLeft).toBe(2);
		const specials = (action as { specials: readonly string[] }).specials;
		for (const card of specials) {
			expect(after.players[from]!.hand).not.toContain(card);
			expect(after.players[to]!.hand).toContain(card);
		}
		expectSound(after);
	});

	it('a Special may change hands when it is not the giver\'s turn (Special Cards: at any time)', () => {
		const after = play(table(), give(1, 0, 0, ['slush-fund']));
		expect(after.players[0]!.hand).toEqual(['swiss-bank-account', 'slush-fund']);
		expect(after.players[1]!.hand).toEqual([]);
	});

	it('money and Specials may be given during an attack that is not privileged, by anyone', () => {
		const state = underPrivilegedAttack(false);
		const after = play(state, give(2, 1, 2), give(1, 0, 0, ['slush-fund']));
		expect(moneyOf(after, 1, 'network')).toBe(12);
		expect(after.players[0]!.hand).toContain('slush-fund');
		expectSound(after);
	});

	it('a gift by the active player counts as doing something: it can no longer pass for 5 MB', () => {
		expectRefused(play(table(), give(0, 1, 1)), { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
		expect(step(play(table(), give(1, 0, 1)), { type: 'passTurn', seat: 0 }).ok).toBe(true);
	});

	it.each([
		['to oneself', give(0, 0, 1), 'BAD_OFFER'],
		['nothing at all', give(0, 1, 0), 'BAD_AMOUNT'],
		['more than the Illuminati treasury holds', give(0, 1, 21), 'NOT_ENOUGH_MONEY'],
		['a Special the giver does not hold', give(0, 1, 0, ['slush-fund']), 'NOT_HELD'],
		['a group as if it were a Special', give(0, 1, 0, ['cia']), 'BAD_OFFER'],
	] as const)('refused: %s', (_, action, code) => {
		expectRefused(table(), action, code);
	});
});

describe('Gifts and Trades: money comes from an Illuminati and goes to another Illuminati only', () => {
	it('a gift or an exchange never names a group treasury: the entry has no field for one', () => {
		const withSource = { type: 'give', seat: 0, to: 1, money: 1, specials: [], from: 'mafia' } as unknown as Action;
		expectRefused(table(), withSource, 'MALFORMED_ACTION');
	});

	it('the Illuminati pay even when their groups are rich, and group treasuries never change', () => {
		const before = table();
		const after = play(before, offer(0, 1, { money: 15 }, { specials: ['slush-fund'] }), accept(1, 0));
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(5);
		expect(moneyOf(after, 1, 'network')).toBe(25);
		for (const [seat, card] of [[0, 'mafia'], [0, 'yuppies'], [0, 'cia'], [1, 'pentagon']] as const) {
			expect(moneyOf(after, seat, card)).toBe(moneyOf(before, seat, card));
		}
		expectRefused(before, offer(0, 1, { money: 21 }), 'NOT_ENOUGH_MONEY');
		expectSound(after);
	});
});

describe('Gifts and Trades: offers to one other player', () => {
	it('an offer gets the next id and waits; accepting makes the whole exchange at once', () => {
		const made = play(table(), offer(0, 1, { money: 5 }, { specials: ['slush-fund'] }), offer(1, 2, { money: 1 }));
		expect(made.offers.map((o) => [o.id, o.from, o.to])).toEqual([[0, 0, 1], [1, 1, 2]]);
		expect(made.offerCount).toBe(2);
		expect(moneyOf(made, 0, 'bavarian-illuminati')).toBe(20);
		const done = play(made, accept(1, 0));
		expect(moneyOf(done, 0, 'bavarian-illuminati')).toBe(15);
		expect(moneyOf(done, 1, 'network')).toBe(15);
		expect(done.players[0]!.hand).toEqual(['swiss-bank-account', 'slush-fund']);
		expect(done.offers.map((o) => o.id)).toEqual([1]);
		expect(done.turn!.actionsLeft).toBe(2);
		expectSound(done);
	});

	it.each([
		['accept: only the receiver', accept(0, 0), 'NOT_ELIGIBLE'],
		['accept: an offer that was never made', accept(1, 7), 'NO_SUCH_OFFER'],
		['decline: only the receiver', { type: 'declineOffer', seat: 2, offer: 0 } as Action, 'NOT_ELIGIBLE'],
		['withdraw: only the maker', { type: 'withdrawOffer', seat: 1, offer: 0 } as Action, 'NOT_ELIGIBLE'],
	] as const)('%s', (_, action, code) => {
		expectRefused(play(table(), offer(0, 1, { money: 5 })), action, code);
	});

	it.each([
		['declined by its receiver', { type: 'declineOffer', seat: 1, offer: 0 } as Action],
		['withdrawn by its maker', { type: 'withdrawOffer', seat: 0, offer: 0 } as Action],
		['accepted once', accept(1, 0)],
	])('an offer %s is gone: accepting it again is NO_SUCH_OFFER', (_, action) => {
		const closed = play(table(), offer(0, 1, { money: 5 }), action);
		expect(closed.offers).toEqual([]);
		expectRefused(closed, accept(1, 0), 'NO_SUCH_OFFER');
	});

	it.each([
		['to oneself', offer(0, 0, { money: 1 }), 'BAD_OFFER'],
		['offering and asking nothing', offer(0, 1, {}), 'BAD_OFFER'],
		['a Special listed twice', offer(0, 1, { specials: ['swiss-bank-account', 'swiss-bank-account'] }), 'BAD_OFFER'],
		['a Special the maker does not hold', offer(0, 1, { specials: ['slush-fund'] }), 'NOT_HELD'],
		['a group as a Special', offer(0, 1, { specials: ['mafia'] }), 'BAD_OFFER'],
		['more money than its Illuminati hold', offer(0, 1, { money: 21 }), 'NOT_ENOUGH_MONEY'],
	] as const)('making an offer is refused: %s', (_, action, code) => {
		expectRefused(table(), action, code);
	});

	it('what the receiver would hand over is checked when it accepts, not when the offer is made', () => {
		const made = play(table(), offer(0, 1, { money: 1 }, { money: 50, specials: ['white-collar-crime'] }));
		expect(made.offers).toHaveLength(1);
		expectRefused(made, accept(1, 0), 'NOT_HELD');
	});
});

describe('When Is a Deal Binding?: an exchange made at once is binding; a promise is not', () => {
	it('the promise is stored with the offer and shown, and nothing enforces it', () => {
		const note = 'and 10 MB more next turn';
		const made = play(table(), offer(1, 0, { specials: ['slush-fund'] }, { money: 5 }, { note }));
		expect(visibleOffers(made, 2)[0]!.note).toBe(note);
		const done = play(made, accept(0, 0), { type: 'endTurn', seat: 0 });
		// Paid now: 5 MB. Promised: nothing moves by itself, ever.
		expect(moneyOf(done, 0, 'bavarian-illuminati')).toBe(15);
		expect(done.offers).toEqual([]);
	});

	it('a note is at most 200 characters', () => {
		expect(step(table(), offer(0, 1, { money: 1 }, {}, { note: 'x'.repeat(200) })).ok).toBe(true);
		expectRefused(table(), offer(0, 1, { money: 1 }, {}, { note: 'x'.repeat(201) }), 'MALFORMED_ACTION');
	});

	it.each([
		['the maker gave its money away meanwhile', [give(0, 2, 18)], 'NOT_ENOUGH_MONEY'],
		['the maker gave the Special away meanwhile', [give(0, 2, 0, ['swiss-bank-account'])], 'NOT_HELD'],
		['the receiver gave away the Special asked for', [give(1, 2, 0, ['slush-fund'])], 'NOT_HELD'],
		['the receiver spent the money asked for', [give(1, 2, 9)], 'NOT_ENOUGH_MONEY'],
	] as const)('atomic: when %s, accepting is refused and changes nothing', (_, meanwhile, code) => {
		const deal = offer(0, 1, { money: 3, specials: ['swiss-bank-account'] }, { money: 2, specials: ['slush-fund'] });
		const state = play(table(), deal, ...meanwhile);
		const result = step(state, accept(1, 0));
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.code).toBe(code);
		expect(state.offers).toHaveLength(1);
		expectSound(state);
	});
});

describe('Gifts and Trades: refused while a privileged attack is under way', () => {
	it.each([
		['a gift of money', give(2, 1, 1)],
		['a gift of a Special', give(1, 0, 0, ['slush-fund'])],
	])('%s is PRIVILEGED_ATTACK', (_, action) => {
		expectRefused(underPrivilegedAttack(true), action, 'PRIVILEGED_ATTACK');
	});

	it('an offer may be made, but not accepted until the attack is over', () => {
		const state = play(underPrivilegedAttack(true), offer(2, 1, { money: 1 }, { specials: ['slush-fund'] }));
		expectRefused(state, accept(1, 0), 'PRIVILEGED_ATTACK');
		expect(legalActions(state, 1).map((legal) => legal.action.type)).not.toContain('acceptOffer');
		expect(legalActions(state, 2).some((legal) => legal.action.type === 'give')).toBe(false);
		expect(play(state, { type: 'declineOffer', seat: 1, offer: 0 }).offers).toEqual([]);
	});
});

describe('Gifts and Trades: a privileged attack declared by the Bavarian Illuminati (Interference)', () => {
	const bavarian: Action = { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'hollywood', aids: [], privilege: { kind: 'bavarian' } };

	it('no money or Special changes hands until the attack is over; then it may again', () => {
		const state = play(table(), offer(2, 1, { money: 1 }), bavarian);
		expect(state.phase.kind === 'attack' && state.phase.attack.privileged).toBe(true);
		expectRefused(state, give(2, 1, 1), 'PRIVILEGED_ATTACK');
		expectRefused(state, give(1, 0, 0, ['slush-fund']), 'PRIVILEGED_ATTACK');
		expectRefused(state, accept(1, 0), 'PRIVILEGED_ATTACK');
		const over = passAll(play(passAll(state), { type: 'fixed', dice: [[6, 6]] }));
		expect(over.phase.kind).not.toBe('attack');
		expect(step(over, give(2, 1, 1)).ok).toBe(true);
		expect(step(over, accept(1, 0)).ok).toBe(true);
	});
});

describe('Offers lapse at the end of the turn', () => {
	it('every open offer is gone once the turn ends', () => {
		const made = play(table(), offer(0, 1, { money: 1 }), offer(1, 2, { money: 1 }, {}, { private: true }));
		const next = play(made, { type: 'endTurn', seat: 0 });
		expect(next.offers).toEqual([]);
		expect(next.offerCount).toBe(2);
	});

	it('an offer from an earlier turn is NO_SUCH_OFFER even if it were still stored', () => {
		const made = play(table(), offer(0, 1, { money: 1 }));
		const stale: GameState = { ...made, offers: made.offers.map((o) => ({ ...o, turn: o.turn - 1 })) };
		expectRefused(stale, accept(1, 0), 'NO_SUCH_OFFER');
		expect(visibleOffers(stale, 1)).toEqual([]);
	});
});

describe('Private offers are seen only by their two parties', () => {
	const state = play(table(), offer(0, 1, { money: 2 }, {}, { private: true }), offer(2, 0, { money: 1 }));

	it.each([
		['the maker', 0, [0, 1]],
		['the receiver', 1, [0, 1]],
		['a third player', 2, [1]],
		['a spectator', null, [1]],
	] as const)('%s sees offers %j', (_, viewer, ids) => {
		expect(visibleOffers(state, viewer).map((o) => o.id)).toEqual(ids);
	});

	it('legalActions never shows a private offer to anyone else', () => {
		const seen = legalActions(state, 2).filter((legal) => 'offer' in legal.action && typeof legal.action.offer === 'number');
		expect(seen.map((legal) => legal.action)).toEqual([{ type: 'withdrawOffer', seat: 2, offer: 1, digest: offerDigest(state.offers[1]!) }]);
	});
});

describe('An answer names the offer it answers by content (digest), not only by number', () => {
	// Offer numbers are places in the final order: an offer placed before another (a third seat's,
	// signed while the answer was on its way) shifts them (tests/adversarial/offer-number-shift.test.ts).
	const gift = offer(1, 0, { money: 2 });
	const grab = offer(2, 0, {}, { money: 20 });
	const seen = play(table(), gift);
	const answers = (state: GameState, seat: number) => legalActions(state, seat).map((legal) => legal.action).filter((action) => 'digest' in action);
	// The same offers, the grab placed first: the gift is now offer 1.
	const shifted = play(table(), grab, gift);

	it('legalActions names each answer\'s offer by its digest', () => {
		const digest = offerDigest(seen.offers[0]!);
		expect(answers(seen, 0)).toEqual([
			{ type: 'acceptOffer', seat: 0, offer: 0, digest },
			{ type: 'declineOffer', seat: 0, offer: 0, digest },
		]);
		expect(answers(seen, 1)).toEqual([{ type: 'withdrawOffer', seat: 1, offer: 0, digest }]);
		expect(offerDigest(shifted.offers[1]!)).toBe(digest);
		expect(offerDigest(shifted.offers[0]!)).not.toBe(digest);
	});

	it.each([
		['accept', 0, 'acceptOffer'],
		['decline', 0, 'declineOffer'],
		['withdraw', 1, 'withdrawOffer'],
	] as const)('%s, signed as offer 0, takes the gift once it is offer 1, and leaves the grab open', (_, seat, type) => {
		const answer = answers(seen, seat).find((action) => action.type === type)!;
		const after = play(shifted, answer);
		expect(after.offers.map((o) => o.from)).toEqual([2]);
		if (type === 'acceptOffer') {
			expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(22);
			expect(moneyOf(after, 2, 'gnomes-of-zurich')).toBe(5);
		}
	});

	it('an answer whose offer is no longer open is NO_SUCH_OFFER, whatever its number holds', () => {
		const answer = answers(seen, 0).find((action) => action.type === 'acceptOffer')!;
		expectRefused(play(table(), grab), answer, 'NO_SUCH_OFFER');
		expectRefused(play(shifted, { type: 'withdrawOffer', seat: 1, offer: 1 }), answer, 'NO_SUCH_OFFER');
	});

	it('an answer signed in one turn never takes the same offer made again in a later turn (the digest holds the turn)', () => {
		const answer = answers(seen, 0).find((action) => action.type === 'acceptOffer')!;
		const later = play(table(), gift);
		const again: GameState = { ...later, turnCount: later.turnCount + 1, offers: later.offers.map((o) => ({ ...o, turn: o.turn + 1 })) };
		expectRefused(again, answer, 'NO_SUCH_OFFER');
	});

	it('an answer without a digest (logs from before it) takes the numbered offer, as it always did', () => {
		const after = play(shifted, accept(0, 0));
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(0);
		expect(after.offers.map((o) => o.from)).toEqual([1]);
	});
});

describe('legalActions lists the deals open to a seat, and every one is accepted', () => {
	const state = play(table(), offer(1, 0, { money: 2 }), offer(0, 2, { money: 1 }));

	it('gifts with a max of the Illuminati treasury, one free-form offer, answers to offers', () => {
		const deals = legalActions(state, 0).filter((legal) => ['give', 'offer', 'acceptOffer', 'declineOffer', 'withdrawOffer'].includes(legal.action.type));
		expect(deals.filter((legal) => legal.action.type === 'give' && legal.max !== undefined).map((legal) => legal.max)).toEqual([20, 20]);
		expect(deals.filter((legal) => legal.freeForm).map((legal) => legal.action.type)).toEqual(['offer']);
		expect(deals.map((legal) => legal.action.type)).toEqual(expect.arrayContaining(['acceptOffer', 'declineOffer', 'withdrawOffer']));
		for (const legal of deals) expect(step(state, legal.action).ok, JSON.stringify(legal.action)).toBe(true);
	});

	it('a seat with no money and no Special gets no gift; its example offer is a group, to the active player', () => {
		const poor = play(table(), give(2, 0, 5));
		const options = legalActions(poor, 2);
		expect(options.map((legal) => legal.action.type)).not.toContain('give');
		const example = options.find((legal) => legal.action.type === 'offer');
		expect(example?.freeForm).toBe(true);
		expect(example?.action).toMatchObject({ to: 0, give: { money: 0, specials: [], groups: ['kkk'] } });
		// Once seat 0's actions step is over, groups no longer change hands: nothing to offer.
		const later = play(poor, { type: 'endActions', seat: 0 });
		expect(legalActions(later, 2).map((legal) => legal.action.type)).not.toContain('offer');
	});
});
