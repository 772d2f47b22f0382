import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
	databaseName,
	listStoredGames,
	persistGame,
	requestPersistentStorage,
	type PersistenceFactory
} from '../../src/lib/net/persistence.js';

/** A fake store that keeps the doc's state in memory, like IndexedDB between page loads. */
function fakeStore() {
	const saved = new Map<string, Uint8Array>();
	const calls: string[] = [];
	const factory: PersistenceFactory = (name, doc) => {
		calls.push(`open ${name}`);
		const stored = saved.get(name);
		if (stored) Y.applyUpdate(doc, stored);
		const save = () => saved.set(name, Y.encodeStateAsUpdate(doc));
		save(); // y-indexeddb, too, stores the doc's whole state when it opens
		doc.on('update', save);
		return {
			whenSynced: Promise.resolve(),
			destroy: async () => {
				calls.push(`destroy ${name}`);
				doc.off('update', save);
			},
			clearData: async () => {
				calls.push(`clear ${name}`);
				doc.off('update', save);
				saved.delete(name);
			}
		};
	};
	return { saved, calls, load: async () => factory };
}

describe('persistence', () => {
	it('stores a game per database and restores it into a fresh doc (a reload)', async () => {
		const store = fakeStore();
		const doc = new Y.Doc();
		const p = persistGame('g1', doc, store.load);
		await p.whenSynced;
		doc.getArray<string>('log').push(['a', 'b']);
		await p.destroy();

		const reloaded = new Y.Doc();
		const q = persistGame('g1', reloaded, store.load);
		await q.whenSynced;
		expect(reloaded.getArray<string>('log').toArray()).toEqual(['a', 'b']);
		await q.clear();
		expect(store.saved.size).toBe(0);
		expect(store.calls).toEqual([
			'open fnord-game-g1',
			'destroy fnord-game-g1',
			'open fnord-game-g1',
			'clear fnord-game-g1'
		]);
	});

	it('keeps a game closed before its store had opened (created, imported or forked, then closed at once)', async () => {
		const store = fakeStore();
		const doc = new Y.Doc();
		const p = persistGame('g2', doc, store.load);
		doc.getArray<string>('log').push(['kept']);
		await p.destroy();
		expect(store.calls).toEqual(['open fnord-game-g2', 'destroy fnord-game-g2']);
		const reloaded = new Y.Doc();
		await persistGame('g2', reloaded, store.load).whenSynced;
		expect(reloaded.getArray<string>('log').toArray()).toEqual(['kept']);
	});

	it('names databases by game id', () => {
		expect(databaseName('abc')).toBe('fnord-game-abc');
		expect(() => databaseName('')).toThrow();
	});

	it('lists stored games where indexedDB.databases() exists', async () => {
		const idb = {
			databases: async () => [
				{ name: 'fnord-game-b' },
				{ name: 'other' },
				{ name: 'fnord-game-a' },
				{}
			]
		} as Pick<IDBFactory, 'databases'>;
		expect(await listStoredGames(idb)).toEqual(['a', 'b']);
		expect(await listStoredGames(undefined)).toEqual([]);
	});

	it('requests persistent storage when the browser offers it', async () => {
		let asked = 0;
		const storage = {
			persisted: async () => false,
			persist: async () => (asked++, true)
		};
		expect(await requestPersistentStorage(storage)).toBe(true);
		expect(asked).toBe(1);
		expect(await requestPersistentStorage({ ...storage, persisted: async () => true })).toBe(true);
		expect(asked).toBe(1);
		expect(await requestPersistentStorage(undefined)).toBe(false);
		const failing = {
			persisted: async () => false,
			persist: async () => Promise.reject(new Error('no'))
		};
		expect(await requestPersistentStorage(failing)).toBe(false);
	});
});
