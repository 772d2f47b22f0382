/**
 * Advanced Rules as rule options (ES "Reglas avanzadas", FR "Règles avancées"): Adjusting Game
 * Length (a longer basic goal; the very long game scored by Power), Hidden (secret) Goals, Larger
 * Games; and the Cthulhu kill count for eliminated Illuminati (ES/FR "About the Illuminati").
 * Every option defaults to the classic game, so old logs replay the same.
 */
import { describe, expect, it } from 'vitest';
import { illuminatiCard, isGroup } from '../../src/lib/engine/cards/index.js';
import {
	DEFAULT_RULES,
	LOG_BASE_RULES,
	NEW_GAME_RULES,
	attackOdds,
	basicGoal,
	goalCommitment,
	hasWon,
	initialState,
	optionsProblem,
	parseLog,
	type CardId,
	type GameState,
	type RuleOptions,
} from '../../src/lib/engine/index.js';
import { largerGameBonus } from '../../src/lib/engine/turn.js';
import { checkEliminations, veryLongGameScore } from '../../src/lib/engine/victory.js';
import { expectRefused, play, scenario, type PlayerSpec } from '../helpers/scenario.js';
import { expectSound, passAll, playThrough } from '../helpers/scenario.js';

const NETWORK: PlayerSpec = { illuminati: 'network', money: 1, groups: [{ card: 'fbi', side: 1 }] };

describe('Advanced Rules — defaults: every option is off, so old logs replay identically', () => {
	it('DEFAULT_RULES is the classic game: every named option off, every later fix on', () => {
		expect(DEFAULT_RULES).toEqual({ ...LOG_BASE_RULES, privilegedWindowAsksAll: true, everyFreeActionCounts: true });
		expect(NEW_GAME_RULES).toEqual(DEFAULT_RULES);
		expect(LOG_BASE_RULES).toEqual({
			neutralizeNeedsOpenArrow: false,
			absence: 'leave',
			basicGoalBonus: 0,
			veryLongGame: false,
			hiddenGoals: false,
			largerGameIncome: false,
			illuminated: [],
			illuminatedInDraw: false,
			privilegeAbolish: 'deepAgentOrTwoSpecials',
			cthulhuCountsEliminated: true,
			addTargets: false,
		});
	});

	it('a log naming only the old option gets the defaults; unknown and bad values are refused', () => {
		const log = { format: 'fnord-log', version: 1, setup: { players: 2, illuminati: 'random', sandbox: false, rules: { neutralizeNeedsOpenArrow: true } }, entries: [] };
		const parsed = parseLog(log);
		// The later fixes stay off for a log that does not name them (it was played without them).
		expect(parsed.ok && parsed.log.setup.rules).toEqual({ ...LOG_BASE_RULES, neutralizeNeedsOpenArrow: true });
		expect(parseLog({ ...log, setup: { ...log.setup, rules: { cheating: true } } }).ok).toBe(false);
		const options = (rules: Partial<Record<keyof RuleOptions, unknown>>) => ({ players: 3, illuminati: 'random' as const, sandbox: false, rules: { ...DEFAULT_RULES, ...rules } as RuleOptions });
		expect(optionsProblem(options({}))).toBeNull();
		for (const bad of [{ basicGoalBonus: 21 }, { basicGoalBonus: -1 }, { basicGoalBonus: 1.5 }, { absence: 'kick' }, { veryLongGame: 1 }, { privilegeAbolish: 'never' }, { cthulhuCountsEliminated: 'yes' }]) {
			expect(optionsProblem(options(bad)), JSON.stringify(bad)).not.toBeNull();
		}
	});
});

/** A player holding `count` cards (only the count matters to the basic goal). */
function holding(state: GameState, count: number): GameState['players'][number] {
	const structure: Record<CardId, GameState['players'][number]['structure'][string]> = {};
	const cards = state.deck.slice(0, count - 1);
	structure['network'] = { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 };
	for (const card of cards) structure[card] = { master: 'network', side: 1, x: 0, y: 0, rot: 0, money: 0 };
	return { ...state.players[0]!, illuminati: 'network', structure };
}

describe('Advanced Rules — Adjusting Game Length: a longer game raises the basic goal', () => {
	it.each([
		{ bonus: 0, players: 2, goal: 13 },
		{ bonus: 3, players: 2, goal: 16 },
		{ bonus: 0, players: 5, goal: 10 },
		{ bonus: 5, players: 5, goal: 15 },
	])('bonus $bonus with $players players: $goal groups', ({ bonus, players, goal }) => {
		const specs = [NETWORK, { illuminati: 'gnomes-of-zurich' }, { illuminati: 'ufos' }, { illuminati: 'bermuda-triangle' }, { illuminati: 'discordian-society' }].slice(0, players);
		const state = scenario({ players: specs, rules: { basicGoalBonus: bonus } });
		expect(basicGoal(state)).toBe(goal);
		expect(hasWon(state, holding(state, goal))).toBe(true);
		expect(hasWon(state, holding(state, goal - 1))).toBe(false);
	});
});

describe('Advanced Rules — Adjusting Game Length: the very long game', () => {
	const rich: PlayerSpec = { illuminati: 'gnomes-of-zurich', money: 200, groups: [{ card: 'mafia', side: 1 }] };
	const strong: PlayerSpec = { illuminati: 'bavarian-illuminati', groups: [{ card: 'kgb', side: 1 }, { card: 'cia', side: 2 }] };

	function ended(veryLongGame: boolean, uncontrolled: CardId[], groupsInDeck: boolean): GameState {
		const state = scenario({ players: [rich, strong], uncontrolled, rules: { veryLongGame } });
		// Without groups in the deck, the groups left there are set aside (out of play) for the test.
		const deck = groupsInDeck ? state.deck : state.deck.filter((card) => !isGroup(card));
		const outOfPlay = groupsInDeck ? state.outOfPlay : [...state.outOfPlay, ...state.deck.filter(isGroup)];
		return playThrough({ ...state, deck, outOfPlay }, { type: 'endTurn', seat: 0 });
	}

	it('Power of every card held (the Illuminati included) plus 1 per controlled group', () => {
		const state = scenario({ players: [rich, strong], rules: { veryLongGame: true } });
		// Gnomes 7 + Mafia 7 + 1 group; Bavarians 10 + KGB 2 + CIA 6 + 2 groups.
		expect(veryLongGameScore(state, state.players[0]!)).toBe(7 + 7 + 1);
		expect(veryLongGameScore(state, state.players[1]!)).toBe(10 + 2 + 6 + 2);
	});

	it.each([
		{ veryLongGame: true, uncontrolled: [], groupsInDeck: false, winners: [1] },
		{ veryLongGame: true, uncontrolled: ['yuppies'], groupsInDeck: false, winners: [] },
		{ veryLongGame: true, uncontrolled: [], groupsInDeck: true, winners: [] },
		{ veryLongGame: false, uncontrolled: ['yuppies'], groupsInDeck: true, winners: [0] },
	])('option $veryLongGame, uncontrolled $uncontrolled, groups in the deck $groupsInDeck: winners $winners', ({ veryLongGame, uncontrolled, groupsInDeck, winners }) => {
		// The Gnomes' 200 MB meet their special goal: that wins only when goals count.
		const after = ended(veryLongGame, uncontrolled, groupsInDeck);
		expect(after.winners).toEqual(winners);
	});
});

describe('Advanced Rules — Hidden Goals: every player commits to a goal from the list', () => {
	it.each([
		{ hiddenGoals: false, commits: [] },
		{ hiddenGoals: true, commits: [0, 1] },
	])('hidden goals $hiddenGoals: seats $commits commit at setup', ({ hiddenGoals, commits }) => {
		let state = initialState({ players: 2, illuminati: ['network', 'gnomes-of-zurich'], sandbox: true, rules: { ...DEFAULT_RULES, hiddenGoals } });
		const seen: number[] = [];
		while (state.phase.kind === 'ufoGoal') {
			const seat = state.phase.seat;
			seen.push(seat);
			state = play(state, { type: 'commitGoal', seat, commitment: goalCommitment('network', `salt${seat}`) });
		}
		expect(seen).toEqual(commits);
		expect(state.random).toEqual({ kind: 'layout', count: 4 });
	});

	const gnomes = (hiddenGoals: boolean, commitment: string | null): GameState => {
		const state = scenario({ players: [{ illuminati: 'gnomes-of-zurich', money: 150, groups: [{ card: 'kgb', side: 1 }] }, NETWORK], rules: { hiddenGoals } });
		return { ...state, players: state.players.map((p, i) => (i === 0 ? { ...p, goalCommitment: commitment } : p)) };
	};

	it('the Illuminati\'s own special goal no longer applies; the committed one does once revealed', () => {
		expect(playThrough(gnomes(false, null), { type: 'endTurn', seat: 0 }).winners).toEqual([0]);
		expect(playThrough(gnomes(true, goalCommitment('bermuda-triangle', 's')), { type: 'endTurn', seat: 0 }).winners).toEqual([]);
		const window = play(gnomes(true, goalCommitment('gnomes-of-zurich', 's')), { type: 'endTurn', seat: 0 });
		expect(window.phase).toEqual({ kind: 'ufoClaim', seats: [0] });
		expect(play(window, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 's' }).winners).toEqual([0]);
	});

	it('a goal is any of the seven non-UFO special goals, the player\'s own included', () => {
		const state = gnomes(true, goalCommitment('ufos', 's'));
		expectRefused(state, { type: 'revealGoal', seat: 0, goal: 'ufos', salt: 's' }, 'BAD_GOAL');
		const own = gnomes(true, goalCommitment('gnomes-of-zurich', 's'));
		expect(play(own, { type: 'revealGoal', seat: 0, goal: 'gnomes-of-zurich', salt: 's' }).players[0]!.revealedGoal).toBe('gnomes-of-zurich');
	});

	it.each([
		{ hiddenGoals: false, power: 6 },
		{ hiddenGoals: true, power: 7 },
	])('the UFOs\' Power with hidden goals $hiddenGoals: $power', ({ hiddenGoals, power }) => {
		const state = scenario({ players: [{ illuminati: 'ufos', money: 0 }, NETWORK], uncontrolled: ['yuppies'], rules: { hiddenGoals } });
		const odds = attackOdds(state, { seat: 0, kind: 'control', attacker: 'ufos', target: 'yuppies', aids: [] });
		expect(odds.modifiers.find((m) => m.source === 'power')!.value).toBe(power);
		expect(veryLongGameScore(state, state.players[0]!)).toBe(power);
	});
});

describe('Advanced Rules — Larger Games: more Illuminati income with seven or eight players', () => {
	const ALL: CardId[] = ['bavarian-illuminati', 'network', 'gnomes-of-zurich', 'ufos', 'bermuda-triangle', 'discordian-society', 'servants-of-cthulhu', 'society-of-assassins'];

	it.each([
		{ players: 6, on: true, bonus: 0 },
		{ players: 7, on: true, bonus: 3 },
		{ players: 8, on: true, bonus: 5 },
		{ players: 7, on: false, bonus: 0 },
		{ players: 8, on: false, bonus: 0 },
	])('$players players, option $on: +$bonus MB to the Illuminati each turn', ({ players, on, bonus }) => {
		const state = scenario({ players: ALL.slice(0, players).map((illuminati) => ({ illuminati, money: 0, turnsCompleted: 0 })), rules: { largerGameIncome: on } });
		expect(largerGameBonus(state)).toBe(bonus);
		const next = passAll(play(state, { type: 'endTurn', seat: 0 }));
		expect(next.players[1]!.structure.network!.money).toBe(illuminatiCard('network').income + bonus);
		expectSound(next);
	});
});

describe('About the Illuminati (ES/FR, Servants of Cthulhu): an eliminated Illuminati counts as destroyed', () => {
	it.each([
		{ cthulhuCountsEliminated: true, kills: 1 },
		{ cthulhuCountsEliminated: false, kills: 0 },
	])('option $cthulhuCountsEliminated: the eliminating attacker gains $kills', ({ cthulhuCountsEliminated, kills }) => {
		const state = scenario({
			players: [{ illuminati: 'servants-of-cthulhu', groups: [{ card: 'kgb', side: 1 }] }, { illuminati: 'network' }],
			rules: { cthulhuCountsEliminated },
		});
		const checked = checkEliminations(state, 0);
		expect(checked.players[1]!.eliminated).toBe(true);
		expect(checked.players[0]!.kills).toBe(kills);
	});
});
