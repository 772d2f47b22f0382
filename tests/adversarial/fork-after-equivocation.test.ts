/**
 * Red team (session 12): a fork replays the parent's accepted entries only, but a seat caught
 * equivocating is punished by the refusal of its entry (markCheater: it leaves, or is frozen), which
 * no accepted entry carries. A fork after that point started without the penalty (the cheater back,
 * unpunished, under the parent's hash) or was broken for everyone (BAD_FORK) once an accepted entry
 * followed from it. `forkEntriesV2` now refuses such a fork with EQUIVOCATION_FORK, naming the last
 * entry a fork may start from; forks before it match the parent as ever.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/lib/engine/index.js';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { forkEntriesV2 } from '../../src/lib/protocol/fork.js';
import { gameIdFor, newGame, playMoves } from '../protocol/v2/table.js';
import { forkTable } from '../protocol/v2/forks.js';

const authorOf = (text: string) => (JSON.parse(text) as { author: string }).author;

describe('a fork of a game in which a seat was caught equivocating', () => {
	it('is refused past the point it was caught, and matches the parent before it', () => {
		const game = gameIdFor('fork-after-equivocation');
		const { net, players } = newGame(game, ['ann', 'bob', 'cyd']);
		playMoves(net, players, 40, 'fork-eq');
		net.automatic();
		const [ann, bob] = players as [(typeof players)[number], (typeof players)[number]];
		const parent = ann.replay;
		const mine = parent.accepted.filter((entry) => authorOf(entry.text) === bob.device!.key);
		const old = mine[Math.floor(mine.length / 2)]!.id;
		net.post(signEntry(bob.device!.identity, { game, kind: 'ack', body: {}, last: old, deps: [] } as never));
		net.automatic();
		expect(parent.core.cheaters.has(1)).toBe(true);
		expect(parent.rejections.some((r) => r.code === 'EQUIVOCATION')).toBe(true);
		playMoves(net, players, 20, 'fork-eq-after');
		net.automatic();

		// The last accepted entry before the refusal that caught it.
		const caught = Math.min(...parent.rejections.filter((r) => r.code === 'EQUIVOCATION').map((r) => r.index));
		const before = parent.accepted.filter((entry) => entry.index < caught).length - 1;
		expect(before).toBeGreaterThan(0);
		for (const index of [before + 1, parent.accepted.length - 1]) {
			expect(() => forkEntriesV2(parent, index, ann.device!.identity, gameIdFor(`fork-eq-${index}`))).toThrow(expect.objectContaining({ code: 'EQUIVOCATION_FORK', caughtBefore: before }));
		}
		const fork = forkTable(parent, before, gameIdFor('fork-eq-before'), ['ann', 'bob', 'cyd']);
		const replay = fork.players[0]!.replay;
		expect(replay.broken).toBeNull();
		expect(replay.stateHash).toBe(stateHash(parent.accepted[before]!.state!));
	});
});
