// A sealed private offer is judged only when accepted, so a hostile maker may seal one asking for
// a number of Specials of the receiver's choice the engine never accepts (more than three, or not
// a whole number: engine/offer-choice.ts anySpecialsProblem). Its receiver is told plainly that it
// cannot be accepted and why, in every language, with no pick and no Accept (ui/actions/deals.ts,
// Deals.svelte); declining stays possible. Before, it read "you hold too few Special cards to pick
// 5", even to a receiver holding plenty.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { legalActions, step, type GameState } from '../../src/lib/engine/index.js';
import { noteDigest, offerCommitment, type SealedTerms } from '../../src/lib/engine/offer-terms.js';
import { choicesIn, groupChoices } from '../../src/lib/ui/actions/choices.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
import Deals from '../../src/lib/ui/actions/Deals.svelte';
import { LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { acceptSealed } from '../../src/lib/session/sealed-offers.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { NOTHING, side, table } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

/** The box this page opens (the game page's seals, session/offer-seals.ts, stood in for). */
const box = vi.hoisted(() => ({ terms: null as unknown }));
vi.mock('../../src/lib/ui/actions/offer-seals.svelte.js', () => ({
	offerSealsContext: () => () => ({ open: () => ({ ok: true, terms: box.terms }), seal: (action: unknown) => action, sealing: true, unseen: () => [] }),
}));

afterAll(() => awaitLazyPanels(import.meta.url));

const HAND = ['slush-fund', 'murphys-law', 'white-collar-crime', 'deep-agent', 'media-campaign', 'market-manipulation'];

/** Seat 0's sealed offer to seat 1 (holding six Specials) of 3 MB for `count` Specials of its choice. */
function sealed(count: number): { state: GameState; terms: SealedTerms } {
	const terms: SealedTerms = { give: side({ money: 3 }), take: side({ anySpecials: count }), note: null, salt: 'ef'.repeat(16), noteSalt: '01'.repeat(16) };
	const base = table();
	const state = { ...base, deck: base.deck.filter((card) => !HAND.includes(card)), players: base.players.map((p) => (p.seat === 1 ? { ...p, hand: HAND } : p)) };
	const commitment = offerCommitment(0, 1, { ...terms, note: noteDigest(terms.note, terms.noteSalt) }, terms.salt);
	return { state: play(state, { type: 'offer', seat: 0, to: 1, give: NOTHING, take: NOTHING, private: true, commitment, boxes: ['Ym94', 'Ym94'] }), terms };
}

const panel = (state: GameState): string =>
	render(Deals, { props: { state, seat: 1, choices: choicesIn(groupChoices(legalActions(state, 1)), 'deals'), run: () => true } }).body;

describe('a sealed offer asking for a number of Specials of choice the engine refuses', () => {
	failOnMissingMessages();

	it.each([4, 5, 1.5])('asking for %s: no pick and no acceptance, the count it asks for, declining possible', (count) => {
		const { state, terms } = sealed(count);
		// The engine refuses its acceptance whatever is picked.
		expect(step(state, acceptSealed(1, state.offers[0]!, terms, HAND.slice(0, Math.ceil(count)))).ok).toBe(false);
		const [view] = offerViews(state, 1, legalActions(state, 1), () => ({ ok: true, terms }));
		expect(view!.sealed?.take).toEqual(terms.take);
		expect(view!.badChoiceCount).toBe(count);
		expect(view!.pick).toBeUndefined();
		expect(view!.accept).toBeUndefined();
		expect(view!.decline).toBeDefined();
		// The maker reading its own box is told nothing of the kind (it may still withdraw).
		expect(offerViews(state, 0, legalActions(state, 0), () => ({ ok: true, terms }))[0]!.badChoiceCount).toBeUndefined();
	});

	it('the receiver reads that it cannot be accepted and why, with Decline and no Accept or pick', () => {
		const { state, terms } = sealed(5);
		box.terms = terms;
		const body = panel(state);
		expect(body).toContain('data-testid="unacceptable-offer"');
		expect(body).toContain('This offer cannot be accepted: it asks for 5 Special cards of your choice, and an offer may ask only for a whole number from 1 to 3.');
		expect(body).not.toContain('too few');
		expect(body).not.toContain('data-testid="offer-pick"');
		expect(body).not.toContain('data-testid="accept-pick"');
		expect(body).not.toMatch(/>Accept</);
		expect(body).toMatch(/>Decline</);
	});

	it('says so in every language, with the count and the most an offer may ask for', () => {
		for (const locale of LOCALES) {
			const text = translate(locale, 'actions.deals.badChoiceCount', { count: 5, max: 3 });
			expect(text).toMatch(/5.+1.+3/);
			expect(text).not.toMatch(/[{}]/);
		}
		expect(translate('fr', 'actions.deals.badChoiceCount', { count: 1.5, max: 3 })).toContain('1,5');
	});
});
