/**
 * The browser's sandbox plumbing: the store over localStorage (beside "My games"), the platform's
 * cryptographic randomness for ids and fresh seeds, and the link to a sandbox game.
 */
import { StorageKeyValueStore } from '../../session/local-store.js';
import { SandboxStore } from './store.js';

export function browserSandboxStore(): SandboxStore {
	return new SandboxStore(new StorageKeyValueStore(localStorage));
}

export function browserRandomBytes(n: number): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(n));
}

/** The page of a sandbox game (`view=history` opens its history, `at` a position in it). */
export function sandboxPath(id: string, options: { view?: 'history'; at?: number; refused?: number } = {}): string {
	const query = new URLSearchParams({ id });
	if (options.view) query.set('view', options.view);
	if (options.at !== undefined) query.set('at', String(options.at));
	if (options.refused) query.set('refused', String(options.refused));
	return `/sandbox?${query.toString()}`;
}
