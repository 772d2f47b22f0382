/**
 * Red team (session 15), the last pass on the gate:
 * - an update dropped at the log cap cost the sender nothing, so the same compressible update
 *   could be sent again and again and decoded each time (a 23 KB deflated update cost 1.2 s of
 *   CPU); now its bytes are charged, and one over the byte burst is refused unread;
 * - many small conflicts had a device write one copy transaction each, spending its own author's
 *   update rate at the others until its next real move was dropped there, and nothing fetched
 *   it again; now copies are written at most once a second, and an update dropped for its
 *   author's rate is fetched again by a resync once the interval allows;
 * - one byte (a ChannelSync sync request) bought a whole state vector, every time; now a peer's
 *   sync requests and presence queries are answered at the same pace as its step 1s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { ChannelSync, MESSAGE_SYNC_REQUEST } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { DEFAULT_UPDATE_LIMITS, UpdateGate } from '../../src/lib/net/update-gate.js';
import { channelPair, link, manualClock, recordUpdates } from './gate-helpers.js';

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
	vi.useRealTimers();
});

const settle = async () => {
	for (let i = 0; i < 3; i++) await Promise.resolve();
};

describe('what a rogue update costs the rogue', () => {
	it('an update dropped at the log cap is charged its bytes: sent again, it is refused by the rates before decoding', () => {
		const clock = manualClock();
		const honest = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(honest.doc, { now: clock.now, limits: { maxLogEntries: 100, byteBurst: 20_000, bytesPerSecond: 1 } });
		const rogue = createGameDoc('g', { clientID: 9 });
		appendEntry(rogue, Array.from({ length: 1_000 }, (_, i) => `e${i}`));
		const update = Y.encodeStateAsUpdate(rogue.doc);
		const verdicts = Array.from({ length: 10 }, () => gate.admit('rogue', update));
		expect(verdicts[0]).toBe('log-full');
		expect(verdicts.slice(-3)).toEqual(['rate', 'rate', 'rate']);
	});

	it('an update over the byte burst is refused unread, with a strike (its content, here a deletion, is never looked at)', () => {
		const honest = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(honest.doc, { limits: { byteBurst: 1_000 } });
		const rogue = createGameDoc('g', { clientID: 9 });
		appendEntry(rogue, ['x'.repeat(2_000), 'y']);
		rogue.log.delete(1, 1);
		expect(gate.admit('rogue', Y.encodeStateAsUpdate(rogue.doc))).toBe('rate');
		expect(gate.dropped.deletion).toBeUndefined();
	});
});

describe('conflict copies and dropped moves', () => {
	it('fifty conflicts in one second are written as at most two of this device’s updates', async () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		appendEntry(victim, Array.from({ length: 50 }, (_, i) => `held ${i}`));
		const gate = new UpdateGate(victim.doc, { now: clock.now });
		const writes = recordUpdates(victim.doc);
		for (let i = 0; i < 50; i++) {
			const rogue = createGameDoc('g', { clientID: 1 });
			appendEntry(rogue, Array.from({ length: i + 1 }, (_, j) => (j === i ? `junk ${i}` : `held ${j}`)));
			gate.admit(`rogue-${i}`, Y.encodeStateAsUpdate(rogue.doc));
			await settle();
			clock.advance(10);
		}
		vi.advanceTimersByTime(1_000);
		await settle();
		expect(readLog(victim).filter((value) => value.startsWith('junk'))).toHaveLength(50);
		expect(writes.updates.length).toBeLessThanOrEqual(2);
	});

	it('a move dropped for its author’s rate is fetched again once the resync interval allows, with no new write', async () => {
		const clock = manualClock();
		const honest = createGameDoc('g', { clientID: 1 });
		const peer = createGameDoc('g', { clientID: 2 });
		const gates = [honest, peer].map((game) => new UpdateGate(game.doc, { now: clock.now, limits: { updateBurst: 2, updatesPerSecond: 0.001 } }));
		link({ doc: honest.doc, gate: gates[0]!, peer: 'peer' }, { doc: peer.doc, gate: gates[1]!, peer: 'honest' });
		await settle();
		for (let i = 0; i < 5; i++) appendEntry(honest, `move ${i}`);
		await settle();
		expect(gates[1]!.dropped.rate ?? 0).toBeGreaterThan(0);
		expect(readLog(peer)).not.toContain('move 4');
		clock.advance(DEFAULT_UPDATE_LIMITS.resyncIntervalMs);
		vi.advanceTimersByTime(DEFAULT_UPDATE_LIMITS.resyncIntervalMs);
		await settle();
		expect(readLog(peer).filter((value) => value.startsWith('move'))).toHaveLength(5);
	});
});

describe('requests other than a step 1', () => {
	it('a peer’s 100 sync requests at once get the burst of answers, then one every 5 s', () => {
		const game = createGameDoc('g', { clientID: 1 });
		appendEntry(game, 'entry');
		const gate = new UpdateGate(game.doc, { now: () => Date.now() });
		const pair = channelPair();
		new ChannelSync(game.doc, pair.a, null, { gate, peer: 'asker' }).start();
		let stateVectors = 0;
		pair.b.onMessage((message) => {
			if (message[0] === 0 && message[1] === 0) stateVectors++;
		});
		const before = stateVectors;
		for (let i = 0; i < 100; i++) pair.b.send(Uint8Array.of(MESSAGE_SYNC_REQUEST));
		expect(stateVectors - before).toBe(DEFAULT_UPDATE_LIMITS.step1AnswerBurst);
	});
});
