/**
 * The device vault: device seeds at rest. Each game's seed (keys.ts: the seat's Ed25519 key, its
 * box secret and its chains all derive from it) is kept in the games list sealed with AES-GCM-256
 * under one key of this device. That key is a WebCrypto CryptoKey made non-extractable and kept
 * as an object in IndexedDB (its own database, `fnord-vault`): the browser stores it, its bytes
 * never reach script, storage dumps or exports, and `crypto.subtle.exportKey` refuses it.
 *
 * Signing stays synchronous in JS (@noble): the protocol device signs and the coin shares need
 * scalar arithmetic WebCrypto does not offer, so the seed is what is protected at rest, and is
 * unsealed in memory while its game is open. No WebCrypto (plain http: not a secure context):
 * no vault, and the games list keeps seeds plain (GameRecord.atRest, docs/session.md "Keys at rest").
 *
 * A sealed seed: `v1.<key id>.<iv>.<ciphertext>` (base64url), the 32 seed bytes encrypted under
 * the vault key with a random 12-byte IV and the game's id (the record's id) as additional data,
 * so a sealed seed moved to another game's record is refused.
 *
 * Dependency-free (no @noble, no Yjs), so the games list can use it without the session layer.
 */

export type VaultErrorCode =
	/** The key this seed was sealed with is not on this device (site data partly cleared): the seed cannot be recovered here. */
	| 'VAULT_KEY_MISSING'
	/** The sealed text is damaged, edited, or sealed for another game. */
	| 'SEALED_SEED_CORRUPT'
	/** A sealed seed and no vault to open it with (no WebCrypto or no IndexedDB here). */
	| 'VAULT_UNAVAILABLE';

export class VaultError extends Error {
	constructor(
		readonly code: VaultErrorCode,
		message: string
	) {
		super(message);
		this.name = 'VaultError';
	}
}

/** Seals and opens device seeds (64 hex) for one game each (`gameId`: the games list's record id). */
export interface SeedVault {
	seal(gameId: string, seed: string): Promise<string>;
	/** The seed; a VaultError ('VAULT_KEY_MISSING', 'SEALED_SEED_CORRUPT') if it cannot be opened. */
	open(gameId: string, sealed: string): Promise<string>;
}

/** The vault's key as stored: the CryptoKey object (non-extractable) and a random id the sealed seeds name. */
export interface VaultKey {
	readonly id: string;
	readonly key: CryptoKey;
	/** Milliseconds since the epoch. */
	readonly created: number;
}

/** Where the vault key is kept (IndexedDB in the browser; memory in node tests). */
export interface VaultKeyStore {
	/** The stored key, or null. */
	get(): Promise<VaultKey | null>;
	/** Stores `key` unless one is stored already; returns the stored one (the first wins, so two tabs agree). */
	putIfAbsent(key: VaultKey): Promise<VaultKey>;
}

export type RandomBytes = (n: number) => Uint8Array;

const SEED = /^[0-9a-f]{64}$/;
const SEALED = /^v1\.([A-Za-z0-9_-]{11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{64})$/;

/** True for a sealed seed (`v1.…`), false for anything else (a plain seed). */
export function isSealedSeed(text: string): boolean {
	return SEALED.test(text);
}

function toBase64url(bytes: Uint8Array): string {
	let binary = '';
	for (const byte of bytes) binary += String.fromCharCode(byte);
	return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
	const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
	const bytes = new Uint8Array(hex.length / 2);
	for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
	return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The additional data of a game's sealed seed: the format, the key id and the game. */
function additionalData(keyId: string, gameId: string): Uint8Array<ArrayBuffer> {
	return new TextEncoder().encode(`fnord-seed-v1\u0000${keyId}\u0000${gameId}`);
}

const systemRandom: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

/** The vault over WebCrypto: AES-GCM-256, one non-extractable key per device, made on the first seal. */
export class WebCryptoVault implements SeedVault {
	readonly #subtle: SubtleCrypto;
	readonly #keys: VaultKeyStore;
	readonly #random: RandomBytes;
	readonly #now: () => number;
	#key: VaultKey | null = null;
	#making: Promise<VaultKey> | null = null;

	constructor(subtle: SubtleCrypto, keys: VaultKeyStore, options: { randomBytes?: RandomBytes; now?: () => number } = {}) {
		this.#subtle = subtle;
		this.#keys = keys;
		this.#random = options.randomBytes ?? systemRandom;
		this.#now = options.now ?? Date.now;
	}

	async seal(gameId: string, seed: string): Promise<string> {
		if (!SEED.test(seed)) throw new Error('vault: a device seed is 64 hex digits');
		const { id, key } = await this.#keyForSealing();
		const iv = new Uint8Array(this.#random(12));
		if (iv.length !== 12) throw new Error('vault: 12 random bytes needed');
		const ciphertext = await this.#subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(id, gameId) }, key, hexToBytes(seed));
		return `v1.${id}.${toBase64url(iv)}.${toBase64url(new Uint8Array(ciphertext))}`;
	}

	async open(gameId: string, sealed: string): Promise<string> {
		const parts = SEALED.exec(sealed);
		if (parts === null) throw new VaultError('SEALED_SEED_CORRUPT', 'not a sealed seed');
		const [, keyId, iv, ciphertext] = parts as unknown as [string, string, string, string];
		const stored = await this.#storedKey();
		if (stored === null || stored.id !== keyId) {
			throw new VaultError('VAULT_KEY_MISSING', `this seed was sealed with vault key ${keyId}, which is not on this device any more`);
		}
		let plain: ArrayBuffer;
		try {
			plain = await this.#subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv), additionalData: additionalData(keyId, gameId) }, stored.key, fromBase64url(ciphertext));
		} catch (_error) {
			throw new VaultError('SEALED_SEED_CORRUPT', `the sealed seed of ${gameId} does not open: damaged, edited or sealed for another game`);
		}
		if (plain.byteLength !== 32) throw new VaultError('SEALED_SEED_CORRUPT', 'the sealed seed is not 32 bytes');
		return bytesToHex(new Uint8Array(plain));
	}

	async #storedKey(): Promise<VaultKey | null> {
		this.#key ??= await this.#keys.get();
		return this.#key;
	}

	/** The stored key, else a new one (stored unless another tab stored one first: then that one). */
	#keyForSealing(): Promise<VaultKey> {
		this.#making ??= (async () => {
			const stored = await this.#storedKey();
			if (stored !== null) return stored;
			const key = await this.#subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
			this.#key = await this.#keys.putIfAbsent({ id: toBase64url(this.#random(8)), key, created: this.#now() });
			return this.#key;
		})().finally(() => {
			this.#making = null;
		});
		return this.#making;
	}
}

/** The vault key in memory (node tests; `clear` plays site data cleared). */
export class MemoryVaultKeyStore implements VaultKeyStore {
	key: VaultKey | null = null;

	async get(): Promise<VaultKey | null> {
		return this.key;
	}
	async putIfAbsent(key: VaultKey): Promise<VaultKey> {
		this.key ??= key;
		return this.key;
	}
	clear(): void {
		this.key = null;
	}
}

export const VAULT_DATABASE = 'fnord-vault';
export const VAULT_STORE = 'keys';
/** The entry of the seed key in VAULT_STORE. */
export const VAULT_KEY_ENTRY = 'seed-key';

function isVaultKey(value: unknown): value is VaultKey {
	const v = value as VaultKey | null | undefined;
	return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.key === 'object' && v.key !== null;
}

function unavailable(error: unknown): VaultError {
	return new VaultError('VAULT_UNAVAILABLE', `the vault's IndexedDB is not available: ${error instanceof Error ? error.message : String(error)}`);
}

/** The vault key in IndexedDB: a CryptoKey is structured-cloneable, so the browser keeps the object, never its bytes. */
export class IndexedDbVaultKeyStore implements VaultKeyStore {
	readonly #factory: IDBFactory;
	readonly #name: string;
	#db: Promise<IDBDatabase> | null = null;

	constructor(factory: IDBFactory, name = VAULT_DATABASE) {
		this.#factory = factory;
		this.#name = name;
	}

	get(): Promise<VaultKey | null> {
		return this.#run('readonly', (store, done) => {
			const request = store.get(VAULT_KEY_ENTRY);
			request.onsuccess = () => done(isVaultKey(request.result) ? request.result : null);
		});
	}

	putIfAbsent(key: VaultKey): Promise<VaultKey> {
		// One readwrite transaction: transactions on a store are serialized, so of two tabs making
		// a key at once the second finds the first's.
		return this.#run('readwrite', (store, done) => {
			const request = store.get(VAULT_KEY_ENTRY);
			request.onsuccess = () => {
				if (isVaultKey(request.result)) return done(request.result);
				store.put(key, VAULT_KEY_ENTRY);
				done(key);
			};
		});
	}

	async #run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
		const db = await this.#open();
		return new Promise<T>((resolve, reject) => {
			let result: T;
			let transaction: IDBTransaction;
			try {
				transaction = db.transaction(VAULT_STORE, mode);
			} catch (error) {
				// Closed under us (the database was deleted, or a newer version opened): reopen next time.
				this.#db = null;
				reject(unavailable(error));
				return;
			}
			transaction.oncomplete = () => resolve(result);
			transaction.onabort = () => reject(unavailable(transaction.error));
			body(transaction.objectStore(VAULT_STORE), (value) => {
				result = value;
			});
		});
	}

	#open(): Promise<IDBDatabase> {
		this.#db ??= new Promise<IDBDatabase>((resolve, reject) => {
			let request: IDBOpenDBRequest;
			try {
				request = this.#factory.open(this.#name, 1);
			} catch (error) {
				reject(unavailable(error));
				return;
			}
			request.onupgradeneeded = () => {
				if (!request.result.objectStoreNames.contains(VAULT_STORE)) request.result.createObjectStore(VAULT_STORE);
			};
			request.onsuccess = () => {
				const db = request.result;
				// Never block a deletion or an upgrade elsewhere (clearing site data, another tab).
				db.onversionchange = () => {
					db.close();
					this.#db = null;
				};
				db.onclose = () => {
					this.#db = null;
				};
				resolve(db);
			};
			request.onerror = () => reject(unavailable(request.error));
		}).catch((error: unknown) => {
			this.#db = null;
			throw error;
		});
		return this.#db;
	}
}

let shared: SeedVault | null | undefined;

/**
 * This page's vault: WebCrypto and IndexedDB where the browser has them (a secure context: https
 * or localhost), else null (plain http on a LAN address: seeds are stored plain). One per page.
 */
export function browserVault(): SeedVault | null {
	if (shared === undefined) {
		const subtle = globalThis.isSecureContext === false ? undefined : globalThis.crypto?.subtle;
		const factory = globalThis.indexedDB as IDBFactory | undefined;
		shared = subtle !== undefined && factory !== undefined ? new WebCryptoVault(subtle, new IndexedDbVaultKeyStore(factory)) : null;
	}
	return shared;
}
