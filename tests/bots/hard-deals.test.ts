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
import { tabloidsFor } from './structures.js';


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
