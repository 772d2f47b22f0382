/**
 * Attack 5: the two-player excuse. With two seats the coin needs both shares (t = 2), so a vote
 * cannot complete an event without the other seat, and no vote changes a coin's value: the coin
 * is fixed by the group key and the event's message. A seat that really withholds its share is
 * voted absent and the event resolves against it (it forfeits). A seat that votes the other absent
 * after that seat gave its share gets no re-roll and no forfeit of the other: the event waits for
 * its own share, and the coin, once given, is the one it would always have been.
 * With two seats one voter decides alone, so a vote stands only while its target is silent: an
 * answer (a share, an action, a deal or keys) the vote had not seen makes it void, whether the vote
 * was back-dated or cast before the target could have answered; a vote that stands is never final.
 * Two seats (alice honest, the rogue) and two honest spectators replaying.
 */
import { describe, expect, it } from 'vitest';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { combineCoin } from '../../src/lib/protocol/coin/index.js';
import type { Bodies, Entry } from '../../src/lib/protocol/entry.js';
import { coinMessage } from '../../src/lib/protocol/v2/entry-handlers.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, idOf, opensEvent, randomMove, rogueTable, seeds, snapshot, type Table } from './harness.js';

const kindOf = (text: string) => (JSON.parse(text) as Entry).kind;

/** A two-seat table with a random event just opened (after a few settled ones). */
function openEvent(label: string): Table {
	const table = rogueTable(label, { honest: 1, spectators: 2 });
	const chooser = new Chooser(label);
	const secrets = new Map();
	for (let i = 0; i < 1_000; i++) {
		table.settle({ rogue: true });
		const state = table.view.state!;
		const move = randomMove(state, chooser, secrets);
		if (move === null) break;
		table.act(table.peerOfSeat(move.seat), move);
		if (opensEvent(state, move) && table.view.core.settled >= 3) return table;
	}
	throw new Error(`no random event in 1,000 moves (${label})`);
}

/** The shares the two seats' devices make for the open event (whether or not they are posted). */
function sharesOf(table: Table): Map<number, string> {
	const shares = new Map<number, string>();
	for (const peer of [table.honest[0]!, table.rogue]) {
		const entry = peer.device!.nextAutomatic(peer.replay);
		if (entry !== null && kindOf(entry) === 'share') {
			const body = (JSON.parse(entry) as Entry<'share'>).body as Bodies['share'];
			shares.set(body.seat, body.value);
		}
	}
	return shares;
}

describe('attack 5: the two-player excuse', () => {
	it('a seat that withholds its share (and its acknowledgements) is voted absent: the event resolves against it, no coin is made', () => {
		const table = openEvent('two-player:staller');
		const alice = table.honest[0]!;
		const seedsBefore = seeds(table.view);
		table.settle({ rogue: false }); // the rogue posts nothing more: no share, no acknowledgement
		const before = snapshot(table.honest);
		table.broadcast(alice.device!.entry(alice.replay, 'absent', { seat: 0, target: 1 }));
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, peer.name).toEqual({ seat: 1, reason: 'stalled' });
			expect(seeds(peer.replay), `${peer.name}: no coin`).toEqual(seedsBefore);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table);
	});

	it('a seat that votes the other absent after that seat gave its share gets no re-roll and no forfeit; its own share then gives the coin it always would have', () => {
		const table = openEvent('two-player:excuse');
		table.settle({ rogue: false }); // alice acknowledges and shares; the rogue acknowledges nothing more
		// The rogue acknowledges (so the opener is final), sees alice's share and knows the coin; it withholds its share.
		table.broadcast(table.rogueEntry('ack', {}));
		table.settle({ rogue: false });
		const event = table.view.core.event!;
		expect(table.view.isFinal(event.opener)).toBe(true);
		expect([...event.shares.keys()], 'alice gave her share').toEqual([0]);
		const both = sharesOf(table);
		both.set(0, event.shares.get(0)!);
		expect(both.size).toBe(2);
		const coin = combineCoin({ message: coinMessage(table.game, event.opener, event.request), shares: both, t: 2 });
		const seedsBefore = seeds(table.view);
		const before = snapshot(table.honest);

		// The excuse: alice is "absent" (the vote names alice's share: the rogue had seen it).
		const vote = table.rogueEntry('absent', { seat: 1, target: 0 });
		table.broadcast(vote);
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, `${peer.name}: nobody forfeits`).toBeNull();
			expect(peer.replay.core.event?.opener, `${peer.name}: the event still waits`).toBe(event.opener);
			expect(seeds(peer.replay), `${peer.name}: no coin yet`).toEqual(seedsBefore);
			expect(peer.replay.isFinal(idOf(vote)), `${peer.name}: a lone vote that stands waits for its target's answer`).toBe(false);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);

		// The rogue gives its share at last: the coin is the one both shares always gave.
		table.settle({ rogue: true });
		for (const peer of table.honest) {
			expect(seeds(peer.replay).slice(0, seedsBefore.length + 1), peer.name).toEqual([...seedsBefore, coin]);
			expect(peer.replay.core.forfeit, peer.name).toBeNull();
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table);
	});

	it('a back-dated vote (not naming the target\u2019s share) is void: the target gave its share, nobody forfeits', () => {
		const table = openEvent('two-player:back-dated');
		table.settle({ rogue: false }); // alice acknowledges the opener
		const opener = table.view.core.event!.opener;
		if (!table.view.isFinal(opener)) {
			// The rogue acknowledges the opener (naming nothing of alice's share, which does not exist yet).
			table.broadcast(table.rogueEntry('ack', {}));
			table.settle({ rogue: false });
		}
		const event = table.view.core.event!;
		expect([...event.shares.keys()], 'alice gave her share').toEqual([0]);
		const before = snapshot(table.honest);
		// The vote continues the rogue's chain but names nothing that has alice's share behind it.
		const last = table.rogue.replay.lastOf(table.rogue.device!.key)!;
		const share = table.view.accepted.find((entry) => entry.kind === 'share' && (JSON.parse(entry.text) as Entry).author === table.honest[0]!.device!.key && entry.text.includes(event.opener))!;
		expect(table.rogue.replay.dag.descends(table.rogue.replay.dag.nodes.get(last)!, table.rogue.replay.dag.nodes.get(share.id)!)).toBe(false);
		const vote = table.rogueEntry('absent', { seat: 1, target: 0 }, { last, deps: [] });
		table.broadcast(vote);
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, peer.name).toBeNull();
			expect(refusalOf(peer, idOf(vote)), peer.name).toBe('VOTE_ANSWERED');
			expect(peer.replay.isFinal(idOf(vote)), `${peer.name}: a void vote is final`).toBe(true);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table);
	});

	it('a vote cast at once (before the target could answer) is void when the target gives its share: the event completes with the coin both shares give', () => {
		const table = openEvent('two-player:instant');
		const opener = table.view.core.event!.opener;
		const seedsBefore = seeds(table.view);
		const before = snapshot(table.honest);
		const vote = table.rogueEntry('absent', { seat: 1, target: 0 });
		table.broadcast(vote);
		table.settle({ rogue: true });
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, peer.name).toBeNull();
			expect(refusalOf(peer, idOf(vote)), peer.name).toBe('VOTE_ANSWERED');
			expect(seeds(peer.replay).length, `${peer.name}: the event (${opener}) gave its coin`).toBeGreaterThan(seedsBefore.length);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table);
	});

	it('a seat voted absent that comes back and gives its share voids the vote: the table waited for it only provisionally', () => {
		const table = openEvent('two-player:returns');
		const alice = table.honest[0]!;
		table.settle({ rogue: false }); // the rogue is away: no share, no acknowledgement
		const vote = alice.device!.entry(alice.replay, 'absent', { seat: 0, target: 1 });
		table.broadcast(vote);
		table.settle({ rogue: false });
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, `${peer.name}: provisionally`).toEqual({ seat: 1, reason: 'stalled' });
			expect(peer.replay.isFinal(idOf(vote)), peer.name).toBe(false);
		}
		table.settle({ rogue: true }); // the rogue comes back: acknowledges and gives its share
		for (const peer of table.honest) {
			expect(peer.replay.core.forfeit, peer.name).toBeNull();
			expect(refusalOf(peer, idOf(vote)), peer.name).toBe('VOTE_ANSWERED');
		}
		expectConverged(table.honest);
		expectFreshAgrees(table);
	});

	it('two seats cut off from each other both vote the other absent: once they meet again, every peer agrees on one order and one outcome', () => {
		const table = openEvent('two-player:partition');
		const alice = table.honest[0]!;
		const before = snapshot(table.honest);
		// Neither has seen the other's vote: both are made before either is sent.
		const byAlice = alice.device!.entry(alice.replay, 'absent', { seat: 0, target: 1 });
		const byRogue = table.rogueEntry('absent', { seat: 1, target: 0 });
		table.broadcast(byAlice);
		table.broadcast(byRogue);
		table.settle({ rogue: true });
		for (const peer of table.honest) expect(peer.replay.core.forfeit, peer.name).toBeNull();
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table);
	});
});

function refusalOf(peer: { replay: { rejections: readonly { id: string | null; code: string }[] } }, id: string): string | undefined {
	return peer.replay.rejections.find((rejection) => rejection.id === id)?.code;
}
