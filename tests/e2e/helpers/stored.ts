// Everything a page's origin stores, as text: every IndexedDB record and key (bytes read as UTF-8,
// as Yjs stores strings; objects walked) and localStorage. Privacy specs search it for a secret.
import type { Page } from '@playwright/test';

/** Runs in the page (serialised by Playwright): nothing from outside may be used in it. */
function readStored(): Promise<string> {
	const text = (value: unknown): string => {
		if (value instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(value));
		if (ArrayBuffer.isView(value)) return new TextDecoder().decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
		if (Array.isArray(value)) return value.map(text).join('\n');
		if (typeof value === 'object' && value !== null) return Object.entries(value).map(([k, v]) => `${k}:${text(v)}`).join('\n');
		return String(value);
	};
	const readDb = (name: string) =>
		new Promise<string>((resolve, reject) => {
			const open = indexedDB.open(name);
			open.onerror = () => reject(open.error);
			open.onsuccess = () => {
				const db = open.result;
				const stores = [...db.objectStoreNames];
				if (stores.length === 0) {
					db.close();
					return resolve('');
				}
				const tx = db.transaction(stores, 'readonly');
				const parts: string[] = [];
				for (const store of stores) {
					const all = tx.objectStore(store).getAll();
					const keys = tx.objectStore(store).getAllKeys();
					all.onsuccess = () => parts.push(text(all.result));
					keys.onsuccess = () => parts.push(text(keys.result));
				}
				tx.oncomplete = () => {
					db.close();
					resolve(parts.join('\n'));
				};
				tx.onerror = () => reject(tx.error);
			};
		});
	return (async () => {
		const names = (await indexedDB.databases()).flatMap((db) => (db.name ? [db.name] : []));
		const dbs = await Promise.all(names.map(readDb));
		const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
		return [`databases: ${names.join(', ')}`, ...dbs, ...local].join('\n');
	})();
}

export function storedText(page: Page): Promise<string> {
	return page.evaluate(readStored);
}
