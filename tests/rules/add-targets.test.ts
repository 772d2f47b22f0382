/**
 * Add targets (2018 rules, version 4.0, Sequence of Play step 7), the rule option addTargets: at
 * the end of each turn, if fewer than three groups are uncontrolled, cards are drawn from the deck
 * until three are; a Special drawn this way is discarded. The text is silent on an empty deck:
 * the refill stops. Default off, so logs written before the option replay unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGroup, isSpecial } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES, canonicalJson, parseLog, replay, sha256Hex, stateHash, type CardId, type GameLog, type GameState } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry, randomGame } from '../../src/lib/bots/random-player.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { expectSound, play, scenario, type PlayerSpec } from '../helpers/scenario.js';

const BAVARIANS: PlayerSpec = { illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1 }] };
const NETWORK: PlayerSpec = { illuminati: 'network', money: 10, groups: [{ card: 'fbi', side: 1 }] };
const END_TURN = { type: 'endTurn', seat: 0 } as const;

function table(uncontrolled: CardId[], addTargets = true): GameState {
	return scenario({ players: [BAVARIANS, NETWORK], uncontrolled, rules: { addTargets } });
}

/** The same table with only `keep` left in the deck: the rest of its groups go to the dead pile
 * and its Specials to the discard, so every card is still in one place. */
function withDeck(state: GameState, keep: readonly CardId[]): GameState {
	const gone = state.deck.filter((card) => !keep.includes(card));
	return { ...state, deck: [...keep], dead: [...state.dead, ...gone.filter(isGroup)], discard: [...state.discard, ...gone.filter(isSpecial)] };
}

const fixed = (...cards: CardId[]) => ({ type: 'fixed', cards }) as const;

describe('Add targets (2018 Sequence of Play, step 7): the uncontrolled area refilled to three', () => {
	it.each([
		{ uncontrolled: [], count: 3 },
		{ uncontrolled: ['yuppies'], count: 2 },
		{ uncontrolled: ['yuppies', 'mafia'], count: 1 },
		{ uncontrolled: ['yuppies', 'mafia', 'kgb'], count: 0 },
		{ uncontrolled: ['yuppies', 'mafia', 'kgb', 'trekkies'], count: 0 },
	])('$uncontrolled.length uncontrolled at the end of the turn: $count card(s) drawn', ({ uncontrolled, count }) => {
		const ended = play(table(uncontrolled), END_TURN);
		if (count === 0) {
			expect(ended.random).toBeNull();
			expect(ended.turn!.seat).toBe(1);
			return;
		}
		expect(ended.random).toEqual({ kind: 'targets', count });
		expect(ended.turn!.seat).toBe(0);
		const groups = ended.deck.filter(isGroup).filter((card) => !uncontrolled.includes(card)).slice(0, count);
		const refilled = play(ended, fixed(...groups));
		expect(refilled.uncontrolled).toEqual([...uncontrolled, ...groups]);
		expect(refilled.random).toBeNull();
		expect(refilled.phase.kind).toBe('turnStart');
		expect(refilled.turn!.seat).toBe(1);
		expectSound(refilled);
	});

	it('option off (the classic game): no card is drawn at the end of the turn', () => {
		const ended = play(table(['yuppies'], false), END_TURN);
		expect(ended.random).toBeNull();
		expect(ended.uncontrolled).toEqual(['yuppies']);
		expect(ended.turn!.seat).toBe(1);
	});

	it('a Special drawn is discarded, and drawing goes on until three groups are uncontrolled', () => {
		const ended = play(table(['yuppies']), END_TURN);
		const once = play(ended, fixed('slush-fund', 'mafia'));
		expect(once.discard).toEqual(['slush-fund']);
		expect(once.uncontrolled).toEqual(['yuppies', 'mafia']);
		expect(once.players.every((p) => !p.hand.includes('slush-fund'))).toBe(true);
		expect(once.random).toEqual({ kind: 'targets', count: 1 });
		const twice = play(once, fixed('deep-agent'));
		expect(twice.discard).toEqual(['slush-fund', 'deep-agent']);
		expect(twice.random).toEqual({ kind: 'targets', count: 1 });
		const done = play(twice, fixed('kgb'));
		expect(done.uncontrolled).toEqual(['yuppies', 'mafia', 'kgb']);
		expect(done.turn!.seat).toBe(1);
		expectSound(done);
	});

	it.each([
		{ deck: [], draws: [], uncontrolled: ['yuppies'] },
		{ deck: ['mafia'], draws: [['mafia']], uncontrolled: ['yuppies', 'mafia'] },
		{ deck: ['slush-fund', 'deep-agent'], draws: [['slush-fund', 'deep-agent']], uncontrolled: ['yuppies'] },
		{ deck: ['slush-fund', 'mafia'], draws: [['slush-fund', 'mafia']], uncontrolled: ['yuppies', 'mafia'] },
	])('an empty deck stops the refill: deck $deck, uncontrolled after $uncontrolled', ({ deck, draws, uncontrolled }) => {
		let state = play(withDeck(table(['yuppies']), deck), END_TURN);
		for (const cards of draws) {
			expect(state.random).toEqual({ kind: 'targets', count: cards.length });
			state = play(state, fixed(...cards));
		}
		expect(state.random).toBeNull();
		expect(state.deck).toEqual([]);
		expect(state.uncontrolled).toEqual(uncontrolled);
		expect(state.turn!.seat).toBe(1);
		expectSound(state);
	});

	it('drawn with a seed like any draw: uniform among the cards left in the deck', () => {
		const ended = play(withDeck(table([]), ['mafia', 'kgb', 'slush-fund', 'trekkies']), END_TURN);
		const seeded = play(ended, { type: 'random', seed: '0123456789abcdef' });
		expect(seeded.uncontrolled.length + seeded.discard.filter((card) => card === 'slush-fund').length).toBe(3);
		const done = seeded.random === null ? seeded : play(seeded, { type: 'random', seed: 'fedcba9876543210' });
		expect(done.uncontrolled).toHaveLength(3);
		expect(done.deck).toEqual([]);
		expectSound(done);
	});

	it('a turn that ends the game draws nothing: victory is checked first', () => {
		const rich = { illuminati: 'gnomes-of-zurich', money: 150, groups: [{ card: 'kgb', side: 1 }] } as const;
		const ended = play(scenario({ players: [rich, NETWORK], uncontrolled: [], rules: { addTargets: true } }), END_TURN);
		expect(ended.winners).toEqual([0]);
		expect(ended.random).toBeNull();
	});

	it('also at the end of a turn lost to the Senate Investigating Committee', () => {
		const state = { ...table(['yuppies']), phase: { kind: 'turnStart', passed: [], doubleIncome: false } as const };
		const given = { ...state, players: state.players.map((p) => (p.seat === 1 ? { ...p, hand: ['senate-investigating-committee'] } : p)), deck: state.deck.filter((c) => c !== 'senate-investigating-committee') };
		let skipped = play(given, { type: 'playSpecial', seat: 1, card: 'senate-investigating-committee' });
		for (const seat of [0, 1]) skipped = play(skipped, { type: 'passWindow', seat });
		expect(skipped.random).toEqual({ kind: 'targets', count: 2 });
		expect(skipped.players[0]!.turnsCompleted).toBe(4);
	});
});

describe('Add targets: a rule option, default off; old logs replay unchanged', () => {
	it('DEFAULT_RULES has addTargets off; a log written before the option gets it off', () => {
		expect(DEFAULT_RULES.addTargets).toBe(false);
		const { addTargets: _off, ...older } = DEFAULT_RULES;
		const parsed = parseLog({ format: 'fnord-log', version: 1, setup: { players: 2, illuminati: 'random', sandbox: true, rules: older }, entries: [] });
		expect(parsed.ok && parsed.log.setup.rules.addTargets).toBe(false);
		const bad = parseLog({ format: 'fnord-log', version: 1, setup: { players: 2, illuminati: 'random', sandbox: true, rules: { addTargets: 'yes' } }, entries: [] });
		expect(bad).toMatchObject({ ok: false });
	});

	const fixture = JSON.parse(readFileSync(join(process.cwd(), 'tests', 'fixtures', 'logs', 'before-add-targets.json'), 'utf8')) as {
		games: { log: GameLog; stateWithoutOptions: string }[];
	};
	const withoutOptions = (state: GameState) => {
		const { options: _options, ...rest } = state;
		return sha256Hex(canonicalJson(rest));
	};

	it.each(fixture.games.map((game, i) => [i, game] as const))('game %i, logged before the option, replays to the same state', (_, game) => {
		const parsed = parseLog(game.log);
		if (!parsed.ok) throw new Error(parsed.error);
		const result = replay(parsed.log);
		expect(result.rejected).toEqual([]);
		expect(withoutOptions(result.state)).toBe(game.stateWithoutOptions);
	});

	it('seeded random games with the option on (as the fuzz plays them): invariants after every step, the same replay', () => {
		for (let index = 0; index < 14; index++) {
			const players = 2 + (index % 7);
			let previous: GameState | null = null;
			const game = randomGame({
				players,
				seed: `add-targets-fuzz:${index}`,
				maxEntries: 300,
				policy: index % 3 === 0 ? 'uniform' : 'cautious',
				setup: { rules: { ...DEFAULT_RULES, addTargets: true } },
				onStep: (state, entry) => {
					expect(invariantProblems(state)).toEqual([]);
					if (previous !== null) expect(stateHash(play(previous, entry))).toBe(stateHash(state));
					previous = state;
				},
			});
			const again = replay(game.log);
			expect(again.rejected).toEqual([]);
			expect(stateHash(again.state)).toBe(stateHash(game.state));
		}
	});

	it('seeded random play from a bare uncontrolled area and a thin deck: the refill runs, invariants kept', () => {
		let refills = 0;
		let discarded = 0;
		for (let index = 0; index < 24; index++) {
			const chooser = new Chooser(`add-targets-thin:${index}`);
			const deck = [...table([]).deck].filter((card) => isSpecial(card) || chooser.chance(1, 6));
			let state = withDeck(table([]), deck);
			for (let entries = 0; entries < 250 && state.phase.kind !== 'over'; entries++) {
				const entry = randomEntry(state, chooser, new Map(), 'cautious');
				if (entry === null) break;
				if (state.random?.kind === 'targets') refills += 1;
				const before = state.discard.length;
				state = play(state, entry);
				if (entry.type === 'random' && state.discard.length > before) discarded += 1;
				expect(invariantProblems(state)).toEqual([]);
				if (state.phase.kind === 'turnStart' && state.random === null) {
					expect(state.uncontrolled.length >= 3 || state.deck.length === 0).toBe(true);
				}
			}
		}
		expect(refills).toBeGreaterThan(10);
		expect(discarded).toBeGreaterThan(0);
	});
});
