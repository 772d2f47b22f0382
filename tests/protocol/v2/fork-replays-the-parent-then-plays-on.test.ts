// A version-2 fork of a version-2 game: its carried section replays to the parent's state at the
// fork point; then seats are claimed anew, a new key generation runs and play goes on.
import { beforeAll, describe, expect, it } from 'vitest';
import { replay, stateHash } from '../../../src/lib/engine/index.js';
import { forkMatchesParent } from '../../../src/lib/protocol/fork.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { agreement, claimSeats, entryOf, forkTable, parentGame, parentStateAt } from './forks.js';
import { gameIdFor, playMoves } from './table.js';

let parent: GameReplayer;
let parentHash: string | null;

beforeAll(() => {
	parent = parentGame();
	parentHash = parent.stateHash;
});

describe('a fork of a version-2 game', () => {
	it('the parent is long enough for two carry entries and still under way', () => {
		expect(parent.accepted.length).toBeGreaterThan(100);
		expect(parent.state!.phase.kind).not.toBe('over');
	});

	it.each([
		['its create entry', () => 0],
		['the key generation', () => parent.accepted.findIndex((entry) => entry.kind === 'deal')],
		['the first move', () => parent.accepted.findIndex((entry) => entry.kind === 'action')],
		['entry 80 (the first carry entry full)', () => 79],
		['mid-game', () => 90],
		['its last entry', () => parent.accepted.length - 1],
	])('at %s replays to the parent\u2019s state there, then plays on (joins, key generation, a roll) with peers agreeing', (_, at) => {
		const index = at();
		const game = gameIdFor(`fork-at-${index}`);
		const { net, players, entries } = forkTable(parent, index, game, ['carol', 'bob', 'alice']);
		const kinds = entries.map((text) => entryOf(text).entry).map((entry) => `${entry.game === game ? 'own' : 'carried'}:${entry.kind}`);
		expect(kinds.filter((kind) => kind === 'own:carry')).toHaveLength(Math.ceil((index + 1) / 80));
		expect(kinds.filter((kind) => kind.startsWith('carried:'))).toHaveLength(index + 1);
		expect(forkMatchesParent(entries[0], parent)).toBe(true);
		const [carol, bob, alice] = players as [typeof players[0], typeof players[0], typeof players[0]];
		for (const peer of players) {
			expect(peer.replay.broken).toBeNull();
			expect(peer.replay.stateHash).toBe(parentStateAt(parent, index));
			// The fork entry, then the carried entries where their carry entries stand (a fork of it carries them in turn).
			expect(peer.replay.accepted.map((entry) => entry.id)).toEqual([entryOf(entries[0]!).id, ...parent.accepted.slice(0, index + 1).map((entry) => entry.id)]);
			expect(peer.replay.seats).toEqual([null, null]);
		}
		// Carol takes seat 0 (alice's in the parent), bob his own seat again; alice is too late.
		claimSeats(net, [carol, bob]);
		net.post(alice.device!.join(alice.replay, 0));
		net.automatic();
		expect(carol.replay.seats).toEqual([carol.device!.key, bob.device!.key]);
		expect(carol.replay.core.keygen?.group).toBeTruthy();
		playMoves(net, [carol, bob], 30, `fork-at-${index}`);
		expect(carol.replay.core.settled).toBeGreaterThan(0);
		const { hashes, accepted } = agreement(players);
		expect([hashes, accepted]).toEqual([1, 1]);
		for (const peer of players) expect(peer.replay.rejections.map((r) => r.code)).toEqual(['SEAT_TAKEN']);
		// The export replays in the engine to the same state and names the parent.
		const log = carol.replay.exportLog();
		expect(log.meta).toMatchObject({ game, parent: parent.gameId, forkIndex: index });
		expect(stateHash(replay(log).state)).toBe(carol.replay.stateHash);
		expect(parent.stateHash).toBe(parentHash);
	});
});
