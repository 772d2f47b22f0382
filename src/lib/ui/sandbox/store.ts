/**
 * Sandbox games saved on this device, one record per game in a KeyValueStore (localStorage in the
 * browser, memory in tests). Listed most recently played first; unreadable records are skipped.
 */
import type { KeyValueStore } from '../../session/storage.js';
import { readRecord, summaryOf, type SandboxRecord, type SandboxSummary } from './record.js';

const PREFIX = 'fnord.sandbox.';

/** A fresh id: 12 random bytes in hex. */
export function newSandboxId(randomBytes: (n: number) => Uint8Array): string {
	return [...randomBytes(12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function isSandboxId(value: string | null): value is string {
	return value !== null && /^[0-9a-f]{24}$/.test(value);
}

export class SandboxStore {
	readonly #store: KeyValueStore;

	constructor(store: KeyValueStore) {
		this.#store = store;
	}

	async save(record: SandboxRecord): Promise<void> {
		await this.#store.set(PREFIX + record.id, JSON.stringify(record));
	}

	async get(id: string): Promise<SandboxRecord | null> {
		const text = await this.#store.get(PREFIX + id);
		if (text === null) return null;
		const record = readRecord(text);
		return record?.id === id ? record : null;
	}

	async list(): Promise<SandboxSummary[]> {
		const keys = await this.#store.keys(PREFIX);
		const records = await Promise.all(keys.map((key) => this.get(key.slice(PREFIX.length))));
		return records
			.filter((r): r is SandboxRecord => r !== null)
			.map(summaryOf)
			.sort((a, b) => b.updated - a.updated || a.id.localeCompare(b.id));
	}

	async remove(id: string): Promise<void> {
		await this.#store.delete(PREFIX + id);
	}
}
