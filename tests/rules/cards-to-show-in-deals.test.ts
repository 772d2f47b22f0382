/**
 * Which hidden Specials a deal entry makes its seat's device show first (secret deck;
 * engine/knowledge.ts `cardsToShow`): only those the seat hands over. An acceptance of an offer in
 * the open names the offer, not the cards it asks for, yet hands them over; an offer's note is free
 * text, and what it asks for is the other seat's.
 */
import { describe, expect, it } from 'vitest';
import { cardsToShow } from '../../src/lib/engine/knowledge.js';
import { offerDigest, type Action, type GameState } from '../../src/lib/engine/index.js';
import { offer, tableWithTwoSpecials } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';

/** Seat 1 holds the Slush Fund and Murphy's Law hidden, at positions 4 and 9. */
function hiddenTable(): GameState {
	const base = tableWithTwoSpecials();
	return {
		...base,
		options: { ...base.options, secretDeck: true },
		deck: [...base.deck, 'slush-fund', 'murphys-law'],
		drawn: 10,
		players: base.players.map((p) => (p.seat === 1 ? { ...p, hand: [], hidden: [4, 9] } : p)),
	};
}
const KNOWS = { 4: 'slush-fund', 9: 'murphys-law' };

describe('the hidden Specials a deal makes its seat show first', () => {
	it('accepting an offer in the open that asks for one by name shows it (the acceptance names only the offer)', () => {
		const open = play(hiddenTable(), offer(0, 1, { money: 6 }, { specials: ['murphys-law'] }));
		const accept: Action = { type: 'acceptOffer', seat: 1, offer: 0, digest: offerDigest(open.offers[0]!) };
		expect(cardsToShow(open, 1, accept, KNOWS)).toEqual([{ position: 9, card: 'murphys-law' }]);
	});

	it('an offer shows what it gives, never what its note or its asking side name', () => {
		const state = hiddenTable();
		const asking: Action = { type: 'offer', seat: 1, to: 0, give: { money: 1, specials: [], groups: [] }, take: { money: 0, specials: ['murphys-law'], groups: [] }, private: false, note: 'slush-fund' };
		expect(cardsToShow(state, 1, asking, KNOWS)).toEqual([]);
		const giving: Action = { ...asking, give: { money: 0, specials: ['slush-fund'], groups: [] } } as Action;
		expect(cardsToShow(state, 1, giving, KNOWS)).toEqual([{ position: 4, card: 'slush-fund' }]);
	});
});
