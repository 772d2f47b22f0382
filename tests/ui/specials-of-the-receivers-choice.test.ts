// Specials of the receiver's choice in the deals panel (ui/actions/deals.ts, offer-picks.ts): the
// offer form asks for "N of their Specials" up to what the other seat holds (public: its hand and
// its hidden cards); the receiver picks exactly N of its Specials before Accept is possible, and
// Accept sends the engine's acceptance with the cards picked (`chosen`).
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, step, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { choicesIn, groupChoices } from '../../src/lib/ui/actions/choices.js';
import { anySpecialsCounts, emptyOffer, formOffer, offerViews } from '../../src/lib/ui/actions/deals.js';
import Deals from '../../src/lib/ui/actions/Deals.svelte';
import { legalLabel, offerSide } from '../../src/lib/ui/actions/labels.js';
import { acceptWith, togglePick } from '../../src/lib/ui/actions/offer-picks.js';
import OfferPick from '../../src/lib/ui/actions/OfferPick.svelte';
import { setLocale } from '../../src/lib/ui/i18n/index.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { offer, side, tableWithTwoSpecials } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';


const panel = (state: GameState, seat: Seat): string =>
	render(Deals, { props: { state, seat, choices: choicesIn(groupChoices(legalActions(state, seat)), 'deals'), run: () => true } }).body;

// Panels and texts the rendered components load with import() finish loading before teardown.
afterAll(() => awaitLazyPanels(import.meta.url));

describe('asking for Specials of the receiver’s choice', () => {
	failOnMissingMessages();

	it('the form offers 0 up to what the other seat holds, at most three, hidden cards counted', () => {
		const state = tableWithTwoSpecials();
		expect(anySpecialsCounts(state, 1, [])).toEqual([0, 1, 2]);
		expect(anySpecialsCounts(state, 2, [])).toEqual([0]);
		const many = { ...state, players: state.players.map((p) => (p.seat === 2 ? { ...p, hand: ['murphys-law'], hidden: [3, 7, 9] } : p)) };
		expect(anySpecialsCounts(many, 2, [])).toEqual([0, 1, 2, 3]);
	});

	it('the form makes an offer with take.anySpecials, which the engine accepts, and names known cards as before', () => {
		const draft = { ...emptyOffer(1), give: side({ specials: ['swiss-bank-account'] }), take: side({ anySpecials: 1, specials: ['slush-fund'] }) };
		const action = formOffer(tableWithTwoSpecials(), 0, draft, 1, { give: 2, take: 0 })!;
		expect(action.take).toEqual({ money: 0, specials: ['slush-fund'], groups: [], anySpecials: 1 });
		expect(action.give).toEqual({ money: 2, specials: ['swiss-bank-account'], groups: [] });
		expect(step(tableWithTwoSpecials(), action).ok).toBe(true);
	});

	it('the form leaves the field out at 0 and caps it at what the other seat holds now', () => {
		const none = formOffer(tableWithTwoSpecials(), 0, emptyOffer(1), 1, { give: 3, take: 0 })!;
		expect('anySpecials' in none.take).toBe(false);
		const capped = formOffer(tableWithTwoSpecials(), 0, { ...emptyOffer(1), take: side({ anySpecials: 3 }) }, 1, { give: 3, take: 0 })!;
		expect(capped.take.anySpecials).toBe(2);
	});

	it('the offer form shows the count control with the other seat’s number of Specials', () => {
		const body = panel(tableWithTwoSpecials(), 0);
		expect(body).toContain('data-testid="any-specials"');
		expect(body).toContain('Special cards of their choice');
		expect(body).toContain('They hold 2 Special cards and pick which to hand over.');
	});
});

describe('answering an offer that leaves the pick to the receiver', () => {
	failOnMissingMessages();
	const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));

	it('the receiver’s view lists the Specials it may pick, with no acceptance before a pick', () => {
		const [view] = offerViews(open, 1, legalActions(open, 1));
		expect(view!.pick).toMatchObject({ count: 1, cards: ['slush-fund', 'murphys-law'] });
		expect(view!.accept).toBeUndefined();
		expect(view!.acceptRefused).toBeUndefined();
		expect(view!.decline).toBeDefined();
		// Only the receiver picks: the maker and a third seat see the offer, no pick.
		expect(offerViews(open, 0, legalActions(open, 0))[0]!.pick).toBeUndefined();
		expect(offerViews(open, 2, legalActions(open, 2))[0]!.pick).toBeUndefined();
	});

	it('accept is possible only once exactly the number asked for is picked, and carries the cards picked', () => {
		const pick = offerViews(open, 1, legalActions(open, 1))[0]!.pick!;
		expect(acceptWith(pick, [])).toBeUndefined();
		const picked = togglePick([], 'murphys-law', 1);
		expect(togglePick(picked, 'slush-fund', 1)).toEqual(['murphys-law']); // no more than asked for
		const accept = acceptWith(pick, picked)!;
		expect(accept.action).toMatchObject({ type: 'acceptOffer', seat: 1, offer: 0, chosen: ['murphys-law'] });
		const result = step(open, accept.action);
		expect(result.ok).toBe(true);
		if (result.ok) {
			expect(result.state.players[1]!.hand).toEqual(['slush-fund']);
			expect(result.state.players[0]!.hand).toContain('murphys-law');
		}
	});

	it('two cards asked for: one picked is not enough, both in any order is', () => {
		const both = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 2 }));
		const pick = offerViews(both, 1, legalActions(both, 1))[0]!.pick!;
		expect(acceptWith(pick, ['slush-fund'])).toBeUndefined();
		expect(acceptWith(pick, ['murphys-law', 'slush-fund'])?.action).toMatchObject({ chosen: ['slush-fund', 'murphys-law'] });
	});

	it('the panel shows a box per Special and a disabled Accept with a hint until the pick is complete', () => {
		const body = panel(open, 1);
		expect(body).toContain('data-testid="offer-pick"');
		expect(body).toContain('Pick the Special card you hand over');
		expect(body).toMatch(/<button[^>]*data-testid="accept-pick"[^>]*disabled/);
		expect(body).toContain('Pick 1 card to accept (0 picked).');
		expect(body.match(/type="checkbox" value="(slush-fund|murphys-law)"/g)).toHaveLength(2);
		const complete = render(OfferPick, { props: { pick: offerViews(open, 1, legalActions(open, 1))[0]!.pick!, picked: ['slush-fund'], onpick: () => {} } }).body;
		expect(complete).not.toContain('data-testid="pick-hint"');
		expect(complete).toMatch(/value="murphys-law"[^>]*disabled/);
	});

	it('a receiver holding too few Specials now is told so, with no boxes', () => {
		const spent = { ...open, players: open.players.map((p) => (p.seat === 1 ? { ...p, hand: [] } : p)) };
		const [view] = offerViews(spent, 1, legalActions(spent, 1));
		expect(view!.pick?.cards).toEqual([]);
		expect(view!.acceptRefused).toBeDefined();
		const body = panel(spent, 1);
		expect(body).not.toContain('data-testid="offer-pick"');
		expect(body).toContain('You hold too few Special cards to pick 1.');
	});

	it('the offer’s summary and the acceptance’s label say it in every language', async () => {
		const accept = acceptWith(offerViews(open, 1, legalActions(open, 1))[0]!.pick!, ['slush-fund'])!;
		const expected = {
			en: ['6 MB', '1 Special card of the receiver’s choice', 'Accept offer 1, handing over Slush Fund'],
			fr: ['6 MB', '1 carte spéciale au choix du destinataire', 'Accepter l’offre 1 en cédant'],
			es: ['6 MB', '1 carta Especial a elección del destinatario', 'Aceptar la oferta 1 entregando'],
		} as const;
		try {
			for (const [locale, [give, take, label]] of Object.entries(expected)) {
				await setLocale(locale as keyof typeof expected);
				expect(offerSide(open.offers[0]!.give)).toBe(give);
				expect(offerSide(open.offers[0]!.take)).toBe(take);
				expect(offerSide(side({ money: 2, anySpecials: 2 }))).toMatch(/^2 MB.+2 /);
				expect(legalLabel(open, accept)).toContain(label);
			}
		} finally {
			await setLocale('en');
		}
	});
});
