// The deals panel's view of a sealed private offer (ui/actions/deals.ts): terms read from the box
// are shown and accepted with the revealed terms; a broken box shows no terms and no acceptance.
import { describe, expect, it } from 'vitest';
import { legalActions, step } from '../../src/lib/engine/index.js';
import { noteDigest, offerCommitment, revealedTerms, type SealedTerms } from '../../src/lib/engine/offer-terms.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
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

describe('the log in words on a sealed offer', () => {
	it('tells every viewer, its parties included, only that a private offer was made', () => {
		for (const viewer of [0, 1, 2]) {
			const line = describeAction(table(), sealedAction, made, 'en', { viewer });
			expect(line).toMatch(/ a private offer to /);
			expect(line).not.toMatch(/nothing|MB/);
		}
	});
});
