/**
 * Playing a sandbox game: the record and its timeline (every state, for the table, the log, the
 * history and the end screen), advanced one engine entry at a time. The engine decides: an entry
 * it refuses changes nothing and its error code is returned for the player.
 *
 * Randomness: when the engine waits for it (`state.random`), the player either states the dice
 * and cards (a `fixed` entry; the request's shape says which cards may be drawn and how many dice
 * pairs are needed) or rolls with a fresh seed (a `random` entry).
 */
import { legalActions, step, type Action, type CardId, type FixedAction, type GameState, type LegalAction, type PlayerAction, type RandomAction, type Result, type RuleErrorCode, type Seat } from '../../engine/index.js';
import { requestShape } from '../../engine/chance.js';
import { CARDS } from '../../engine/cards/index.js';
import { timelineFromEntries, type Timeline, type TimelineStep } from '../history/timeline.js';
import type { SandboxRecord } from './record.js';

export interface SandboxGame {
	readonly record: SandboxRecord;
	readonly timeline: Timeline;
}

export type PlayResult = Result<{ readonly game: SandboxGame }, RuleErrorCode>;

/** The game of a stored record (entries the engine refuses, if any, are dropped). */
export function openGame(record: SandboxRecord): SandboxGame {
	const timeline = timelineFromEntries(record.setup, record.entries);
	const entries = timeline.refused === 0 ? record.entries : timeline.steps.map((s) => s.action);
	return { record: { ...record, entries }, timeline: { ...timeline, refused: 0 } };
}

export function currentState(game: SandboxGame): GameState {
	const steps = game.timeline.steps;
	return steps.length === 0 ? game.timeline.initial : steps[steps.length - 1]!.after;
}

/** One more entry, if the engine accepts it. */
export function applyEntry(game: SandboxGame, entry: Action, now: number): PlayResult {
	const before = currentState(game);
	const result = step(before, entry);
	if (!result.ok) return result;
	const added: TimelineStep = { action: entry, before, after: result.state, forkIndex: null };
	return {
		ok: true,
		game: {
			record: { ...game.record, entries: [...game.record.entries, entry], updated: now },
			timeline: { ...game.timeline, steps: [...game.timeline.steps, added] },
		},
	};
}

/** A seed entry from fresh random bytes (16 bytes: 32 hex digits). */
export function seedEntry(randomBytes: (n: number) => Uint8Array): RandomAction {
	return { type: 'random', seed: [...randomBytes(16)].map((b) => b.toString(16).padStart(2, '0')).join('') };
}

export interface AutomaticOptions {
	readonly now: number;
	readonly randomBytes: (n: number) => Uint8Array;
	/** The pass a seat may make by itself, from its legal actions (null: it has a real choice). */
	readonly automaticPass: (legal: readonly LegalAction[]) => PlayerAction | null;
}

/**
 * What follows by itself: with autoRoll, random requests are settled from fresh seeds; with
 * autoPass, seats with nothing but a pass in a Specials window pass. Stops at the first real choice.
 */
export function settleAutomatic(start: SandboxGame, options: AutomaticOptions): SandboxGame {
	let game = start;
	for (let guard = 0; guard < 1000; guard++) {
		const state = currentState(game);
		if (state.phase.kind === 'over') return game;
		let entry: Action | null = null;
		if (state.random !== null) {
			if (game.record.autoRoll) entry = seedEntry(options.randomBytes);
		} else if (game.record.autoPass) {
			entry = state.players.map((p) => (p.eliminated ? null : options.automaticPass(legalActions(state, p.seat)))).find((pass) => pass !== null) ?? null;
		}
		if (entry === null) return game;
		const next = applyEntry(game, entry, options.now);
		if (!next.ok) return game;
		game = next.game;
	}
	return game;
}

/** What the pending random request needs, for the dice-and-draw form. */
export interface RandomForm {
	readonly kind: NonNullable<GameState['random']>['kind'];
	/** Cards that may be drawn, by name order; how many to choose. */
	readonly pool: readonly CardId[];
	readonly cards: number;
	/** Pairs of dice needed, and whose roll each pair is (first-player roll), else null. */
	readonly dice: number;
	readonly diceSeats: readonly (Seat | null)[];
	/** The seat drawing (draw requests). */
	readonly seat: Seat | null;
}

export function randomForm(state: GameState): RandomForm | null {
	const request = state.random;
	if (request === null) return null;
	const shape = requestShape(state, request);
	const name = (id: CardId) => CARDS[id]?.name ?? id;
	const pool = [...shape.pool].sort((a, b) => name(a).localeCompare(name(b)));
	const diceSeats = request.kind === 'firstPlayer' ? [...request.seats] : Array.from({ length: shape.dice }, () => null);
	return { kind: request.kind, pool, cards: shape.cards, dice: shape.dice, diceSeats, seat: request.kind === 'draw' ? request.seat : null };
}

/** The `fixed` entry for chosen cards and dice (the engine checks it). */
export function fixedEntry(cards: readonly CardId[], dice: readonly (readonly [number, number])[]): FixedAction {
	return { type: 'fixed', ...(cards.length > 0 ? { cards: [...cards] } : {}), ...(dice.length > 0 ? { dice: dice.map((pair) => [pair[0], pair[1]] as const) } : {}) };
}

/**
 * The seats a window still waits for: of the seats that may act (`seatsToAct`), those that have
 * not passed since the last thing played in it (an attack's spending, the window after a roll,
 * the start of a turn, a Special's cancel chain). A seat that passed may still act (spend again,
 * call off), but the game is not waiting for it.
 */
export function awaitedSeats(state: GameState, waiting: readonly Seat[]): Seat[] {
	const phase = state.phase;
	const passed = state.chain?.passed ?? (phase.kind === 'attack' ? phase.attack.passed : phase.kind === 'afterRoll' || phase.kind === 'turnStart' ? phase.passed : []);
	const awaited = waiting.filter((seat) => !passed.includes(seat));
	return awaited.length > 0 ? awaited : [...waiting];
}

/** The seat to show: the active player when the game waits for it, else the first seat it waits for. */
export function seatToShow(state: GameState, waiting: readonly Seat[], current: Seat): Seat {
	if (waiting.length === 0) return state.turn?.seat ?? current;
	if (state.turn !== null && waiting.includes(state.turn.seat)) return state.turn.seat;
	return waiting.includes(current) ? current : waiting[0]!;
}
