/**
 * Deals for a Special of the other seat's choice (engine/offer-choice.ts). A bot may know how many
 * Specials a rival holds, not which (Basic Rules, Special cards), so it asks for "one of your
 * Specials" rather than naming a card it was never shown; the receiver picks the card. Hard's
 * `deny` needs no name: any Special discarded makes a near rival's last capture privileged, so
 * taking its only Special, whatever it is, holds it back (hard-deny.test.ts names a card it was
 * shown). Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/lib/bots/index.js';
import { step, type AcceptOfferAction, type CardId, type GameState, type OfferAction, type PlayerAction } from '../../src/lib/engine/index.js';
import type { LevelConfig } from '../../src/lib/bots/thinking.js';
import { play, scenario } from '../helpers/scenario.js';
import { player } from './structures.js';

const NEAR: CardId[] = ['hackers', 'comic-books', 'trekkies', 'smof'];
const nothing = { money: 0, specials: [], groups: [] };

/** The Gnomes of Zurich (seat 1, 40 MB) in their turn; the Discordian Society (seat 2, five Weird
 * groups win) holds `weird` Weird groups and one Special, which the Gnomes were never shown. */
function gnomesTurn(weird: readonly CardId[], card: CardId): GameState {
	return scenario({
		players: [
			player('servants-of-cthulhu', ['kgb'], 10),
			player('gnomes-of-zurich', ['loan-sharks'], 40),
			{ ...player('discordian-society', weird, 10), hand: [card] },
			player('network', ['mafia'], 10),
		],
		turn: { seat: 1 },
	});
}

function decide(level: 'normal' | 'hard', state: GameState, seat: number, tune: Partial<LevelConfig> = {}): PlayerAction | null {
	return createBot({ level, seed: 'any-special', tune }).decide(state, seat);
}

const asksForAny = (action: PlayerAction | null): action is OfferAction =>
	action?.type === 'offer' && action.to === 2 && action.take.anySpecials === 1 && action.take.specials.length === 0 && action.give.money > 0;

describe("hard asks for a near rival's only Special without knowing which it is", () => {
	it.each(['murphys-law', 'deep-agent', 'white-collar-crime'])(
		'the Discordians one Weird group short, holding %s unseen: hard offers money for one of their Specials, and normal hands it over',
		(card) => {
			const state = gnomesTurn(NEAR, card);
			const offer = decide('hard', state, 1);
			expect(asksForAny(offer)).toBe(true);
			const made = play(state, offer!);
			const answer = decide('normal', made, 2);
			expect(answer).toMatchObject({ type: 'acceptOffer', seat: 2, offer: 0, chosen: [card] });
			const after = step(made, answer!);
			expect(after.ok && after.state.players[1]!.hand).toEqual([card]);
		},
	);

	it('the offer is the same whichever card they hold: the bot cannot tell', () => {
		const offers = ['murphys-law', 'deep-agent', 'swiss-bank-account'].map((card) => decide('hard', gnomesTurn(NEAR, card), 1));
		expect(offers[1]).toEqual(offers[0]);
		expect(offers[2]).toEqual(offers[0]);
	});

	it('without the deny weight in deals it does not ask', () => {
		expect(asksForAny(decide('hard', gnomesTurn(NEAR, 'murphys-law'), 1, { dealWeights: { deny: 0 } }))).toBe(false);
	});

	it('with the Discordians far from their goal it does not ask', () => {
		expect(asksForAny(decide('hard', gnomesTurn(['hackers'], 'murphys-law'), 1))).toBe(false);
	});
});

/** The Discordian Society (seat 2, `weird` Weird groups, 40 MB) in their turn offer the Gnomes of
 * Zurich (seat 1, 40 MB) `price` MB for one of the Gnomes' Specials, the Gnomes' choice. */
function discordiansAsk(weird: readonly CardId[], price: number, hand: CardId[]): GameState {
	const state = scenario({
		players: [
			player('servants-of-cthulhu', ['kgb'], 10),
			{ ...player('gnomes-of-zurich', ['loan-sharks'], 40), hand },
			player('discordian-society', weird, 40),
			player('network', ['mafia'], 10),
		],
		turn: { seat: 2 },
	});
	return play(state, { type: 'offer', seat: 2, to: 1, give: { ...nothing, money: price }, take: { ...nothing, anySpecials: 1 }, private: true });
}

describe('a bot answering an offer for a Special of its choice', () => {
	it.each(['normal', 'hard'] as const)('%s, holding the Swiss Bank Account and Murphy\'s Law as the Gnomes, hands over Murphy\'s Law', (level) => {
		const answer = decide(level, discordiansAsk(['hackers'], 20, ['swiss-bank-account', 'murphys-law']), 1) as AcceptOfferAction | null;
		expect(answer).toMatchObject({ type: 'acceptOffer', chosen: ['murphys-law'] });
	});

	it('hard never hands a near rival a Special, whichever it may pick: 20 MB declined', () => {
		expect(decide('hard', discordiansAsk(NEAR, 20, ['murphys-law']), 1)?.type).toBe('declineOffer');
	});

	it('the Discordians far from their goals: hard takes the 20 MB', () => {
		expect(decide('hard', discordiansAsk(['hackers'], 20, ['murphys-law']), 1)).toMatchObject({ type: 'acceptOffer', chosen: ['murphys-law'] });
	});
});
