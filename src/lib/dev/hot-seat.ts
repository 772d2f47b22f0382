/**
 * A local hot-seat game run by the engine alone, for the developer's action-panel preview and its tests: a
 * sandbox game whose randomness is settled here, from seeds derived from one name (so a game
 * replays identically) or from dice and cards stated outright (log format: `fixed`). No network.
 */
import {
	DEFAULT_RULES,
	initialState,
	legalActions,
	sha256Hex,
	step,
	type Action,
	type FixedAction,
	type GameOptions,
	type GameState,
	type PlayerAction,
	type Result,
	type RuleErrorCode,
	type RuleOptions,
	type Seat,
} from '$lib/engine/index.js';
import { automaticPass } from '../ui/actions/choices.js';
import type { GoalSecret } from '../ui/actions/goal.js';

export interface HotSeatOptions {
	readonly players: number;
	readonly illuminati: GameOptions['illuminati'];
	/** Names the seeds of every random request. */
	readonly seed: string;
	readonly rules?: Partial<RuleOptions>;
	/** Randomness stated outright for the first requests (setup: Illuminati, layout, first roll). */
	readonly script?: readonly FixedAction[];
	/** Pass by itself for seats that can only pass in a Specials window (default true). */
	readonly autoPass?: boolean;
}

export interface HotSeat {
	readonly setup: GameOptions;
	readonly seed: string;
	readonly state: GameState;
	readonly entries: readonly Action[];
	/** Random requests settled from seeds so far (the next seed's index). */
	readonly seeds: number;
	/** Fixed entries still to use, in order, each for the next request it fits. */
	readonly script: readonly FixedAction[];
	/** The dice the next attack roll shows, when stated. */
	readonly nextDice: readonly [number, number] | null;
	/** Secret goals chosen on this device, by seat. */
	readonly secrets: Readonly<Record<Seat, GoalSecret>>;
	/** Pass by itself for a seat that has nothing but a pass in a Specials window. */
	readonly autoPass: boolean;
}

export type HotSeatResult = Result<{ readonly game: HotSeat }, RuleErrorCode>;

function record(game: HotSeat, entry: Action, state: GameState): HotSeat {
	return { ...game, state, entries: [...game.entries, entry] };
}

/** The entry for the pending random request: the next scripted one, the stated dice, or a seed. */
function randomEntry(game: HotSeat): { entry: Action; game: HotSeat } {
	const request = game.state.random!;
	const [scripted, ...rest] = game.script;
	if (scripted !== undefined && step(game.state, scripted).ok) return { entry: scripted, game: { ...game, script: rest } };
	if (request.kind === 'attackRoll' && game.nextDice !== null) {
		return { entry: { type: 'fixed', dice: [game.nextDice] }, game: { ...game, nextDice: null } };
	}
	const seed = sha256Hex(`fnord-hot-seat:${game.seed}:${game.seeds}`);
	return { entry: { type: 'random', seed }, game: { ...game, seeds: game.seeds + 1 } };
}

/** Settles randomness, then (if on) makes the automatic passes, until someone has a real choice. */
export function settle(start: HotSeat): HotSeat {
	let game = start;
	for (let guard = 0; guard < 1000; guard++) {
		let entry: Action | null = null;
		if (game.state.random !== null) {
			const next = randomEntry(game);
			game = next.game;
			entry = next.entry;
		} else if (game.autoPass && game.state.phase.kind !== 'over') {
			entry = game.state.players.map((player) => automaticPass(legalActions(game.state, player.seat))).find((pass) => pass !== null) ?? null;
		}
		if (entry === null) return game;
		const result = step(game.state, entry);
		if (!result.ok) throw new Error(`hot seat: the engine refused ${entry.type}: ${result.error.code} ${result.error.message}`);
		game = record(game, entry, result.state);
	}
	throw new Error('hot seat: randomness and passes did not settle');
}

export function startHotSeat(options: HotSeatOptions): HotSeat {
	const setup: GameOptions = { players: options.players, illuminati: options.illuminati, sandbox: true, rules: { ...DEFAULT_RULES, ...options.rules } };
	const game: HotSeat = {
		setup,
		seed: options.seed,
		state: initialState(setup),
		entries: [],
		seeds: 0,
		script: options.script ?? [],
		nextDice: null,
		secrets: {},
		autoPass: options.autoPass ?? true,
	};
	return settle(game);
}

/** A player's entry: the engine's verdict, then randomness and automatic passes. */
export function play(game: HotSeat, action: PlayerAction): HotSeatResult {
	const result = step(game.state, action);
	if (!result.ok) return { ok: false, error: result.error };
	return { ok: true, game: settle(record(game, action, result.state)) };
}

export function withNextDice(game: HotSeat, dice: readonly [number, number] | null): HotSeat {
	return { ...game, nextDice: dice };
}

export function withAutoPass(game: HotSeat, autoPass: boolean): HotSeat {
	return settle({ ...game, autoPass });
}

export function withSecret(game: HotSeat, seat: Seat, secret: GoalSecret): HotSeat {
	return { ...game, secrets: { ...game.secrets, [seat]: secret } };
}

/** The preview's game: three players, chosen Illuminati, a fixed layout and first roll (seat 1 starts). */
export const PREVIEW_SETUP: HotSeatOptions = {
	players: 3,
	illuminati: ['bavarian-illuminati', 'gnomes-of-zurich', 'servants-of-cthulhu'],
	seed: 'actions-preview',
	script: [
		{ type: 'fixed', cards: ['mafia', 'cia', 'boy-sprouts', 'international-communist-conspiracy'] },
		{ type: 'fixed', dice: [[6, 6], [1, 2], [2, 1]] },
	],
};

