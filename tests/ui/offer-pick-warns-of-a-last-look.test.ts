// The receiver's pick for an offer asking for Specials of its choice, under the secret deck: a
// face-down card picked is shown to everyone before the deal is done, and the maker can still
// withdraw (docs/protocol.md, "A maker's last look"). The pick says so; and when this maker has
// already withdrawn after the seat's pick (session/last-look.ts, read by LiveGame and handed to the
// deals panel: ui/actions/last-looks.ts), it warns strongly, naming the maker.
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, offerDigest, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { viewFor } from '../../src/lib/engine/knowledge.js';
import { choicesIn, groupChoices } from '../../src/lib/ui/actions/choices.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
import Deals from '../../src/lib/ui/actions/Deals.svelte';
import { seatName } from '../../src/lib/ui/actions/labels.js';
import { LAST_LOOKS } from '../../src/lib/ui/actions/last-looks.js';
import OfferPick from '../../src/lib/ui/actions/OfferPick.svelte';
import { LiveGame, type LinkLike } from '../../src/lib/ui/app/live-game.svelte.js';
import { LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { offeredForAHiddenSpecial } from '../helpers/deals.js';
import { anySpecialOffer, backDatedWithdrawal, lastLookTable, makerOfferEntry } from '../adversarial/last-look.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

// Panels and texts the rendered components load with import() finish loading before teardown.
afterAll(() => awaitLazyPanels(import.meta.url));

/** The Gnomes (seat 1) see Murphy's Law, held face down, in their hand; the Discordians (seat 2) made the offer. */
const seen: GameState = viewFor(offeredForAHiddenSpecial(), 1, { 7: 'murphys-law' });
const pick = () => offerViews(seen, 1, legalActions(seen, 1))[0]!.pick!;
const deals = (lastLooked?: readonly Seat[]) =>
	render(Deals, {
		props: { state: seen, seat: 1, choices: choicesIn(groupChoices(legalActions(seen, 1)), 'deals'), run: () => true },
		...(lastLooked === undefined ? {} : { context: new Map([[LAST_LOOKS, (seat: Seat) => (seat === 1 ? lastLooked : [])]]) }),
	}).body;

describe('picking a Special of one\u2019s choice while the maker can still withdraw', () => {
	failOnMissingMessages();

	it('a face-down card among the picks: the pick says it is shown to everyone first and the maker can still withdraw', () => {
		const body = render(OfferPick, { props: { pick: pick(), picked: [], onpick: () => {}, maker: 'Discordians', faceDown: ['murphys-law'] } }).body;
		expect(body).toContain('data-testid="pick-shows-hidden"');
		expect(body).toContain("Picking Murphy's Law, which you hold face down, shows it to everyone at once, before the deal is done: Discordians can still withdraw the offer");
		expect(body).not.toContain('data-testid="pick-last-look"');
		const shown = render(OfferPick, { props: { pick: pick(), picked: [], onpick: () => {}, maker: 'Discordians', faceDown: [] } }).body;
		expect(shown, 'only cards the table has seen: nothing to say').not.toContain('data-testid="pick-shows-hidden"');
	});

	it('a maker that withdrew after this seat\u2019s pick: the deals panel warns strongly, naming it; not for another maker, nor without the game page', () => {
		const warned = deals([2]);
		expect(warned).toContain('data-testid="pick-last-look"');
		expect(warned).toContain(`Careful: ${seatName(seen, 2)} has already withdrawn an offer after you picked for it`);
		for (const body of [deals([0]), deals([]), deals()]) expect(body).not.toContain('data-testid="pick-last-look"');
	});

	it('both are said in every language', () => {
		for (const locale of LOCALES) {
			for (const count of [1, 2]) {
				const text = translate(locale, 'secrets.pick.showsHidden', { maker: 'MAKER', cards: 'CARD-NAME', count });
				expect(text).toContain('MAKER');
				expect(text).toContain('CARD-NAME');
				expect(text).not.toMatch(/[{}]/);
			}
			const strong = translate(locale, 'secrets.pick.lastLook', { maker: 'MAKER' });
			expect(strong).toContain('MAKER');
			expect(strong).not.toMatch(/[{}]/);
		}
	});

	it('the game page reads the last lookers through the session (LiveGame.lastLooked)', async () => {
		const table = lastLookTable({ room: 'LOOK', label: 'look', seed: 1818 });
		const { sim, sessions, to, maker } = table;
		const session = sessions[to]!;
		const link: LinkLike = { id: 'look', readOnly: false, session, transport: null, presence: () => [], othersAccepted: () => [], goOnline() {}, goOffline() {}, setName() {}, subscribe: () => () => {}, destroy() {} };
		const live = new LiveGame(link);
		expect(live.lastLooked).toEqual({ [to]: [] });
		expect(sessions[maker]!.act(maker, anySpecialOffer(table, maker, to, false)).ok).toBe(true);
		sim.flushAll();
		const open = session.state!.offers.at(-1)!;
		expect(live.act(to, { type: 'acceptOffer', seat: to, offer: open.id, digest: offerDigest(open), chosen: [table.cards[0]!] }).ok).toBe(true);
		sim.flushAll();
		backDatedWithdrawal(table, open, makerOfferEntry(table));
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(live.lastLooked).toEqual({ [to]: [maker] });
		live.destroy();
	});
});
