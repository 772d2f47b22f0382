// Keys at rest (session/vault.ts, docs/session.md "Keys at rest"): the games list keeps each
// game's device seed sealed with AES-GCM under a non-extractable WebCrypto key (node's WebCrypto
// here, the key in memory; the IndexedDB key store is covered in tests/e2e/keys-at-rest.spec.ts).
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { bytesToBase64url } from '../../src/lib/protocol/index.js';
import { boxSecret } from '../../src/lib/session/keys.js';
import {
	gameIdentity,
	GameList,
	isSealedSeed,
	MemoryDocStore,
	MemoryKeyValueStore,
	MemoryVaultKeyStore,
	MyGames,
	VaultError,
	WebCryptoVault,
	type GameRecord,
	type SeedVault,
	type VaultErrorCode
} from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from './helpers.js';

const subtle = globalThis.crypto.subtle;
const vaultOf = (keys = new MemoryVaultKeyStore()) => ({ keys, vault: new WebCryptoVault(subtle, keys) });

async function refused(promise: Promise<unknown>): Promise<VaultErrorCode> {
	const error = await promise.then(
		() => null,
		(e: unknown) => e
	);
	expect(error).toBeInstanceOf(VaultError);
	return (error as VaultError).code;
}

/** Every stored value of a MemoryKeyValueStore, as one text. */
async function dump(store: MemoryKeyValueStore): Promise<string> {
	const keys = await store.keys('');
	return (await Promise.all(keys.map(async (key) => `${key}=${await store.get(key)}`))).join('\n');
}

/** The forms a secret could take in stored text: hex and base64url. */
const forms = (bytes: Uint8Array): string[] => [bytesToHex(bytes), bytesToBase64url(bytes)];

function secretsOf(seed: string, gameId: string, seats: readonly number[]): string[] {
	return [seed, ...forms(gameIdentity(seed, gameId).secretKey), ...seats.flatMap((seat) => forms(boxSecret(seed, gameId, seat)))];
}

describe('the device vault (WebCrypto AES-GCM, a non-extractable key)', () => {
	it('seals and opens a seed; the sealed text hides it and differs each time (random IV)', async () => {
		const { vault } = vaultOf();
		const seed = seedOf('round trip');
		const sealed = await vault.seal('game-a', seed);
		expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/);
		expect(isSealedSeed(sealed)).toBe(true);
		expect(isSealedSeed(seed)).toBe(false);
		expect(sealed).not.toContain(seed);
		expect(await vault.open('game-a', sealed)).toBe(seed);
		const again = await vault.seal('game-a', seed);
		expect(again).not.toBe(sealed);
		expect(await vault.open('game-a', again)).toBe(seed);
		await expect(vault.seal('game-a', 'not a seed')).rejects.toThrow(/64 hex/);
	});

	it('binds a sealed seed to its game: sealed for A, refused for B', async () => {
		const { vault } = vaultOf();
		const sealed = await vault.seal('game-a', seedOf('a'));
		expect(await refused(vault.open('game-b', sealed))).toBe('SEALED_SEED_CORRUPT');
		expect(await vault.open('game-a', sealed)).toBe(seedOf('a'));
	});

	it('refuses a tampered ciphertext or IV, and text that is no sealed seed, with SEALED_SEED_CORRUPT', async () => {
		const { vault } = vaultOf();
		const sealed = await vault.seal('game-a', seedOf('a'));
		const [v, kid, iv, ct] = sealed.split('.') as [string, string, string, string];
		const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
		expect(await refused(vault.open('game-a', [v, kid, iv, flip(ct, 20)].join('.')))).toBe('SEALED_SEED_CORRUPT');
		expect(await refused(vault.open('game-a', [v, kid, flip(iv, 3), ct].join('.')))).toBe('SEALED_SEED_CORRUPT');
		expect(await refused(vault.open('game-a', seedOf('a')))).toBe('SEALED_SEED_CORRUPT');
		expect(await refused(vault.open('game-a', sealed.slice(0, -2)))).toBe('SEALED_SEED_CORRUPT');
	});

	it('says VAULT_KEY_MISSING when the key is gone, also once a new key was made', async () => {
		const { keys, vault } = vaultOf();
		const sealed = await vault.seal('game-a', seedOf('a'));
		keys.clear(); // site data partly cleared
		const fresh = new WebCryptoVault(subtle, keys);
		expect(await refused(fresh.open('game-a', sealed))).toBe('VAULT_KEY_MISSING');
		await fresh.seal('game-b', seedOf('b')); // a new key now
		expect(keys.key).not.toBeNull();
		expect(await refused(fresh.open('game-a', sealed))).toBe('VAULT_KEY_MISSING');
	});

	it('keeps a key that cannot be exported, made once even when two vaults seal at once', async () => {
		const keys = new MemoryVaultKeyStore();
		const a = new WebCryptoVault(subtle, keys);
		const b = new WebCryptoVault(subtle, keys);
		const [sa, sb] = await Promise.all([a.seal('game-a', seedOf('a')), b.seal('game-b', seedOf('b'))]);
		expect(await b.open('game-a', sa)).toBe(seedOf('a'));
		expect(await a.open('game-b', sb)).toBe(seedOf('b'));
		const key = keys.key!.key;
		expect(key.extractable).toBe(false);
		expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
		expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt']);
		await expect(subtle.exportKey('raw', key)).rejects.toThrow();
		await expect(subtle.exportKey('jwk', key)).rejects.toThrow();
	});
});

describe('the games list with a vault', () => {
	const base = { roomCode: 'ABCDEFGHJK', title: 't', seats: [0], lastPlayed: 1 };

	it('stores the seed sealed (atRest: sealed) and gives it back unsealed with seedOf', async () => {
		const store = new MemoryKeyValueStore();
		const list = new GameList(store, vaultOf().vault);
		await list.add({ ...base, id: 'a', seed: seedOf('a') });
		const record = (await list.get('a'))!;
		expect(record.atRest).toBe('sealed');
		expect(isSealedSeed(record.seed)).toBe(true);
		expect(await list.seedOf(record)).toBe(seedOf('a'));
		expect(await dump(store)).not.toContain(seedOf('a'));
		// An update keeps the sealed seed as it is.
		await list.update('a', { seats: [0, 1], lastPlayed: 5 });
		expect((await list.get('a'))!.seed).toBe(record.seed);
		// The stored text says how the seed is kept.
		expect(JSON.parse((await store.get('fnord.game.a'))!)).toMatchObject({ atRest: 'sealed' });
	});

	it('refuses a sealed seed copied into another game\'s record (SEALED_SEED_CORRUPT)', async () => {
		const list = new GameList(new MemoryKeyValueStore(), vaultOf().vault);
		await list.add({ ...base, id: 'a', seed: seedOf('a') });
		const moved: GameRecord = { ...(await list.get('a'))!, id: 'b' };
		expect(await refused(list.seedOf(moved))).toBe('SEALED_SEED_CORRUPT');
	});

	it('migrates plain records on the first load with a vault; the plain seed is then stored nowhere', async () => {
		const store = new MemoryKeyValueStore();
		// Records as stored before the vault: a plain seed, no atRest.
		await store.set('fnord.game.a', JSON.stringify({ ...base, id: 'a', seed: seedOf('a') }));
		await store.set('fnord.game.b', JSON.stringify({ ...base, id: 'b', lastPlayed: 2, seed: seedOf('b'), parent: 'a' }));
		await store.set('fnord.game.junk', '{not json');
		expect((await new GameList(store).list()).map((r) => r.atRest)).toEqual(['plain', 'plain']);
		const list = new GameList(store, vaultOf().vault);
		const records = await list.list();
		expect(records.map((r) => [r.id, r.atRest, r.parent ?? null])).toEqual([
			['b', 'sealed', 'a'],
			['a', 'sealed', null]
		]);
		expect(await Promise.all(records.map((r) => list.seedOf(r)))).toEqual([seedOf('b'), seedOf('a')]);
		const stored = await dump(store);
		expect(stored).not.toContain(seedOf('a'));
		expect(stored).not.toContain(seedOf('b'));
		expect(await store.get('fnord.game.junk')).toBe('{not json'); // left as it was
		expect(await list.sealPlainSeeds()).toBe(0); // nothing left to seal
	});

	it('stores plain where the vault fails (not losing the game), and seals it on a later load', async () => {
		const store = new MemoryKeyValueStore();
		const broken: SeedVault = {
			seal: async () => {
				throw new VaultError('VAULT_UNAVAILABLE', 'IndexedDB refused');
			},
			open: async () => {
				throw new VaultError('VAULT_UNAVAILABLE', 'IndexedDB refused');
			}
		};
		const list = new GameList(store, broken);
		await list.add({ ...base, id: 'a', seed: seedOf('a') });
		expect((await list.get('a'))!.atRest).toBe('plain');
		expect(await list.seedOf((await list.get('a'))!)).toBe(seedOf('a'));
		const later = new GameList(store, vaultOf().vault);
		expect((await later.get('a'))!.atRest).toBe('sealed');
		expect(await dump(store)).not.toContain(seedOf('a'));
	});

	it('without a vault (plain http) stores plain seeds and says so; a sealed one cannot be opened there', async () => {
		const store = new MemoryKeyValueStore();
		const plain = new GameList(store);
		expect(plain.sealing).toBe(false);
		await plain.add({ ...base, id: 'a', seed: seedOf('a') });
		expect(await plain.get('a')).toMatchObject({ seed: seedOf('a'), atRest: 'plain' });
		await new GameList(store, vaultOf().vault).add({ ...base, id: 'b', seed: seedOf('b') });
		expect(await refused(plain.seedOf((await plain.get('b'))!))).toBe('VAULT_UNAVAILABLE');
	});
});

describe('My games with a vault', () => {
	function device(keys = new MemoryVaultKeyStore(), store = new MemoryKeyValueStore(), docs = new MemoryDocStore()) {
		const list = new GameList(store, new WebCryptoVault(subtle, keys));
		return { keys, store, docs, list, games: new MyGames({ list, persistence: docs, randomBytes, now: () => 1_000 }) };
	}

	it('never stores a seed, a seat key or a box secret in plain; a reload plays the same seats with the same key', async () => {
		const d = device();
		const a = await d.games.create(options(3), [0, 1, 2], 'sealed');
		const player = new Player(seedOf('moves'));
		for (let i = 0; i < 40; i++) player.move(a);
		const fork = await d.games.fork(a, 10);
		const elsewhere = await device().games.create(options(2), [0], 'someone else\'s'); // another device's game, joined by its room code
		const joined = await d.games.join(elsewhere.roomCode, 'joined');
		elsewhere.destroy();
		const exported = (await d.games.exportGame(a.gameId))!;
		const imported = await d.games.importGame(exported);
		const secrets = [...secretsOf(a.seed, a.gameId, [0, 1, 2]), ...secretsOf(fork.seed, fork.gameId, [0, 1, 2]), ...secretsOf(joined.seed, joined.gameId, [0])];
		const stored = await dump(d.store);
		for (const secret of secrets) {
			expect(stored).not.toContain(secret);
			expect(exported).not.toContain(secret);
		}
		expect(isSealedSeed(imported.record.seed)).toBe(true);
		expect((await d.list.list()).every((r) => r.atRest === 'sealed')).toBe(true);

		const { publicKey } = a.identity;
		const hash = a.stateHash;
		a.destroy();
		const again = (await d.games.resume(a.gameId))!;
		expect(again.identity.publicKey).toBe(publicKey);
		expect(again.mySeats).toEqual([0, 1, 2]);
		expect(again.stateHash).toBe(hash);
		for (let i = 0; i < 10; i++) player.move(again);
		expect(again.rejections).toEqual([]);
		for (const s of [again, fork, joined]) s.destroy();
	});

	it('a lost vault key: resume says VAULT_KEY_MISSING and the record and the game stay; a copy still opens', async () => {
		const d = device();
		const a = await d.games.create(options(2), [0, 1], 'lost key');
		const exported = (await d.games.exportGame(a.gameId))!;
		const copy = await d.games.importGame(exported);
		const hash = a.stateHash;
		a.destroy();
		const before = await d.store.get(`fnord.game.${a.gameId}`);
		d.keys.clear();
		const after = device(d.keys, d.store, d.docs);
		expect(await refused(after.games.resume(a.gameId))).toBe('VAULT_KEY_MISSING');
		expect(await d.store.get(`fnord.game.${a.gameId}`)).toBe(before);
		expect(d.docs.has(a.gameId)).toBe(true);
		expect((await after.games.list()).map((r) => r.id).sort()).toEqual([a.gameId, copy.record.id].sort());
		// A read-only copy holds no seat: it opens with a fresh seed.
		const opened = (await after.games.openCopy(copy.record.id))!;
		expect(opened.stateHash).toBe(hash);
		expect(opened.mySeats).toEqual([]);
		opened.destroy();
	});

	it('migrates a game stored with a plain seed and resumes it with the same key', async () => {
		const plain = { store: new MemoryKeyValueStore(), docs: new MemoryDocStore() };
		const old = new MyGames({ list: new GameList(plain.store), persistence: plain.docs, randomBytes, now: () => 1 });
		const a = await old.create(options(2), [0, 1], 'from before');
		const { publicKey } = a.identity;
		const seed = a.seed;
		a.destroy();
		expect(await dump(plain.store)).toContain(seed);
		const d = device(new MemoryVaultKeyStore(), plain.store, plain.docs);
		const again = (await d.games.resume(a.gameId))!;
		expect(again.identity.publicKey).toBe(publicKey);
		expect(again.mySeats).toEqual([0, 1]);
		expect(await dump(plain.store)).not.toContain(seed);
		expect((await d.list.get(a.gameId))!.atRest).toBe('sealed');
		again.destroy();
	});
});
