/**
 * Entries the replay waits for that never come. A state-vector sync never sends ids this device
 * holds, so when a peer answered first with other strings at the ids of entries this device lacked
 * (a device back from a reload or offline, or joining, whose first link was a rogue's), the real
 * entries never came again and the replay waited for them for good (red team, session 15). When
 * a seat holder's entries have waited `PULL_AFTER_MS` for something they name, the session asks
 * every peer for everything it holds (UpdateGate.pullAll, which allows one pull a minute per doc),
 * again every `PULL_EVERY_MS` while some still wait; among the other strings the answers show at
 * ids this device holds, the entries the replay waits for (and those they name in turn) are
 * copied into the log (protocol/order/missing.ts), at most PULL_COPY_LIMIT an answer (the gate
 * allows PULL_COPY_ROOM a pull). A device invited by a link that pins the genesis pulls too when
 * the genesis is not there though the log holds something (every id squatted, genesis included).
 */
import type * as Y from 'yjs';
import type { Conflict } from '../net/update-check.js';
import { gateOf } from '../net/update-gate.js';
import { LOG_KEY } from '../net/doc.js';
import { entriesWanted, GameReplayer } from '../protocol/index.js';
import type { SessionReplayer } from './protocol-driver.js';
import type { StallClock } from './stall-watch.js';

export const PULL_AFTER_MS = 10_000;
export const PULL_EVERY_MS = 60_000;
/** Texts one pull copies in at most (the gate also stops at the log cap). */
export const PULL_COPY_LIMIT = 1_000;

export class MissingPull {
	/** Pulls asked so far. */
	pulls = 0;
	#timer: unknown = null;

	constructor(
		private readonly source: { readonly replayer: SessionReplayer; readonly game: { readonly gameId: string; readonly doc: Y.Doc } },
		private readonly clock: StallClock,
	) {}

	/** The pull's pick among a pull answer's strings: one function, so `destroy` can withdraw it. */
	readonly #pick = (conflicts: readonly Conflict[]): Conflict[] => this.#select(conflicts);

	/** Whether the wait for a pull runs (a seat holder's entry waits, or the pinned genesis is missing). */
	get armed(): boolean {
		return this.#timer !== null;
	}

	/** After a replay: arms the wait while seat holders' entries wait for something, disarms it when
	 * none do (a key with no seat kept it cycling, and a seat holder's brief out-of-order wait that
	 * fell on a firing then made a pull: review, session 15). */
	update(): void {
		if (!this.#pullWanted()) return this.#disarm();
		if (this.#timer === null && gateOf(this.source.game.doc) !== null) this.#timer = this.clock.setTimeout(() => this.#check(), PULL_AFTER_MS);
	}

	/** Stops the wait and withdraws the pick from the gate (it held this session alive). */
	destroy(): void {
		this.#disarm();
		gateOf(this.source.game.doc)?.withdrawPull(this.#pick);
	}

	#disarm(): void {
		if (this.#timer !== null) this.clock.clearTimeout(this.#timer);
		this.#timer = null;
	}

	#pullWanted(): boolean {
		const replayer = this.source.replayer;
		if (!(replayer instanceof GameReplayer)) return false;
		// Asked after every replay: one missing id is enough to know (a flood of waiting entries is long).
		return (replayer.dag.waiting > 0 && replayer.dag.missingIds(this.#members(), 1).length > 0) || this.#genesisMissing();
	}

	#check(): void {
		this.#timer = null;
		const gate = gateOf(this.source.game.doc);
		if (gate === null || !this.#pullWanted()) return;
		if (gate.pullAll(this.#pick) > 0) this.pulls++;
		// Still waiting a minute later: pull again (the gate refuses a pull within a minute of the last).
		this.#timer = this.clock.setTimeout(() => this.#check(), PULL_EVERY_MS);
	}

	/** Seat holders' keys and the game's creator: only their waiting entries make a pull (a key with
	 * no seat could make every device pull forever). */
	#members(): (key: string) => boolean {
		const replayer = this.source.replayer;
		if (!(replayer instanceof GameReplayer)) return () => false;
		const keys = new Set(replayer.core.seats.flatMap((holder) => (holder === null ? [] : [holder.key])));
		const creator = replayer.dag.genesis?.entry.author;
		if (creator !== undefined) keys.add(creator);
		return (key) => keys.has(key);
	}

	/** The game this device was invited to (its genesis pinned by the link) is not here, though the
	 * log holds something: a rogue answering first may have squatted every id, genesis included. */
	#genesisMissing(): boolean {
		const replayer = this.source.replayer;
		return replayer instanceof GameReplayer && replayer.dag.genesis === null && replayer.dag.genesisPin !== null && this.source.game.doc.getArray(LOG_KEY).length > 0;
	}

	#select(conflicts: readonly Conflict[]): Conflict[] {
		const replayer = this.source.replayer;
		if (!(replayer instanceof GameReplayer)) return [];
		const pin = replayer.dag.genesis === null ? replayer.dag.genesisPin : null;
		const wanted = entriesWanted(
			conflicts.map((conflict) => conflict.value),
			replayer.dag.missingIds(this.#members()),
			(id) => replayer.dag.holds(id),
			{ game: this.source.game.gameId, limit: PULL_COPY_LIMIT, alsoWanted: pin === null ? undefined : (id) => id.startsWith(pin) },
		);
		return conflicts.filter((conflict) => wanted.has(conflict.value));
	}
}
