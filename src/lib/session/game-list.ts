/**
 * The records of "My games" (id, room code, title, seats, last played, device seed, parent, and
 * for an imported copy the game it copies) in a KeyValueStore. Kept apart from MyGames so a page can list games without loading the session
 * layer (Yjs, the protocol, @noble).
 *
 * With a vault (vault.ts: WebCrypto and IndexedDB), seeds are stored sealed, never plain: `add`
 * seals a plain seed, and the first load of a list with a vault seals the plain seeds stored
 * before (or where the vault failed). Without one (plain http), seeds are stored plain and the
 * record says so (`atRest: 'plain'`). `seedOf` gives a record's seed, unsealed, in memory.
 */
import type { KeyValueStore } from './storage.js';
import { isSealedSeed, VaultError, type SeedVault } from './vault.js';

/** How a record's seed is stored: sealed by the device vault, or plain (no vault here). */
export type AtRest = 'plain' | 'sealed';

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
	/**
	 * Device seed for this game, secret, never shared: as stored, so sealed (`v1.…`, vault.ts) where
	 * the device has a vault, else 64 hex. Use GameList.seedOf for the seed itself. A plain seed
	 * given to `add` is sealed before it is stored.
	 */
	readonly seed: string;
	/** How `seed` is kept; set on every record GameList returns (derived from `seed`). */
	readonly atRest?: AtRest;
	/** The game this one was forked from, if any. */
	readonly parent?: string;
	/** The id of the game's genesis as first seen here (or an invitation's prefix): the session's pin (GameSession `genesis`). */
	readonly genesis?: string;
	/** Set on a read-only copy imported from a file: the protocol game id of the file's game. */
	readonly copyOf?: string;
	/**
	 * Set on a game joined by room code: its title is the creator's as last seen in the creator's
	 * presence (a display name only), the stand-in made at the join until then.
	 */
	readonly titleFromHost?: boolean;
	/** Seats this device's computer players play (a game against the computer: session/bots). */
	readonly bots?: readonly { readonly seat: number; readonly level: 'easy' | 'normal' | 'hard' }[];
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

const atRestOf = (seed: string): AtRest => (isSealedSeed(seed) ? 'sealed' : 'plain');

export class GameList {
	readonly #store: KeyValueStore;
	readonly #vault: SeedVault | null;
	/** The sealing of plain seeds on the first load (with a vault). */
	#sealing: Promise<void> | null = null;

	/** `vault`: seals seeds at rest (browserVault() in the app); null: seeds are stored plain. */
	constructor(store: KeyValueStore, vault: SeedVault | null = null) {
		this.#store = store;
		this.#vault = vault;
	}

	/** Whether seeds added here are sealed (a vault was given; it may still fail, see add). */
	get sealing(): boolean {
		return this.#vault !== null;
	}

	/**
	 * Stores a record. A plain seed is sealed first when there is a vault; should the vault fail
	 * (IndexedDB refused), it is stored plain (`atRest: 'plain'`) rather than the game lost, and
	 * sealed on a later load.
	 */
	async add(record: GameRecord): Promise<void> {
		await this.#ready();
		let seed = record.seed;
		if (this.#vault !== null && !isSealedSeed(seed)) {
			try {
				seed = await this.#vault.seal(record.id, seed);
			} catch (error) {
				if (!(error instanceof VaultError)) throw error;
			}
		}
		await this.#write({ ...record, seed });
	}

	async get(id: string): Promise<GameRecord | null> {
		await this.#ready();
		return this.#read(id);
	}

	/**
	 * A record's device seed (64 hex), unsealed in memory. A VaultError if it cannot be:
	 * 'VAULT_KEY_MISSING' (the vault key is gone: site data partly cleared), 'SEALED_SEED_CORRUPT'
	 * (edited, damaged, or moved from another game's record), 'VAULT_UNAVAILABLE' (sealed, and no
	 * vault here). The record is left as it is either way.
	 */
	async seedOf(record: GameRecord): Promise<string> {
		if (!isSealedSeed(record.seed)) return record.seed;
		if (this.#vault === null) throw new VaultError('VAULT_UNAVAILABLE', `the seed of ${record.id} is sealed and this page has no vault (WebCrypto and IndexedDB)`);
		return this.#vault.open(record.id, record.seed);
	}

	/** Updates some fields of a stored game (e.g. lastPlayed, seats). */
	async update(id: string, patch: Partial<Omit<GameRecord, 'id' | 'seed' | 'atRest'>>): Promise<GameRecord | null> {
		const record = await this.get(id);
		if (record === null) return null;
		const next = { ...record, ...patch };
		await this.#write(next);
		return next;
	}

	/** Every stored game, most recently played first. Unreadable records are skipped. */
	async list(): Promise<GameRecord[]> {
		await this.#ready();
		const records = await Promise.all((await this.#ids()).map((id) => this.#read(id)));
		return records.filter((r): r is GameRecord => r !== null).sort((a, b) => b.lastPlayed - a.lastPlayed || a.id.localeCompare(b.id));
	}

	async remove(id: string): Promise<void> {
		await this.#store.delete(PREFIX + id);
	}

	/**
	 * Seals the plain seeds stored (records from before the vault, or stored while it failed);
	 * how many were sealed. Run once by the first call on a list with a vault; a record changed
	 * meanwhile is left for the next load. A failing vault leaves the rest plain.
	 */
	async sealPlainSeeds(): Promise<number> {
		const vault = this.#vault;
		if (vault === null) return 0;
		let sealed = 0;
		for (const id of await this.#ids()) {
			const record = await this.#read(id);
			if (record === null || record.atRest === 'sealed') continue;
			let seed: string;
			try {
				seed = await vault.seal(id, record.seed);
			} catch (error) {
				if (error instanceof VaultError) break;
				continue; // not a seed at all: left as it is (GameSession refuses it on resume)
			}
			const now = await this.#read(id);
			if (now === null || now.seed !== record.seed) continue;
			await this.#write({ ...now, seed });
			sealed++;
		}
		return sealed;
	}

	#ready(): Promise<void> {
		if (this.#vault === null) return Promise.resolve();
		this.#sealing ??= this.sealPlainSeeds().then(
			() => undefined,
			() => undefined
		);
		return this.#sealing;
	}

	async #ids(): Promise<string[]> {
		return (await this.#store.keys(PREFIX)).map((key) => key.slice(PREFIX.length));
	}

	async #read(id: string): Promise<GameRecord | null> {
		const text = await this.#store.get(PREFIX + id);
		if (text === null) return null;
		try {
			const value: unknown = JSON.parse(text);
			return isRecord(value) ? { ...value, atRest: atRestOf(value.seed) } : null;
		} catch (_error) {
			return null;
		}
	}

	async #write(record: GameRecord): Promise<void> {
		await this.#store.set(PREFIX + record.id, JSON.stringify({ ...record, atRest: atRestOf(record.seed) }));
	}
}
