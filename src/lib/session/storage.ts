/**
 * Storage behind interfaces, so node tests run in memory and the browser plugs in IndexedDB
 * (y-indexeddb for documents, via net/persistence.ts) and localStorage/IndexedDB for records.
 */
import * as Y from 'yjs';
import { databaseName, persistGame, type PersistedGame } from '../net/persistence.js';

/**
 * Where a game's Y.Doc is kept between visits, y-indexeddb style: attach a doc, wait for
 * `whenSynced` (the stored log is in the doc), then create the session (its LogGuard sees the
 * stored log before any remote update), then connect transports.
 */
export interface DocPersistence {
	attach(gameId: string, doc: Y.Doc): PersistedGame;
	/** Deletes a stored game. */
	remove(gameId: string): Promise<void>;
}

/** IndexedDB in the browser (net/persistence.ts: one database per game, y-indexeddb). */
export const indexedDbPersistence: DocPersistence = {
	attach: (gameId, doc) => persistGame(gameId, doc),
	remove: async (gameId) => {
		const { clearDocument } = await import('y-indexeddb');
		await clearDocument(databaseName(gameId));
	}
};

/** In memory (node tests): the updates of each game, merged on load. */
export class MemoryDocStore implements DocPersistence {
	readonly #updates = new Map<string, Uint8Array[]>();

	attach(gameId: string, doc: Y.Doc): PersistedGame {
		const stored = this.#updates.get(gameId);
		if (stored && stored.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(stored), this);
		this.#append(gameId, Y.encodeStateAsUpdate(doc));
		let attached = true;
		const onUpdate = (update: Uint8Array, origin: unknown) => {
			if (origin !== this) this.#append(gameId, update);
		};
		doc.on('update', onUpdate);
		const stop = async () => {
			if (attached) doc.off('update', onUpdate);
			attached = false;
		};
		return {
			whenSynced: Promise.resolve(),
			destroy: stop,
			clear: async () => {
				await stop();
				this.#updates.delete(gameId);
			}
		};
	}

	async remove(gameId: string): Promise<void> {
		this.#updates.delete(gameId);
	}

	has(gameId: string): boolean {
		return this.#updates.has(gameId);
	}

	/** The stored state of a game (as one update), or null. */
	load(gameId: string): Uint8Array | null {
		const list = this.#updates.get(gameId);
		return list === undefined || list.length === 0 ? null : Y.mergeUpdates(list);
	}

	#append(gameId: string, update: Uint8Array): void {
		let list = this.#updates.get(gameId);
		if (!list) this.#updates.set(gameId, (list = []));
		list.push(update);
		// Compact now and then, as y-indexeddb does.
		if (list.length > 500) this.#updates.set(gameId, [Y.mergeUpdates(list)]);
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
