/**
 * Whether a record keyed by card id (a structure, a turn's `participated`) has a key, by its list
 * of keys kept per record object. States are immutable and share these records from state to
 * state, and a look-up by name in one of them is slow in V8 (every structure has its own key order,
 * so its own hidden class, and the look-ups are megamorphic); a key list per record, asked again and
 * again, is a few pointer comparisons.
 */
import type { CardId } from './types.js';

/** A few records and their keys, direct-mapped by a slot the caller picks (a seat): the records of
 * one state are asked about in turn, and most of them are the same objects in the next state. */
const SLOTS = 16;
const records: (object | undefined)[] = new Array<object | undefined>(SLOTS).fill(undefined);
const keyLists: (readonly string[])[] = new Array<readonly string[]>(SLOTS).fill([]);

/** `record`'s own keys (Object.keys), from the slot `slot` when it holds that record. */
export function keysOf(record: Readonly<Record<CardId, unknown>>, slot: number): readonly CardId[] {
	const i = slot & (SLOTS - 1);
	if (records[i] !== record) {
		records[i] = record;
		keyLists[i] = Object.keys(record);
	}
	return keyLists[i]!;
}

/** Whether `card` is an own key of `record`: record[card] !== undefined for a card id (never an
 * Object.prototype name: step's schema takes known ids only) and the engine's records (no
 * undefined values). */
export function hasKey(record: Readonly<Record<CardId, unknown>>, card: CardId, slot: number): boolean {
	return keysOf(record, slot).includes(card);
}
