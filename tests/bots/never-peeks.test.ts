/**
 * A bot sees only what its seat may see (issue 15). Rules (Basic Rules, Special cards): the others
 * may know how many Specials a player holds, not which. The table shows other seats only the count
 * (ui/table/view.ts).
 *
 * Without the secret deck (the default: every local game and "Play against the computer") every
 * hand is in the state. The bots' view showed them, and a hard bot's first entry was an offer
 * naming a rival's face-down card, priced by what it was (QA, session 16). Now the view samples the
 * cards the seat was not shown (bots/view.ts): two positions that differ only in which Special a
 * rival holds give the same choice.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../src/lib/bots/index.js';
import { type CardId, type GameState } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';
import { player } from './structures.js';
import { decide, LEVELS } from './level-play.js';

/** Seat 0 (Bavarian Illuminati, its turn) and the Gnomes holding `card` face down. */
function position(card: CardId): GameState {
	return scenario({
		players: [player('bavarian-illuminati', ['mafia', 'texas'], 40), { ...player('gnomes-of-zurich', ['loan-sharks'], 20), hand: [card] }, player('network', ['kgb'], 10)],
		uncontrolled: ['hollywood'],
	});
}

const HIDDEN: CardId[] = ['swiss-bank-account', 'murphys-law', 'slush-fund'];

describe("a bot's choice does not depend on a rival's face-down Special", () => {
	it('the positions differ only in the hidden card (the seat sees one Special in the Gnomes\' hand)', () => {
		const [a, b] = [position(HIDDEN[0]!), position(HIDDEN[1]!)];
		expect(a.players[1]!.hand.length).toBe(b.players[1]!.hand.length);
		// The draw pile differs too (the card not in a hand is in it): its contents are no more the
		// seat's to see than the hands (ui/table/view.ts shows only its size).
		const seen = (s: GameState) => ({ ...s, deck: s.deck.length, players: s.players.map((p) => ({ ...p, hand: p.hand.length })) });
		expect(seen(a)).toEqual(seen(b));
	});

	// Hard offered 10 MB for the Swiss Bank Account, 4 for Murphy's Law, 7 for the Slush Fund.
	it.each(LEVELS)('%s makes the same choice whatever the Gnomes hold', (level) => {
		const choices = HIDDEN.map((card) => decide(position(card), level, 0));
		expect(choices[1]).toEqual(choices[0]);
		expect(choices[2]).toEqual(choices[0]);
	});

	it("the bot's view (viewFor) does not name the rival's face-down card", () => {
		const view = viewFor(position('swiss-bank-account'), 0);
		expect(view.players[1]!.hand).not.toContain('swiss-bank-account');
	});
});
