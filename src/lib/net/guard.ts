/**
 * Deletion/edit defence for the log.
 *
 * Yjs lets any peer delete Y.Array items, and an "edit" of a string item is a delete plus an
 * insert. The log's integrity therefore cannot rest on Yjs: every honest peer runs a LogGuard
 * that remembers each entry it has seen (by content hash, in first-seen order), notices when one
 * of them is no longer anywhere in the array, reports it and restores it by pushing it again.
 * Honest peers never delete, so after sync no honest view loses an accepted entry; a restored
 * entry sits at the end, and the protocol layer replays from there as after any reorder.
 *
 * Duplicates are tolerated on purpose: two honest peers that restore the same entry concurrently
 * push it twice. The protocol layer identifies entries by hash and ignores repeats.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type * as Y from 'yjs';
import { appendEntry, type GameDoc } from './doc.js';

/** Transaction origin of entries re-appended by a LogGuard. */
export const GUARD_ORIGIN: unique symbol = Symbol('fnord.net.guard-restore');

/** Hex SHA-256 of an entry string (UTF-8). */
export function entryHash(entry: string): string {
	return bytesToHex(sha256(utf8ToBytes(entry)));
}

/** Entries that disappeared from the log in one transaction. */
export interface MissingReport {
	/** The missing entries, in the order this guard first saw them. */
	readonly entries: readonly string[];
	readonly hashes: readonly string[];
	/** Whether the guard pushed them back (false when restore is off or deferred). */
	readonly restored: boolean;
	/** Restore deferred: they are pushed later if still missing then. */
	readonly pending: boolean;
	/** Origin of the transaction that removed them (a remote link, for a rogue peer). */
	readonly origin: unknown;
}

export interface LogGuardOptions {
	/** Push missing entries back (default true). Off only to observe an attack in tests. */
	restore?: boolean;
	/**
	 * Entries remembered from an earlier session (the session may persist `known()` outside
	 * Yjs), so an entry deleted while this device was offline is still recognised.
	 */
	known?: readonly string[];
	/**
	 * Defers restores: `schedule(restore)` should call `restore` a little later (e.g. after a random
	 * 0.2-2 s). Entries that another honest peer restored meanwhile are not pushed again, which
	 * keeps N guards from appending N copies of each deleted entry. Default: restore at once.
	 */
	schedule?: (restore: () => void) => void;
}

export class LogGuard {
	readonly #game: GameDoc;
	readonly #restore: boolean;
	readonly #schedule: ((restore: () => void) => void) | null;
	/** Entries pushed back by deferred restores. */
	restoredLater = 0;
	/** Every entry seen, by its own text (hashing each would cost a catch-up ~15 µs per entry), first-seen order. */
	readonly #known = new Set<string>();
	/** entry -> number of copies currently in the array. */
	readonly #present = new Map<string, number>();
	readonly #listeners = new Set<(report: MissingReport) => void>();
	readonly #reports: MissingReport[] = [];
	readonly #handler: (event: Y.YArrayEvent<string>, tr: Y.Transaction) => void;
	#destroyed = false;

	constructor(game: GameDoc, options: LogGuardOptions = {}) {
		this.#game = game;
		this.#restore = options.restore ?? true;
		this.#schedule = options.schedule ?? null;
		for (const entry of options.known ?? []) this.#known.add(entry);
		for (const entry of game.log.toArray()) this.#count(entry, +1);
		this.#handler = (event, tr) => this.#onChange(event, tr);
		game.log.observe(this.#handler);
		// Entries known from before but absent now were lost while we were away.
		const absent = [...this.#known].filter((entry) => !this.#present.has(entry));
		if (absent.length > 0) this.#handleMissing(absent, null);
	}

	/** Every entry seen so far, in first-seen order (to persist outside Yjs if wanted). */
	known(): string[] {
		return [...this.#known];
	}

	/** Number of distinct entries seen. */
	get size(): number {
		return this.#known.size;
	}

	/** Every report so far (for a debug or warning view). */
	reports(): readonly MissingReport[] {
		return this.#reports;
	}

	/** Calls `listener` whenever entries go missing. Returns the unsubscribe function. */
	onMissing(listener: (report: MissingReport) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	destroy(): void {
		if (this.#destroyed) return;
		this.#destroyed = true;
		this.#game.log.unobserve(this.#handler);
		this.#listeners.clear();
	}

	/** Counts one copy more or less of `entry` in the array; true when none is left. */
	#count(entry: string, delta: 1 | -1): boolean {
		this.#known.add(entry);
		const n = (this.#present.get(entry) ?? 0) + delta;
		if (n > 0) this.#present.set(entry, n);
		else this.#present.delete(entry);
		return n <= 0;
	}

	#onChange(event: Y.YArrayEvent<string>, tr: Y.Transaction): void {
		// Items are garbage-collected only after observers ran, so deleted content is still here.
		const lost = new Set<string>();
		for (const item of event.changes.deleted) {
			for (const value of item.content.getContent() as unknown[]) {
				if (typeof value === 'string' && this.#count(value, -1)) lost.add(value);
			}
		}
		for (const item of event.changes.added) {
			for (const value of item.content.getContent() as unknown[]) {
				if (typeof value === 'string') this.#count(value, +1); // non-strings: the protocol rejects them
			}
		}
		const missing = [...lost].filter((entry) => !this.#present.has(entry));
		if (missing.length > 0) this.#handleMissing(missing, tr.origin);
	}

	#handleMissing(missing: readonly string[], origin: unknown): void {
		const wanted = new Set(missing);
		const entries = [...this.#known].filter((entry) => wanted.has(entry));
		const now = this.#restore && this.#schedule === null;
		const pending = this.#restore && this.#schedule !== null;
		if (now) appendEntry(this.#game, entries, GUARD_ORIGIN);
		if (pending) {
			this.#schedule!(() => {
				if (this.#destroyed) return;
				const still = entries.filter((entry) => !this.#present.has(entry));
				if (still.length === 0) return;
				this.restoredLater += still.length;
				appendEntry(this.#game, still, GUARD_ORIGIN);
			});
		}
		const report: MissingReport = { entries, hashes: entries.map(entryHash), restored: now, pending, origin };
		this.#reports.push(report);
		for (const listener of [...this.#listeners]) listener(report);
	}
}
