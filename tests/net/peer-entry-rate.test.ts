/**
 * The update gate bounds the new entries one peer brings, whatever their authors: at most 6,000 at
 * once, then 60 a second. Before, 16 made-up authors x 6,000 entries each let one peer fill the
 * 20,000-entry log cap in four updates at one instant, after which honest moves were dropped
 * log-full (found by a red-team pass). A step 2 this device asked for stays exempt (a first sync).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc } from '../../src/lib/net/doc.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { entryLike, manualClock } from './gate-helpers.js';

/** The rogue's next update: `count` junk strings under a made-up author. */
function junk(rogue: ReturnType<typeof createGameDoc>, author: number, count: number): Uint8Array {
	const before = Y.encodeStateVector(rogue.doc);
	rogue.doc.clientID = author;
	rogue.doc.transact(() => rogue.log.push(Array.from({ length: count }, (_, i) => `j${author}.${i}`)));
	return Y.encodeStateAsUpdate(rogue.doc, before);
}

describe('new entries per peer', () => {
	it('a peer bringing 5,000 entries under each of four new authors at once: the second is refused; the log keeps room for honest moves', () => {
		const clock = manualClock();
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: clock.now });
		const honest = createGameDoc('g', { clientID: 2 });
		for (let n = 0; n < 30; n++) appendEntry(honest, entryLike(n));
		expect(gate.admit('honest', Y.encodeStateAsUpdate(honest.doc))).toBe('apply');
		Y.applyUpdate(victim.doc, Y.encodeStateAsUpdate(honest.doc), 'remote');
		const rogue = createGameDoc('g', { clientID: 66 });
		Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(victim.doc));
		const verdicts: string[] = [];
		for (let k = 0; k < 4; k++) {
			const update = junk(rogue, 1000 + k, 5_000);
			const verdict = gate.admit('rogue', update);
			verdicts.push(verdict);
			if (verdict === 'apply') Y.applyUpdate(victim.doc, update, 'remote');
		}
		expect(verdicts[0]).toBe('apply');
		expect(verdicts.slice(1)).toEqual(['rate', 'rate', 'rate']);
		expect(gate.tally.entries).toBeLessThan(gate.limits.maxLogEntries / 2);
		const before = Y.encodeStateVector(honest.doc);
		appendEntry(honest, entryLike(999));
		expect(gate.admit('honest', Y.encodeStateAsUpdate(honest.doc, before))).toBe('apply');
		// The bucket refills at 60 entries a second: a minute later, 3,600 more.
		clock.advance(60_000);
		expect(gate.admit('rogue', junk(rogue, 2000, 3_500))).toBe('apply');
	});

	it('a first sync this device asked for (a step 2) is exempt: 12,000 entries arrive at once', () => {
		const victim = createGameDoc('g', { clientID: 1 });
		const gate = new UpdateGate(victim.doc, { now: manualClock().now });
		const peer = createGameDoc('g', { clientID: 3 });
		for (let author = 0; author < 4; author++) {
			peer.doc.clientID = 10 + author;
			peer.doc.transact(() => peer.log.push(Array.from({ length: 3_000 }, (_, i) => `e${author}.${i}`)));
		}
		gate.expectSync('friend');
		expect(gate.admit('friend', Y.encodeStateAsUpdate(peer.doc), { step2: true })).toBe('apply');
	});
});
