/**
 * The `dealRivalShare` setting (offers.ts; an option, off at every level since it did not measure
 * better, docs/bots.md): a bot with it counts its share of the partner's gain against its own, so
 * in a game of four it sells a group its buyer needs for a goal only at a price that also covers a
 * third of the buyer's gain. Without it, only the evaluation's small weights on the rivals count.
 * Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, type Level } from '../../src/lib/bots/index.js';
import type { GameState } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';

const nothing = { money: 0, specials: [], groups: [] };

/** The Discordian Society (5 Weird groups win) holds three and offers `price` MB for the Tabloids
 * (Weird), the fourth. */
function tabloidsFor(price: number): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }, { card: 'tabloids', side: 2 }] },
			{ illuminati: 'discordian-society', money: 40, groups: [{ card: 'hackers', side: 1 }, { card: 'comic-books', side: 2 }, { card: 'trekkies', side: 3 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'loan-sharks', side: 1 }] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] },
		],
		turn: { seat: 1 },
	});
	return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: price }, take: { ...nothing, groups: ['tabloids'] }, private: true });
}

function answer(level: Level, state: GameState, dealRivalShare = 0) {
	return createBot({ level, seed: 'deals', playouts: 2, tune: { dealRivalShare } }).decide(state, 0);
}

describe("with dealRivalShare a bot counts a share of the buyer's gain when it sells", () => {
	it.each(['normal', 'hard'] as const)('%s sells the Discordians their fourth Weird group for 22 MB without it, declines with it', (level) => {
		expect(answer(level, tabloidsFor(22))).toEqual({ type: 'acceptOffer', seat: 0, offer: 0 });
		expect(answer(level, tabloidsFor(22), 1)).toEqual({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('sells the same group when the price also covers its share of the buyer gain (30 MB)', () => {
		expect(answer('hard', tabloidsFor(30), 1)).toEqual({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it.each(['normal', 'hard'] as const)('%s declines 18 MB either way', (level) => {
		expect(answer(level, tabloidsFor(18))).toEqual({ type: 'declineOffer', seat: 0, offer: 0 });
		expect(answer(level, tabloidsFor(18), 1)).toEqual({ type: 'declineOffer', seat: 0, offer: 0 });
	});
});
