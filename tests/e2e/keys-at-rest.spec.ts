// Keys at rest (session/vault.ts, docs/session.md "Keys at rest"): a game made in the app keeps
// its device seed sealed in the games list (localStorage) under a non-extractable AES-GCM key
// that IndexedDB keeps as a CryptoKey object. Every stored byte of the origin is read back from
// the page: the seed, the seats' signing keys and box secrets are nowhere in plain form. A reload
// plays on with the same key; a plain record left from before is sealed on the next visit; with
// the vault's key gone, opening the game says so and the record is kept.
import { expect, test, type Page } from '@playwright/test';
import { bytesToHex } from '@noble/hashes/utils.js';
import { DB_PREFIX } from '../../src/lib/net/persistence.js';
import { bytesToBase64url } from '../../src/lib/protocol/index.js';
import { boxSecret, gameIdentity } from '../../src/lib/session/keys.js';
import { VAULT_DATABASE, VAULT_KEY_ENTRY, VAULT_STORE } from '../../src/lib/session/vault.js';
import { gameStored } from './helpers/stored-game.js';

test.use({ locale: 'en-US' });

type Hook = {
	info(): { gameId: string | null; mySeats: number[]; accepted: number; rejections: number; random: string | null };
	auto(): { ok: boolean; seat: number; type: string } | null;
	lab: { session: { seed: string; identity: { publicKey: string; secretKey: Uint8Array } } | null };
};

/** Everything the origin keeps: localStorage as text, and every IndexedDB record (strings as they are, bytes in hex). */
function storedEverywhere(page: Page): Promise<{ local: Record<string, string>; idb: string[] }> {
	return page.evaluate(async () => {
		const local: Record<string, string> = {};
		for (let i = 0; i < localStorage.length; i++) {
			const key = localStorage.key(i)!;
			local[key] = localStorage.getItem(key)!;
		}
		const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
		const flatten = (value: unknown, out: string[], depth = 0): void => {
			if (depth > 8 || value === null || value === undefined) return;
			if (typeof value === 'string') out.push(value);
			else if (value instanceof ArrayBuffer) out.push(hex(new Uint8Array(value)));
			else if (ArrayBuffer.isView(value)) out.push(hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
			else if (value instanceof CryptoKey) out.push(`CryptoKey(${value.type}, extractable=${value.extractable})`);
			else if (Array.isArray(value)) for (const v of value) flatten(v, out, depth + 1);
			else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) {
				out.push(k);
				flatten(v, out, depth + 1);
			}
			else out.push(String(value));
		};
		const idb: string[] = [];
		for (const info of await indexedDB.databases()) {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(info.name!);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			for (const name of Array.from(db.objectStoreNames)) {
				const all = await new Promise<unknown[]>((resolve, reject) => {
					const request = db.transaction(name).objectStore(name).getAll();
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
				idb.push(`${info.name}/${name}`);
				flatten(all, idb);
			}
			db.close();
		}
		return { local, idb };
	});
}

/** The vault key as IndexedDB holds it, and whether WebCrypto refuses to export it. */
function vaultKey(page: Page) {
	return page.evaluate(
		async ({ database, store, entry }) => {
			if (!(await indexedDB.databases()).some((db) => db.name === database)) return null;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(database);
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error);
			});
			const value = await new Promise<{ id: string; key: CryptoKey } | undefined>((resolve, reject) => {
				const request = db.transaction(store).objectStore(store).get(entry);
				request.onsuccess = () => resolve(request.result as { id: string; key: CryptoKey } | undefined);
				request.onerror = () => reject(request.error);
			});
			db.close();
			if (value === undefined) return null;
			const exported = await crypto.subtle.exportKey('raw', value.key).then(
				() => 'exported',
				(error: Error) => `refused: ${error.name}`
			);
			return {
				id: value.id,
				isCryptoKey: value.key instanceof CryptoKey,
				extractable: value.key.extractable,
				algorithm: value.key.algorithm.name,
				usages: [...value.key.usages].sort(),
				exported
			};
		},
		{ database: VAULT_DATABASE, store: VAULT_STORE, entry: VAULT_KEY_ENTRY }
	);
}

/** The game's session in the lab page (/play?game=): its seed and key, read from memory. */
async function inLab(page: Page, gameId: string) {
	await page.goto(`/play?game=${encodeURIComponent(gameId)}`);
	await page.waitForFunction((id) => (window as unknown as { __fnord?: Hook }).__fnord?.info().gameId === id, gameId);
	return page.evaluate(() => {
		const hook = (window as unknown as { __fnord: Hook }).__fnord;
		const session = hook.lab.session!;
		return { seed: session.seed, publicKey: session.identity.publicKey, secretKey: Array.from(session.identity.secretKey), info: hook.info() };
	});
}

async function settled(page: Page): Promise<void> {
	await expect(page.getByTestId('table')).toBeVisible({ timeout: 20_000 });
	await expect(page.getByTestId('accepted')).toHaveAttribute('data-random', 'none', { timeout: 20_000 });
}

test('seeds are sealed at rest under a non-extractable key; a reload plays the same seats; a plain record is sealed on the next visit', async ({ page }) => {
	test.setTimeout(90_000);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));

	await page.goto('/');
	expect(await page.evaluate(() => window.isSecureContext && typeof crypto.subtle === 'object')).toBe(true);
	await page.getByTestId('mode-local').check();
	await page.getByTestId('seats').fill('2');
	await page.getByLabel('Title (optional)').fill('Sealed game');
	await page.getByTestId('create').click();
	await expect(page).toHaveURL(/\/game\?id=/);
	const gameUrl = page.url();
	const gameId = new URL(gameUrl).searchParams.get('id')!;
	await settled(page);
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');
	await gameStored(page);

	// The seed and keys, from the session in memory (the lab page resumes the same stored game).
	const first = await inLab(page, gameId);
	expect(first.seed).toMatch(/^[0-9a-f]{64}$/);
	expect(first.info.mySeats).toEqual([0, 1]);
	const identity = gameIdentity(first.seed, gameId);
	expect(identity.publicKey).toBe(first.publicKey); // the key derives from this seed
	expect(bytesToHex(identity.secretKey)).toBe(bytesToHex(Uint8Array.from(first.secretKey)));
	const secrets = [first.seed, bytesToHex(identity.secretKey), bytesToBase64url(identity.secretKey), ...[0, 1].flatMap((seat) => [bytesToHex(boxSecret(first.seed, gameId, seat)), bytesToBase64url(boxSecret(first.seed, gameId, seat))])];

	// Nothing stored holds them: not the games list, not the game's documents, not the vault.
	const stored = await storedEverywhere(page);
	const record = JSON.parse(stored.local[`fnord.game.${gameId}`]!) as { seed: string; atRest: string };
	expect(record.atRest).toBe('sealed');
	expect(record.seed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
	expect(stored.idb).toContain(`${VAULT_DATABASE}/${VAULT_STORE}`);
	expect(stored.idb).toContain(`${DB_PREFIX}${gameId}/updates`); // the game's own database was read too
	const everything = [...Object.entries(stored.local).flat(), ...stored.idb].join('\n');
	for (const secret of secrets) expect(everything.includes(secret), `a secret (${secret.slice(0, 6)}…) is stored in plain`).toBe(false);

	// The vault key: a CryptoKey object IndexedDB keeps, not extractable, and WebCrypto will not export it.
	const key = await vaultKey(page);
	expect(key).toEqual({ id: record.seed.split('.')[1], isCryptoKey: true, extractable: false, algorithm: 'AES-GCM', usages: ['decrypt', 'encrypt'], exported: 'refused: InvalidAccessError' });

	// An export holds none of them either.
	const exported = await page.evaluate(() => (window as unknown as { __fnord: { exportText(): string } }).__fnord.exportText());
	expect(exported).toContain(gameId);
	for (const secret of secrets) expect(exported.includes(secret)).toBe(false);

	// A reload: the same seats, the same key, and a seat plays on.
	await page.reload();
	const again = await inLab(page, gameId);
	expect(again.publicKey).toBe(first.publicKey);
	expect(again.info.mySeats).toEqual([0, 1]);
	// One signed move by a seat of this device (the lab's automatic player picks it), accepted.
	await expect
		.poll(
			() =>
				page.evaluate(() => {
					const hook = (window as unknown as { __fnord: Hook }).__fnord;
					const info = hook.info();
					if (info.random === null) {
						const moved = hook.auto();
						if (moved !== null && !moved.ok) throw new Error(`refused: ${JSON.stringify(moved)}`);
					}
					return hook.info().accepted;
				}),
			{ timeout: 20_000 }
		)
		.toBeGreaterThan(first.info.accepted);
	expect((await page.evaluate(() => (window as unknown as { __fnord: Hook }).__fnord.info())).rejections).toBe(0);
	await page.goto(gameUrl);
	await settled(page);
	await expect(page.getByTestId('my-seats')).toHaveText('Your seats: 1, 2');
	await expect(page.getByTestId('rejections')).toHaveAttribute('data-count', '0');

	// A record stored plain (as before the vault) is sealed on the next visit to Home, and resumes.
	await page.evaluate(
		({ key, seed }) => {
			const plain = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
			delete plain.atRest;
			localStorage.setItem(key, JSON.stringify({ ...plain, seed }));
		},
		{ key: `fnord.game.${gameId}`, seed: first.seed }
	);
	await page.goto('/');
	await expect(page.getByText('Sealed game')).toBeVisible();
	await expect
		.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!) as { atRest?: string }, `fnord.game.${gameId}`))
		.toMatchObject({ atRest: 'sealed' });
	expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(first.seed);
	expect((await inLab(page, gameId)).publicKey).toBe(first.publicKey);

	// The vault key gone (site data partly cleared): the game does not open, says why, and its record stays.
	await page.goto('/rules');
	const before = await page.evaluate((key) => localStorage.getItem(key), `fnord.game.${gameId}`);
	await page.evaluate(
		(name) =>
			new Promise<void>((resolve, reject) => {
				const request = indexedDB.deleteDatabase(name);
				request.onsuccess = () => resolve();
				request.onerror = () => reject(request.error);
			}),
		VAULT_DATABASE
	);
	await page.goto(gameUrl);
	await expect(page.getByText(/not on this device any more/)).toBeVisible({ timeout: 20_000 });
	expect(await page.evaluate((key) => localStorage.getItem(key), `fnord.game.${gameId}`)).toBe(before);
	expect(errors).toEqual([]);
});
