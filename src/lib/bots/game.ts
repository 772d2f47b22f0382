/**
 * Plays a whole game between players (bots, random seats) in one process: the tournament, the
 * bots' fuzz test and the benchmark use it. Randomness comes from the game's seed. Whenever the
 * game waits, the seats are asked in a fixed order (a seat an offer is waiting on first, then the
 * seats the game waits for, from the active seat on) and the first entry given is applied.
 *
 * The engine has no limit on a game's length (only the "very long game" rule option ends one
 * by itself), so a game here stops after `maxTurns` turns; it then counts as not ended.
 */
import {
	NEW_GAME_RULES,
	initialState,
	makeLog,
	seatsToAct,
	step,
	visibleOffers,
	type Action,
	type GameLog,
	type GameOptions,
	type GameState,
	type PlayerAction,
	type RuleOptions,
	type Seat,
} from '../engine/index.js';
import type { Player } from './bot.js';
import { Chooser } from './random-player.js';

export interface BotGameOptions {
	/** One player per seat, in turn order. */
	readonly players: readonly Player[];
	readonly seed: string;
	/** Turns started at most before the game is stopped unfinished (default 400). */
	readonly maxTurns?: number;
	/** Entries at most (default 100,000): a guard against a stalled game. */
	readonly maxEntries?: number;
	readonly setup?: { readonly illuminati?: GameOptions['illuminati']; readonly sandbox?: boolean; readonly rules?: Partial<RuleOptions> };
	/** A clock, to time decisions. */
	readonly now?: () => number;
	readonly onStep?: (state: GameState, entry: Action, index: number) => void;
	readonly onDecision?: (seat: Seat, ms: number, action: PlayerAction | null) => void;
}

export interface BotGame {
	readonly state: GameState;
	readonly log: GameLog;
	/** Ended by the rules (a winner, or nobody left). */
	readonly ended: boolean;
	readonly winners: readonly Seat[];
	readonly turns: number;
	/** Stopped because no seat would act (a bot bug), rather than by the turn or entry cap. */
	readonly stalled: boolean;
}

export class IllegalEntryError extends Error {
	constructor(
		readonly seat: Seat,
		readonly entry: PlayerAction,
		readonly code: string,
		detail: string,
	) {
		super(`seat ${seat} chose an illegal entry ${JSON.stringify(entry)}: ${code} ${detail}`);
	}
}

/** Who is asked, in order: seats an open offer waits on, then the seats the game waits for. */
export function askOrder(state: GameState): Seat[] {
	const first = state.turn?.seat ?? 0;
	const n = state.players.length;
	const clockwise = (seats: Seat[]) => seats.sort((a, b) => ((a - first + n) % n) - ((b - first + n) % n));
	const offered = clockwise([...new Set(visibleOffers(state, null).map((offer) => offer.to))]);
	const privateOffers = state.offers.filter((offer) => offer.private && offer.turn === state.turnCount).map((offer) => offer.to);
	const waiting = clockwise(seatsToAct(state));
	return [...new Set([...offered, ...clockwise([...new Set(privateOffers)]), ...waiting])].filter((seat) => !state.players[seat]!.eliminated);
}

export function playBotGame(options: BotGameOptions): BotGame {
	const setup: GameOptions = {
		players: options.players.length,
		illuminati: options.setup?.illuminati ?? 'random',
		sandbox: options.setup?.sandbox ?? false,
		rules: { ...NEW_GAME_RULES, ...options.setup?.rules },
	};
	const chooser = new Chooser(`bot-game:${options.seed}`);
	const maxTurns = options.maxTurns ?? 400;
	const maxEntries = options.maxEntries ?? 100_000;
	const entries: Action[] = [];
	let state = initialState(setup);
	let stalled = false;
	const apply = (entry: Action, seat: Seat | null) => {
		const result = step(state, entry);
		if (!result.ok) {
			if (seat === null) throw new Error(`randomness refused: ${result.error.code}`);
			throw new IllegalEntryError(seat, entry as PlayerAction, result.error.code, result.error.message);
		}
		state = result.state;
		entries.push(entry);
		options.onStep?.(state, entry, entries.length - 1);
	};
	while (state.phase.kind !== 'over' && entries.length < maxEntries && state.turnCount <= maxTurns) {
		if (state.random !== null) {
			apply({ type: 'random', seed: chooser.hex(32) }, null);
			continue;
		}
		let acted = false;
		for (const seat of askOrder(state)) {
			const started = options.now?.();
			const entry = options.players[seat]!.decide(state, seat);
			if (started !== undefined) options.onDecision?.(seat, options.now!() - started, entry);
			if (entry === null) continue;
			apply(entry, seat);
			acted = true;
			break;
		}
		if (!acted) {
			stalled = true;
			break;
		}
	}
	const ended = state.phase.kind === 'over';
	return {
		state,
		log: makeLog(setup, entries, { generator: 'fnord bot-game', seed: options.seed, players: options.players.length }),
		ended,
		winners: ended ? state.winners : [],
		turns: state.turnCount,
		stalled,
	};
}
