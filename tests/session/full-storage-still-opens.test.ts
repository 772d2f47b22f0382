/**
 * A full localStorage (the origin's quota reached: setItem throws QuotaExceededError). Opening a
 * stored game writes its record's time and seats; that write is best effort, so the game still
 * opens and can be exported to make room (before, neither worked until the player freed space by
 * other means: found by a red-team pass).
 */
import { describe, expect, it } from 'vitest';
import { GameList, MemoryDocStore, MyGames, type KeyValueStore } from '../../src/lib/session/index.js';
import { StorageKeyValueStore } from '../../src/lib/session/local-store.js';
import { options, Player, randomBytes } from './helpers.js';

class QuotaStorage {
	readonly map = new Map<string, string>();
	full = false;
	get length(): number {
		return this.map.size;
	}
	key(i: number): string | null {
		return [...this.map.keys()][i] ?? null;
	}
	getItem(k: string): string | null {
		return this.map.get(k) ?? null;
	}
	removeItem(k: string): void {
		this.map.delete(k);
	}
	setItem(k: string, v: string): void {
		if (this.full) throw Object.assign(new Error("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota."), { name: 'QuotaExceededError' });
		this.map.set(k, v);
	}
}

describe('a full localStorage', () => {
	it('a stored game still opens, plays on and exports', async () => {
		const storage = new QuotaStorage();
		const games = new MyGames({ list: new GameList(new StorageKeyValueStore(storage) as KeyValueStore), persistence: new MemoryDocStore(), randomBytes, now: () => 1 });
		const created = await games.create(options(3), [0, 1, 2], 'mine');
		const player = new Player('full-storage');
		for (let i = 0; i < 20; i++) player.move(created);
		const { gameId: id, stateHash } = created;
		created.destroy();
		storage.full = true;
		const resumed = await games.resume(id);
		expect(resumed?.stateHash).toBe(stateHash);
		player.move(resumed!);
		expect(resumed!.stateHash).not.toBe(stateHash);
		resumed!.destroy();
		const exported = await games.exportGame(id);
		expect(JSON.parse(exported!).format).toBe('fnord-log');
	});
});
