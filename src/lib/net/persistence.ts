/**
 * Keeps every game in IndexedDB (y-indexeddb), one database per game, so a game resumes after a
 * reload or a crash. Browser only: y-indexeddb is imported lazily, so Node code and tests that
 * import this module never load it.
 *
 * Order at start-up: `await persistGame(...).whenSynced`, then create the LogGuard, then connect
 * transports. The guard then sees the stored log before any remote (possibly hostile) update.
 */
import type * as Y from 'yjs';

/** Database name prefix: "fnord-game-<gameId>". */
export const DB_PREFIX = 'fnord-game-';

export function databaseName(gameId: string): string {
	if (gameId.length === 0) throw new Error('empty game id');
	return DB_PREFIX + gameId;
}

/** The part of y-indexeddb's IndexeddbPersistence used here. */
export interface PersistenceLike {
	readonly whenSynced: Promise<unknown>;
	destroy(): Promise<void>;
	clearData(): Promise<void>;
}

export type PersistenceFactory = (name: string, doc: Y.Doc) => PersistenceLike;

export interface PersistedGame {
	/** Resolves once the stored state has been loaded into the doc. */
	readonly whenSynced: Promise<void>;
	/** Stops persisting once what the doc holds is stored (the stored data stays). */
	destroy(): Promise<void>;
	/** Stops persisting and deletes the stored game. */
	clear(): Promise<void>;
}

const loadYIndexeddb = async (): Promise<PersistenceFactory> => {
	const { IndexeddbPersistence } = await import('y-indexeddb');
	return (name, doc) => new IndexeddbPersistence(name, doc);
};

/**
 * Starts persisting `doc` under the game's database. `load` is for tests (a fake store); by
 * default y-indexeddb is imported on first use.
 */
export function persistGame(
	gameId: string,
	doc: Y.Doc,
	load: () => Promise<PersistenceFactory> = loadYIndexeddb
): PersistedGame {
	const name = databaseName(gameId);
	let stopped = false;
	const persistence: Promise<PersistenceLike | null> = load().then((create) =>
		stopped ? null : create(name, doc)
	);
	return {
		whenSynced: persistence.then(async (p) => {
			if (p) await p.whenSynced;
		}),
		// Stopping waits until the store has opened and written the doc (y-indexeddb stores the whole
		// state when it opens), so a game closed right after it was created, imported or forked is kept.
		destroy: async () => {
			const p = await persistence;
			if (!p) return;
			await p.whenSynced;
			await p.destroy();
		},
		clear: async () => {
			stopped = true;
			const p = await persistence;
			if (p) await p.clearData();
			else {
				const { clearDocument } = await import('y-indexeddb');
				await clearDocument(name);
			}
		}
	};
}

/** Ids of the games stored in this browser (empty where indexedDB.databases() is missing). */
export async function listStoredGames(
	idb: Pick<IDBFactory, 'databases'> | undefined = globalThis.indexedDB
): Promise<string[]> {
	if (!idb || typeof idb.databases !== 'function') return [];
	const dbs = await idb.databases();
	return dbs
		.map((d) => d.name ?? '')
		.filter((n) => n.startsWith(DB_PREFIX))
		.map((n) => n.slice(DB_PREFIX.length))
		.sort();
}

/**
 * Asks the browser not to evict this site's storage (iOS Safari otherwise wipes IndexedDB after
 * 7 days without a visit). Returns whether storage is persistent; false where unsupported.
 */
export async function requestPersistentStorage(
	storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage
): Promise<boolean> {
	if (!storage || typeof storage.persist !== 'function') return false;
	try {
		if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
		return await storage.persist();
	} catch (_error) {
		return false;
	}
}
