/**
 * Hard's `privilege` weight (evaluate.ts): a Special in hand is worth more as the player nears its
 * goal, since discarding one makes the last capture privileged, beyond the rivals' interference
 * (Basic Rules: Interference). So near its goal hard keeps its Special rather than sell it for a
 * few MB, while far from it (or without the weight) it sells. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import type { CardId, GameState } from '../../src/lib/engine/index.js';
import { gnomesBuySpecial, player } from './structures.js';

const NINE: CardId[] = ['cia', 'irs', 'big-media', 'federal-reserve', 'fbi', 'pentagon', 'texas', 'republicans', 'democrats'];

/** Seat 0 (the Servants of Cthulhu) holds Murphy's Law and `groups`; the Gnomes of Zurich, in their turn, offer
 * `price` MB for it. */
function offerForSpecial(groups: readonly CardId[], price: number): GameState {
	return gnomesBuySpecial([{ ...player('servants-of-cthulhu', groups, 10), hand: ['murphys-law'] }, player('ufos', ['kgb'], 10), player('network', ['mafia'], 10)], 'murphys-law', price);
}

function answer(state: GameState, privilege?: number) {
	const weights = privilege === undefined ? LEVEL_DEFAULTS.hard.config.weights : { ...LEVEL_DEFAULTS.hard.config.weights, privilege };
	return createBot({ level: 'hard', seed: 'privilege', tune: { weights } }).decide(state, 0);
}

describe('hard values a Special more as it nears its goal', () => {
	it('two captures from the basic goal, it keeps its Special against 8 MB', () => {
		expect(answer(offerForSpecial(NINE, 8))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('without the privilege weight it sells the same Special for the same price', () => {
		expect(answer(offerForSpecial(NINE, 8), 0)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it('far from any goal it sells', () => {
		expect(answer(offerForSpecial(['cia'], 8))).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});
