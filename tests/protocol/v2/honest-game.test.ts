import { describe, expect, it } from 'vitest';
import { gameIdFor, newGame, playMoves } from './table.js';

describe('version 2: honest play', () => {
	it.each([2, 3, 4])('a %i-player game runs its key generation, rolls with the threshold coin and every peer agrees', (players) => {
		const names = ['alice', 'bob', 'carol', 'dave'].slice(0, players);
		const { net, players: peers } = newGame(gameIdFor(`honest-${players}`), names);
		const state = peers[0]!.replay.state!;
		expect(peers[0]!.replay.core.keygen?.group).toBeTruthy();
		expect(state.random).toBeNull();
		playMoves(net, peers, 80, `honest-${players}`);
		const hashes = new Set(peers.map((p) => p.replay.stateHash));
		expect(hashes.size).toBe(1);
		expect(peers[0]!.replay.core.settled).toBeGreaterThan(3);
		expect(peers[0]!.replay.rejections).toEqual([]);
		// Most of the log is final once everyone acknowledged.
		expect(peers[0]!.replay.finalCount).toBeGreaterThan(peers[0]!.replay.accepted.length / 2);
	});
});

describe('version 2: shares that race', () => {
	it('a share that arrives after its event was settled by the others is no fault: no refusal, the same coin', () => {
		const { net, players } = newGame(gameIdFor('late-share'), ['alice', 'bob', 'carol']);
		let raced = 0;
		for (let i = 0; i < 60 && raced === 0; i++) {
			playMoves(net, players, 1, `late-share-${i}`, false);
			// The next random event: every peer computes its share before seeing another's.
			const held = new Map<number, string>();
			for (let round = 0; round < 50 && held.size < 3; round++) {
				let posted = false;
				players.forEach((peer, seat) => {
					if (held.has(seat)) return;
					const entry = peer.device!.nextAutomatic(peer.replay);
					if (entry === null) return;
					if (JSON.parse(entry).kind === 'share') held.set(seat, entry);
					else {
						net.post(entry);
						posted = true;
					}
				});
				if (!posted && held.size === 0) break;
			}
			if (held.size === 3) raced = 3;
			for (const entry of held.values()) net.post(entry);
			net.automatic();
		}
		expect(raced, 'a random event where all three shares raced').toBe(3);
		for (const peer of players) expect(peer.replay.rejections).toEqual([]);
		expect(new Set(players.map((p) => p.replay.stateHash)).size).toBe(1);
	});
});
