/**
 * Red team (session 18): a hostile receiver's pick for an offer asking for Specials of its choice
 * (engine/offer-choice.ts), as a hand-edited client signs it. A pick that is no list of card ids
 * is refused by the schema before the rules read it: an array-like object `{ length, 0 }` passes
 * the rules' length check and would throw in `new Set` on every peer's replay. Under the secret
 * deck only a card shown (with its proof) is in the hand: a pick naming a hidden card of the
 * receiver's own, never shown, or one another seat holds hidden, is refused NOT_HELD; the same pick
 * after the show (the protocol's `showCard`) is taken.
 */
import { describe, expect, it } from 'vitest';
import { step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { offer, tableWithTwoSpecials } from '../helpers/deals.js';
import { expectRefused, play } from '../helpers/scenario.js';

const pick = (chosen: unknown): Action => ({ type: 'acceptOffer', seat: 1, offer: 0, chosen } as unknown as Action);

describe('a hostile pick for a Special of the receiver\u2019s choice', () => {
	const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));

	it.each([
		['an array-like object (it would throw in the rules)', { length: 1, 0: 'murphys-law' }],
		['a card id as a string, not a list', 'murphys-law'],
		['null', null],
		['a number', 1],
		['a list holding a number', [1]],
		['__proto__ as a card', ['__proto__']],
		['an unknown card', ['no-such-card']],
		['121 picks', Array.from({ length: 121 }, () => 'murphys-law')],
	] as const)('%s: refused MALFORMED_ACTION, nothing thrown, nothing changed', (_, chosen) => {
		expect(() => step(open, pick(chosen))).not.toThrow();
		expectRefused(open, pick(chosen), 'MALFORMED_ACTION');
		expect(open.players[1]!.hand).toEqual(['slush-fund', 'murphys-law']);
	});

	it('under the secret deck, a hidden card is picked only once shown: before, NOT_HELD, as is another seat\u2019s hidden card', () => {
		const base = tableWithTwoSpecials();
		// Seat 1 holds Murphy's Law hidden at position 7 (in the unseen pool), seat 2 holds a hidden card at position 8.
		const secret: GameState = {
			...base,
			options: { ...base.options, secretDeck: true },
			deck: [...base.deck, 'murphys-law'],
			drawn: 9,
			players: base.players.map((p) => (p.seat === 1 ? { ...p, hand: ['slush-fund'], hidden: [7] } : p.seat === 2 ? { ...p, hidden: [8] } : p)),
		};
		const hidden = play(secret, offer(0, 1, { money: 6 }, { anySpecials: 1 }));
		expectRefused(hidden, pick(['murphys-law']), 'NOT_HELD');
		expectRefused(hidden, pick(['white-collar-crime']), 'NOT_HELD');
		const shown = play(hidden, { type: 'showCard', seat: 1, position: 7, card: 'murphys-law' } as unknown as Action);
		const after = play(shown, pick(['murphys-law']));
		expect(after.players[0]!.hand).toContain('murphys-law');
		expect(after.players[1]!.hand).toEqual(['slush-fund']);
	});
});
