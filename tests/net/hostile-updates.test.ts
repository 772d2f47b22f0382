// Adversarial: a rogue peer sends updates that do anything but append entry strings to the log.
// Each is dropped before it reaches an honest doc, with its reason, counted for that peer; the
// honest docs (and what they would store: their encoded state) are unchanged, and honest updates
// after it still apply.
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { ChannelSync } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { MAX_ENTRY_BYTES } from '../../src/lib/protocol/entry.js';
import { UpdateGate, type UpdateDropReason } from '../../src/lib/net/update-gate.js';
import { channelPair, link, manualClock } from './gate-helpers.js';

const base = ['e0', 'e1', 'e2', 'e3'];

/** Two honest peers (h1, h2; gated) linked to each other, and a rogue (not gated) linked to h1. */
function room(prepare?: (h1: GameDoc) => void) {
	const clock = manualClock();
	const h1 = createGameDoc('g', { clientID: 1 });
	const h2 = createGameDoc('g', { clientID: 2 });
	appendEntry(h1, base);
	prepare?.(h1);
	const gate1 = new UpdateGate(h1.doc, { now: clock.now });
	const gate2 = new UpdateGate(h2.doc, { now: clock.now });
	link({ doc: h1.doc, gate: gate1, peer: 'h2' }, { doc: h2.doc, gate: gate2, peer: 'h1' });
	const rogue = createGameDoc('g', { clientID: 66 });
	const rogueLink = link({ doc: h1.doc, gate: gate1, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'h1' });
	return { clock, h1, h2, gate1, gate2, rogue, rogueLink };
}

const snapshot = (g: GameDoc) => ({ state: Y.encodeStateAsUpdate(g.doc), log: readLog(g) });

const attacks: { name: string; reason: UpdateDropReason; attack: (rogue: GameDoc) => void }[] = [
	{ name: 'deletes entries', reason: 'deletion', attack: (r) => r.log.delete(1, 2) },
	{
		name: 'edits an entry (delete + insert)',
		reason: 'deletion',
		attack: (r) =>
			r.doc.transact(() => {
				r.log.delete(1, 1);
				r.log.insert(1, ['forged']);
			})
	},
	// Larger than the byte burst: refused unread, as over the rate (decoding it cost the CPU of a
	// zip bomb each time: red team, session 15).
	{ name: 'inserts a 5 MB string', reason: 'rate', attack: (r) => r.log.push(['x'.repeat(5_000_000)]) },
	{ name: `inserts a string of ${MAX_ENTRY_BYTES + 2} UTF-8 bytes`, reason: 'oversized-entry', attack: (r) => r.log.push(['é'.repeat(MAX_ENTRY_BYTES / 2 + 1)]) },
	{ name: 'inserts into another array', reason: 'foreign-type', attack: (r) => r.doc.getArray('other').push(['e4']) },
	{ name: 'writes text', reason: 'foreign-type', attack: (r) => r.doc.getText('notes').insert(0, 'hello') },
	{ name: 'sets a key of the meta map', reason: 'foreign-type', attack: (r) => r.meta.set('title', 'pwned') },
	{ name: 'pushes a nested map into the log', reason: 'foreign-type', attack: (r) => r.log.push([new Y.Map() as unknown as string]) },
	{ name: 'inserts a number', reason: 'not-a-string', attack: (r) => r.log.push([42 as unknown as string]) },
	{ name: 'inserts an object', reason: 'not-a-string', attack: (r) => r.log.push([{ game: 'g' } as unknown as string]) },
	{ name: 'inserts bytes', reason: 'not-a-string', attack: (r) => r.log.push([new Uint8Array(8) as unknown as string]) },
];
// Items under an honest peer's own client id are applied, not dropped: tests/net/squatted-client-id.test.ts.

describe('a hostile update is dropped before it reaches an honest doc', () => {
	for (const { name, reason, attack } of attacks) {
		it(`when a rogue ${name}: dropped as '${reason}', honest docs and their stored state unchanged, honest updates still apply`, () => {
			const { h1, h2, gate1, rogue } = room();
			expect(readLog(rogue)).toEqual(base);
			const before = [snapshot(h1), snapshot(h2)];

			attack(rogue);

			expect(gate1.dropped).toEqual({ [reason]: 1 });
			expect(gate1.peer('rogue')!.dropped).toEqual({ [reason]: 1 });
			// Refused content mutes at once; an update over the byte burst is refused unread, with a strike.
			expect(gate1.isMuted('rogue')).toBe(reason !== 'rate');
			expect([snapshot(h1), snapshot(h2)]).toEqual(before);
			expect(Y.decodeUpdate(Y.encodeStateAsUpdate(h1.doc)).ds.clients.size).toBe(0);
			expect([...h1.doc.share.keys()].sort()).toEqual(['log', 'meta']);

			appendEntry(h2, 'e4');
			appendEntry(h1, 'e5');
			for (const g of [h1, h2]) expect(readLog(g)).toEqual([...base, 'e4', 'e5']);
			expect(gate1.peer('h2')!.dropped).toEqual({});
		});
	}

	it('a first sync from a rogue that deleted and garbage-collected is dropped as a deletion', () => {
		const clock = manualClock();
		const honest = createGameDoc('g', { clientID: 1 });
		appendEntry(honest, base);
		const rogue = new Y.Doc({ guid: 'g' }); // gc: true, it erases what it deletes
		Y.applyUpdate(rogue, Y.encodeStateAsUpdate(honest.doc));
		rogue.getArray<string>('log').delete(0, 2);
		const victim = createGameDoc('g', { clientID: 3 });
		const gate = new UpdateGate(victim.doc, { now: clock.now });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue, gate: null, peer: 'victim' });
		expect(gate.dropped).toEqual({ deletion: 1 });
		expect(readLog(victim)).toEqual([]);
		link({ doc: victim.doc, gate, peer: 'honest' }, { doc: honest.doc, gate: null, peer: 'victim' });
		expect(readLog(victim)).toEqual(base);
	});

	it('an item that names no parent lands next to its origin: one after a non-log item is dropped as foreign', () => {
		// h1 holds a non-log array from an older version; the rogue appends to it: its item names
		// only its origin (that array's last item), so its parent is inferred.
		const { h1, gate1, rogue } = room((g) => g.doc.getArray('legacy').push(['old']));
		expect(rogue.doc.getArray('legacy').toArray()).toEqual(['old']);
		const before = snapshot(h1);
		rogue.doc.getArray('legacy').push(['new']);
		expect(gate1.dropped).toEqual({ 'foreign-type': 1 });
		expect(snapshot(h1)).toEqual(before);
	});

	it('bytes that are no Yjs update are dropped as malformed, and so is a sync message cut short', () => {
		const gate = new UpdateGate(createGameDoc('g').doc);
		expect(gate.admit('p', new Uint8Array([200, 1, 2, 3, 255, 255, 255]))).toBe('malformed-update');
		const victim = createGameDoc('g', { clientID: 5 });
		const victimGate = new UpdateGate(victim.doc);
		const pair = channelPair();
		const sync = new ChannelSync(victim.doc, pair.a, null, { gate: victimGate, peer: 'x' });
		sync.start();
		const message = encoding.createEncoder();
		encoding.writeVarUint(message, 0); // sync
		encoding.writeVarUint(message, 2); // update
		encoding.writeVarUint(message, 1000); // of 1,000 bytes, but only 3 follow
		encoding.writeUint8Array(message, new Uint8Array(3));
		pair.b.send(encoding.toUint8Array(message));
		expect(victimGate.peer('x')!.dropped).toEqual({ 'malformed-update': 1 });
		expect(sync.errors).toBe(1);
	});

	it(`a string of exactly ${MAX_ENTRY_BYTES} UTF-8 bytes is an entry like any other`, () => {
		const { h1, gate1, rogue } = room();
		rogue.log.push(['€'.repeat(MAX_ENTRY_BYTES / 4) + 'a'.repeat(MAX_ENTRY_BYTES / 4)]); // 3 bytes each, then 1
		expect(gate1.dropped).toEqual({});
		expect(readLog(h1)).toHaveLength(base.length + 1);
	});

	it("a rogue's later updates build on its dropped one: they wait as pending and are never applied; honest updates are", () => {
		const { clock, h1, h2, gate1, rogue } = room();
		rogue.meta.set('x', 1);
		rogue.log.push(['while muted']);
		expect(gate1.peer('rogue')!.dropped).toEqual({ 'foreign-type': 1, muted: 1 });
		clock.advance(gate1.limits.muteMs);
		expect(gate1.isMuted('rogue')).toBe(false);
		// Its next entry needs its earlier ones (Yjs applies a client's structs in clock order): it
		// is held pending, and the step 2 h1 then asks for brings the meta write again, refused again.
		rogue.log.push(['after']);
		expect(gate1.peer('rogue')!.dropped).toEqual({ 'foreign-type': 2, muted: 1 });
		expect(gate1.tally.pendingBytes).toBeGreaterThan(0);
		expect(readLog(h1)).toEqual(base);
		appendEntry(h2, 'e4');
		expect(readLog(h1)).toEqual([...base, 'e4']);
		expect(h1.meta.size).toBe(0);
	});
});
