// The deals panel's view of a sealed private offer (ui/actions/deals.ts): terms read from the box
// are shown and accepted with the revealed terms; a broken box shows no terms and no acceptance;
// one asking for Specials of the receiver's choice is accepted with the pick once the box opens.
import { describe, expect, it } from 'vitest';
import { legalActions, step } from '../../src/lib/engine/index.js';
import { noteDigest, offerCommitment, revealedTerms, type SealedTerms } from '../../src/lib/engine/offer-terms.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
import { acceptWith } from '../../src/lib/ui/actions/offer-picks.js';
import { acceptSealed } from '../../src/lib/session/sealed-offers.js';
import { describe as describeAction } from '../../src/lib/ui/words/index.js';
import { NOTHING, side, table } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';

const terms: SealedTerms = { give: side({ money: 3 }), take: NOTHING, note: 'no attack', salt: 'ab'.repeat(16), noteSalt: 'cd'.repeat(16) };
const sealedAction = {
	type: 'offer',
	seat: 0,
	to: 1,
	give: NOTHING,
	take: NOTHING,
	private: true,
	commitment: offerCommitment(0, 1, { ...terms, note: noteDigest(terms.note, terms.noteSalt) }, terms.salt),
	boxes: ['Ym94', 'Ym94'],
} as const;
const made = play(table(), sealedAction);

describe('the deals panel on a sealed offer', () => {
	it('shows the terms its box holds and accepts with them, making the exchange', () => {
		const [view] = offerViews(made, 1, legalActions(made, 1), () => ({ ok: true, terms }));
		expect(view!.sealed).toEqual({ give: terms.give, take: terms.take, note: 'no attack' });
		expect(view!.accept?.action).toMatchObject({ type: 'acceptOffer', seat: 1, offer: 0, terms: revealedTerms(terms) });
		expect(step(made, view!.accept!.action).ok).toBe(true);
		expect(view!.decline).toBeDefined();
	});

	it('shows a broken box as broken, with no acceptance (declining stays possible)', () => {
		const [view] = offerViews(made, 1, legalActions(made, 1), () => ({ ok: false, error: { code: 'SEAL_NOT_OPENED', message: 'Seat 0’s box does not open' } }));
		expect(view!.broken?.code).toBe('SEAL_NOT_OPENED');
		expect(view!.sealed).toBeUndefined();
		expect(view!.accept).toBeUndefined();
		expect(view!.decline).toBeDefined();
	});

	it('with no box to open here it is broken too', () => {
		const [view] = offerViews(made, 0, legalActions(made, 0));
		expect(view!.broken?.code).toBe('BOX_MISSING');
		expect(view!.withdraw).toBeDefined();
	});
});

describe('a sealed offer asking for a Special of the receiver’s choice', () => {
	const choice: SealedTerms = { give: side({ money: 3 }), take: side({ anySpecials: 1 }), note: null, salt: 'ef'.repeat(16), noteSalt: '01'.repeat(16) };
	const asking = play(table(), {
		...sealedAction,
		commitment: offerCommitment(0, 1, { ...choice, note: noteDigest(choice.note, choice.noteSalt) }, choice.salt),
	});

	it('once the box opens the receiver picks, and Accept completes the acceptance with the pick (acceptSealed)', () => {
		const [view] = offerViews(asking, 1, legalActions(asking, 1), () => ({ ok: true, terms: choice }));
		expect(view!.sealed?.take).toEqual(choice.take);
		expect(view!.accept).toBeUndefined();
		expect(view!.pick).toMatchObject({ count: 1, cards: ['slush-fund'] });
		expect(acceptWith(view!.pick!, [])).toBeUndefined();
		const accept = acceptWith(view!.pick!, ['slush-fund'])!.action;
		expect(accept).toEqual(acceptSealed(1, asking.offers[0]!, choice, ['slush-fund']));
		const result = step(asking, accept);
		expect(result.ok).toBe(true);
		if (result.ok) expect(result.state.players[0]!.hand).toContain('slush-fund');
	});

	it('the maker reading its own box gets no pick', () => {
		const [view] = offerViews(asking, 0, legalActions(asking, 0), () => ({ ok: true, terms: choice }));
		expect(view!.pick).toBeUndefined();
		expect(view!.withdraw).toBeDefined();
	});
});

describe('the log in words on a sealed offer', () => {
	it('tells every viewer, its parties included, only that a private offer was made', () => {
		for (const viewer of [0, 1, 2]) {
			const line = describeAction(table(), sealedAction, made, 'en', { viewer });
			expect(line).toMatch(/ a private offer to /);
			expect(line).not.toMatch(/nothing|MB/);
		}
	});
});
