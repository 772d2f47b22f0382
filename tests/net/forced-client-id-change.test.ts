/**
 * Red team (session 15): any peer could make a device take a new Yjs client id before each of its
 * writes, by sending it one tiny item at its own id and next clock (Yjs then picks a new random id).
 * Every write then came from an author new to the others, whose gates allow 16 new authors per link
 * and then one per 30 s: the device's moves were dropped as over the rate, its link muted, and the
 * gate's own request to sync again was answered by a step 2 the same rates dropped. Now the device
 * keeps its id (net/client-id-pin.ts) and the step 2 the gate asks for is exempt from the rates
 * like a new link's (update-gate.ts requestResync).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { UpdateGate, type UpdateLimits } from '../../src/lib/net/update-gate.js';
import { link, manualClock } from './gate-helpers.js';

/** Three docs (client ids 1, 2, 3) linked through gates with default limits, on one clock. */
function triangle(limits: Partial<UpdateLimits> = {}) {
	const clock = manualClock();
	const docs = [1, 2, 3].map((id) => createGameDoc('g', { clientID: id })) as [GameDoc, GameDoc, GameDoc];
	const gates = docs.map((game) => new UpdateGate(game.doc, { now: clock.now, limits })) as [UpdateGate, UpdateGate, UpdateGate];
	const names = ['H', 'B', 'C'];
	for (const [i, j] of [
		[0, 1],
		[0, 2],
		[1, 2],
	] as const) {
		link({ doc: docs[i].doc, gate: gates[i], peer: names[j]! }, { doc: docs[j].doc, gate: gates[j], peer: names[i]! });
	}
	return { docs, gates, clock };
}

/** A rogue's update: `values` under client `victim` from its next clock in `from`'s doc. */
function squat(from: GameDoc, victim: number, values: string[]): Uint8Array {
	const rogue = createGameDoc('g', { clientID: 66 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(from.doc));
	const before = Y.encodeStateVector(rogue.doc);
	rogue.doc.clientID = victim;
	appendEntry(rogue, values);
	return Y.encodeStateAsUpdate(rogue.doc, before);
}

/** Passes `update` from peer 'rogue' through `gate` into `game`, as a gated link would. */
function deliver(gate: UpdateGate, game: GameDoc, update: Uint8Array): string {
	const verdict = gate.admit('rogue', update);
	if (verdict === 'apply') Y.applyUpdate(game.doc, update, 'rogue');
	return verdict;
}

const settle = async () => {
	for (let i = 0; i < 3; i++) await Promise.resolve();
};

describe('a peer writing under a device’s own client id', () => {
	it('one item at its next clock before each of its 80 writes: the device keeps its id, every move reaches the others, nobody is muted', async () => {
		const { docs, gates, clock } = triangle();
		const [h, b, c] = docs;
		appendEntry(h, 'h0');
		appendEntry(b, 'b0');
		await settle();
		const moves: string[] = [];
		for (let k = 0; k < 80; k++) {
			expect(deliver(gates[0], h, squat(h, h.doc.clientID, [`squat${k}`]))).toBe('apply');
			await settle();
			moves.push(`H-move-${k}`);
			appendEntry(h, `H-move-${k}`);
			await settle();
			clock.advance(1_000);
		}
		for (const game of [b, c]) expect(moves.filter((move) => !readLog(game).includes(move))).toEqual([]);
		expect(h.doc.clientID).toBe(1);
		expect(gates[1].isMuted('H') || gates[2].isMuted('H') || gates[1].isMuted('C') || gates[2].isMuted('B')).toBe(false);
		expect(gates[1].dropped).toEqual({});
		expect(gates[2].dropped).toEqual({});
	});

	it('an id the device sets itself is kept as set (only the change a remote update makes is undone)', () => {
		const game = createGameDoc('g', { clientID: 5 });
		game.doc.clientID = 9;
		appendEntry(game, 'mine');
		expect(game.doc.clientID).toBe(9);
		Y.applyUpdate(game.doc, squat(game, 9, ['theirs']), 'rogue');
		expect(game.doc.clientID).toBe(9);
		appendEntry(game, 'mine again');
		expect(readLog(game)).toEqual(['mine', 'theirs', 'mine again']);
	});
});

describe('the step 2 the gate asks for when a gap is left', () => {
	it('is exempt from the rates: entries of new authors the rates dropped come back without a new link', async () => {
		// Two new authors per link at most: the third and fourth relayed authors are dropped at B.
		const { docs, gates, clock } = triangle({ authorBurst: 2, authorsPerSecond: 1 / 3600 });
		const [h, b] = docs;
		appendEntry(h, 'h0');
		await settle();
		const relayed: string[] = [];
		for (const author of [11, 12, 13, 14]) {
			const other = createGameDoc('g', { clientID: author });
			Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(h.doc));
			const before = Y.encodeStateVector(other.doc);
			appendEntry(other, `from-${author}`);
			relayed.push(`from-${author}`);
			Y.applyUpdate(h.doc, Y.encodeStateAsUpdate(other.doc, before), 'relayed'); // H relays it to B and C
			await settle();
		}
		expect(gates[1].dropped.rate ?? 0, 'B dropped the new authors over its budget').toBeGreaterThan(0);
		expect(relayed.filter((value) => !readLog(b).includes(value)).length).toBeGreaterThan(0);
		// H's next move names the dropped items as neighbours: B holds it pending and asks H to sync.
		clock.advance(10_000);
		appendEntry(h, 'H-next');
		await settle();
		expect(relayed.filter((value) => !readLog(b).includes(value))).toEqual([]);
		expect(readLog(b)).toContain('H-next');
	});
});
