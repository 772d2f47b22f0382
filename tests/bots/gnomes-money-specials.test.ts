/**
 * The Gnomes of Zurich and the money Specials (QA, session 16).
 *
 * Rules: Special Goals, Gnomes of Zurich: 150 MB across the structure's treasuries, checked at the
 * end of every turn (Basic Rules: Winning the Game). Special Cards: the Swiss Bank Account adds
 * 25 MB to its player's Illuminati treasury, White Collar Crime moves the treasuries about and adds
 * 5 MB, whenever the player likes.
 *
 * The bots' evaluation counted a money Special in hand at most 12 points, while every MB in a
 * treasury counted as progress toward 150 too: a Gnomes bot one card from its goal offered the card
 * away or sold it cheap. Now a held card's money counts toward a treasury goal (progress.ts
 * `moneyInHand`). Bots run without a clock (reproducible).
 */
import { describe, expect, it } from 'vitest';
import { hasWon, type GameState } from '../../src/lib/engine/index.js';
import { passAll, play, scenario } from '../helpers/scenario.js';
import { player } from './structures.js';
import { decide, LEVELS, playOn } from './level-play.js';

const nothing = { money: 0, specials: [], groups: [] };

/** The Gnomes (seat 0, their actions step, two actions left) hold 125 MB (100 on the Illuminati,
 * 25 on the CIA) and the Swiss Bank Account: playing it makes 150, and ending the turn wins. */
function gnomesWithSwiss(): GameState {
	return scenario({
		players: [
			{ illuminati: 'gnomes-of-zurich', money: 100, groups: [{ card: 'cia', side: 1, money: 25 }], hand: ['swiss-bank-account'] },
			player('network', ['kgb'], 5),
			player('ufos', ['mafia'], 5),
		],
		uncontrolled: ['hollywood', 'video-games'],
	});
}

/** The same with 145 MB and White Collar Crime (+5 MB): playing it, or passing the turn for 5 MB, wins. */
function gnomesWithWhiteCollar(): GameState {
	return scenario({
		players: [
			{ illuminati: 'gnomes-of-zurich', money: 100, groups: [{ card: 'cia', side: 1, money: 45 }], hand: ['white-collar-crime'] },
			player('network', ['kgb'], 5),
			player('ufos', ['mafia'], 5),
		],
		uncontrolled: ['hollywood', 'video-games'],
	});
}

describe('the Gnomes at 125 MB with the Swiss Bank Account win this turn', () => {
	it('the position: the card makes 150 MB, which meets the goal', () => {
		const state = passAll(play(gnomesWithSwiss(), { type: 'playSpecial', seat: 0, card: 'swiss-bank-account' }));
		expect(state.chain).toBeNull();
		expect(hasWon(state, state.players[0]!)).toBe(true);
		expect(hasWon(gnomesWithSwiss(), gnomesWithSwiss().players[0]!)).toBe(false);
	});

	// Normal offered the Network the card for 5 MB; the Network took it, the Gnomes ended at 130 MB.
	it.each(LEVELS)('%s does not offer the winning card away', (level) => {
		const action = decide(gnomesWithSwiss(), level, 0);
		expect(action?.type === 'offer' && action.give.specials.includes('swiss-bank-account')).toBe(false);
	});

	it.each(LEVELS)('%s plays on to a win at the end of its turn (rivals normal)', (level) => {
		const { end } = playOn(gnomesWithSwiss(), level, { until: (s) => s.turn?.seat === 1 });
		expect(end.phase.kind).toBe('over');
		expect(end.winners).toEqual([0]);
	});
});

describe('the Gnomes at 145 MB with White Collar Crime win this turn', () => {
	// Normal offered White Collar Crime for 2 MB first.
	it.each(LEVELS)('%s does not offer the card away', (level) => {
		const action = decide(gnomesWithWhiteCollar(), level, 0);
		expect(action?.type === 'offer' && action.give.specials.includes('white-collar-crime')).toBe(false);
	});

	it.each(LEVELS)('%s plays on to a win at the end of its turn (rivals normal)', (level) => {
		const { end } = playOn(gnomesWithWhiteCollar(), level, { until: (s) => s.turn?.seat === 1 });
		expect(end.phase.kind).toBe('over');
		expect(end.winners).toEqual([0]);
	});
});

/** In the Network's turn, the Network offers the Gnomes (115 MB: 90 + 25 on the CIA) `price` MB for
 * their Swiss Bank Account. Keeping it: next turn 115 + 12 income + 25 = 152, a win. Selling it for
 * 12: 127 + 12 + 5 for passing = 144, no win; and the Network gains a 25 MB card. */
function networkBuysSwiss(price: number): GameState {
	const state = scenario({
		players: [
			{ illuminati: 'gnomes-of-zurich', money: 90, groups: [{ card: 'cia', side: 1, money: 25 }], hand: ['swiss-bank-account'] },
			player('network', ['kgb'], 20),
			player('ufos', ['mafia'], 5),
		],
		turn: { seat: 1 },
	});
	return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: price }, take: { ...nothing, specials: ['swiss-bank-account'] }, private: true });
}

describe('the Gnomes near 150 MB do not sell their Swiss Bank Account cheap', () => {
	it('the position: with the card the Gnomes meet 150 MB next turn', () => {
		const state = networkBuysSwiss(12);
		const gnomes = state.players[0]!;
		const total = Object.values(gnomes.structure).reduce((sum, placement) => sum + placement.money, 0);
		expect(total).toBe(115);
		expect(hasWon(state, gnomes)).toBe(false);
	});

	// Easy and normal took 8 and 12 MB for a card that wins them the game next turn.
	for (const price of [8, 12]) {
		it.each(LEVELS)(`%s declines ${price} MB for the card`, (level) => {
			expect(decide(networkBuysSwiss(price), level, 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
		});
	}
});
