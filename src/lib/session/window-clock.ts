/**
 * Windows that close by themselves, fairly (docs/session.md, "Window clock"). A window in which
 * every seat may act — the start of a turn, after a roll, an attack's spending and interference,
 * a Special's cancel window (Basic Rules: Interference; Special Cards) — waits for every seat still
 * in the game, whatever it holds. This device runs one countdown per awaited seat it holds (several
 * in a hot seat) and passes for it when the countdown ends, unless the player acted or asked for
 * more time. When a countdown starts and how long it runs depend only on public facts (which window
 * is open, what was played in it, which seats passed), never on a seat's hand or options: a seat
 * with a playable Special passes at the same moment as one with nothing, so waiting reveals
 * nothing. The pass itself is the engine's listed passWindow or passSpending, which every awaited
 * seat has. The engine reads no clock; a countdown is this device's convenience, so a peer that
 * never passes is met by the stall countdown and absence votes (stall-watch.ts), not by this.
 */
import { legalActions, spendingSeats, windowSeats, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import type { StallClock } from './stall-watch.js';

/** The countdown's default length, in seconds (0: windows wait for a click). */
export const DEFAULT_WINDOW_SECONDS = 6;
/** Seconds one "More time" adds. */
export const MORE_TIME_SECONDS = 10;
/** How many times a seat may ask for more time in one window. */
export const MAX_MORE_TIME = 3;
/** The longest countdown a player may set (seconds). */
export const MAX_WINDOW_SECONDS = 120;

export type WindowKind = 'turnStart' | 'afterRoll' | 'spending' | 'chain';

/** The window open now: its kind, a key that changes when something is played in it, the seats it still waits for. */
export interface OpenWindow {
	readonly kind: WindowKind;
	readonly key: string;
	readonly awaiting: readonly Seat[];
}

const notPassed = (seats: readonly Seat[], passed: readonly Seat[]): Seat[] => seats.filter((seat) => !passed.includes(seat));

/**
 * The window open in `state`, from public facts only; null while the engine waits for chance, a
 * turn's actions, a payment or a placement. The key names the turn, the window and what was played
 * in it so far (a spend, an aid, a Special), so a new play starts every countdown again.
 */
export function openWindow(state: GameState): OpenWindow | null {
	if (state.random !== null || state.phase.kind === 'over') return null;
	const turn = `${state.turnCount}:${state.turn?.seat ?? '-'}`;
	const phase = state.phase;
	if (state.chain !== null) {
		return { kind: 'chain', key: `chain/${turn}/${phase.kind}/${state.chain.plays.length}`, awaiting: notPassed(windowSeats(state), state.chain.passed) };
	}
	if (phase.kind === 'attack') {
		const a = phase.attack;
		const played = [a.kind, a.attacker, a.target, a.aids.join('+'), a.attackerSpent, a.defenderGroupSpent, a.defenderIlluminatiSpent, a.support, a.opposition, a.privileged ? 'p' : '-'].join(',');
		return { kind: 'spending', key: `spending/${turn}/${played}`, awaiting: notPassed(spendingSeats(state, a), a.passed) };
	}
	if (phase.kind === 'afterRoll') {
		const a = phase.attack;
		return { kind: 'afterRoll', key: `afterRoll/${turn}/${a.attacker}>${a.target}/${a.roll?.join('-') ?? ''}`, awaiting: notPassed(windowSeats(state), phase.passed) };
	}
	if (phase.kind === 'turnStart') return { kind: 'turnStart', key: `turnStart/${turn}`, awaiting: notPassed(windowSeats(state), phase.passed) };
	return null;
}

/** The pass the engine lists for `seat` in the window open now (null if it lists none). */
export function windowPass(state: GameState, seat: Seat): PlayerAction | null {
	const entry = legalActions(state, seat).find((legal) => legal.action.type === 'passWindow' || legal.action.type === 'passSpending');
	return entry?.action ?? null;
}

/** One seat's countdown in the window open now. */
export interface WindowCountdown {
	readonly seat: Seat;
	readonly kind: WindowKind;
	/** The window's key (openWindow): a note about more time names it. */
	readonly key: string;
	/** Clock milliseconds. */
	readonly startedAt: number;
	readonly endsAt: number;
	/** Times this seat asked for more time in this window. */
	readonly more: number;
}

export interface WindowClockOptions {
	readonly clock: StallClock;
	/** Passes for a seat (through the session); called at most once per seat and window. */
	readonly pass: (seat: Seat, action: PlayerAction) => void;
	/** False while a pass should wait (received entries still being checked): retried shortly. */
	readonly canPass?: () => boolean;
	/** Seconds a countdown runs (0: no countdown). */
	readonly seconds?: number;
}

/** How soon a pass that had to wait is tried again (ms). */
const RETRY_MS = 250;

export class WindowClock {
	readonly #clock: StallClock;
	readonly #pass: (seat: Seat, action: PlayerAction) => void;
	readonly #canPass: () => boolean;
	#seconds: number;
	#state: GameState | null = null;
	#countdowns = new Map<Seat, WindowCountdown>();
	/** Seat → the window key it was passed in by this clock (no second pass in the same window). */
	readonly #passed = new Map<Seat, string>();
	readonly #listeners = new Set<() => void>();
	#timer: unknown = null;
	#destroyed = false;

	constructor(options: WindowClockOptions) {
		this.#clock = options.clock;
		this.#pass = options.pass;
		this.#canPass = options.canPass ?? (() => true);
		this.#seconds = clampSeconds(options.seconds ?? DEFAULT_WINDOW_SECONDS);
	}

	get seconds(): number {
		return this.#seconds;
	}

	/** Changes the countdown's length; countdowns running now keep theirs, 0 stops them. */
	setSeconds(seconds: number): void {
		this.#seconds = clampSeconds(seconds);
		if (this.#seconds === 0) this.#countdowns.clear();
		if (this.#state !== null) this.#refresh(this.#state, [...this.#seats]);
		else this.#changed();
	}

	#seats: readonly Seat[] = [];

	/** The game as it is now and the seats this device plays: countdowns start, restart or stop. */
	update(state: GameState, mine: readonly Seat[]): void {
		if (this.#destroyed) return;
		this.#state = state;
		this.#seats = mine;
		this.#refresh(state, mine);
	}

	#refresh(state: GameState, mine: readonly Seat[]): void {
		const window = openWindow(state);
		const awaited = window === null ? [] : mine.filter((seat) => window.awaiting.includes(seat));
		const next = new Map<Seat, WindowCountdown>();
		const now = this.#clock.now();
		for (const seat of awaited) {
			if (this.#passed.get(seat) === window!.key) continue;
			const running = this.#countdowns.get(seat);
			if (running !== undefined && running.key === window!.key) next.set(seat, running);
			else if (this.#seconds > 0) next.set(seat, { seat, kind: window!.kind, key: window!.key, startedAt: now, endsAt: now + this.#seconds * 1000, more: 0 });
		}
		// A seat no longer awaited may be passed again in a later window with the same key.
		for (const seat of [...this.#passed.keys()]) if (!awaited.includes(seat)) this.#passed.delete(seat);
		this.#countdowns = next;
		this.#schedule();
		this.#changed();
	}

	/** The countdowns running now, by seat. */
	get countdowns(): WindowCountdown[] {
		return [...this.#countdowns.values()].sort((a, b) => a.seat - b.seat);
	}

	countdownOf(seat: Seat): WindowCountdown | null {
		return this.#countdowns.get(seat) ?? null;
	}

	/** Whether `seat` may still ask for more time in this window. */
	canAskMore(seat: Seat): boolean {
		const countdown = this.#countdowns.get(seat);
		return countdown !== undefined && countdown.more < MAX_MORE_TIME;
	}

	/** Adds MORE_TIME_SECONDS to the seat's countdown, at most MAX_MORE_TIME times per window. Returns the countdown, or null if refused. */
	moreTime(seat: Seat): WindowCountdown | null {
		const countdown = this.#countdowns.get(seat);
		if (countdown === undefined || countdown.more >= MAX_MORE_TIME) return null;
		const longer = { ...countdown, endsAt: Math.max(countdown.endsAt, this.#clock.now()) + MORE_TIME_SECONDS * 1000, more: countdown.more + 1 };
		this.#countdowns.set(seat, longer);
		this.#schedule();
		this.#changed();
		return longer;
	}

	/** Told when countdowns start, change or end. */
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	destroy(): void {
		this.#destroyed = true;
		if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
		this.#timer = null;
		this.#countdowns.clear();
		this.#listeners.clear();
	}

	#schedule(): void {
		if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
		this.#timer = null;
		if (this.#destroyed || this.#countdowns.size === 0) return;
		const first = Math.min(...[...this.#countdowns.values()].map((c) => c.endsAt));
		this.#timer = this.#clock.setTimeout(() => this.#fire(), Math.max(0, first - this.#clock.now()));
	}

	#fire(): void {
		this.#timer = null;
		if (this.#destroyed || this.#state === null) return;
		if (!this.#canPass()) {
			this.#timer = this.#clock.setTimeout(() => this.#fire(), RETRY_MS);
			return;
		}
		const now = this.#clock.now();
		const state = this.#state;
		const due = [...this.#countdowns.values()].filter((c) => c.endsAt <= now).sort((a, b) => a.seat - b.seat);
		for (const countdown of due) {
			this.#countdowns.delete(countdown.seat);
			this.#passed.set(countdown.seat, countdown.key);
		}
		this.#schedule();
		this.#changed();
		for (const countdown of due) {
			const action = windowPass(state, countdown.seat);
			if (action !== null) this.#pass(countdown.seat, action);
		}
	}

	#changed(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}

function clampSeconds(seconds: number): number {
	if (!Number.isFinite(seconds) || seconds <= 0) return 0;
	return Math.min(MAX_WINDOW_SECONDS, Math.round(seconds));
}
