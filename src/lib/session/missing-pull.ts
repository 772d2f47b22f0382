/**
 * Entries the replay waits for that never come. A state-vector sync never sends ids this device
 * holds, so when a peer answered first with other strings at the ids of entries this device lacked
 * (a device back from a reload or offline, or joining, whose first link was a rogue's), the real
 * entries never came again and the replay waited for them for good (red team, session 15). When
 * entries have waited `PULL_AFTER_MS` for something they name, the session asks every peer for
 * everything it holds (UpdateGate.pullAll), at most every `PULL_EVERY_MS` while some still wait;
 * among the other strings the answers show at ids this device holds, the entries the replay waits
 * for (and those they name in turn) are copied into the log (protocol/order/missing.ts).
 */
import type * as Y from 'yjs';
import type { Conflict } from '../net/update-check.js';
import { gateOf } from '../net/update-gate.js';
import { entriesWanted, GameReplayer } from '../protocol/index.js';
import type { SessionReplayer } from './protocol-driver.js';
import type { StallClock } from './stall-watch.js';

export const PULL_AFTER_MS = 10_000;
export const PULL_EVERY_MS = 60_000;

export class MissingPull {
	/** Pulls asked so far. */
	pulls = 0;
	#timer: unknown = null;
	#lastPull = -Infinity;

	constructor(
		private readonly source: { readonly replayer: SessionReplayer; readonly game: { readonly doc: Y.Doc } },
		private readonly clock: StallClock,
	) {}

	/** After a replay: arms the wait while entries wait for something, disarms it when none do. */
	update(): void {
		if (!this.#waits()) return this.destroy();
		if (this.#timer === null && gateOf(this.source.game.doc) !== null) this.#timer = this.clock.setTimeout(() => this.#check(), PULL_AFTER_MS);
	}

	destroy(): void {
		if (this.#timer !== null) this.clock.clearTimeout(this.#timer);
		this.#timer = null;
	}

	#check(): void {
		this.#timer = null;
		const gate = gateOf(this.source.game.doc);
		if (!this.#waits() || gate === null) return;
		const now = this.clock.now();
		if (now - this.#lastPull >= PULL_EVERY_MS) {
			this.#lastPull = now;
			this.pulls++;
			gate.pullAll((conflicts) => this.#select(conflicts));
		}
		// Still waiting a minute after the last pull: pull again.
		this.#timer = this.clock.setTimeout(() => this.#check(), this.#lastPull + PULL_EVERY_MS - now);
	}

	/** Entries wait for something they name (a count: the names are listed only for a pull). */
	#waits(): boolean {
		const replayer = this.source.replayer;
		return replayer instanceof GameReplayer && replayer.dag.waiting > 0;
	}

	#select(conflicts: readonly Conflict[]): Conflict[] {
		const replayer = this.source.replayer;
		if (!(replayer instanceof GameReplayer)) return [];
		const wanted = entriesWanted(
			conflicts.map((conflict) => conflict.value),
			replayer.dag.missingIds(),
			(id) => replayer.dag.holds(id),
		);
		return conflicts.filter((conflict) => wanted.has(conflict.value));
	}
}
