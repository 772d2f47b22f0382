/**
 * The records of "My games" (id, room code, title, seats, last played, device seed, parent, and
 * for an imported copy the game it copies) in a KeyValueStore. Kept apart from MyGames so a page can list games without loading the session
 * layer (Yjs, the protocol, @noble).
 */
import type { KeyValueStore } from './storage.js';

export interface GameRecord {
	/**
	 * The key of this record and of its stored document: the protocol game id (also the Y.Doc
	 * guid), or for an imported copy its own id (session/import.ts), never the game's.
	 */
	readonly id: string;
	readonly roomCode: string;
	readonly title: string;
	/** Seats this device held when last saved. */
	readonly seats: readonly number[];
	/** Milliseconds since the epoch (the caller's clock). */
	readonly lastPlayed: number;
	/** Device seed for this game (64 hex): secret, never shared. */
	readonly seed: string;
	/** The game this one was forked from, if any. */
	readonly parent?: string;
	/** Set on a read-only copy imported from a file: the protocol game id of the file's game. */
	readonly copyOf?: string;
}

const PREFIX = 'fnord.game.';

function isRecord(value: unknown): value is GameRecord {
	const r = value as GameRecord | null;
	return (
		typeof r === 'object' && r !== null && typeof r.id === 'string' && typeof r.roomCode === 'string' &&
		typeof r.title === 'string' && Array.isArray(r.seats) && typeof r.lastPlayed === 'number' && typeof r.seed === 'string' &&
		(r.copyOf === undefined || typeof r.copyOf === 'string')
	);
}

export class GameList {
	readonly #store: KeyValueStore;

	constructor(store: KeyValueStore) {
		this.#store = store;
	}

	async add(record: GameRecord): Promise<void> {
		await this.#store.set(PREFIX + record.id, JSON.stringify(record));
	}

	async get(id: string): Promise<GameRecord | null> {
		const text = await this.#store.get(PREFIX + id);
		if (text === null) return null;
		try {
			const value: unknown = JSON.parse(text);
			return isRecord(value) ? value : null;
		} catch (_error) {
			return null;
		}
	}

	/** Updates some fields of a stored game (e.g. lastPlayed, seats). */
	async update(id: string, patch: Partial<Omit<GameRecord, 'id' | 'seed'>>): Promise<GameRecord | null> {
		const record = await this.get(id);
		if (record === null) return null;
		const next = { ...record, ...patch };
		await this.add(next);
		return next;
	}

	/** Every stored game, most recently played first. Unreadable records are skipped. */
	async list(): Promise<GameRecord[]> {
		const keys = await this.#store.keys(PREFIX);
		const records = await Promise.all(keys.map((key) => this.get(key.slice(PREFIX.length))));
		return records.filter((r): r is GameRecord => r !== null).sort((a, b) => b.lastPlayed - a.lastPlayed || a.id.localeCompare(b.id));
	}

	async remove(id: string): Promise<void> {
		await this.#store.delete(PREFIX + id);
	}
}
