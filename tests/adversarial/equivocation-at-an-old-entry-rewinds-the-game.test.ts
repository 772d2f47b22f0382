/**
 * Red team: a seat holder signs ONE entry naming an old `last` of its own chain (an `ack` naming its
 * join or an entry of many moves ago; or a hand-made `fork` entry, whose `last` is null like its
 * join's) and posts it into the running game, hoping every peer takes the equivocation at that old
 * point back to there (before the fork verdict: 71 accepted entries fell back to 10, the lobby).
 * The branch final without the other stays (docs/protocol.md, "Equivocation"): the seat is caught,
 * the table keeps its game.
 */
import { describe, expect, it } from 'vitest';
import { signEntry } from '../../src/lib/protocol/entry.js';
import { gameIdFor, newGame, playMoves, type Peer } from '../protocol/v2/table.js';

const authorOf = (text: string) => (JSON.parse(text) as { author: string }).author;

describe('an equivocation naming an old entry of its author', () => {
	it.each(['a fork entry (last null)', 'an ack naming its join', 'an ack naming a mid-game entry'] as const)('%s does not take back what was final', (attack) => {
		const game = gameIdFor(`redteam-old-equivocation-${attack}`);
		const { net, players } = newGame(game, ['ann', 'bob', 'cyd']);
		playMoves(net, players, 40, 'old-equivocation');
		net.automatic();
		const ann: Peer = players[0]!;
		const bob = players[1]!;
		const finalBefore = ann.replay.accepted.length;
		const turnsBefore = ann.replay.state!.turnCount;
		const mine = ann.replay.accepted.filter((e) => authorOf(e.text) === bob.device!.key);
		const last = attack === 'a fork entry (last null)' ? null : attack === 'an ack naming its join' ? mine[0]!.id : mine[Math.floor(mine.length / 2)]!.id;
		const kind = attack === 'a fork entry (last null)' ? 'fork' : 'ack';
		const body = kind === 'fork' ? { parent: game, index: 3, parentHash: ann.replay.logHash(3) } : {};
		net.post(signEntry(bob.device!.identity, { game, kind, body, last, deps: [] } as never));
		net.automatic();
		// What should hold: the rogue is caught (rules.equivocation applies to it), the table keeps its game.
		expect(ann.replay.core.cheaters.has(1)).toBe(true);
		expect(ann.replay.state!.turnCount).toBeGreaterThanOrEqual(turnsBefore);
		expect(ann.replay.accepted.length).toBeGreaterThanOrEqual(finalBefore - mine.length);
	});
});
