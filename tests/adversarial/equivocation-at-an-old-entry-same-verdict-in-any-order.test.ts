/**
 * The fork verdict (docs/protocol.md, "Equivocation") reads the graph only: every peer holding the
 * same entries keeps the same entries of an equivocating seat, whatever order they arrived in. A
 * seat signs one entry naming an old entry of its own chain (a hand-made `fork`, an `ack` naming
 * its join, an `ack` naming a mid-game entry) into a running 3-seat game; fresh replayers then take
 * every posted entry in several orders (at once and one at a time) and must all reach the live
 * table's accepted list, with the seat caught.
 */
import { describe, expect, it } from 'vitest';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { GameReplayer } from '../../src/lib/protocol/v2/replayer.js';
import { gameIdFor, newGame, playMoves } from '../protocol/v2/table.js';

const authorOf = (text: string) => (JSON.parse(text) as { author: string }).author;

/** A seeded shuffle (xorshift32 from a label), so a failing order can be replayed. */
function shuffled<T>(items: readonly T[], seed: string): T[] {
	let x = [...seed].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0x2545f491) || 1;
	const out = [...items];
	for (let i = out.length - 1; i > 0; i--) {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		const j = (x >>> 0) % (i + 1);
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}

describe('an equivocation naming an old entry: the same verdict in any arrival order', () => {
	it.each(['a fork entry (last null)', 'an ack naming its join', 'an ack naming a mid-game entry'] as const)('%s: every arrival order gives the live table\u2019s accepted list', (attack) => {
		const game = gameIdFor(`old-equivocation-orders-${attack}`);
		const { net, players } = newGame(game, ['ann', 'bob', 'cyd']);
		playMoves(net, players, 30, 'old-equivocation-orders');
		net.automatic();
		const ann = players[0]!;
		const bob = players[1]!;
		const mine = ann.replay.accepted.filter((e) => authorOf(e.text) === bob.device!.key);
		const last = attack === 'a fork entry (last null)' ? null : attack === 'an ack naming its join' ? mine[0]!.id : mine[Math.floor(mine.length / 2)]!.id;
		const kind = attack === 'a fork entry (last null)' ? 'fork' : 'ack';
		const body = kind === 'fork' ? { parent: game, index: 3, parentHash: ann.replay.logHash(3) } : {};
		net.post(signEntry(bob.device!.identity, { game, kind, body, last, deps: [] } as never));
		net.automatic();
		playMoves(net, players, 5, 'old-equivocation-orders-after');
		net.automatic();
		const live = ann.replay.accepted.map((e) => e.id);
		expect(ann.replay.core.cheaters.has(1)).toBe(true);
		const orders: [string, string[]][] = [
			['posting order', [...net.posted]],
			['reversed', [...net.posted].reverse()],
			['shuffle seed s1', shuffled(net.posted, `${attack}:s1`)],
			['shuffle seed s2', shuffled(net.posted, `${attack}:s2`)],
		];
		for (const [name, order] of orders) {
			for (const batch of ['at once', 'one at a time'] as const) {
				// Pinned to the game's genesis, as a device joining by link or reopening the game is (a
				// replayer pinning nothing takes the first `create` or `fork` it admits: "rival genesis").
				const fresh = new GameReplayer(game, { genesis: live[0]! });
				if (batch === 'at once') fresh.add(order);
				else for (const text of order) fresh.add([text]);
				expect(fresh.accepted.map((e) => e.id), `${name}, ${batch}`).toEqual(live);
				expect(fresh.core.cheaters.has(1), `${name}, ${batch}: the seat is caught`).toBe(true);
			}
		}
	});
});
