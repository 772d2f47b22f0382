/**
 * The window clock (session/window-clock.ts) as Svelte state for the game page: the countdowns of
 * this device's awaited seats, a ticking `now` while any runs (for the seconds shown), more time
 * announced to the table through presence, and the more-time notes of the others for the window
 * open now.
 */
import type { GameState, PlayerAction, Seat } from '$lib/engine/index.js';
import type { MoreTimeNote, PresentPeer } from '$lib/session/for-ui.js';
import type { StallClock } from '$lib/session/stall-watch.js';
import { WindowClock, openWindow, type WindowCountdown } from '$lib/session/window-clock.js';

/** The browser's clock (stall-watch.ts's systemClock, without loading that module). */
const browserClock: StallClock = {
	now: () => Date.now(),
	setTimeout: (run, ms) => setTimeout(run, ms),
	clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface TableClockOptions {
	readonly pass: (seat: Seat, action: PlayerAction) => void;
	readonly canPass: () => boolean;
	readonly seconds: number;
	/** Publishes this device's more-time note (null: none). */
	readonly announce?: (note: MoreTimeNote | null) => void;
	readonly clock?: StallClock;
}

export class TableClock {
	countdowns = $state.raw<readonly WindowCountdown[]>([]);
	/** Clock milliseconds, updated a few times a second while a countdown runs. */
	now = $state(0);
	readonly #clock: WindowClock;
	readonly #time: StallClock;
	readonly #announce: (note: MoreTimeNote | null) => void;
	#note: MoreTimeNote | null = null;
	#ticker: ReturnType<typeof setInterval> | null = null;

	constructor(options: TableClockOptions) {
		this.#time = options.clock ?? browserClock;
		this.#announce = options.announce ?? (() => undefined);
		this.#clock = new WindowClock({ clock: this.#time, pass: options.pass, canPass: options.canPass, seconds: options.seconds });
		this.#clock.subscribe(() => this.#read());
		this.now = this.#time.now();
	}

	update(state: GameState, mine: readonly Seat[]): void {
		this.#clock.update(state, mine);
	}

	setSeconds(seconds: number): void {
		this.#clock.setSeconds(seconds);
	}

	canAskMore(seat: Seat): boolean {
		void this.countdowns;
		return this.#clock.canAskMore(seat);
	}

	/** More time for a seat, told to the table. */
	moreTime(seat: Seat): void {
		const countdown = this.#clock.moreTime(seat);
		if (countdown === null) return;
		this.#note = { seat, window: countdown.key };
		this.#announce(this.#note);
	}

	/** The player started to act in a window (typed an amount …): more time once, if not asked yet. */
	engaged(seat: Seat): void {
		const countdown = this.#clock.countdownOf(seat);
		if (countdown !== null && countdown.more === 0) this.moreTime(seat);
	}

	destroy(): void {
		this.#clock.destroy();
		this.#stopTicking();
		if (this.#note !== null) this.#announce(null);
	}

	#read(): void {
		// Called inside the page's effects too: it writes this state and never reads it back.
		const countdowns = this.#clock.countdowns;
		this.countdowns = countdowns;
		this.now = this.#time.now();
		// A note names its window: once none of this device's countdowns is in it, it goes.
		const note = this.#note;
		if (note !== null && !countdowns.some((c) => c.key === note.window && c.seat === note.seat)) {
			this.#note = null;
			this.#announce(null);
		}
		if (countdowns.length > 0 && this.#ticker === null) this.#ticker = setInterval(() => (this.now = this.#time.now()), 250);
		if (countdowns.length === 0) this.#stopTicking();
	}

	#stopTicking(): void {
		if (this.#ticker !== null) clearInterval(this.#ticker);
		this.#ticker = null;
	}
}

/** The seats others asked more time for in the window open now (from their presence), by seat. */
export function othersAskingMoreTime(state: GameState, peers: readonly PresentPeer[]): Seat[] {
	const window = openWindow(state);
	if (window === null) return [];
	const seats = peers.filter((peer) => !peer.self && peer.moreTime?.window === window.key && window.awaiting.includes(peer.moreTime.seat)).map((peer) => peer.moreTime!.seat);
	return [...new Set(seats)].sort((a, b) => a - b);
}
