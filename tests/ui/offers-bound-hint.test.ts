// At the bound on open offers (engine/deals.ts MAX_OPEN_OFFERS) the engine lists no offer to make,
// so the deals panel's "Make an offer" form would vanish without a word: it says why instead.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, MAX_OPEN_OFFERS, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { choicesIn, groupChoices } from '../../src/lib/ui/actions/choices.js';
import Deals from '../../src/lib/ui/actions/Deals.svelte';
import { setLocale } from '../../src/lib/ui/i18n/index.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { offer, tableWithTwoSpecials } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const panel = (state: GameState, seat: Seat): string =>
	render(Deals, { props: { state, seat, choices: choicesIn(groupChoices(legalActions(state, seat)), 'deals'), run: () => true } }).body;

afterAll(() => awaitLazyPanels(import.meta.url));

function withOffers(count: number): GameState {
	let state = tableWithTwoSpecials();
	for (let i = 0; i < count; i++) state = play(state, offer(0, 1 + (i % 2), { money: 1 + i }));
	return state;
}

describe('the deals panel at the bound on open offers', () => {
	failOnMissingMessages();

	it('says the seat has the most offers open and how to make another, in place of the form', () => {
		setLocale('en');
		const full = panel(withOffers(MAX_OPEN_OFFERS), 0);
		expect(full).toContain('data-testid="offers-bound"');
		expect(full).toContain(`You have ${MAX_OPEN_OFFERS} offers open, the most one player may have at once: withdraw one to make another.`);
		expect(full).not.toContain('data-testid="any-specials"');
	});

	it('below the bound the form is there and the hint is not', () => {
		setLocale('en');
		const below = panel(withOffers(MAX_OPEN_OFFERS - 1), 0);
		expect(below).not.toContain('data-testid="offers-bound"');
		expect(below).toContain('data-testid="any-specials"');
		// Another seat at the table is not held by seat 0's bound.
		expect(panel(withOffers(MAX_OPEN_OFFERS), 1)).not.toContain('data-testid="offers-bound"');
	});

	it('in French and Spanish too', () => {
		setLocale('fr');
		expect(panel(withOffers(MAX_OPEN_OFFERS), 0)).toContain(`Vous avez ${MAX_OPEN_OFFERS}\u00a0offres ouvertes`);
		setLocale('es');
		expect(panel(withOffers(MAX_OPEN_OFFERS), 0)).toContain(`Tienes ${MAX_OPEN_OFFERS} ofertas abiertas`);
		setLocale('en');
	});
});
