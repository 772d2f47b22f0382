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
import type { Conflict } from './update-check.js';

/** Appends each conflicting string its array does not hold yet, in one local transaction; returns how many. */
export function copyConflicts(doc: Y.Doc, conflicts: readonly Conflict[]): number {
	let copied = 0;
	doc.transact(() => {
		for (const key of [LOG_KEY, CHAT_KEY] as const) {
			const mine = conflicts.filter((conflict) => conflict.array === key);
			if (mine.length === 0) continue;
			const array = doc.getArray<string>(key);
			const counts = new Map<string, number>();
			for (const value of array.toArray()) counts.set(value, (counts.get(value) ?? 0) + 1);
			const missing = new Set<string>();
			for (const { value, held } of mine) {
				if ((counts.get(value) ?? 0) === 0) missing.add(value);
				if ((counts.get(held) ?? 0) <= 1) missing.add(held);
			}
			if (missing.size > 0) array.push([...missing]);
			copied += missing.size;
		}
	}, ITEM_CONFLICT_ORIGIN);
	return copied;
}

/** The origin of the copies' transaction (a local one: relayed to peers like any own entry). */
export const ITEM_CONFLICT_ORIGIN = 'fnord-item-conflict';
