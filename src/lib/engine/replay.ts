/**
 * Replaying a log: every entry goes through `step`; a rejected entry is recorded with its reason
 * and changes nothing. The Replayer keeps checkpoints, so appending one entry costs one step and
 * rewriting the log from entry k (a reorder from the network) recomputes only from the nearest
 * checkpoint before k.
 */
import type { Action } from './actions.js';
import type { RuleErrorCode } from './errors.js';
import type { GameLog } from './log.js';
import { initialState } from './setup.js';
import { step } from './step.js';
import type { GameOptions, GameState } from './types.js';

export interface Rejection {
	readonly index: number;
	readonly code: RuleErrorCode;
	readonly message: string;
}

export interface ReplayResult {
	readonly state: GameState;
	readonly rejected: readonly Rejection[];
}

export const DEFAULT_CHECKPOINT_INTERVAL = 128;

export class Replayer {
	readonly setup: GameOptions;
	private readonly interval: number;
	private entries: unknown[] = [];
	/** checkpoints[i] is the state after the first i × interval entries. */
	private checkpoints: GameState[];
	private rejections: Rejection[] = [];
	private current: GameState;

	constructor(setup: GameOptions, interval = DEFAULT_CHECKPOINT_INTERVAL) {
		this.setup = setup;
		this.interval = interval;
		this.current = initialState(setup);
		this.checkpoints = [this.current];
	}

	get state(): GameState {
		return this.current;
	}

	get length(): number {
		return this.entries.length;
	}

	get rejected(): readonly Rejection[] {
		return this.rejections;
	}

	/** Applies one more entry; returns the rejection if the entry was refused. */
	append(entry: unknown): Rejection | null {
		const index = this.entries.length;
		this.entries.push(entry);
		const result = step(this.current, entry as Action);
		let rejection: Rejection | null = null;
		if (result.ok) this.current = result.state;
		else {
			rejection = { index, code: result.error.code, message: result.error.message };
			this.rejections.push(rejection);
		}
		if (this.entries.length % this.interval === 0) this.checkpoints.push(this.current);
		return rejection;
	}

	/** Replaces every entry from `index` on and recomputes from the nearest checkpoint. */
	rewrite(index: number, entries: readonly unknown[]): void {
		if (index < 0 || index > this.entries.length) throw new RangeError(`rewrite at ${index} of ${this.entries.length}`);
		const kept = Math.floor(index / this.interval);
		const tail = this.entries.slice(kept * this.interval, index);
		this.entries = this.entries.slice(0, kept * this.interval);
		this.checkpoints = this.checkpoints.slice(0, kept + 1);
		this.rejections = this.rejections.filter((r) => r.index < kept * this.interval);
		this.current = this.checkpoints[kept]!;
		for (const entry of [...tail, ...entries]) this.append(entry);
	}

	/** The state after the first `count` entries (history view, fork points). */
	stateAt(count: number): GameState {
		if (count < 0 || count > this.entries.length) throw new RangeError(`stateAt(${count}) of ${this.entries.length}`);
		const checkpoint = Math.floor(count / this.interval);
		let state = this.checkpoints[checkpoint]!;
		for (let i = checkpoint * this.interval; i < count; i++) {
			const result = step(state, this.entries[i] as Action);
			if (result.ok) state = result.state;
		}
		return state;
	}

	entryAt(index: number): unknown {
		return this.entries[index];
	}
}

/** Replays a whole log: the final state and every rejected entry with its reason. */
export function replay(log: GameLog): ReplayResult {
	const replayer = new Replayer(log.setup);
	for (const entry of log.entries) replayer.append(entry);
	return { state: replayer.state, rejected: replayer.rejected };
}
