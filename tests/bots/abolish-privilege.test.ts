/**
 * Abolishing a privilege (Basic Rules: Interference): two Specials discarded together let every
 * player spend against a privileged attack after all. A bot holding two faces the Discordian
 * Society's privileged capture of a fifth Weird group (its goal): it abolishes the privilege and
 * spends to stop it. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, type Level } from '../../src/lib/bots/index.js';
import { askOrder } from '../../src/lib/bots/game.js';
import { step, type CardId, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { passChain } from '../helpers/specials.js';
import { player } from './structures.js';

const TWO_SPECIALS: CardId[] = ['murphys-law', 'slush-fund'];

/** Seat 0 (the Network, 30 MB) holds two Specials; the Discordian Society (seat 1, four Weird
 * groups) has declared a privileged control attack on the Flat Earthers (Weird), discarding Bribery. */
function privilegedWinningCapture(rules: object = { privilegedWindowAsksAll: true }): GameState {
	const state = scenario({
		players: [
			{ ...player('network', ['kgb'], 30), hand: TWO_SPECIALS },
			{ ...player('discordian-society', ['hackers', 'comic-books', 'trekkies', 'smof'], 6), hand: ['bribery'] },
			player('gnomes-of-zurich', ['loan-sharks'], 0),
			player('bavarian-illuminati', ['mafia'], 0),
		],
		uncontrolled: ['flat-earthers'],
		turn: { seat: 1 },
		rules,
	});
	return play(state, {
		type: 'attack',
		seat: 1,
		kind: 'control',
		attacker: 'discordian-society',
		target: 'flat-earthers',
		aids: [],
		privilege: { kind: 'discard', card: 'bribery' },
	});
}

/** Plays on with bots of `level` in every seat until the attack is settled; the entries seat 0 made. */
function untilSettled(state: GameState, level: Level): { end: GameState; mine: PlayerAction[] } {
	const bots = state.players.map((_, seat) => createBot({ level, seed: `abolish-${seat}` }));
	const mine: PlayerAction[] = [];
	let current = state;
	for (let i = 0; i < 60 && (current.phase.kind === 'attack' || current.chain !== null); i++) {
		if (current.random !== null) {
			current = play(current, { type: 'random', seed: `${i}`.padStart(16, '0') });
			continue;
		}
		const seat = askOrder(current).find((s) => bots[s]!.decide(current, s) !== null);
		if (seat === undefined) break;
		const action = bots[seat]!.decide(current, seat)!;
		if (seat === 0) mine.push(action);
		const result = step(current, action);
		expect(result.ok, `illegal entry ${JSON.stringify(action)}`).toBe(true);
		if (!result.ok) break;
		current = result.state;
	}
	return { end: current, mine };
}

describe('a bot abolishes a rival privilege that would win the game', () => {
	it.each(['normal', 'hard'] as const)('%s discards its two Specials to abolish it, then spends against the capture', (level) => {
		const { end, mine } = untilSettled(privilegedWinningCapture(), level);
		expect(mine.map((action) => action.type)).toContain('abolishPrivilege');
		expect(mine.some((action) => action.type === 'spend')).toBe(true);
		expect(end.players[1]!.structure['flat-earthers']).toBeUndefined();
	});

	it.each(['normal', 'hard'] as const)('%s asked in an older game (not awaited) abolishes it too, valued by the spending it opens', (level) => {
		const position = passChain(privilegedWinningCapture({}));
		expect(position.phase.kind).toBe('attack');
		expect(createBot({ level, seed: 'abolish-old' }).decide(position, 0)).toEqual({ type: 'abolishPrivilege', seat: 0, cards: TWO_SPECIALS });
	});
});
