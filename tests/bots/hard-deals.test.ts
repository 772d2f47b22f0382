/**
 * The `dealRivalShare` setting (offers.ts; an option, off at every level since it did not measure
 * better, docs/bots.md): a bot with it counts its share of the partner's gain against its own, so
 * in a game of four it sells a group its buyer needs for a goal only at a price that also covers a
 * third of the buyer's gain. Without it, only the evaluation's small weights on the rivals count.
 * Also: a bot never makes an offer again in the turn it was declined; it makes the next best
 * (hard haggles upward). Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, type Level } from '../../src/lib/bots/index.js';
import type { GameState, PlayerAction } from '../../src/lib/engine/index.js';
import { play } from '../helpers/scenario.js';
import { discordianTurn, tabloidsFor } from './structures.js';


function answer(level: Level, state: GameState, dealRivalShare = 0) {
	return createBot({ level, seed: 'deals', playouts: 2, tune: { dealRivalShare } }).decide(state, 0);
}

describe("with dealRivalShare a bot counts a share of the buyer's gain when it sells", () => {
	it.each(['normal', 'hard'] as const)('%s sells the Discordians their fourth Weird group for 22 MB without it, declines with it', (level) => {
		expect(answer(level, tabloidsFor(22))).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
		expect(answer(level, tabloidsFor(22), 1)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('sells the same group when the price also covers its share of the buyer gain (30 MB)', () => {
		expect(answer('hard', tabloidsFor(30), 1)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it.each(['normal', 'hard'] as const)('%s declines 18 MB either way', (level) => {
		expect(answer(level, tabloidsFor(18))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
		expect(answer(level, tabloidsFor(18), 1)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});
});

describe('a declined offer is not made again in the same turn', () => {
	it('hard asks again at a higher price after each refusal, then turns to an attack', () => {
		const bot = createBot({ level: 'hard', seed: 'haggle' });
		let state = discordianTurn();
		const prices: number[] = [];
		let last: PlayerAction | null = null;
		for (let round = 0; round < 5; round++) {
			last = bot.decide(state, 1);
			if (last?.type !== 'offer') break;
			expect(last.take.groups).toEqual(['tabloids']);
			prices.push(last.give.money);
			state = play(state, last);
			state = play(state, { type: 'declineOffer', seat: last.to, offer: state.offerCount - 1 });
		}
		// Three offers a turn at most (offersPerTurn), each dearer than the one refused.
		expect(prices.length).toBe(3);
		expect(prices[1]).toBeGreaterThan(prices[0]!);
		expect(prices[2]).toBeGreaterThan(prices[1]!);
		expect(last).toMatchObject({ type: 'attack', seat: 1, target: 'tabloids' });
	});
});
