/**
 * The bots' choices in named positions (built with the scenario helpers): they take a win that is
 * there, stop a rival's winning attack when they can, answer offers by their value, go for their
 * special goal, use an after-roll Special when it saves a group, and every entry they make is legal.
 * Bots run without a clock here, so every choice is reproducible.
 */
import { describe, expect, it } from 'vitest';
import { createBot, RandomSeat, type Level } from '../../src/lib/bots/index.js';
import { askOrder } from '../../src/lib/bots/game.js';
import { attackOdds, DEFAULT_RULES, initialState, step, type Action, type CardId, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { dice, play, scenario, type PlayerSpec } from '../helpers/scenario.js';
import { greedy } from './structures.js';

const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

/** Ten groups: with the Illuminati, eleven cards, one short of the four-player basic goal (12). */
const TEN = ['cia', 'irs', 'big-media', 'federal-reserve', 'fbi', 'pentagon', 'texas', 'republicans', 'democrats', 'california'];
const NEAR_WIN = (illuminati: CardId, money = 20): PlayerSpec => ({ illuminati, money, groups: greedy(illuminati, TEN) });
const SMALL = (illuminati: CardId, groups: readonly CardId[], money = 20): PlayerSpec => ({ illuminati, money, groups: greedy(illuminati, groups) });

function bot(level: Level, seed = 'positions') {
	return createBot({ level, seed, playouts: 2 });
}

/** Outcomes of 36 in which the attack under way succeeds. */
function chance(state: GameState): number {
	if (state.phase.kind !== 'attack') throw new Error('no attack under way');
	return attackOdds(state, state.phase.attack).probability.numerator;
}

/** The bot's entry, checked legal and applied. */
function decideAndPlay(state: GameState, level: Level, seat: Seat): { action: PlayerAction | null; state: GameState } {
	const action = bot(level).decide(state, seat);
	if (action === null) return { action, state };
	const result = step(state, action);
	expect(result.ok, `${level} chose an illegal entry ${JSON.stringify(action)}`).toBe(true);
	return { action, state: result.ok ? result.state : state };
}

/** Plays on with bots in every seat until the game is over or `entries` entries were applied;
 * attack dice come from `roll` (a sandbox scenario states them). */
function playOn(state: GameState, level: Level, roll: readonly [number, number], entries = 200): GameState {
	const players = state.players.map((_, seat) => bot(level, `seat-${seat}`));
	let current = state;
	for (let i = 0; i < entries && current.phase.kind !== 'over'; i++) {
		let action: Action | null = null;
		if (current.random !== null) action = current.random.kind === 'attackRoll' ? dice(...roll) : { type: 'random', seed: `${i}`.padStart(16, '0') };
		else {
			for (const seat of askOrder(current)) {
				action = players[seat]!.decide(current, seat);
				if (action !== null) break;
			}
		}
		if (action === null) break;
		const result = step(current, action);
		expect(result.ok, `illegal entry ${JSON.stringify(action)}`).toBe(true);
		if (!result.ok) break;
		current = result.state;
		expect(invariantProblems(current)).toEqual([]);
	}
	return current;
}

describe('a bot takes an exact win', () => {
	// The rivals have no money left to interfere: the twelfth card is there for the taking.
	const position = () =>
		scenario({
			players: [NEAR_WIN('network'), SMALL('bavarian-illuminati', ['mafia', 'new-york'], 0), SMALL('gnomes-of-zurich', ['loan-sharks'], 0), SMALL('ufos', ['kgb'], 0)],
			uncontrolled: ['hollywood', 'semiconscious-liberation-army'],
		});

	it.each(LEVELS)('%s attacks to control a twelfth card and wins when the dice allow', (level) => {
		const { action } = decideAndPlay(position(), level, 0);
		expect(action).toMatchObject({ type: 'attack', kind: 'control' });
		const end = playOn(position(), level, [1, 1]);
		expect(end.phase.kind).toBe('over');
		expect(end.winners).toEqual([0]);
	});
});

describe("a bot stops a rival's winning attack when it can", () => {
	it.each(LEVELS)('%s spends against the attack until it cannot succeed', (level) => {
		let state = scenario({
			players: [SMALL('bavarian-illuminati', ['mafia'], 40), NEAR_WIN('network', 0), SMALL('gnomes-of-zurich', ['loan-sharks'], 0), SMALL('ufos', ['kgb'], 0)],
			uncontrolled: ['hollywood'],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'network', target: 'hollywood', aids: [] });
		const before = chance(state);
		expect(before).toBeGreaterThan(0);
		const { action, state: after } = decideAndPlay(state, level, 0);
		expect(action).toMatchObject({ type: 'spend', seat: 0, side: 'against' });
		expect(after.phase.kind).toBe('attack');
		expect(chance(after)).toBe(0);
	});
});

describe('a bot answers an offer by its value', () => {
	const base = () =>
		scenario({
			players: [SMALL('bavarian-illuminati', ['mafia', 'hollywood'], 10), SMALL('gnomes-of-zurich', ['loan-sharks'], 30), SMALL('network', ['kgb'], 5)],
			turn: { seat: 1 },
		});
	const nothing = { money: 0, specials: [], groups: [] };

	it.each(LEVELS)('%s accepts money for nothing', (level) => {
		const state = play(base(), { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 10 }, take: nothing, private: false });
		expect(bot(level).decide(state, 0)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it.each(LEVELS)('%s declines to sell a group for 1 MB', (level) => {
		const state = play(base(), { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 1 }, take: { ...nothing, groups: ['hollywood'] }, private: false });
		expect(bot(level).decide(state, 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});

	it.each(LEVELS)('%s declines a rich offer that would hand the rival its twelfth card', (level) => {
		let state = scenario({
			players: [SMALL('bavarian-illuminati', ['mafia', 'hollywood'], 10), NEAR_WIN('network', 30), SMALL('gnomes-of-zurich', ['loan-sharks'], 5), SMALL('ufos', ['kgb'], 5)],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, money: 30 }, take: { ...nothing, groups: ['hollywood'] }, private: true });
		expect(bot(level).decide(state, 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});
});

describe('a bot goes for its special goal when it is near', () => {
	it.each(LEVELS)('%s: the Gnomes at 145 MB take the 5 MB for passing, which makes 150', (level) => {
		const state = scenario({
			players: [{ illuminati: 'gnomes-of-zurich', money: 100, groups: [{ card: 'cia', side: 1, money: 45 }] }, SMALL('network', ['kgb'], 5), SMALL('ufos', ['mafia'], 5)],
			uncontrolled: ['hollywood', 'video-games'],
		});
		const { action, state: after } = decideAndPlay(state, level, 0);
		expect(action).toEqual({ type: 'passTurn', seat: 0 });
		expect(after.phase.kind).toBe('over');
		expect(after.winners).toEqual([0]);
	});
});

describe('a bot plays a Special in its window', () => {
	it.each(LEVELS)("%s plays Murphy's Law on a rival's successful attack on its group", (level) => {
		let state = scenario({
			players: [{ ...SMALL('bavarian-illuminati', ['loan-sharks'], 5), hand: ['murphys-law'] }, SMALL('network', ['mafia'], 30), SMALL('gnomes-of-zurich', ['kgb'], 5)],
			turn: { seat: 1 },
		});
		state = play(state, { type: 'attack', seat: 1, kind: 'control', attacker: 'mafia', target: 'loan-sharks', aids: [] });
		for (const seat of [1, 0, 2]) state = play(state, { type: 'passSpending', seat });
		state = play(state, dice(1, 2));
		expect(state.phase.kind).toBe('afterRoll');
		const { action } = decideAndPlay(state, level, 0);
		expect(action).toEqual({ type: 'playSpecial', seat: 0, card: 'murphys-law' });
	});
});

describe('bots are reproducible', () => {
	it.each(LEVELS)('%s with the same seed makes the same choices in the same positions', (level) => {
		const state = scenario({
			players: [SMALL('bavarian-illuminati', ['mafia'], 25), SMALL('network', ['kgb', 'hollywood'], 10), SMALL('gnomes-of-zurich', ['loan-sharks'], 5)],
			uncontrolled: ['video-games', 'tabloids', 'cia'],
		});
		const a = createBot({ level, seed: 'same', playouts: 2 });
		const b = createBot({ level, seed: 'same', playouts: 2 });
		expect(b.decide(state, 0)).toEqual(a.decide(state, 0));
	});
});

describe('a bot never gives away the game in a deal', () => {
	const nothing = { money: 0, specials: [], groups: [] };
	/** The Gnomes of Zurich (150 MB wins) offer their Swiss Bank Account (25 MB) for 5 MB. */
	const bargain = (gnomesMoney: number) => {
		const state = scenario({
			players: [SMALL('bavarian-illuminati', ['mafia'], 30), { ...SMALL('gnomes-of-zurich', ['loan-sharks'], gnomesMoney), hand: ['swiss-bank-account'] }, SMALL('network', ['kgb'], 10)],
			turn: { seat: 1 },
		});
		return play(state, { type: 'offer', seat: 1, to: 0, give: { ...nothing, specials: ['swiss-bank-account'] }, take: { ...nothing, money: 5 }, private: true });
	};

	it.each(LEVELS)('%s takes a 25 MB card for 5 MB while the Gnomes are far from 150 MB', (level) => {
		expect(bot(level).decide(bargain(60), 0)).toMatchObject({ type: 'acceptOffer', seat: 0, offer: 0 });
	});

	it.each(LEVELS)('%s declines the same bargain when its 5 MB would take the Gnomes to 150', (level) => {
		expect(bot(level).decide(bargain(145), 0)).toMatchObject({ type: 'declineOffer', seat: 0, offer: 0 });
	});
});

describe('a bot never makes an illegal move', () => {
	it.each(LEVELS)('%s: every entry it makes in the positions of a seeded random game is legal', (level) => {
		const seed = 'illegal-moves-2026';
		const players = [0, 1, 2, 3].map((seat) => new RandomSeat(`${seed}:${seat}`));
		const bots = [0, 1, 2, 3].map((seat) => createBot({ level, seed: `${seed}:${seat}`, nodeBudget: 200, playouts: 1 }));
		let state = initialState({ players: 4, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES });
		let asked = 0;
		for (let i = 0; i < 160 && state.phase.kind !== 'over'; i++) {
			let next: Action | null = null;
			if (state.random !== null) next = { type: 'random', seed: i.toString(16).padStart(32, '0') };
			for (const seat of state.random === null ? askOrder(state) : []) {
				const choice = bots[seat]!.decide(state, seat);
				if (choice !== null) {
					asked++;
					expect(step(state, choice).ok, `${level} chose an illegal entry ${JSON.stringify(choice)} at entry ${i}`).toBe(true);
				}
				next ??= players[seat]!.decide(state, seat);
			}
			if (next === null) break;
			const result = step(state, next);
			if (!result.ok) throw new Error(`random entry refused: ${JSON.stringify(next)}`);
			state = result.state;
		}
		expect(asked).toBeGreaterThan(50);
	});
});
