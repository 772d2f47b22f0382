/**
 * Attack 8: flooding at the protocol level. The rogue (a seat holder) sends thousands of junk
 * entries: entries with valid signatures from many fresh keys (actions, joins of taken seats,
 * shares, votes, dealings, a second create), entries naming ids that do not exist, malformed
 * strings (not JSON, wrong fields, oversized, forged signatures), and junk of its own (refused
 * actions and shares). Each honest peer gets them in another order, between honest moves.
 * The honest peers stay equal, the flood changes no state and loses nothing final, and the work
 * of `add` is counted (not timed): what waits for missing ids and what is malformed never enters
 * the open set; the open set (what every `add` re-sorts and replays as the provisional tail)
 * holds at most the entries that can still move, and drains once honest play resumes: the
 * rogue's own junk is a member's and becomes final with the next honest entries, strangers'
 * junk once honest entries name it (16 heads each) and every member has acknowledged it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { MAX_ENTRY_BYTES, signEntry, type Bodies, type EntryKind } from '../../src/lib/protocol/entry.js';
import { MAX_WAITING } from '../../src/lib/protocol/order/dag.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, idOf, play, Rng, rogueTable, snapshot, type Peer, type Table } from './harness.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const fakeId = (i: number) => Buffer.from(sha256(bytes(`missing:${i}`))).toString('base64url');

/** Junk with valid signatures from fresh keys, naming the given heads. */
function strangers(table: Table, count: number, deps: readonly string[], rng: Rng): string[] {
	const out: string[] = [];
	const share = { seat: 0, opener: fakeId(0), request: 0, value: Buffer.from(new Uint8Array(96).fill(9)).toString('base64url') };
	const bodies: [EntryKind, (i: number) => Bodies[EntryKind]][] = [
		['action', (i) => ({ type: 'passTurn', seat: i % 4 })],
		['join', (i) => ({ seat: i % 4, box: table.rogue.device!.box(i % 4).publicKey })],
		['share', (i) => ({ ...share, seat: i % 4 })],
		['absent', (i) => ({ seat: i % 4, target: (i + 1) % 4 })],
		['ack', () => ({})],
		['deal', (i) => ({ seat: i % 4, dealing: { ephemeral: '', commitments: [], shares: [], proof: '' } })],
	];
	for (let i = 0; i < count; i++) {
		const key = generateIdentity(sha256(bytes(`${rng.seed}:stranger:${i}`)));
		const [kind, body] = bodies[i % bodies.length]!;
		out.push(signEntry(key, { game: table.game, kind, body: body(i), last: null, deps: [...deps].sort() }));
	}
	return out;
}

/** Entries naming ids nobody has: they wait, outside the graph. */
function orphans(table: Table, count: number, rng: Rng): string[] {
	const key = generateIdentity(sha256(bytes(`${rng.seed}:orphans`)));
	return Array.from({ length: count }, (_, i) => signEntry(key, { game: table.game, kind: 'ack', body: {}, last: null, deps: [fakeId(i + 1)] }));
}

function malformed(table: Table, count: number, sample: string): string[] {
	const entry = JSON.parse(sample) as Record<string, unknown>;
	const makers: ((i: number) => string)[] = [
		(i) => `not json ${i}`,
		(i) => JSON.stringify({ ...entry, extra: i }),
		(i) => JSON.stringify({ ...entry, body: { type: 'passTurn', seat: i } }), // the signature no longer matches
		(i) => JSON.stringify({ ...entry, game: `${table.game.slice(0, -2)}${i % 10}A` }),
		(i) => JSON.stringify({ ...entry, v: 3, i }),
		(i) => `"${'x'.repeat(MAX_ENTRY_BYTES + i)}"`,
		(i) => JSON.stringify({ ...entry, deps: [fakeId(i), fakeId(i)] }),
	];
	return Array.from({ length: count }, (_, i) => makers[i % makers.length]!(i));
}

interface Work {
	adds: number;
	/** Largest open set (what every add sorts and replays as the tail) seen after an add. */
	maxOpen: number;
	/** Nodes replayed as the provisional tail, summed over the adds. */
	tailReplayed: number;
}

/** Delivers a peer's inbox in random batches, counting the work each add does. */
function deliverCounting(table: Table, peer: Peer, work: Work): void {
	const inbox = table.rng.shuffle(peer.inbox);
	peer.inbox = [];
	for (const batch of table.rng.batches(inbox, 64)) {
		peer.replay.add(batch);
		work.adds++;
		work.maxOpen = Math.max(work.maxOpen, peer.replay.dag.open.size);
		work.tailReplayed += peer.replay.orderer.tail().length;
	}
}

describe('attack 8: flooding at the protocol level', () => {
	it('thousands of junk entries (fresh keys, missing ids, malformed, the rogue\u2019s own): peers stay equal, nothing changes, the waiting and malformed junk costs no replay', () => {
		const rng = new Rng('flood');
		const table = rogueTable('flood', { honest: 3 });
		play(table, 30, 'flood');
		const hash = table.view.stateHash;
		const before = snapshot(table.honest);
		const openBefore = table.view.dag.open.size;
		const nodesBefore = table.view.dag.nodes.size;

		const heads = table.view.depsFor(null);
		const junk = {
			strangers: strangers(table, 600, heads, rng),
			orphans: orphans(table, 400, rng),
			malformed: malformed(table, 2_100, table.sent.at(-1)!),
			// The rogue's own: actions for seats it does not hold and shares of no event, chained on its key.
			own: Array.from({ length: 200 }, (_, i) =>
				i % 2 === 0 ? table.rogueEntry('action', { type: 'passTurn', seat: i % 3 }) : table.rogueEntry('share', { seat: table.rogue.seat!, opener: fakeId(i), request: 0, value: Buffer.from(new Uint8Array(96).fill(5)).toString('base64url') }),
			),
		};
		const all = [...junk.strangers, ...junk.orphans, ...junk.malformed, ...junk.own];
		expect(all.length).toBeGreaterThanOrEqual(3_000);
		const work = new Map(table.honest.map((peer) => [peer, { adds: 0, maxOpen: 0, tailReplayed: 0 } as Work]));
		// Each honest peer gets the flood in its own order (the rogue's own junk too).
		for (const peer of table.honest) {
			for (const entry of rng.shuffle(all)) table.send(entry, [peer]);
			deliverCounting(table, peer, work.get(peer)!);
		}
		for (const peer of table.honest) {
			const replay = peer.replay;
			expect(replay.stateHash, `${peer.name}: the flood changed nothing`).toBe(hash);
			expect(replay.dag.waiting, `${peer.name}: entries naming missing ids wait outside the graph`).toBe(junk.orphans.length);
			expect(replay.dag.waiting).toBeLessThanOrEqual(MAX_WAITING);
			// Malformed and orphaned junk never enters the graph: only strangers' and the rogue's signed entries do.
			expect(replay.dag.nodes.size, peer.name).toBe(nodesBefore + junk.strangers.length + junk.own.length);
			const w = work.get(peer)!;
			expect(w.maxOpen, `${peer.name}: the open set holds only entries that can still move`).toBeLessThanOrEqual(openBefore + junk.strangers.length + junk.own.length);
		}
		expectFinalKept(before, table.honest);

		// Play goes on: the rogue's own junk is a member's, so it becomes final (refused) as soon as the others post.
		play(table, 20, 'flood:on');
		for (const peer of table.honest) {
			for (const entry of junk.own) expect(peer.replay.isFinal(idOf(entry)), `${peer.name}: the rogue's junk is final`).toBe(true);
			// Strangers' junk leaves the open set as honest entries name it (up to 16 heads each) and every member acknowledges it.
			expect(peer.replay.dag.open.size, `${peer.name}: the open set drained`).toBeLessThanOrEqual(32);
			expect(peer.replay.rejections.filter((r) => r.code === 'NOT_SEAT_HOLDER').length, peer.name).toBeGreaterThanOrEqual(junk.own.length / 2);
		}
		expectConverged(table.honest);
		expectFinalKept(before, table.honest);
		expectFreshAgrees(table, rng);
		const figures = table.honest.map((peer) => ({ peer: peer.name, ...work.get(peer), openNow: peer.replay.dag.open.size, waiting: peer.replay.dag.waiting }));
		console.log('flood work per honest peer (adds, largest open set, tail nodes replayed in all, open set after 20 more moves):', JSON.stringify(figures));
	});
});
