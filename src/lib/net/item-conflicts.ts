/**
 * Two versions of one Yjs item. Yjs names an item by (client id, clock) and trusts whoever sends it:
 * a rogue can write strings under another device's client id, at clocks it has not used yet, and
 * send them to the others only. Their docs then hold the rogue's strings where that device's next
 * entries go, and Yjs skips the real ones as already known: without this, that device's moves
 * never reached anyone again (red team, docs/update-gate.md "Two versions of an item").
 *
 * The gate sees every item it already holds (update-check.ts compares the strings): a doc that
 * meets another string at an id it holds copies both strings into the same array as new items of
 * its own: the other one unless the array holds it already, its own unless the array holds it
 * twice (a peer that has the other version at that id lacks it, and a sync by state vector never
 * sends an id the receiver holds). Every doc then ends with both strings (the protocol dedups
 * entries by id and refuses junk). The device whose id was squatted applies the rogue's items
 * beyond its clock and keeps its id, its next items landing after them (client-id-pin.ts), and
 * copies those that collide with its own.
 */
import type * as Y from 'yjs';
import { CHAT_KEY } from './chat-doc.js';
import { LOG_KEY } from './doc.js';
import { TokenBucket } from './token-bucket.js';
import { utf8Length, type Conflict } from './update-check.js';

/** Copies are written at most this often (the first at once). */
const FLUSH_EVERY_MS = 1_000;

/** Conflicting strings a doc copies in per peer: at once, then per second. */
export const CONFLICT_BURST = 64;
export const CONFLICTS_PER_SECOND = 1;

/** Picks, among the conflicts an answer to our pull met, the strings the game lacks (copied
 * without the budget, the string alone: session/missing-pull.ts). */
export type ConflictSelect = (conflicts: readonly Conflict[]) => readonly Conflict[];

/** Entries and UTF-8 bytes the log may still take. */
export interface LogRoom {
	readonly entries: number;
	readonly bytes: number;
}

/** A conflict to copy; `valueOnly`: the other string alone (the one we hold is a squat's junk). */
type Copy = Conflict & { readonly valueOnly?: boolean };

/** Appends each conflicting string its array does not hold yet, in one local transaction; returns how many. */
export function copyConflicts(doc: Y.Doc, conflicts: readonly Copy[]): number {
	let copied = 0;
	doc.transact(() => {
		for (const key of [LOG_KEY, CHAT_KEY] as const) {
			const mine = conflicts.filter((conflict) => conflict.array === key);
			if (mine.length === 0) continue;
			const array = doc.getArray<string>(key);
			const counts = new Map<string, number>();
			for (const value of array.toArray()) counts.set(value, (counts.get(value) ?? 0) + 1);
			const missing = new Set<string>();
			for (const { value, held, valueOnly } of mine) {
				if ((counts.get(value) ?? 0) === 0) missing.add(value);
				if (valueOnly !== true && (counts.get(held) ?? 0) <= 1) missing.add(held);
			}
			if (missing.size > 0) array.push([...missing]);
			copied += missing.size;
		}
	}, ITEM_CONFLICT_ORIGIN);
	return copied;
}

/** The origin of the copies' transaction (a local one: relayed to peers like any own entry). */
export const ITEM_CONFLICT_ORIGIN = 'fnord-item-conflict';

/**
 * The copies a gate makes: once the update at hand is through (never inside its receipt), in
 * batches. Each peer's conflicts are copied CONFLICT_BURST at once, then CONFLICTS_PER_SECOND: a
 * squat collides with the few entries its victim wrote meanwhile; a rogue sending other strings
 * for many held ids would otherwise have every honest doc write them (its junk under their names,
 * past its rates). Per peer, so a rogue's junk uses up its own budget, never the one the honest
 * peer bringing the squatted entry needs (one budget for all let a rogue drain it first: found by
 * a red-team pass). In an answer to our pull, the strings `select` picks (entries the game waits
 * for) are copied whatever the budget, alone.
 */
export class ConflictCopies {
	/** Strings met at ids this doc holds with other content, how many were set aside over the
	 * budget, copied in, and picked by a pull. */
	seen = 0;
	overBudget = 0;
	copied = 0;
	pulled = 0;
	readonly #budgets = new WeakMap<object, TokenBucket>();
	#queue: Copy[] = [];
	/** What the queued copies may write. */
	#queued: LogRoom = { entries: 0, bytes: 0 };
	#lastFlush = -Infinity;
	#timer: ReturnType<typeof setTimeout> | null = null;
	/** A flush is queued for once the update at hand is through. */
	#soon = false;

	constructor(
		private readonly doc: Y.Doc,
		private readonly now: () => number,
	) {}

	/** Conflicts one update from `peer` (any object standing for the link) met; `select` when it
	 * answers our pull, whose picks are copied up to `pullRoom`. Nothing is copied past `room` (the
	 * log cap less what the log and the update hold: the copies are this device's own writes,
	 * relayed to every peer, whose gates drop a whole update past the cap). Returns how many picks
	 * it copies. */
	add(conflicts: readonly Conflict[], peer: object, select: ConflictSelect | null, pullRoom: number, room: LogRoom): number {
		const now = this.now();
		this.seen += conflicts.length;
		let entries = room.entries - this.#queued.entries;
		let bytes = room.bytes - this.#queued.bytes;
		/** Takes a copy of `strings` if they fit in the room left. */
		const fits = (...strings: string[]): boolean => {
			const size = strings.reduce((sum, text) => sum + utf8Length(text), 0);
			if (strings.length > entries || size > bytes) return false;
			entries -= strings.length;
			bytes -= size;
			return true;
		};
		const picked = select === null || pullRoom <= 0 ? [] : select(conflicts);
		const wanted: Conflict[] = [];
		for (const conflict of picked) {
			if (wanted.length >= pullRoom || !fits(conflict.value)) break;
			wanted.push(conflict);
		}
		const taken = new Set(picked);
		const rest = picked.length === 0 ? conflicts : conflicts.filter((conflict) => !taken.has(conflict));
		let budget = this.#budgets.get(peer);
		if (budget === undefined) this.#budgets.set(peer, (budget = new TokenBucket(CONFLICTS_PER_SECOND, CONFLICT_BURST, now)));
		const allowed: Conflict[] = [];
		const tokens = Math.floor(budget.level(now));
		// Each budgeted copy may write two strings (the other one and ours).
		for (const conflict of rest) {
			if (allowed.length >= tokens || !fits(conflict.value, conflict.held)) break;
			allowed.push(conflict);
		}
		budget.take(allowed.length, now);
		this.overBudget += rest.length - allowed.length;
		this.pulled += wanted.length;
		const copies: Copy[] = [...wanted.map((conflict) => ({ ...conflict, valueOnly: true })), ...allowed];
		if (copies.length === 0) return wanted.length;
		this.#queue.push(...copies);
		this.#queued = { entries: room.entries - entries, bytes: room.bytes - bytes };
		this.#schedule(now);
		return wanted.length;
	}

	/** Writes the queued copies in one transaction once the update at hand is through, and then at
	 * most once a second: each write is an update of this device's own author at every peer, and a
	 * rogue sending many small conflicts had this device spend its author's update rate there, so
	 * its next real move was dropped (red team, session 15). */
	#schedule(now: number): void {
		if (this.#soon) return;
		const wait = this.#lastFlush + FLUSH_EVERY_MS - now;
		if (wait > 0) {
			this.#timer ??= setTimeout(() => this.#flush(), wait);
			return;
		}
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#soon = true;
		queueMicrotask(() => this.#flush());
	}

	#flush(): void {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#soon = false;
		if (this.#queue.length === 0) return;
		this.#lastFlush = this.now();
		const batch = this.#queue;
		this.#queue = [];
		this.#queued = { entries: 0, bytes: 0 };
		this.copied += copyConflicts(this.doc, batch);
	}
}
