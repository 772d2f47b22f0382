/**
 * A treasury goal met by income (threat.ts incomeWins; the evaluation's `incomeWin` weight): the
 * Gnomes of Zurich win with 150 MB, income comes at the start of their turn and a goal met wins at
 * the end of a turn (Special Goals), so Gnomes whose money and next income reach 150 win unless
 * their money is taken first. With the weight, hard counts that as a near loss and attacks the
 * group whose treasury and income stand between them and the goal; without it, it takes the
 * richest neutral group. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import { incomeWins } from '../../src/lib/bots/threat.js';
import { totalMoney, type GameState } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';

/** Seat 1, the Gnomes of Zurich: 110 MB on the Illuminati and 25 on the Loan Sharks, 135 MB; a
 * turn's income (12 + 6) and the 5 MB for passing it bring them to 158. Without the Loan Sharks:
 * 110 + 12 + 5, short of 150. */
function gnomesNearTheirGoal(gnomesMoney = 110): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 40, groups: [{ card: 'mafia', side: 1, money: 10 }, { card: 'kgb', side: 2 }] },
			{ illuminati: 'gnomes-of-zurich', money: gnomesMoney, groups: [{ card: 'loan-sharks', side: 1, money: 25 }] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'california', side: 1 }] },
			{ illuminati: 'ufos', money: 10, groups: [{ card: 'new-york', side: 1 }] },
		],
		uncontrolled: ['video-games', 'multinational-oil-companies', 'hollywood'],
	});
}

describe('a treasury goal that the next income meets', () => {
	it('is read for the Gnomes when their money and one turn of income reach 150 MB, not before', () => {
		const near = gnomesNearTheirGoal();
		expect(totalMoney(near.players[1]!)).toBe(135);
		expect(incomeWins(near, near.players[1]!)).toBe(true);
		const far = gnomesNearTheirGoal(80);
		expect(incomeWins(far, far.players[1]!)).toBe(false);
		// 127 MB: 145 after income, 150 after passing the turn.
		const passing = gnomesNearTheirGoal(102);
		expect(incomeWins(passing, passing.players[1]!)).toBe(true);
		const short = gnomesNearTheirGoal(101);
		expect(incomeWins(short, short.players[1]!)).toBe(false);
	});

	it('is never read for a goal that is not a treasury, however rich the player', () => {
		const state = gnomesNearTheirGoal();
		const rich = { ...state.players[0]!, structure: { ...state.players[0]!.structure, 'bavarian-illuminati': { ...state.players[0]!.structure['bavarian-illuminati']!, money: 500 } } };
		expect(incomeWins(state, rich)).toBe(false);
	});

	it("reads a secret goal only where the seat knows it: its own secret, or the goal once revealed", () => {
		// The UFOs choose a secret goal (Special Goals); here 140 MB, a treasury goal away if it is the Gnomes'.
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }] },
				{ illuminati: 'ufos', money: 140, groups: [{ card: 'loan-sharks', side: 1 }] },
			],
		});
		const ufos = state.players[1]!;
		expect(incomeWins(state, ufos)).toBe(false);
		expect(incomeWins(state, ufos, 'gnomes-of-zurich')).toBe(true);
		expect(incomeWins(state, ufos, 'bavarian-illuminati')).toBe(false);
		const revealed = { ...ufos, revealedGoal: 'gnomes-of-zurich' };
		expect(incomeWins(state, revealed)).toBe(true);
		// A revealed goal is the goal, whatever secret the caller names.
		expect(incomeWins(state, revealed, 'bavarian-illuminati')).toBe(true);
	});

	it('is not read in the very long game (special goals off)', () => {
		const state = gnomesNearTheirGoal();
		const long = { ...state, options: { ...state.options, rules: { ...state.options.rules, veryLongGame: true } } };
		expect(incomeWins(long, long.players[1]!)).toBe(false);
	});
});

describe('hard with incomeWin attacks what stands between the Gnomes and their goal', () => {
	it('hard carries the weight by default; normal does not', () => {
		expect(LEVEL_DEFAULTS.hard.config.weights.incomeWin).toBeGreaterThan(0);
		expect(LEVEL_DEFAULTS.normal.config.weights.incomeWin ?? 0).toBe(0);
	});

	const decide = (incomeWin: number) =>
		createBot({ level: 'hard', seed: 'gnomes', tune: { offersPerTurn: 0, weights: { ...LEVEL_DEFAULTS.hard.config.weights, incomeWin } } }).decide(gnomesNearTheirGoal(), 0);

	it('attacks the Loan Sharks (their treasury and income) with the weight', () => {
		expect(decide(0.8)).toMatchObject({ type: 'attack', seat: 0, target: 'loan-sharks' });
	});

	it('takes a neutral group without it', () => {
		expect(decide(0)).toMatchObject({ type: 'attack', seat: 0, target: 'multinational-oil-companies' });
	});
});
