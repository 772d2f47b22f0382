/**
 * The race reading (threat.ts; the evaluation's `threat` weight, off at every level since it did
 * not measure better, docs/bots.md): a rival's chance to win on its next turn, from its steps to a
 * goal, counts that share of a loss. Named positions: hard with it declines the deal that would put
 * a rival one group from its goal, on its turn attacks the group of a rival one card from the basic
 * goal, and spends against a rival's capture that would bring it one group from its goal, where
 * normal (which counts only a goal met) does none of these. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import { evaluate } from '../../src/lib/bots/evaluate.js';
import { nextTurnWin, stepsToWin } from '../../src/lib/bots/threat.js';
import type { GameState, PlayerAction } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { player, tabloidsFor } from './structures.js';

/** Ten poor groups (low income and Power): with the Illuminati, eleven cards, one short of the
 * four-player basic goal (12). Taking one is worth little by itself. */
const TEN = ['gun-lobby', 'militia', 'kkk', 'libertarians', 'congressional-wives', 'punk-rockers', 'morticians', 'science-fiction-fans', 'survivalists', 'eco-guerrillas'];


/** Seat 1 (the Network) is one card short of the basic goal; seat 0 (the Gnomes) is far from any;
 * rich groups (Multinational Oil Companies, Video Games) are there for the taking. */
function leaderNearGoal(): GameState {
	return scenario({
		players: [player('gnomes-of-zurich', ['mafia', 'new-york', 'california'], 30), player('network', TEN, 10), player('bermuda-triangle', ['loan-sharks'], 10), player('ufos', ['kgb'], 10)],
		uncontrolled: ['video-games', 'multinational-oil-companies', 'hollywood'],
	});
}

/** Normal as it plays, or hard with the race reading (a quarter of a loss per rival's win next turn). */
function decide(level: 'normal' | 'hard', state: GameState, seat = 0): PlayerAction | null {
	const weights = level === 'hard' ? { ...LEVEL_DEFAULTS.hard.config.weights, threat: 0.25 } : LEVEL_DEFAULTS.normal.config.weights;
	return createBot({ level, seed: 'threat', tune: { offersPerTurn: 0, weights } }).decide(state, seat);
}

describe('steps to a goal and the chance of a win next turn', () => {
	it('counts a player one card short of the basic goal one step away, the Discordians with three Weird groups two', () => {
		const state = leaderNearGoal();
		expect(stepsToWin(state, state.players[1]!)).toBe(1);
		const discordians = tabloidsFor(22).players[1]!;
		expect(stepsToWin(tabloidsFor(22), discordians)).toBe(2);
	});

	it('makes a nearer rival likelier to win, and one three steps away unlikely', () => {
		expect(nextTurnWin(0.5)).toBeGreaterThan(nextTurnWin(1));
		expect(nextTurnWin(1)).toBeGreaterThan(nextTurnWin(1.5));
		expect(nextTurnWin(1.5)).toBeGreaterThan(nextTurnWin(2));
		expect(nextTurnWin(3)).toBeLessThan(0.1);
		expect(nextTurnWin(Infinity)).toBe(0);
	});
});

describe('with the race reading, hard refuses a deal that puts a rival one group from winning', () => {
	it('normal sells the Discordians their fourth Weird group for 22 MB; hard declines it', () => {
		expect(decide('normal', tabloidsFor(22))).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
		expect(decide('hard', tabloidsFor(22))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it('hard declines it at 30 MB too', () => {
		expect(decide('hard', tabloidsFor(30))).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});
});

describe("with the race reading, hard attacks the leader's groups when the leader is one card from its goal", () => {
	const targetsLeader = (action: PlayerAction | null, state: GameState) =>
		action?.type === 'attack' && state.players[1]!.structure[action.target] !== undefined;

	it('hard attacks a group of the Network; normal takes a rich group for itself', () => {
		const state = leaderNearGoal();
		const hard = decide('hard', state);
		expect(hard).toMatchObject({ type: 'attack', seat: 0 });
		expect(targetsLeader(hard, state)).toBe(true);
		const normal = decide('normal', state);
		expect(normal).toMatchObject({ type: 'attack', seat: 0 });
		expect(targetsLeader(normal, state)).toBe(false);
	});
});

describe('with the race reading, hard spends against a capture that would put a rival one step from its goal', () => {
	it('the Discordians (three Weird groups) attack the Tabloids: normal passes, hard spends against', () => {
		let state = scenario({
			players: [
				player('gnomes-of-zurich', ['mafia', 'loan-sharks'], 20),
				player('discordian-society', ['cia', 'hackers', 'comic-books', 'trekkies'], 10),
				player('bermuda-triangle', ['kgb'], 0),
				player('network', ['fbi'], 0),
			],
			uncontrolled: ['tabloids'],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'discordian-society', target: 'tabloids', aids: [] });
		expect(decide('normal', state)).toEqual({ type: 'passSpending', seat: 0 });
		expect(decide('hard', state)).toMatchObject({ type: 'spend', seat: 0, side: 'against' });
	});
});

describe("the race weight counts the seat's own steps to its goal", () => {
	/** The Discordians (seat 0) with `weird` Weird groups, nothing else changed. */
	const discordians = (weird: readonly string[]) =>
		scenario({ players: [player('discordian-society', ['mafia', ...weird], 20), player('network', ['cia'], 10), player('gnomes-of-zurich', ['loan-sharks'], 10)] });
	const gain = (race: number) => {
		const weights = { ...LEVEL_DEFAULTS.hard.config.weights, race };
		const knowledge = { seat: 0, secretGoal: null };
		return evaluate(discordians(['hackers', 'comic-books', 'trekkies', 'tabloids']), knowledge, weights) - evaluate(discordians(['hackers', 'comic-books', 'trekkies']), knowledge, weights);
	};

	it('values a fourth Weird group (one step from the goal) more with it than without', () => {
		expect(gain(0.25) - gain(0)).toBeGreaterThan(50);
	});
});

