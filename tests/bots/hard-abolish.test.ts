/**
 * Hard's `abolish` weight (evaluate.ts): two Specials discarded together abolish a rival's
 * privilege (Basic Rules: Interference), so while a rival nears its goal hard keeps a pair rather
 * than sell one of them for a few MB; with every rival far from its goals (or without the weight)
 * it sells. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import type { CardId, GameState } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { player } from './structures.js';

const TWO_SPECIALS: CardId[] = ['murphys-law', 'slush-fund'];
const nothing = { money: 0, specials: [], groups: [] };

/** Seat 0 (the Servants of Cthulhu, far from its goals) holds two Specials; the Gnomes of Zurich,
 * in their turn, offer `price` MB for one. The Discordian Society (seat 2) holds `weird` Weird groups. */
function offerForSecondSpecial(weird: readonly CardId[], price: number): GameState {
	const state = scenario({
		players: [
			{ ...player('servants-of-cthulhu', ['kgb'], 10), hand: TWO_SPECIALS },
			player('gnomes-of-zurich', ['loan-sharks'], 40),
			player('discordian-society', weird, 10),
			player('network', ['mafia'], 10),
		],
		turn: { seat: 1 },
	});
	return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: price }, take: { ...nothing, specials: ['murphys-law'] }, private: true });
}

function answer(state: GameState, abolish?: number) {
	const weights = abolish === undefined ? LEVEL_DEFAULTS.hard.config.weights : { ...LEVEL_DEFAULTS.hard.config.weights, abolish };
	return createBot({ level: 'hard', seed: 'abolish', tune: { weights } }).decide(state, 0);
}

describe('hard keeps two Specials while a rival nears its goal', () => {
	const NEAR: CardId[] = ['hackers', 'comic-books', 'trekkies', 'smof'];
	it('with the Discordians one Weird group from their goal, it keeps its second Special against 8 MB', () => {
		expect(answer(offerForSecondSpecial(NEAR, 8))).toEqual({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('without the abolish weight it sells the same Special for the same price', () => {
		expect(answer(offerForSecondSpecial(NEAR, 8), 0)).toEqual({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it('with every rival far from its goals it sells', () => {
		expect(answer(offerForSecondSpecial(['hackers'], 8))).toEqual({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});

describe('one card can do what the pair does', () => {
	/** As above, seat 0 holding only `card`; the Gnomes offer 8 MB for it. */
	function offerFor(card: CardId): GameState {
		const state = scenario({
			players: [
				{ ...player('servants-of-cthulhu', ['kgb'], 10), hand: [card] },
				player('gnomes-of-zurich', ['loan-sharks'], 40),
				player('discordian-society', ['hackers', 'comic-books', 'trekkies', 'smof'], 10),
				player('network', ['mafia'], 10),
			],
			turn: { seat: 1 },
		});
		return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 8 }, take: { ...nothing, specials: [card] }, private: true });
	}

	it.each(['deep-agent', 'interference-1'])('hard keeps %s alone with the Discordians one Weird group short', (card) => {
		expect(answer(offerFor(card))).toEqual({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('it sells a Special that cannot answer a privilege alone (Murphy\'s Law) for the same price', () => {
		expect(answer(offerFor('murphys-law'))).toEqual({ type: 'acceptOffer', seat: 0, offer: 0 });
	});
});
