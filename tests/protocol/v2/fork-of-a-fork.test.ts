// A fork's accepted entries include its carried ones (where their carry entries stand), so a fork
// of a fork carries them in turn and replays through every level: version 2 of version 2, version 2
// of a version-1 fork, version 2 of a version-2 fork of a version-1 game.
import { describe, expect, it } from 'vitest';
import { forkEntries } from '../../../src/lib/protocol/fork.js';
import { ProtocolReplayer } from '../../../src/lib/protocol/v1/replayer.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { bytes, device, newTable, play, tableOf } from '../game.js';
import { agreement, claimSeats, forkTable, parentStateAt } from './forks.js';
import { gameIdFor, newGame, playMoves } from './table.js';

/** Forks `parent` at each index as a new game, checks it replays to the parent's state there, and plays on. */
function forkEachAndPlay(parent: GameReplayer | ProtocolReplayer, indexes: readonly number[], label: string): void {
	for (const index of indexes) {
		const { net, players } = forkTable(parent, index, gameIdFor(`${label}-${index}`), ['dave', 'erin']);
		expect(players[0]!.replay.broken).toBeNull();
		expect(players[0]!.replay.stateHash).toBe(parentStateAt(parent, index));
		claimSeats(net, players);
		playMoves(net, players, 20, `${label}-${index}`);
		expect(players[0]!.replay.core.settled).toBeGreaterThan(0);
		expect(agreement(players)).toEqual({ hashes: 1, accepted: 1, rejections: [] });
	}
}

describe('a fork of a fork', () => {
	it('of a version-2 fork of a version-2 game replays through both levels, inside the first fork\u2019s carried section or after it', () => {
		const { net, players } = newGame(gameIdFor('grandparent-v2'), ['alice', 'bob']);
		playMoves(net, players, 30, 'grandparent-v2');
		const first = forkTable(players[0]!.replay, 40, gameIdFor('first-fork-v2'), ['carol', 'bob']);
		claimSeats(first.net, first.players);
		playMoves(first.net, first.players, 20, 'first-fork-v2');
		const fork = first.players[0]!.replay;
		// The fork entry, the 41 carried entries, then the first fork's own: its first join at 42.
		expect(fork.accepted[42]!.kind).toBe('join');
		expect(fork.accepted[42]!.state).toBe(fork.accepted[41]!.state);
		forkEachAndPlay(fork, [1, 10, 41, 42, fork.accepted.length - 1], 'second-fork-v2');
		// After the first fork's own fork entry alone there is no game to go on from.
		expect(() => forkTable(fork, 0, gameIdFor('second-fork-v2-0'), ['dave'])).toThrow(RangeError);
	});

	it('of a version-1 fork of a version-1 game replays the version-1 fork through the version-1 rules', () => {
		const [alice, bob, carol] = [device('alice'), device('bob'), device('carol')];
		const grandparent = newTable(gameIdFor('grandparent-v1'), [alice, bob]);
		play(grandparent, 30, 'parent-game');
		const first = tableOf(new ProtocolReplayer(gameIdFor('first-fork-v1')), [carol, bob]);
		for (const entry of forkEntries(grandparent.replay, 25, carol.identity, first.replay.gameId)) first.add(entry);
		const bobAgain = device('bob');
		first.holders[1] = bobAgain;
		first.add(carol.join(first.replay, 0, bytes('fork-chain')));
		first.add(bobAgain.join(first.replay, 1, bytes('fork-chain')));
		play(first, 20, 'fork');
		forkEachAndPlay(first.replay, [5, 26, first.replay.accepted.length - 1], 'second-fork-of-v1');
	});

	it('of a version-2 fork of a version-1 game replays both versions in turn', () => {
		const grandparent = newTable(gameIdFor('grandparent-v1-b'), [device('alice'), device('bob')]);
		play(grandparent, 30, 'parent-game');
		const first = forkTable(grandparent.replay, 25, gameIdFor('first-fork-v2-of-v1'), ['carol', 'bob']);
		claimSeats(first.net, first.players);
		playMoves(first.net, first.players, 20, 'first-fork-v2-of-v1');
		const fork = first.players[0]!.replay;
		forkEachAndPlay(fork, [5, 26, fork.accepted.length - 1], 'second-fork-v2-of-v1');
	});
});
