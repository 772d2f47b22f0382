/**
 * Attack 7: an equivocation race. The rogue signs two entries naming the same `last`, X and X',
 * and sends X to some honest peers and X' to the others; each side builds on what it got (X may
 * open a random event there, be acknowledged, even become final and draw shares) before the two
 * sides hear of each other. Once every entry has reached everyone, every honest peer holds the
 * same state, the rogue is caught, and the outcome never depends on delivery order: a branch stays
 * only where it was final without the other (X reached everyone first); otherwise both are refused
 * from the fork on, whichever arrived first where.
 */
import { describe, expect, it } from 'vitest';
import type { ProtocolRules } from '../../src/lib/protocol/entry.js';
import { expectConverged, expectFreshAgrees, finalOf, idOf, opensEvent, playUntilRogueMove, Rng, rogueTable, snapshot, type Peer } from './harness.js';

type XKind = 'an ack' | 'its next move' | 'a move that opens a random event';
type Split = 'one peer gets X, two get X\u2032' | 'two get X, one gets X\u2032' | 'everyone gets X, then X\u2032';

describe('attack 7: an equivocation race', () => {
	it.each<[XKind, Split, ProtocolRules['equivocation']]>([
		['an ack', 'one peer gets X, two get X\u2032', 'forfeit'],
		['its next move', 'two get X, one gets X\u2032', 'forfeit'],
		['its next move', 'one peer gets X, two get X\u2032', 'frozen'],
		['a move that opens a random event', 'two get X, one gets X\u2032', 'forfeit'],
		['a move that opens a random event', 'one peer gets X, two get X\u2032', 'forfeit'],
		['a move that opens a random event', 'everyone gets X, then X\u2032', 'frozen'],
	])('X is %s; %s (rule %s): the peers agree, the rogue is caught, only a branch final without the other stands', (xKind, split, rule) => {
		const label = `race:${xKind}:${split}:${rule}`;
		const table = rogueTable(label, { honest: 3, rules: { equivocation: rule, countdown: 60 }, gameRules: rule === 'frozen' ? { absence: 'passTurns' } : {} });
		const rogueSeat = table.rogue.seat!;
		const move = playUntilRogueMove(table, label, (state, m) => (xKind === 'a move that opens a random event' ? opensEvent(state, m) : true));
		table.settle({ rogue: true });
		const before = snapshot(table.honest);
		const last = table.rogue.replay.lastOf(table.rogue.device!.key);
		const deps = table.rogue.replay.depsFor(last);
		const x = xKind === 'an ack' ? table.rogueEntry('ack', {}, { last, deps }) : table.rogueEntry('action', move, { last, deps });
		const xPrime = table.rogueEntry('absent', { seat: rogueSeat, target: (rogueSeat + 1) % 4 }, { last, deps });
		const rng = new Rng(`${label}:split`);
		const order = rng.shuffle(table.honest);
		const sideX: Peer[] = split === 'one peer gets X, two get X\u2032' ? order.slice(0, 1) : split === 'two get X, one gets X\u2032' ? order.slice(0, 2) : order;
		const sidePrime = split === 'everyone gets X, then X\u2032' ? order : order.filter((peer) => !sideX.includes(peer));

		// Each side builds on its branch without hearing of the other's (their entries wait on what they name).
		table.send(x, sideX);
		if (split !== 'everyone gets X, then X\u2032') table.send(xPrime, sidePrime);
		table.settle({ gossip: false });
		table.settle({ gossip: false });
		if (split === 'everyone gets X, then X\u2032') table.send(xPrime, sidePrime);
		// Then every entry reaches everyone.
		table.settle();

		const refused = new Set(table.view.rejections.filter((r) => r.code === 'EQUIVOCATION').map((r) => r.id));
		for (const peer of table.honest) {
			const replay = peer.replay;
			expect([...replay.core.cheaters], `${peer.name}: the rogue is caught`).toEqual([rogueSeat]);
			// X reached everyone (and was final) before X\u2032 came: it was final without X\u2032, so it stays (docs/protocol.md, "Equivocation").
			const xStands = split === 'everyone gets X, then X\u2032';
			expect(replay.rejections.find((r) => r.id === idOf(x))?.code, `${peer.name}: X`).toBe(xStands ? undefined : 'EQUIVOCATION');
			expect(replay.rejections.find((r) => r.id === idOf(xPrime))?.code, `${peer.name}: X\u2032 is refused`).toBe('EQUIVOCATION');
			const player = replay.state!.players[rogueSeat]!;
			if (rule === 'forfeit') expect(player.left, `${peer.name}: the rogue left`).toBe(true);
			else expect(player.absent && !player.eliminated, `${peer.name}: the rogue is frozen`).toBe(true);
		}
		// What was final before the race stays, but for the rogue's entries from the fork on.
		table.honest.forEach((peer, i) => {
			const kept = before[i]!.ids.filter((id) => !refused.has(id));
			expect(finalOf(peer.replay).ids.slice(0, kept.length), peer.name).toEqual(kept);
		});
		expectConverged(table.honest);
		expectFreshAgrees(table, rng);
	});
});
