// Under the secret deck a Special held face down is shown to the whole table when an offer giving
// it is made (session/moves.ts), even a sealed private one: the offer form says so when such a card
// is ticked in a private offer (deals.ts hiddenGiven, OfferForm.svelte), in every language.
import { describe, expect, it } from 'vitest';
import { emptyOffer, hiddenGiven, type OfferDraft } from '../../src/lib/ui/actions/deals.js';
import { LOCALES, translate } from '../../src/lib/ui/i18n/index.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const draft = (specials: string[], isPrivate: boolean): OfferDraft => ({ ...emptyOffer(1), give: { money: 2, specials, groups: [] }, private: isPrivate });

describe('the offer form and a Special held face down', () => {
	failOnMissingMessages();

	it('names the face-down Specials ticked to give in a private offer, not the ones the table has seen', () => {
		expect(hiddenGiven(draft(['slush-fund', 'murphys-law'], true), ['murphys-law', 'deep-agent'])).toEqual(['murphys-law']);
		expect(hiddenGiven(draft(['slush-fund'], true), ['murphys-law'])).toEqual([]);
		expect(hiddenGiven(draft([], true), ['murphys-law'])).toEqual([]);
	});

	it('says nothing for a public offer: the table sees what it gives anyway', () => {
		expect(hiddenGiven(draft(['murphys-law'], false), ['murphys-law'])).toEqual([]);
	});

	it('tells the player, in every language, that making the offer shows the card to the table', () => {
		for (const locale of LOCALES) {
			for (const count of [1, 2]) {
				const text = translate(locale, 'secrets.offer.showsHidden', { cards: 'CARD-NAME', count });
				expect(text).toContain('CARD-NAME');
				expect(text).not.toMatch(/[{}]/);
			}
		}
	});
});
