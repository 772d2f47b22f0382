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
