// Flooding: per-peer rates (updates, new entries, bytes), a muted flooder, the log cap, bounded
// pending structs, and honest traffic that still gets through (a 5,000-entry first sync, entries
// lost or dropped on the way fetched again). Speed figures are in bench/flood.ts, not here.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { ChannelSync } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { DEFAULT_UPDATE_LIMITS, UpdateGate } from '../../src/lib/net/update-gate.js';
import { channelPair, entryLike, link, manualClock, recordUpdates, syncMessage } from './gate-helpers.js';

describe('a flooding peer is held to its rate, then muted', () => {
	it('of 10,000 junk updates sent as fast as possible, at most the burst plus the rate over the elapsed time are applied', () => {
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc); // real clock
		const rogue = createGameDoc('g', { clientID: 66 });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'victim' });
		const started = performance.now();
		for (let n = 0; n < 10_000; n++) appendEntry(rogue, `junk ${n}`);
		const seconds = (performance.now() - started) / 1000;
		const applied = readLog(victim).length;
		const l = DEFAULT_UPDATE_LIMITS;
		expect(applied).toBeGreaterThanOrEqual(l.updateBurst);
		expect(applied).toBeLessThanOrEqual(l.updateBurst + Math.ceil(l.updatesPerSecond * seconds) + 1);
		const dropped = gate.peer('rogue')!.dropped;
		expect((dropped.rate ?? 0) + (dropped.muted ?? 0)).toBe(10_000 - applied);
		expect(dropped.muted).toBeGreaterThan(8_000);
		expect(gate.isMuted('rogue')).toBe(true);
	});

	it('with no time passing: exactly its author\'s update burst is applied; past the peer\'s update burst, `floodStrikes` drops mute it; an honest peer is not affected', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now });
		const rogue = createGameDoc('g', { clientID: 66 });
		const honest = createGameDoc('g', { clientID: 2 });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'victim' });
		link({ doc: victim.doc, gate, peer: 'honest' }, { doc: honest.doc, gate: null, peer: 'victim' });
		for (let n = 0; n < 2_000; n++) appendEntry(rogue, `junk ${n}`);
		const l = gate.limits;
		expect(gate.peer('rogue')).toMatchObject({
			applied: l.updateBurst,
			dropped: { rate: l.peerUpdateBurst - l.updateBurst + l.floodStrikes, muted: 2_000 - l.peerUpdateBurst - l.floodStrikes }
		});
		expect(readLog(victim)).toHaveLength(l.updateBurst);
		appendEntry(honest, 'honest entry');
		expect(readLog(victim)).toContain('honest entry');
		expect(gate.peer('honest')!.dropped).toEqual({});
		clock.advance(l.muteMs);
		expect(gate.isMuted('rogue')).toBe(false);
	});

	it('a peer that makes up a new author for each update is held by its author rate, then muted itself', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now });
		const rogue = createGameDoc('g', { clientID: 66 });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'victim' });
		for (let n = 0; n < 1_000; n++) {
			rogue.doc.clientID = 1_000 + n;
			appendEntry(rogue, `junk ${n}`);
		}
		expect(readLog(victim)).toHaveLength(gate.limits.authorBurst);
		expect(gate.isMuted('rogue')).toBe(true);
	});

	it('honest peers relaying what they accepted of a flood are not held for it: it is charged to the flood\'s author, and copies are free', () => {
		const clock = manualClock();
		const [h1, h2, rogue] = [1, 2, 66].map((id) => createGameDoc('g', { clientID: id }));
		const g1 = new UpdateGate(h1!.doc, { now: clock.now });
		const g2 = new UpdateGate(h2!.doc, { now: clock.now });
		link({ doc: h1!.doc, gate: g1, peer: 'h2' }, { doc: h2!.doc, gate: g2, peer: 'h1' });
		// The rogue floods h1 only: h2 gets the flood through h1.
		link({ doc: h1!.doc, gate: g1, peer: 'rogue' }, { doc: rogue!.doc, gate: null, peer: 'h1' });
		for (let n = 0; n < 2_000; n++) appendEntry(rogue!, `junk ${n}`);
		expect(g1.isMuted('rogue')).toBe(true);
		expect(g2.isMuted('h1')).toBe(false);
		appendEntry(h1!, 'move');
		appendEntry(h2!, 'reply');
		expect(readLog(h2!)).toEqual(readLog(h1!));
		expect(readLog(h1!)).toHaveLength(g1.limits.updateBurst + 2);
	});

	it('entries and bytes have their own buckets: 100 updates of 100 entries each stop at the entry burst', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now, limits: { entryBurst: 1_000 } });
		const rogue = createGameDoc('g', { clientID: 66 });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'victim' });
		for (let n = 0; n < 100; n++) appendEntry(rogue, Array.from({ length: 100 }, (_, i) => `junk ${n}.${i}`));
		expect(readLog(victim)).toHaveLength(1_000);
		expect(gate.peer('rogue')!.dropped.rate).toBeGreaterThan(0);
	});
});

describe('honest traffic passes', () => {
	const host = () => {
		const g = createGameDoc('g', { clientID: 1 });
		appendEntry(g, Array.from({ length: 5_000 }, (_, n) => entryLike(n)));
		return g;
	};

	it('an honest first sync of 5,000 entries (~1.9 MB) passes at once, as the step 2 of a link we open', () => {
		const hostGame = host();
		const bytes = Y.encodeStateAsUpdate(hostGame.doc).byteLength;
		expect(bytes).toBeGreaterThan(1_800_000);
		const joiner = createGameDoc('g', { clientID: 2 });
		const gate = new UpdateGate(joiner.doc, { now: manualClock().now });
		link({ doc: joiner.doc, gate, peer: 'host' }, { doc: hostGame.doc, gate: new UpdateGate(hostGame.doc), peer: 'joiner' });
		expect(readLog(joiner)).toEqual(readLog(hostGame));
		expect(gate.dropped).toEqual({});
	});

	it('and even as an update nobody asked for (it fits the bursts)', () => {
		const hostGame = host();
		const joiner = createGameDoc('g', { clientID: 2 });
		const gate = new UpdateGate(joiner.doc, { now: manualClock().now });
		const update = Y.encodeStateAsUpdate(hostGame.doc);
		expect(gate.admit('host', update)).toBe('apply');
		const other = new UpdateGate(createGameDoc('g', { clientID: 3 }).doc, { now: manualClock().now });
		expect(other.admit('host', update, { step2: true })).toBe('apply'); // a step 2 not asked for
	});

	it('only the first step 2 of a link we open is exempt from the rates', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now, limits: { entryBurst: 100 } });
		const junk = createGameDoc('g', { clientID: 66 });
		appendEntry(junk, Array.from({ length: 500 }, (_, n) => `junk ${n}`));
		const update = Y.encodeStateAsUpdate(junk.doc);
		gate.expectSync('rogue');
		expect(gate.admit('rogue', update, { step2: true })).toBe('apply');
		const more = createGameDoc('g', { clientID: 67 });
		appendEntry(more, Array.from({ length: 500 }, (_, n) => `more ${n}`));
		expect(gate.admit('rogue', Y.encodeStateAsUpdate(more.doc), { step2: true })).toBe('rate');
	});

	it('an update lost on the way is fetched again when a later one needs it', () => {
		const a = createGameDoc('g', { clientID: 1 });
		const b = createGameDoc('g', { clientID: 2 });
		let lose = false;
		link({ doc: a.doc, gate: new UpdateGate(a.doc), peer: 'b' }, { doc: b.doc, gate: new UpdateGate(b.doc), peer: 'a' }, {
			drop: (from) => from === 'b' && lose && !(lose = false)
		});
		lose = true;
		appendEntry(b, 'lost');
		expect(readLog(a)).toEqual([]);
		appendEntry(b, 'needs it'); // held pending by a; a asks b to sync again
		expect(readLog(a)).toEqual(['lost', 'needs it']);
	});

	it('flood entries one honest peer accepted and another dropped reach the other through the first, and so does what follows them', () => {
		const clock = manualClock();
		const limits = { updateBurst: 5, floodStrikes: 1_000 };
		const [h1, h2, rogue] = [1, 2, 66].map((id) => createGameDoc('g', { clientID: id }));
		const g1 = new UpdateGate(h1!.doc, { now: clock.now });
		const g2 = new UpdateGate(h2!.doc, { now: clock.now, limits });
		link({ doc: h1!.doc, gate: g1, peer: 'h2' }, { doc: h2!.doc, gate: g2, peer: 'h1' });
		link({ doc: h2!.doc, gate: g2, peer: 'rogue' }, { doc: rogue!.doc, gate: null, peer: 'h2' });
		link({ doc: h1!.doc, gate: g1, peer: 'rogue' }, { doc: rogue!.doc, gate: null, peer: 'h1' });
		for (let n = 0; n < 10; n++) appendEntry(rogue!, `flood ${n}`);
		expect(readLog(h1!)).toHaveLength(10);
		expect(g2.dropped.rate).toBeGreaterThan(0); // h2 dropped some from the rogue, and some relayed by h1
		clock.advance(2_000);
		appendEntry(h1!, 'next move'); // placed after the flood: h2 needs the flood entries to place it
		expect(readLog(h2!)).toEqual(readLog(h1!));
		expect(readLog(h2!)).toContain('next move');
	});
});

describe('the log cap', () => {
	it('an update that would take the log past its cap is dropped whole (log-full), from any peer', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now, limits: { maxLogEntries: 100 } });
		const rogue = createGameDoc('g', { clientID: 66 });
		const honest = createGameDoc('g', { clientID: 2 });
		link({ doc: victim.doc, gate, peer: 'rogue' }, { doc: rogue.doc, gate: null, peer: 'victim' });
		link({ doc: victim.doc, gate, peer: 'honest' }, { doc: honest.doc, gate: null, peer: 'victim' });
		appendEntry(rogue, Array.from({ length: 95 }, (_, n) => `junk ${n}`));
		appendEntry(rogue, Array.from({ length: 10 }, (_, n) => `more ${n}`));
		expect(readLog(victim)).toHaveLength(95);
		appendEntry(honest, Array.from({ length: 5 }, (_, n) => `honest ${n}`));
		expect(readLog(victim)).toHaveLength(100);
		appendEntry(honest, 'one more');
		expect(readLog(victim)).toHaveLength(100);
		expect(gate.dropped['log-full']).toBe(2);
		expect(gate.tally.entries).toBe(100);
	});

	it('counts bytes too, and only entries the doc does not hold (a relayed copy is free)', () => {
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { limits: { maxLogBytes: 10_000 } });
		const source = createGameDoc('g', { clientID: 2 });
		appendEntry(source, Array.from({ length: 9 }, () => 'x'.repeat(1_000)));
		const update = Y.encodeStateAsUpdate(source.doc);
		expect(gate.admit('a', update)).toBe('apply');
		Y.applyUpdate(victim.doc, update);
		expect(gate.tally.bytes).toBe(9_000);
		expect(gate.admit('b', update)).toBe('known'); // all known: nothing new
		appendEntry(source, 'y'.repeat(1_001));
		expect(gate.admit('a', Y.encodeStateAsUpdate(source.doc, Y.encodeStateVector(victim.doc)))).toBe('log-full');
	});
});

describe('pending structs are bounded', () => {
	it('updates that build on structs that never come are held pending up to maxPendingBytes, then discarded', () => {
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { limits: { maxPendingBytes: 20_000, updateBurst: 10_000 } });
		const pair = channelPair();
		new ChannelSync(victim.doc, pair.a, null, { gate, peer: 'rogue' }).start();
		const rogue = createGameDoc('g', { clientID: 66 });
		appendEntry(rogue, 'never sent');
		const { updates } = recordUpdates(rogue.doc);
		for (let n = 0; n < 200; n++) appendEntry(rogue, `waits ${n} ${'p'.repeat(200)}`);
		let peak = 0;
		for (const u of updates) {
			pair.b.send(syncMessage(u));
			peak = Math.max(peak, gate.tally.pendingBytes);
		}
		expect(readLog(victim)).toEqual([]);
		expect(gate.tally.pendingCleared).toBeGreaterThan(0);
		expect(peak).toBeLessThanOrEqual(20_000 + 300);
	});
});
