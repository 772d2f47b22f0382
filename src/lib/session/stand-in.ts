/**
 * Stand-ins on this device (absence option 'bot'; docs/bots.md "Absence"). When the game waits on
 * an absent seat's stand-in (the engine's `standInAwaited`), a device holding a present seat posts,
 * signed by that seat's key, the stand-in bot's choice as a `standIn` entry; every peer checks it
 * (protocol/v2/stand-in.ts). One device posts at once: the one holding the lowest present seat,
 * after `paceMs` (so players can follow); every other present device posts the same entry only if
 * the game still waits on the same state after `backupMs` (the first device left): a second copy is
 * refused STAND_IN_STALE on every peer, never a fork.
 *
 * Importing this module registers the stand-in bot with the protocol (`setStandInChooser`), so every
 * replayer of this app can judge stand-ins; protocol-driver.ts imports it.
 */
import { standInChoice } from '../bots/index.js';
import { standInAwaited, type GameState, type Seat } from '../engine/index.js';
import { GameReplayer, setStandInChooser, standInAction, type CoreV2 } from '../protocol/index.js';

setStandInChooser(standInChoice);

/** What the desk needs of a GameSession. */
export interface StandInSession {
	readonly gameId: string;
	readonly readOnly: boolean;
	readonly mySeats: readonly Seat[];
	readonly verifying: number;
	readonly replayer: unknown;
	readonly protocol: { entry(kind: 'standIn', body: { seat: Seat; for: Seat; at: string; action: NonNullable<ReturnType<typeof standInChoice>> }): string };
}

export interface StandInOptions {
	/** Milliseconds before the designated device posts (default 600). */
	readonly paceMs?: number;
	/** Milliseconds before any other present device posts the same stand-in (default 8000). */
	readonly backupMs?: number;
	readonly setTimeout?: (run: () => void, ms: number) => unknown;
	readonly clearTimeout?: (timer: unknown) => void;
}

/** Whether a seat plays for itself in the protocol's eyes (present, in the game, not cut, not caught). */
function present(core: CoreV2, seat: Seat): boolean {
	const player = core.engine?.players[seat];
	return player !== undefined && !player.eliminated && !player.absent && !core.votedOut.has(seat) && !core.cheaters.has(seat);
}

/** Absent seats a bot plays in this state (absence 'bot'), for the table's labels. */
export function standInSeats(state: GameState | null): Seat[] {
	if (state === null || state.options.rules.absence !== 'bot') return [];
	return state.players.filter((player) => player.absent && !player.eliminated).map((player) => player.seat);
}

export class StandInDesk {
	readonly #session: StandInSession;
	readonly #append: (entry: string) => string;
	readonly #options: StandInOptions;
	#timer: unknown = null;
	/** The `${seat} ${state hash}` the timer is set for. */
	#pending: string | null = null;
	#destroyed = false;
	/** Stand-ins this device posted (accepted or not). */
	posted = 0;

	constructor(session: StandInSession, append: (entry: string) => string, options: StandInOptions = {}) {
		this.#session = session;
		this.#append = append;
		this.#options = options;
	}

	get #core(): CoreV2 | null {
		const replayer = this.#session.replayer;
		return replayer instanceof GameReplayer && !this.#session.readOnly ? replayer.core : null;
	}

	/** After each refresh: sets a timer when the game waits on a stand-in this device may post. */
	update(): void {
		if (this.#destroyed) return;
		const due = this.#due();
		const key = due === null ? null : `${due.target} ${due.at}`;
		if (key === this.#pending) return;
		this.#disarm();
		if (due === null) return;
		this.#pending = key;
		const set = this.#options.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
		this.#timer = set(() => {
			this.#timer = null;
			this.#pending = null;
			this.#post(key!);
		}, due.designated ? (this.#options.paceMs ?? 600) : (this.#options.backupMs ?? 8_000));
	}

	destroy(): void {
		this.#destroyed = true;
		this.#disarm();
	}

	/** The stand-in this device would post now: the awaited seat, the state's hash, its own seat, and whether it is the designated device. */
	#due(): { target: Seat; at: string; author: Seat; designated: boolean } | null {
		const core = this.#core;
		const engine = core?.engine ?? null;
		if (core === null || engine === null || engine.options.rules.absence !== 'bot' || this.#session.verifying > 0) return null;
		const target = engine.players.findIndex((player) => standInAwaited(engine, player.seat));
		if (target < 0) return null;
		const mine = this.#session.mySeats.filter((seat) => present(core, seat));
		if (mine.length === 0) return null;
		const first = core.seats.findIndex((holder, seat) => holder !== null && present(core, seat));
		const replayer = this.#session.replayer as GameReplayer;
		return { target, at: replayer.stateHash!, author: mine[0]!, designated: mine.includes(first) };
	}

	#post(key: string): void {
		if (this.#destroyed) return;
		const due = this.#due();
		if (due === null || `${due.target} ${due.at}` !== key) return this.update();
		const state = (this.#session.replayer as GameReplayer).state!;
		const action = standInAction(this.#session.gameId, state, due.target, due.at);
		if (action === null || action === undefined) return;
		this.posted++;
		this.#append(this.#session.protocol.entry('standIn', { seat: due.author, for: due.target, at: due.at, action }));
	}

	#disarm(): void {
		if (this.#timer !== null) (this.#options.clearTimeout ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>)))(this.#timer);
		this.#timer = null;
		this.#pending = null;
	}
}
