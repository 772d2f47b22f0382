/**
 * Hard's `abolish` weight (evaluate.ts): two Specials discarded together abolish a rival's
 * privilege (Basic Rules: Interference), so while a rival nears its goal hard keeps a pair rather
 * than sell one of them for a few MB; with every rival far from its goals (or without the weight)
 * it sells. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import type { CardId, GameState } from '../../src/lib/engine/index.js';
import { gnomesBuySpecial, player } from './structures.js';

const TWO_SPECIALS: readonly CardId[] = ['murphys-law', 'slush-fund'];

/** Seat 0 (the Servants of Cthulhu, far from its goals) holds `hand`; the Gnomes of Zurich, in
 * their turn, offer `price` MB for its first card. The Discordian Society (seat 2) holds `weird` Weird groups. */
function offerFor(hand: readonly CardId[], weird: readonly CardId[], price = 10): GameState {
	return gnomesBuySpecial([{ ...player('servants-of-cthulhu', ['kgb'], 10), hand }, player('discordian-society', weird, 10), player('network', ['mafia'], 10)], hand[0]!, price);
}

function answer(state: GameState, abolish?: number) {
	const weights = abolish === undefined ? LEVEL_DEFAULTS.hard.config.weights : { ...LEVEL_DEFAULTS.hard.config.weights, abolish };
	return createBot({ level: 'hard', seed: 'abolish', tune: { weights } }).decide(state, 0);
}

describe('hard keeps two Specials while a rival nears its goal', () => {
	const NEAR: CardId[] = ['hackers', 'comic-books', 'trekkies', 'smof'];
	it('with the Discordians one Weird group from their goal, it keeps its second Special against 10 MB', () => {
		expect(answer(offerFor(TWO_SPECIALS, NEAR))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('without the abolish weight it sells the same Special for the same price', () => {
		expect(answer(offerFor(TWO_SPECIALS, NEAR), 0)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it('with every rival far from its goals it sells', () => {
		expect(answer(offerFor(TWO_SPECIALS, ['hackers']))).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});

describe('one card can do what the pair does', () => {
	const NEAR: CardId[] = ['hackers', 'comic-books', 'trekkies', 'smof'];
	it.each(['deep-agent', 'interference-1'])('hard keeps %s alone with the Discordians one Weird group short', (card) => {
		expect(answer(offerFor([card], NEAR))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('it sells a Special that cannot answer a privilege alone (Murphy\'s Law) for the same price', () => {
		expect(answer(offerFor(['murphys-law'], NEAR))).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});
