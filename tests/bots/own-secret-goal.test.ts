/**
 * A seat's own secret goal, met, is a win in its evaluation (evaluate.ts `winning`): the UFOs (or
 * anyone with hidden goals) reveal the goal when the claim window opens and win (Special Goals).
 * Before, the evaluation read only goals the public state shows, so a bot counted its own met
 * secret goal as progress alone, some 160 points against the 900 of a public goal met.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, WIN } from '../../src/lib/bots/evaluate.js';
import { LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import { hasWon, type GameState } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';

/** The UFOs (seat 0) hold `money` MB: 150 meets the Gnomes of Zurich's goal, if that is their secret. */
function ufosWith(money: number): GameState {
	return scenario({
		players: [
			{ illuminati: 'ufos', money, groups: [{ card: 'loan-sharks', side: 1 }] },
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'kgb', side: 1 }] },
		],
	});
}

const weights = LEVEL_DEFAULTS.normal.config.weights;
const value = (state: GameState, secretGoal: string | null) => evaluate(state, { seat: 0, secretGoal }, weights);

describe("a seat's own secret goal met counts as a win", () => {
	it('the public state shows no goal met', () => {
		const state = ufosWith(160);
		expect(hasWon(state, state.players[0]!)).toBe(false);
	});

	it('met: worth most of a win more than the same state under a secret goal not met', () => {
		const state = ufosWith(160);
		expect(value(state, 'gnomes-of-zurich') - value(state, 'bavarian-illuminati')).toBeGreaterThan(0.7 * WIN);
	});

	it('not yet met (140 MB): no win counted', () => {
		const state = ufosWith(140);
		expect(value(state, 'gnomes-of-zurich') - value(state, 'bavarian-illuminati')).toBeLessThan(0.3 * WIN);
	});

	it('a secret the seat does not know (null) is never counted met', () => {
		const state = ufosWith(160);
		expect(value(state, null) - value(state, 'bavarian-illuminati')).toBeLessThan(0.3 * WIN);
	});
});
