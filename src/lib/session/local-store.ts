/**
 * The games list's KeyValueStore (session/storage.ts) over localStorage, the store the /play lab
 * uses too, so games made there show up in "My games". Any Storage-shaped object works (tests
 * pass an in-memory one).
 */
import type { KeyValueStore } from './storage.js';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export class StorageKeyValueStore implements KeyValueStore {
	readonly #storage: StorageLike;

	constructor(storage: StorageLike) {
		this.#storage = storage;
	}

	async get(key: string): Promise<string | null> {
		return this.#storage.getItem(key);
	}
	async set(key: string, value: string): Promise<void> {
		this.#storage.setItem(key, value);
	}
	async delete(key: string): Promise<void> {
		this.#storage.removeItem(key);
	}
	async keys(prefix: string): Promise<string[]> {
		const out: string[] = [];
		for (let i = 0; i < this.#storage.length; i++) {
			const key = this.#storage.key(i);
			if (key !== null && key.startsWith(prefix)) out.push(key);
		}
		return out;
	}
}
