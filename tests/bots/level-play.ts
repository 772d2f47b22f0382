/** Helpers for named-position tests of the computer players (issue 15): bots at a level in every
 * seat, deterministic (no clock), entries checked legal. */
import { expect } from 'vitest';
import { createBot, type Bot, type Level } from '../../src/lib/bots/index.js';
import { askOrder } from '../../src/lib/bots/game.js';
import { step, type Action, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { dice } from '../helpers/scenario.js';

export const LEVELS: readonly Level[] = ['easy', 'normal', 'hard'];

export function bot(level: Level, seed = 'level-play'): Bot {
	return createBot({ level, seed });
}

/** The bot's entry in `state` for `seat`, checked legal. */
export function decide(state: GameState, level: Level, seat: Seat, seed = 'level-play'): PlayerAction | null {
	const action = bot(level, seed).decide(state, seat);
	if (action !== null) expect(step(state, action).ok, `${level} chose an illegal entry ${JSON.stringify(action)}`).toBe(true);
	return action;
}

/** Plays on with bots (seat 0 at `level`, the others at `others`) until the game is over, `until`
 * holds, or `entries` entries were applied; attack dice are `roll`. Returns the end state and the
 * entries each seat made. */
export function playOn(
	state: GameState,
	level: Level,
	opts: { others?: Level; roll?: readonly [number, number]; entries?: number; until?: (s: GameState) => boolean; me?: Seat } = {},
): { end: GameState; made: PlayerAction[][] } {
	const me = opts.me ?? 0;
	const bots = state.players.map((_, seat) => createBot({ level: seat === me ? level : (opts.others ?? 'normal'), seed: `qa-bq-${seat}` }));
	const made: PlayerAction[][] = state.players.map(() => []);
	let current = state;
	for (let i = 0; i < (opts.entries ?? 200) && current.phase.kind !== 'over' && !(opts.until?.(current) ?? false); i++) {
		let action: Action | null = null;
		if (current.random !== null) action = current.random.kind === 'attackRoll' ? dice(...(opts.roll ?? [3, 3])) : { type: 'random', seed: `${i}`.padStart(16, '0') };
		else {
			for (const seat of askOrder(current)) {
				const choice = bots[seat]!.decide(current, seat);
				if (choice !== null) {
					made[seat]!.push(choice);
					action = choice;
					break;
				}
			}
		}
		if (action === null) break;
		const result = step(current, action);
		expect(result.ok, `illegal entry ${JSON.stringify(action)}`).toBe(true);
		if (!result.ok) break;
		current = result.state;
	}
	return { end: current, made };
}
