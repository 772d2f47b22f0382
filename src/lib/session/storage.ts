/**
 * Storage behind interfaces, so node tests run in memory and the browser can plug in IndexedDB
 * (y-indexeddb for documents) and localStorage/IndexedDB for the small records.
 */
import * as Y from 'yjs';

/** Where a game's Y.Doc updates are kept between visits. */
export interface DocStore {
	/** Every update stored for the game, merged; null if none. */
	load(gameId: string): Promise<Uint8Array | null>;
	/** Keeps one more Yjs update (they merge in any order). */
	append(gameId: string, update: Uint8Array): Promise<void> | void;
	remove(gameId: string): Promise<void> | void;
}

export class MemoryDocStore implements DocStore {
	readonly #updates = new Map<string, Uint8Array[]>();

	async load(gameId: string): Promise<Uint8Array | null> {
		const list = this.#updates.get(gameId);
		return list === undefined || list.length === 0 ? null : Y.mergeUpdates(list);
	}

	append(gameId: string, update: Uint8Array): void {
		let list = this.#updates.get(gameId);
		if (!list) this.#updates.set(gameId, (list = []));
		list.push(update);
		// Compact now and then, as y-indexeddb does.
		if (list.length > 500) this.#updates.set(gameId, [Y.mergeUpdates(list)]);
	}

	remove(gameId: string): void {
		this.#updates.delete(gameId);
	}

	has(gameId: string): boolean {
		return this.#updates.has(gameId);
	}
}

/** Small string records (the list of my games, keys). localStorage-shaped, but async. */
export interface KeyValueStore {
	get(key: string): Promise<string | null>;
	set(key: string, value: string): Promise<void>;
	delete(key: string): Promise<void>;
	keys(prefix: string): Promise<string[]>;
}

export class MemoryKeyValueStore implements KeyValueStore {
	readonly #map = new Map<string, string>();

	async get(key: string): Promise<string | null> {
		return this.#map.get(key) ?? null;
	}
	async set(key: string, value: string): Promise<void> {
		this.#map.set(key, value);
	}
	async delete(key: string): Promise<void> {
		this.#map.delete(key);
	}
	async keys(prefix: string): Promise<string[]> {
		return [...this.#map.keys()].filter((key) => key.startsWith(prefix));
	}
}

/** A stored game's Y.Doc, or null. */
export async function loadDoc(store: DocStore, gameId: string): Promise<Y.Doc | null> {
	const update = await store.load(gameId);
	if (update === null) return null;
	const doc = new Y.Doc({ guid: gameId });
	Y.applyUpdate(doc, update);
	return doc;
}
