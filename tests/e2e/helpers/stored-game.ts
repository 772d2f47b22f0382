// Waits until a game's log has reached IndexedDB. The session plays in memory at once and
// persistence attaches a moment later (y-indexeddb is loaded with import()), so a test that
// leaves the page with a full navigation right after creating a game could otherwise drop it.
import { expect, type Page } from '@playwright/test';
import { DB_PREFIX } from '../../../src/lib/net/persistence.js';

/** Updates y-indexeddb has stored for a game (its database: DB_PREFIX + id); 0 if none. */
export function storedUpdates(page: Page, gameId: string): Promise<number> {
	return page.evaluate(async (name) => {
		// Never open (and so create) a database that does not exist: y-indexeddb would then find
		// one without its stores.
		if (!(await indexedDB.databases()).some((db) => db.name === name)) return 0;
		return new Promise<number>((resolve) => {
			const open = indexedDB.open(name);
			open.onupgradeneeded = () => open.transaction?.abort();
			open.onerror = () => resolve(0);
			open.onsuccess = () => {
				const db = open.result;
				if (!db.objectStoreNames.contains('updates')) {
					db.close();
					resolve(0);
					return;
				}
				const count = db.transaction('updates').objectStore('updates').count();
				count.onsuccess = () => {
					db.close();
					resolve(count.result);
				};
				count.onerror = () => {
					db.close();
					resolve(0);
				};
			};
		});
	}, DB_PREFIX + gameId);
}

/** Resolves once the game on `page` (a /game?id= page) has its log in IndexedDB. */
export async function gameStored(page: Page): Promise<void> {
	const gameId = new URL(page.url()).searchParams.get('id');
	if (!gameId) throw new Error(`not a game page: ${page.url()}`);
	await expect.poll(() => storedUpdates(page, gameId), { timeout: 15_000 }).toBeGreaterThan(0);
}
