/**
 * Decides whether one remote Yjs update only inserts strings into the game's log (or its chat,
 * chat-doc.ts: the same rules, and each item stays in the array of its neighbours), without
 * applying it: no deletion (delete set, GC struct or erased content), no other shared type, map
 * key or nested type, only string values of at most MAX_ENTRY_BYTES UTF-8 bytes.
 *
 * An item that names no parent takes its neighbour's (`origin`, else `rightOrigin`), so each such
 * neighbour must be a log item: one of this doc (a binary search in its client's structs) or one
 * of the same update (resolved once each). The cost is proportional to the update, never to the log.
 *
 * Entries stay opaque here: whether a string is a valid, signed entry of this game is the
 * protocol's verdict (it refuses junk visibly, and forks carry entries of their parent games).
 */
import * as Y from 'yjs';
import { MAX_ENTRY_BYTES } from '../protocol/entry.js';
import { CHAT_KEY } from './chat-doc.js';
import { LOG_KEY } from './doc.js';

/** Why an update's content was refused. */
export type ContentDropReason = 'deletion' | 'foreign-type' | 'not-a-string' | 'oversized-entry' | 'malformed-update';

export type UpdateCheck =
	| {
			readonly ok: true;
			/** Entries this doc does not hold yet, and their UTF-8 bytes. */
			readonly entries: number;
			readonly bytes: number;
			/** Those entries by author (Yjs client id). */
			readonly authors: ReadonlyMap<number, number>;
			/** It names structs this doc lacks: Yjs will hold (part of) it as pending. */
			readonly missing: boolean;
			/** Strings at ids this doc already holds with other content (item-conflicts.ts): Yjs skips them. */
			readonly conflicts: readonly Conflict[];
	  }
	| { readonly ok: false; readonly reason: ContentDropReason };

type Struct = Y.Item | Y.GC | Y.Skip;

/** A second version of an item this doc holds: the other string, ours, and the array ours is in. */
export interface Conflict {
	readonly value: string;
	readonly held: string;
	readonly array: typeof LOG_KEY | typeof CHAT_KEY;
}

/** Where an item lands, from best to worst (a larger value wins; two different arrays are FOREIGN). */
const LOG = 0;
const CHAT = 0.5;
const MISSING = 1;
const FOREIGN = 2;
const CYCLE = 3;
const VISITING = -1;
/** Not known yet (no neighbour seen). */
const UNPLACED = -2;

/** Two places of one item's neighbours: the worse, and an item between the log and the chat is FOREIGN. */
function combine(a: number, b: number): number {
	if (a === UNPLACED) return b;
	if ((a === LOG && b === CHAT) || (a === CHAT && b === LOG)) return FOREIGN;
	return Math.max(a, b);
}

const refuse = (reason: ContentDropReason): UpdateCheck => ({ ok: false, reason });

/** UTF-8 length of `text` as TextEncoder counts it (a lone surrogate is 3 bytes). Above `limit`, any value above it. */
export function utf8Length(text: string, limit = Infinity): number {
	if (text.length > limit) return text.length; // at least one byte per UTF-16 unit
	let n = 0;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x80) n += 1;
		else if (c < 0x800) n += 2;
		else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
			n += 4;
			i++;
		} else n += 3;
	}
	return n;
}

export function checkUpdate(doc: Y.Doc, update: Uint8Array, options: { v2?: boolean } = {}): UpdateCheck {
	let decoded: { structs: Struct[]; ds: { clients: Map<number, unknown> } };
	try {
		decoded = options.v2 ? Y.decodeUpdateV2(update) : Y.decodeUpdate(update);
	} catch (_error) {
		return refuse('malformed-update');
	}
	const { structs, ds } = decoded;
	if (ds.clients.size > 0) return refuse('deletion');

	// The encoding lists each client once, its structs in clock order.
	const byClient = new Map<number, Struct[]>();
	let last: Struct | null = null;
	for (const s of structs) {
		if (s instanceof Y.GC || (s instanceof Y.Item && s.content instanceof Y.ContentDeleted)) return refuse('deletion');
		const list = byClient.get(s.id.client);
		if (list === undefined) byClient.set(s.id.client, [s]);
		else if (last?.id.client !== s.id.client) return refuse('malformed-update');
		else list.push(s);
		last = s;
	}

	const store = doc.store;
	const state = (client: number) => Y.getState(store, client);
	for (const s of structs) {
		if (!(s instanceof Y.Item)) continue;
		const parent = s.parent as unknown; // decoded: a root type's name, a nested type's ID, or null
		if (parent !== null && ((parent !== LOG_KEY && parent !== CHAT_KEY) || s.parentSub !== null)) return refuse('foreign-type');
		const c = s.content;
		if (!(c instanceof Y.ContentAny || c instanceof Y.ContentBinary || c instanceof Y.ContentJSON)) return refuse('foreign-type');
		if (s.length === 0) return refuse('malformed-update'); // Yjs never makes one
		// An item names only earlier items of its own client. Items under this device's own client id
		// beyond its clock are someone else's (ids are not authenticated): applied, and this device's
		// next items land after them under the same id (client-id-pin.ts, item-conflicts.ts).
		for (const ref of [s.origin, s.rightOrigin]) {
			if (ref !== null && ref.client === s.id.client && ref.clock >= s.id.clock) return refuse('malformed-update');
		}
	}

	const places = new Placer(doc, byClient);
	let missing = false;
	for (const [client, list] of byClient) if (list[0]!.id.clock > state(client)) missing = true;
	for (const s of structs) {
		if (s instanceof Y.Skip) missing = true;
		if (!(s instanceof Y.Item) || s.id.clock + s.length <= state(s.id.client)) continue; // Yjs ignores what it has
		const place = places.of(s);
		if (place === CYCLE) return refuse('malformed-update');
		if (place === FOREIGN) return refuse('foreign-type');
		if (place === MISSING) missing = true;
	}

	let entries = 0;
	let bytes = 0;
	const authors = new Map<number, number>();
	const conflicts: Conflict[] = [];
	for (const s of structs) {
		if (!(s instanceof Y.Item)) continue;
		if (!(s.content instanceof Y.ContentAny)) return refuse('not-a-string');
		const values = s.content.arr;
		const known = Math.max(0, state(s.id.client) - s.id.clock);
		for (let i = 0; i < values.length; i++) {
			const value: unknown = values[i];
			if (typeof value !== 'string') return refuse('not-a-string');
			const size = utf8Length(value, MAX_ENTRY_BYTES);
			if (size > MAX_ENTRY_BYTES) return refuse('oversized-entry');
			if (i >= known) {
				entries++;
				bytes += size;
			} else {
				const ours = heldValue(doc, s.id.client, s.id.clock + i);
				if (ours !== null && typeof ours.value === 'string' && ours.value !== value) conflicts.push({ value, held: ours.value, array: ours.array });
			}
		}
		if (values.length > known) authors.set(s.id.client, (authors.get(s.id.client) ?? 0) + values.length - known);
	}
	return { ok: true, entries, bytes, authors, missing, conflicts };
}

/** The string this doc holds at (client, clock), and its array; null if none (not a string item). */
function heldValue(doc: Y.Doc, client: number, clock: number): { value: unknown; array: Conflict['array'] } | null {
	const structs = doc.store.clients.get(client);
	if (structs === undefined) return null;
	const s = structs[Y.findIndexSS(structs, clock)];
	if (!(s instanceof Y.Item) || !(s.content instanceof Y.ContentAny)) return null;
	const array = s.parent === doc.share.get(CHAT_KEY) ? CHAT_KEY : s.parent === doc.share.get(LOG_KEY) ? LOG_KEY : null;
	return array === null ? null : { value: s.content.arr[clock - s.id.clock], array };
}

/** Resolves where the items of one update land, each once (no recursion: chains can be long). */
class Placer {
	readonly #doc: Y.Doc;
	readonly #log: Y.Array<unknown>;
	/** The chat array if this doc has one yet (never created here: a check changes nothing). */
	readonly #chat: unknown;
	readonly #byClient: Map<number, Struct[]>;
	readonly #places = new Map<Y.Item, number>();

	constructor(doc: Y.Doc, byClient: Map<number, Struct[]>) {
		this.#doc = doc;
		this.#log = doc.getArray(LOG_KEY);
		this.#chat = doc.share.get(CHAT_KEY) ?? null;
		this.#byClient = byClient;
	}

	of(start: Y.Item): number {
		const stack = [start];
		while (stack.length > 0) {
			const item = stack[stack.length - 1]!;
			// A named parent was checked to be the log or the chat.
			let place = item.parent === null ? UNPLACED : item.parent === (CHAT_KEY as unknown) ? CHAT : LOG;
			let next: Y.Item | null = null;
			for (const ref of this.#neighbours(item)) {
				const r = this.#placeOfId(ref);
				let p: number;
				if (typeof r === 'number') p = r;
				else {
					const known = this.#places.get(r);
					if (known === VISITING) p = CYCLE;
					else if (known === undefined) {
						next = r;
						break;
					} else p = known;
				}
				place = combine(place, p);
			}
			if (next !== null) {
				this.#places.set(item, VISITING);
				stack.push(next);
				continue;
			}
			this.#places.set(item, place === UNPLACED ? LOG : place);
			stack.pop();
		}
		return this.#places.get(start)!;
	}

	/** IDs whose items give `item` its parent: its origins, and the part Yjs already has of it. */
	#neighbours(item: Y.Item): Y.ID[] {
		const ids: Y.ID[] = [];
		if (item.parent !== null) return ids;
		if (item.origin !== null) ids.push(item.origin);
		if (item.rightOrigin !== null) ids.push(item.rightOrigin);
		const have = Y.getState(this.#doc.store, item.id.client);
		if (have > item.id.clock) ids.push(Y.createID(item.id.client, have - 1));
		return ids;
	}

	/** A place, or the update's item at that ID (not resolved yet). */
	#placeOfId(id: Y.ID): number | Y.Item {
		if (id.clock < Y.getState(this.#doc.store, id.client)) {
			const structs = this.#doc.store.clients.get(id.client)!;
			const s = structs[Y.findIndexSS(structs, id.clock)];
			if (!(s instanceof Y.Item) || s.parentSub !== null) return FOREIGN;
			return s.parent === this.#log ? LOG : this.#chat !== null && s.parent === this.#chat ? CHAT : FOREIGN;
		}
		const list = this.#byClient.get(id.client);
		if (list === undefined) return MISSING;
		const s = findStruct(list, id.clock);
		if (s === null || s instanceof Y.Skip) return MISSING;
		return s instanceof Y.Item ? s : FOREIGN;
	}
}

/** The struct of `list` (one client's, in clock order, contiguous) that holds `clock`. */
function findStruct(list: Struct[], clock: number): Struct | null {
	let lo = 0;
	let hi = list.length - 1;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		const s = list[mid]!;
		if (clock < s.id.clock) hi = mid - 1;
		else if (clock >= s.id.clock + s.length) lo = mid + 1;
		else return s;
	}
	return null;
}
