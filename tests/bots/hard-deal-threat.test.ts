/**
 * The `dealThreat` setting (offers.ts): a bot with it counts the partner's better chance of winning
 * on its next turn after a deal (threat.ts) as that share of a loss, so it does not sell a rival the
 * step that brings it next to its goal at any price a rival would pay; a deal that leaves the
 * partner as far from its goal as before costs nothing extra. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/lib/bots/index.js';
import type { GameState } from '../../src/lib/engine/index.js';
import { tabloidsFor } from './structures.js';

function hardAnswer(state: GameState, dealThreat: number) {
	return createBot({ level: 'hard', seed: 'deals', playouts: 2, tune: { dealThreat } }).decide(state, 0);
}

describe('with dealThreat hard never sells a rival the step that brings it next to its goal', () => {
	it.each([22, 30, 40])('declines %i MB for the Tabloids, the fourth Weird group of five the Discordians need (two steps to one), with it', (price) => {
		expect(hardAnswer(tabloidsFor(price), 1)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('sells at 22 MB without it (only a goal met counts)', () => {
		expect(hardAnswer(tabloidsFor(22), 0)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});
