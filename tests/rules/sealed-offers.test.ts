/**
 * Private offers sealed to their parties (issue 13; engine/offer-terms.ts): the engine holds only
 * the commitment, and an acceptance must reveal terms that match it before the exchange is judged
 * and made (Gifts and Trades; When Is a Deal Binding?: the exchange is made at once, whole).
 */
import { describe, expect, it } from 'vitest';
import { legalActions, type Action, type GameState, type OfferSide } from '../../src/lib/engine/index.js';
import { noteDigest, offerCommitment, type RevealedTerms } from '../../src/lib/engine/offer-terms.js';
import { NOTHING, side, table } from '../helpers/deals.js';
import { expectRefused, moneyOf, play } from '../helpers/scenario.js';

const SALT = '0123456789abcdef0123456789abcdef';
const BOXES = ['Ym94LXRvLXJlY2lwaWVudA', 'Ym94LXRvLW1ha2Vy'];

function terms(give: Partial<OfferSide>, take: Partial<OfferSide> = {}, note: string | null = null): RevealedTerms {
	return { give: side(give), take: side(take), salt: SALT, note: noteDigest(note, 'fedcba9876543210fedcba9876543210') };
}

function sealed(seat: number, to: number, revealed: RevealedTerms): Action {
	const commitment = offerCommitment(seat, to, revealed, revealed.salt);
	return { type: 'offer', seat, to, give: NOTHING, take: NOTHING, private: true, commitment, boxes: BOXES };
}

const acceptWith = (seat: number, offer: number, revealed: RevealedTerms): Action => ({ type: 'acceptOffer', seat, offer, terms: revealed });

describe('a sealed private offer: the state holds its commitment, never its terms', () => {
	const real = terms({ money: 4, specials: ['swiss-bank-account'] }, { money: 2 }, 'I will not attack you');
	const made = (): GameState => play(table(), sealed(0, 1, real));

	it('the open offer shows its parties and commitment only', () => {
		const offer = made().offers[0]!;
		expect(offer).toMatchObject({ from: 0, to: 1, private: true, give: NOTHING, take: NOTHING, note: null });
		expect(offer.commitment).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(made().offers)).not.toContain('swiss-bank-account');
	});

	it('the recipient is offered an acceptance its own secret completes', () => {
		const listed = legalActions(made(), 1).find((legal) => legal.action.type === 'acceptOffer');
		expect(listed).toMatchObject({ needsSecret: true });
	});

	it('accepting with the committed terms makes the exchange those terms say', () => {
		const after = play(made(), acceptWith(1, 0, real));
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(20 - 4 + 2);
		expect(moneyOf(after, 1, 'network')).toBe(10 + 4 - 2);
		expect(after.players[1]!.hand).toContain('swiss-bank-account');
		expect(after.offers).toEqual([]);
	});

	it('an acceptance with other terms is refused, naming its author, and changes nothing', () => {
		const forged = terms({ money: 20, specials: ['swiss-bank-account'] }, { money: 0 }, 'I will not attack you');
		const message = expectRefused(made(), acceptWith(1, 0, forged), 'BAD_COMMITMENT');
		expect(message).toContain('Seat 1');
		expectRefused(made(), acceptWith(1, 0, { ...real, salt: SALT.replace('0', '1') }), 'BAD_COMMITMENT');
		expectRefused(made(), acceptWith(1, 0, { ...real, note: '' }), 'BAD_COMMITMENT');
	});

	it('an acceptance without terms is refused', () => {
		expectRefused(made(), { type: 'acceptOffer', seat: 1, offer: 0 }, 'BAD_COMMITMENT');
	});

	it('matching terms are still judged by the rules: what the maker does not hold is refused', () => {
		const tooMuch = terms({ money: 500 });
		expectRefused(play(table(), sealed(0, 1, tooMuch)), acceptWith(1, 0, tooMuch), 'NOT_ENOUGH_MONEY');
	});

	it('another seat cannot accept it, even with the right terms', () => {
		expectRefused(made(), acceptWith(2, 0, real), 'NOT_ELIGIBLE');
	});

	it('declined or withdrawn, it closes with its terms never shown', () => {
		expect(play(made(), { type: 'declineOffer', seat: 1, offer: 0 }).offers).toEqual([]);
		expect(play(made(), { type: 'withdrawOffer', seat: 0, offer: 0 }).offers).toEqual([]);
	});

	it('a sealed offer that shows terms, or is public, or lacks its boxes is refused', () => {
		const base = sealed(0, 1, real) as Extract<Action, { type: 'offer' }>;
		expectRefused(table(), { ...base, give: side({ money: 1 }) }, 'BAD_OFFER');
		expectRefused(table(), { ...base, private: false }, 'BAD_OFFER');
		expectRefused(table(), { ...base, note: 'in clear' }, 'BAD_OFFER');
		const { boxes: _boxes, ...withoutBoxes } = base;
		expectRefused(table(), withoutBoxes, 'BAD_OFFER');
	});

	it('terms on the acceptance of an offer in the open are refused', () => {
		const open = play(table(), { type: 'offer', seat: 0, to: 1, give: side({ money: 1 }), take: NOTHING, private: true });
		expectRefused(open, acceptWith(1, 0, terms({ money: 1 })), 'BAD_OFFER');
	});
});
