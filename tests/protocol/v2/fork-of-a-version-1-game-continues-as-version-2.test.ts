// A fork of a version-1 game is a version-2 game: its carry entries list the version-1 entries,
// which replay through the version-1 rules as they were; then seats are claimed with box keys, the
// key generation runs and the dice come from the threshold coin.
import { describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../src/lib/engine/index.js';
import { forkMatchesParent } from '../../../src/lib/protocol/fork.js';
import { device, newTable, play } from '../game.js';
import { agreement, claimSeats, entryOf, forkTable, parentStateAt } from './forks.js';
import { gameIdFor, playMoves } from './table.js';

describe('a fork of a version-1 game', () => {
	it('replays the version-1 entries to the parent\u2019s state, then continues as version 2', () => {
		const parent = newTable(gameIdFor('v1-parent'), [device('alice'), device('bob')]);
		// 50 moves with this seed label leave the game under way (tests/protocol/fork.test.ts).
		play(parent, 50, 'parent-game');
		for (const index of [0, 30, parent.replay.accepted.length - 1]) {
			const game = gameIdFor(`v1-fork-${index}`);
			const { net, players, entries } = forkTable(parent.replay, index, game, ['carol', 'bob']);
			expect(forkMatchesParent(entries[0], parent.replay)).toBe(true);
			const versions = entries.map((text) => entryOf(text).entry).map((entry) => `${entry.v}:${entry.game === game ? 'own' : 'parent'}`);
			expect(new Set(versions)).toEqual(new Set(['2:own', '1:parent']));
			const [carol] = players;
			expect(carol!.replay.broken).toBeNull();
			expect(carol!.replay.stateHash).toBe(parentStateAt(parent.replay, index));
			expect(carol!.replay.accepted.slice(1).map((entry) => entry.id)).toEqual(parent.replay.accepted.slice(0, index + 1).map((entry) => entry.id));
			claimSeats(net, players);
			expect(carol!.replay.core.keygen?.group).toBeTruthy();
			playMoves(net, players, 30, `v1-fork-${index}`);
			expect(carol!.replay.core.settled).toBeGreaterThan(0);
			expect(agreement(players)).toEqual({ hashes: 1, accepted: 1, rejections: [] });
			// Every entry the fork made itself is version 2.
			for (const text of net.posted.slice(entries.length)) expect(entryOf(text).entry.v).toBe(2);
			const log = carol!.replay.exportLog();
			expect(log.meta).toMatchObject({ game, parent: parent.replay.gameId, forkIndex: index, version: 2 });
			expect(stateHash(replay(log).state)).toBe(carol!.replay.stateHash);
		}
	});
});
