/**
 * An attack that meets a goal is shortlisted first (turn.ts `attackWins`): bots simulate in full
 * only the attacks their quick ranking puts first, and that ranking priced a group by its income,
 * Power and treasury, not by the goal it completes. In a seeded game (s11, game 6) hard as the
 * Network sat at 23 transferable Power of 25 (Special Goals) for three turns, holding five Specials
 * with no rival able to abolish a privilege, while groups with transferable Power stood uncontrolled:
 * rivals' rich groups filled its shortlist. The same holds for a goal only the seat knows: the UFOs'
 * secret goal, which the ranking did not read, and for the Servants of Cthulhu's eighth kill, which
 * it did not count. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/lib/bots/index.js';
import { illuminatiCard } from '../../src/lib/engine/cards/index.js';
import { hasWon, meetsSpecialGoal, step, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';
import { greedy, player } from './structures.js';

/** The Network (seat 0, in its turn) holds 23 transferable Power: 7 of its own and 16 in seven
 * groups. Madison Avenue (3) would bring it to 26; the rivals' groups carry fat treasuries that a
 * ranking by money puts first. */
const SEVEN_GROUPS = ['cia', 'federal-reserve', 'post-office', 'phone-company', 'evil-geniuses-for-a-better-tomorrow', 'yuppies', 'phone-phreaks'];
const UNCONTROLLED = ['madison-avenue', 'multinational-oil-companies', 'video-games', 'hollywood'];
const rich = (illuminati: string, groups: readonly string[]) => ({ illuminati, money: 10, groups: greedy(illuminati, groups).map((group) => ({ ...group, money: 25 })) });

function networkOneGroupShort(): GameState {
	return scenario({
		players: [player('network', SEVEN_GROUPS, 60), rich('gnomes-of-zurich', ['mafia', 'loan-sharks', 'new-york']), rich('bavarian-illuminati', ['texas', 'pentagon', 'cfl-aio']), rich('ufos', ['democrats', 'republicans', 'triliberal-commission'])],
		uncontrolled: UNCONTROLLED,
		turn: { seat: 0 },
	});
}

const decide = (level: 'normal' | 'hard', state: GameState): PlayerAction | null => createBot({ level, seed: 'capture-wins', tune: { offersPerTurn: 0 } }).decide(state, 0);

describe('a capture that meets a goal is shortlisted first', () => {
	it('the position: taking Madison Avenue meets the Network goal, and nothing is met yet', () => {
		const state = networkOneGroupShort();
		expect(hasWon(state, state.players[0]!)).toBe(false);
		const network = state.players[0]!;
		const withMadison = { ...network, structure: { ...network.structure, 'madison-avenue': network.structure.network! } };
		expect(hasWon(state, withMadison)).toBe(true);
	});

	it.each(['normal', 'hard'] as const)('%s attacks Madison Avenue to control it', (level) => {
		const state = networkOneGroupShort();
		const action = decide(level, state);
		expect(action).toMatchObject({ type: 'attack', seat: 0, kind: 'control', target: 'madison-avenue' });
		expect(step(state, action!).ok).toBe(true);
	});
});

/** The UFOs (seat 0, in their turn) hold the same groups: 6 transferable Power of their own and 16
 * in seven groups. Their secret goal is the Network's (25 transferable Power), which Madison Avenue
 * (3) meets; the public state shows no goal of theirs, so only the seat itself can see this capture wins. */
function ufosOneGroupShort(): GameState {
	return scenario({
		players: [player('ufos', SEVEN_GROUPS, 60), rich('gnomes-of-zurich', ['mafia', 'loan-sharks', 'new-york']), rich('bavarian-illuminati', ['texas', 'pentagon', 'cfl-aio']), rich('discordian-society', ['democrats', 'republicans', 'triliberal-commission'])],
		uncontrolled: UNCONTROLLED,
		turn: { seat: 0 },
	});
}

describe("a capture that meets the seat's own secret goal is shortlisted first", () => {
	it('the position: Madison Avenue meets the Network goal for the UFOs; the public state shows no goal', () => {
		const state = ufosOneGroupShort();
		const ufos = state.players[0]!;
		expect(meetsSpecialGoal(state, ufos, illuminatiCard('network').goal)).toBe(false);
		const withMadison = { ...ufos, structure: { ...ufos.structure, 'madison-avenue': ufos.structure.ufos! } };
		expect(meetsSpecialGoal(state, withMadison, illuminatiCard('network').goal)).toBe(true);
		expect(hasWon(state, withMadison)).toBe(false);
	});

	it.each(['normal', 'hard'] as const)('%s, knowing its secret goal, attacks Madison Avenue to control it', (level) => {
		const state = ufosOneGroupShort();
		const bot = createBot({ level, seed: 'capture-wins', tune: { offersPerTurn: 0 } });
		bot.know(0, { goal: 'network', salt: '00'.repeat(16) });
		const action = bot.decide(state, 0);
		expect(action).toMatchObject({ type: 'attack', seat: 0, kind: 'control', target: 'madison-avenue' });
		expect(step(state, action!).ok).toBe(true);
	});
});

/** The Servants of Cthulhu (seat 0, in their turn) have destroyed seven groups: the eighth destroyed
 * meets their goal (Special Goals). The rivals' groups are rich, their Illuminati too poor to
 * interfere. */
function servantsOneKillShort(): GameState {
	const poor = (illuminati: string, groups: readonly string[]) => ({ ...rich(illuminati, groups), money: 0 });
	return scenario({
		players: [
			{ ...player('servants-of-cthulhu', ['cia', 'post-office'], 30), kills: 7 },
			poor('gnomes-of-zurich', ['mafia', 'loan-sharks', 'new-york']),
			poor('bavarian-illuminati', ['texas', 'pentagon', 'cfl-aio']),
			poor('ufos', ['democrats', 'republicans', 'triliberal-commission']),
		],
		uncontrolled: UNCONTROLLED,
		turn: { seat: 0 },
	});
}

describe('an attack to destroy that meets a kill goal is shortlisted first', () => {
	it.each(['normal', 'hard'] as const)('%s attacks to destroy a group', (level) => {
		const state = servantsOneKillShort();
		const action = decide(level, state);
		expect(action).toMatchObject({ type: 'attack', seat: 0, kind: 'destroy' });
		expect(step(state, action!).ok).toBe(true);
	});
});
