/**
 * A digital bound on open offers (engine/deals.ts MAX_OPEN_OFFERS; docs/rules-differences.md): one
 * player may have at most 8 offers open at once, sealed ones included. Without it a hostile player
 * could open hundreds in one turn (deals are free actions), each listed pick by pick in its
 * receiver's options when it asks for Specials of the receiver's choice. Withdrawn, declined,
 * accepted or lapsed offers no longer count; each seat has its own bound.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type Action, type GameState } from '../../src/lib/engine/index.js';
import { MAX_OPEN_OFFERS } from '../../src/lib/engine/deals.js';
import { NOTHING, offer, tableWithTwoSpecials } from '../helpers/deals.js';
import { expectRefused, play } from '../helpers/scenario.js';

const sealed = (seat: number, to: number, i: number): Action => ({ type: 'offer', seat, to, give: NOTHING, take: NOTHING, private: true, commitment: i.toString(16).padStart(64, '0'), boxes: ['Ym94LXRvLXJlY2lwaWVudA', 'Ym94LXRvLW1ha2Vy'] });

/** Seat 0 with `count` offers open: in the open to seat 1 for one of its Specials, sealed to seat 2, in turn. */
function withOpen(count: number): GameState {
	let state = tableWithTwoSpecials();
	for (let i = 0; i < count; i++) state = play(state, i % 2 === 0 ? offer(0, 1, { money: 1 + i }, { anySpecials: 1 }) : sealed(0, 2, i));
	return state;
}

const offerTemplates = (state: GameState, seat: number) => legalActions(state, seat).filter((option) => option.action.type === 'offer');

describe('a player may have at most 8 offers open at once', () => {
	it('is 8', () => expect(MAX_OPEN_OFFERS).toBe(8));

	it('the ninth, open or sealed, is refused TOO_MANY_OFFERS, and the engine lists no offer to make', () => {
		const full = withOpen(MAX_OPEN_OFFERS);
		expect(full.offers.filter((o) => o.from === 0)).toHaveLength(MAX_OPEN_OFFERS);
		expect(expectRefused(full, offer(0, 1, { money: 1 }), 'TOO_MANY_OFFERS')).toMatch(/8 offers open/);
		expectRefused(full, sealed(0, 1, 99), 'TOO_MANY_OFFERS');
		expect(offerTemplates(full, 0)).toEqual([]);
		expect(offerTemplates(withOpen(MAX_OPEN_OFFERS - 1), 0)).toHaveLength(1);
	});

	it('an offer withdrawn, declined or accepted frees its place', () => {
		const full = withOpen(MAX_OPEN_OFFERS);
		const [first] = full.offers;
		for (const answer of [
			{ type: 'withdrawOffer', seat: 0, offer: first!.id },
			{ type: 'declineOffer', seat: 1, offer: first!.id },
			{ type: 'acceptOffer', seat: 1, offer: first!.id, chosen: ['murphys-law'] },
		] as Action[]) {
			const freed = play(full, answer);
			expect(freed.offers).toHaveLength(MAX_OPEN_OFFERS - 1);
			expect(play(freed, offer(0, 1, { money: 1 })).offers).toHaveLength(MAX_OPEN_OFFERS);
		}
	});

	it('each seat has its own bound: the others may still offer', () => {
		const full = withOpen(MAX_OPEN_OFFERS);
		expect(play(full, offer(1, 0, { money: 1 })).offers).toHaveLength(MAX_OPEN_OFFERS + 1);
		expect(offerTemplates(full, 1)).toHaveLength(1);
	});

	it('offers lapse at the end of the turn, and the bound with them', () => {
		const full = withOpen(MAX_OPEN_OFFERS);
		const next = play(play(full, { type: 'endActions', seat: 0 }), { type: 'endTurn', seat: 0 });
		expect(next.offers).toEqual([]);
		// Seat 0 offers again in the next player's turn (deals are open in any turn).
		expect(next.turn?.seat).toBe(1);
		expect(play(next, offer(0, 1, { money: 1 })).offers).toHaveLength(1);
	});
});
