/**
 * The bots of this device at one table. Whenever the game waits for a seat this device holds and
 * a bot plays, the driver asks the thinker (a Web Worker in the browser) for the bot's next entry
 * and posts it through the session exactly like a player's move: `session.act`, signed by the key
 * that holds the seat. It asks only for seats the game waits for (the engine's `seatsToAct`, and
 * seats an offer waits on: `askOrder`), one question at a time, and never twice for one state: an
 * answer that comes back after the state moved on is dropped and the bot is asked again, and an
 * entry the session refuses is reported (`reports`) and followed by the seat's plain pass when it
 * has one (else the bot waits for the next change), never retried in a loop.
 */
import { askOrder, type Level } from '../../bots/index.js';
import { seatsToAct, type CardId, type GameState, type LegalAction, type PlayerAction, type Seat } from '../../engine/index.js';
import type { SessionReplayer } from '../protocol-driver.js';
import type { Thinker } from './thinker.js';
import { goalSalt, recoverGoal } from './secret-goal.js';
import { guardPick } from './last-look-guard.js';

export interface BotSeat {
	readonly seat: Seat;
	readonly level: Level;
}

/** An entry a bot chose that was refused, or a bot that failed to answer. */
export interface BotReport {
	readonly seat: Seat;
	readonly code: string;
	readonly message: string;
	readonly action: PlayerAction | null;
	/** Accepted entries when it happened. */
	readonly accepted: number;
}

/** What the driver needs of a GameSession (tests pass a session over an in-memory network). */
export interface DrivenSession {
	readonly state: GameState | null;
	readonly stateHash: string | null;
	readonly accepted: number;
	readonly mySeats: readonly Seat[];
	readonly readOnly: boolean;
	/** Received entries still waiting for their signature check (the state is not yet the table's). */
	readonly verifying: number;
	legal(seat: Seat): LegalAction[];
	/** The state as `seat` may know it: under the secret deck, its own hidden cards its device
	 * opened in its hand (engine/knowledge.ts viewFor); the bot thinks on it. Absent: `state`. */
	view?(seat: Seat): GameState | null;
	/** The game's log as replayed: which makers took a last look at a seat (session/last-look.ts). */
	readonly replayer?: SessionReplayer;
	act(seat: Seat, action: PlayerAction): { ok: boolean };
	subscribe(listener: () => void): () => void;
}

export interface DriverOptions {
	readonly thinker: Thinker;
	/** The bots' seed (with no clock, the same seed plays the same game the same way). */
	readonly seed: string;
	/** Names this table's bots in the thinker (e.g. the game id). */
	readonly key?: string;
	/** Milliseconds per decision (the level's default when absent); null: no clock, reproducible. */
	readonly timeBudgetMs?: number | null;
	/** At least this long between two entries of the bots, so players can follow (ms; 0: none). */
	readonly paceMs?: number;
	/** Waits `ms` (setTimeout in the app; tests may pass an instant one). */
	readonly wait?: (ms: number) => Promise<void>;
	/**
	 * The secret the bots' secret goals derive from (secret-goal.ts; a seated bot's own seed, so a
	 * reload or a takeover finds the goal again); absent: `seed` (public: fine on a device that
	 * holds every seat).
	 */
	readonly goalSecret?: string;
	/** What only the bot's key reads (sealed private offers to it) and how its answer is completed (seated.ts). */
	readonly sealed?: SealedView;
}

/** Reads into the state a bot thinks on what only its key can open, and completes its answer. */
export interface SealedView {
	/** The state with the sealed offers to `seat` opened; `finish` turns the bot's answer into the entry to post. */
	open(state: GameState, seat: Seat): { state: GameState; finish(action: PlayerAction | null): PlayerAction | null };
}

/** Entries a seat the game waits for can always fall back on. */
const PLAIN_PASSES: ReadonlySet<string> = new Set(['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn']);

/** How many reports are kept (the latest). */
const MAX_REPORTS = 20;

/** The result's refusal, in either shape the session has used ({ code, message } or { error: { code, message } }). */
export function refusalOf(result: { ok: boolean }): { code: string; message: string } {
	const r = result as { code?: string; message?: string; error?: { code: string; message: string } };
	return r.error ?? { code: r.code ?? 'REFUSED', message: r.message ?? '' };
}

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class BotDriver {
	readonly #session: DrivenSession;
	readonly #options: DriverOptions;
	#bots = new Map<Seat, Level>();
	/** The state mark at which each seat was last asked (it is not asked again there). */
	readonly #asked = new Map<Seat, string>();
	readonly #listeners = new Set<() => void>();
	readonly #off: () => void;
	#running = false;
	#destroyed = false;
	#lastEntryAt = -Infinity;
	/** The seat whose bot is thinking now, if any. */
	thinking: Seat | null = null;
	readonly reports: BotReport[] = [];
	/** Entries the bots posted (accepted or not). */
	posted = 0;

	constructor(session: DrivenSession, bots: readonly BotSeat[], options: DriverOptions) {
		this.#session = session;
		this.#options = options;
		this.setBots(bots);
		this.#off = session.subscribe(() => this.#wake());
	}

	/** The seats bots play on this device (only those this device holds are ever played). */
	get bots(): BotSeat[] {
		return [...this.#bots].map(([seat, level]) => ({ seat, level }));
	}

	levelOf(seat: Seat): Level | null {
		return this.#bots.get(seat) ?? null;
	}

	/**
	 * What the normal bot would play for `seat` in `state` (a hint for a person: nothing is posted).
	 * Null when it would do nothing now.
	 */
	suggest(state: GameState, seat: Seat): Promise<PlayerAction | null> {
		return this.#options.thinker.think({ key: `${this.#options.key ?? ''}:suggest:${seat}`, seat, level: 'normal', seed: `${this.#options.seed}:suggest:${seat}`, state, timeBudgetMs: this.#options.timeBudgetMs });
	}

	/** The secret goal the bot at `seat` committed to in `state` (null: none yet, or not its salt's): what it steers for. */
	secretGoal(state: GameState, seat: Seat): CardId | null {
		return recoverGoal(state, seat, this.#goalSalt(seat))?.goal ?? null;
	}

	#goalSalt(seat: Seat): string {
		return goalSalt(this.#options.goalSecret ?? this.#options.seed, this.#options.key ?? '', seat);
	}

	setBots(bots: readonly BotSeat[]): void {
		this.#bots = new Map(bots.map((bot) => [bot.seat, bot.level]));
		this.#notify();
		this.#wake();
	}

	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Resolves once no bot seat is waited for and no question is out (tests). */
	async idle(): Promise<void> {
		while (!this.#destroyed && (this.#running || this.#nextSeat() !== null)) {
			if (!this.#running) this.#wake();
			await new Promise<void>((resolve) => {
				const off = this.subscribe(() => {
					if (!this.#running || this.#destroyed) {
						off();
						resolve();
					}
				});
			});
		}
	}

	/** Stops driving; `stopThinker`: also stops the thinker (false when others share it). */
	destroy(stopThinker = true): void {
		this.#destroyed = true;
		this.#off();
		// Anyone waiting for the driver to be idle (idle()) hears that it stopped.
		this.#notify();
		this.#listeners.clear();
		if (stopThinker) this.#options.thinker.destroy();
	}

	#mark(): string {
		return `${this.#session.accepted} ${this.#session.stateHash}`;
	}

	/** The first bot seat of this device the game waits for and that was not asked in this state. */
	#nextSeat(): Seat | null {
		const session = this.#session;
		const state = session.state;
		if (this.#destroyed || state === null || session.readOnly || session.verifying > 0) return null;
		if (state.random !== null || state.phase.kind === 'over') return null;
		const mine = session.mySeats;
		if (![...this.#bots.keys()].some((seat) => mine.includes(seat))) return null;
		const mark = this.#mark();
		for (const seat of askOrder(state)) {
			if (this.#bots.has(seat) && mine.includes(seat) && this.#asked.get(seat) !== mark) return seat;
		}
		return null;
	}

	#wake(): void {
		if (this.#running || this.#destroyed) return;
		if (this.#nextSeat() === null) return;
		this.#running = true;
		void this.#run().finally(() => {
			this.#running = false;
			this.thinking = null;
			this.#notify();
			// A change that came while the last answer was being posted.
			if (this.#nextSeat() !== null) this.#wake();
		});
	}

	async #run(): Promise<void> {
		const wait = this.#options.wait ?? defaultWait;
		for (let seat = this.#nextSeat(); seat !== null; seat = this.#nextSeat()) {
			const session = this.#session;
			const state = session.state!;
			const mark = this.#mark();
			const level = this.#bots.get(seat)!;
			this.thinking = seat;
			this.#notify();
			let action: PlayerAction | null;
			try {
				// Its own hidden cards known (secret deck), as a person's page shows them; the session
				// shows any it names before posting (session/moves.ts showFirst).
				const seen = session.view?.(seat) ?? state;
				const opened = this.#options.sealed?.open(seen, seat) ?? { state: seen, finish: (answer: PlayerAction | null) => answer };
				const salt = this.#goalSalt(seat);
				// The goal the bot committed to, found from the public commitment with its salt: its search steers for it.
				const secretGoal = recoverGoal(state, seat, salt)?.goal ?? null;
				const answer = opened.finish(await this.#options.thinker.think({ key: `${this.#options.key ?? ''}:${seat}`, seat, level, seed: `${this.#options.seed}:${seat}`, state: opened.state, timeBudgetMs: this.#options.timeBudgetMs, goalSalt: salt, secretGoal }));
				// No hidden card shown to a maker that withdrew after the seat's last pick (last-look-guard.ts).
				action = guardPick(session, seat, answer);
			} catch (error) {
				if (this.#destroyed) return;
				this.#asked.set(seat, mark);
				this.#report(seat, 'BOT_FAILED', error instanceof Error ? error.message : String(error), null);
				this.#fallBack(seat);
				continue;
			}
			if (this.#destroyed) return;
			this.thinking = null;
			this.#notify();
			// The page shows that the bot has answered before the entry is posted (in a task of its own).
			await wait(0);
			if (this.#destroyed) return;
			// The table moved on while the bot thought: its answer was for another state.
			if (this.#mark() !== mark) continue;
			this.#asked.set(seat, mark);
			const pace = this.#options.paceMs ?? 0;
			const since = Date.now() - this.#lastEntryAt;
			if (action !== null && pace > since) {
				await wait(pace - since);
				if (this.#destroyed) return;
				if (this.#mark() !== mark) {
					this.#asked.delete(seat);
					continue;
				}
			}
			if (action === null) {
				// Nothing worth doing: a seat the rules wait for passes; one an offer waits on lets it be.
				if (seatsToAct(state).includes(seat)) this.#fallBack(seat);
				continue;
			}
			this.#post(seat, action);
			// Let the page take the new state in (replay, render) before the next question goes out.
			await wait(0);
			if (this.#destroyed) return;
		}
	}

	#post(seat: Seat, action: PlayerAction): boolean {
		this.posted++;
		this.#lastEntryAt = Date.now();
		const result = this.#session.act(seat, action);
		if (result.ok) return true;
		const { code, message } = refusalOf(result);
		this.#report(seat, code, message, action);
		this.#fallBack(seat);
		return false;
	}

	/** The seat's plain pass (a window passed, the turn ended), when the game waits for one; once per state. */
	#fallBack(seat: Seat): void {
		const state = this.#session.state;
		if (state === null || !seatsToAct(state).includes(seat)) return;
		const pass = this.#session.legal(seat).find((option) => PLAIN_PASSES.has(option.action.type));
		if (pass === undefined) return;
		this.posted++;
		this.#lastEntryAt = Date.now();
		const result = this.#session.act(seat, pass.action);
		if (!result.ok) {
			const { code, message } = refusalOf(result);
			this.#report(seat, code, message, pass.action);
		}
	}

	#report(seat: Seat, code: string, message: string, action: PlayerAction | null): void {
		this.reports.push({ seat, code, message, action, accepted: this.#session.accepted });
		if (this.reports.length > MAX_REPORTS) this.reports.splice(0, this.reports.length - MAX_REPORTS);
		this.#notify();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}
