/**
 * Red team (session 12): Yjs names an item by (client id, clock) and trusts whoever sends it. A
 * rogue wrote strings under an honest device A's client id at A's next clocks and sent them to the
 * others only: their gates took them (only A's own gate refused A's id, and muted whoever relayed
 * them), and A's real moves at those ids were then skipped everywhere as already held, for good.
 * Now a doc that meets another string at an id it holds copies that string in as its own new item
 * (item-conflicts.ts), and A applies items under its id beyond its clock and keeps its id, its next
 * items landing after them (client-id-pin.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { chatArray } from '../../src/lib/net/chat-doc.js';
import { CONFLICT_BURST, UpdateGate } from '../../src/lib/net/update-gate.js';
import { GameSession } from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from '../session/helpers.js';
import { link, manualClock } from './gate-helpers.js';

/** Three honest docs linked in a triangle through gates, and a clock. While `cut.toA` holds,
 * nothing B or C send reaches A (a broadcast lost on the way). */
function triangle() {
	const clock = manualClock();
	const cut = { toA: false };
	const docs = [1, 2, 3].map((id) => createGameDoc('g', { clientID: id })) as [GameDoc, GameDoc, GameDoc];
	const gates = docs.map((game) => new UpdateGate(game.doc, { now: clock.now })) as [UpdateGate, UpdateGate, UpdateGate];
	const names = ['A', 'B', 'C'];
	const links = [
		[0, 1],
		[0, 2],
		[1, 2],
	].map(([i, j]) => link({ doc: docs[i!]!.doc, gate: gates[i!]!, peer: names[j!]! }, { doc: docs[j!]!.doc, gate: gates[j!]!, peer: names[i!]! }, { drop: (from) => cut.toA && i === 0 && from === 'b' }));
	const resync = async () => {
		await Promise.resolve(); // copies are made once the update at hand is through
		clock.advance(60_000);
		for (const l of links) {
			l.syncA.resync();
			l.syncB.resync();
		}
		await Promise.resolve();
	};
	return { docs, gates, resync, cut };
}

/** A rogue's update holding `values` under client `victim` from its next clock, built on `from`'s doc. */
function squat(from: GameDoc, victim: number, values: string[], at?: number): Uint8Array {
	const rogue = createGameDoc('g', { clientID: 66 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(from.doc));
	const before = Y.encodeStateVector(rogue.doc);
	if (at !== undefined) {
		// Exactly the ids the victim is about to use: build on a copy that stops where the victim is now.
		expect(Y.getState(rogue.doc.store, victim)).toBe(at);
	}
	rogue.doc.clientID = victim;
	appendEntry(rogue, values);
	return Y.encodeStateAsUpdate(rogue.doc, before);
}

const sorted = (game: GameDoc) => [...readLog(game)].sort();

describe('strings written under another device’s Yjs client id', () => {
	it('ahead of its clock, sent to the others only: its later moves still reach everyone, and nobody is muted', async () => {
		const { docs, gates, resync } = triangle();
		const [a, b, c] = docs;
		appendEntry(a, ['a0', 'a1']);
		appendEntry(b, 'b0');
		const forged = squat(b, 1, Array.from({ length: 100 }, (_, i) => `squat${i}`));
		expect(gates[1].admit('rogue', forged)).toBe('apply');
		Y.applyUpdate(b.doc, forged);
		await resync();
		appendEntry(a, ['A-move-1', 'A-move-2']);
		await resync();
		for (const game of docs) {
			expect(readLog(game)).toContain('A-move-1');
			expect(readLog(game)).toContain('A-move-2');
			expect(readLog(game).filter((value) => value.startsWith('squat'))).toHaveLength(100);
		}
		expect(sorted(b)).toEqual(sorted(a));
		expect(sorted(c)).toEqual(sorted(a));
		// A keeps its id (client-id-pin.ts): its clock is past the squat, so its moves land after it.
		expect(a.doc.clientID).toBe(1);
		for (const gate of gates) expect(gate.dropped).toEqual({});
		expect(gates[0].isMuted('B') || gates[0].isMuted('C')).toBe(false);
	});

	it("at exactly the ids the device writes next (a race), the rogue's item lost on its way to it: every doc ends with both strings", async () => {
		const { docs, gates, resync, cut } = triangle();
		const [a, b] = docs;
		appendEntry(a, 'a0');
		await resync();
		const forged = squat(b, 1, ['rogue-at-1'], 1);
		cut.toA = true;
		expect(gates[1].admit('rogue', forged)).toBe('apply');
		Y.applyUpdate(b.doc, forged); // B relays it to C; A never gets it
		appendEntry(a, 'A-move-1'); // the same id, A's own string: B and C skip it as held
		await Promise.resolve();
		cut.toA = false;
		await resync();
		for (const game of docs) {
			expect(readLog(game)).toContain('A-move-1');
			expect(readLog(game)).toContain('rogue-at-1');
		}
		expect(gates[1].conflictsSeen).toBeGreaterThan(0);
		expect(gates[2].conflictsSeen).toBeGreaterThan(0);
	});

	it('in the chat: both strings are copied into the chat, not the log', async () => {
		const { docs, resync, cut } = triangle();
		const [a, b] = docs;
		chatArray(a).push(['hello']);
		await resync();
		const rogue = createGameDoc('g', { clientID: 66 });
		Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(b.doc));
		const before = Y.encodeStateVector(rogue.doc);
		rogue.doc.clientID = 1;
		chatArray(rogue).push(['rogue-chat']);
		const forged = Y.encodeStateAsUpdate(rogue.doc, before);
		cut.toA = true;
		Y.applyUpdate(b.doc, forged);
		chatArray(a).push(['A-chat']);
		await Promise.resolve();
		cut.toA = false;
		await resync();
		for (const game of docs) {
			expect(chatArray(game).toArray()).toEqual(expect.arrayContaining(['hello', 'A-chat', 'rogue-chat']));
			expect(readLog(game)).toEqual([]);
		}
	});

	it('other strings for many held ids (a rogue laundering junk through honest docs): only a bounded number is copied', async () => {
		const clock = manualClock();
		const honest = createGameDoc('g', { clientID: 1 });
		appendEntry(honest, Array.from({ length: 300 }, (_, i) => `e${i}`));
		const gate = new UpdateGate(honest.doc, { now: clock.now });
		// The rogue's doc holds the same ids (client 1, clocks 0..299) with other strings.
		const rogue = createGameDoc('g', { clientID: 1 });
		appendEntry(rogue, Array.from({ length: 300 }, (_, i) => `junk${i}`));
		const forged = Y.encodeStateAsUpdate(rogue.doc);
		expect(gate.admit('rogue', forged)).toBe('known');
		await Promise.resolve();
		expect(gate.conflictsSeen).toBe(300);
		expect(gate.conflictsCopied).toBeLessThanOrEqual(2 * CONFLICT_BURST);
		expect(gate.conflictsOverBudget).toBe(300 - CONFLICT_BURST);
		expect(readLog(honest).length).toBeLessThanOrEqual(300 + 2 * CONFLICT_BURST);
	});

	it('against real game sessions: the host’s moves still reach both watchers, who end in its state', async () => {
		const clock = manualClock();
		const host = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('squat-host'), randomBytes });
		const player = new Player('squat');
		for (let i = 0; i < 10; i++) player.move(host);
		const watcher = (name: string) => GameSession.fromUpdate(Y.encodeStateAsUpdate(host.game.doc), { gameId: host.gameId, roomCode: host.roomCode, seed: seedOf(name), randomBytes });
		const [b, c] = [watcher('b'), watcher('c')];
		const gate = (session: GameSession) => new UpdateGate(session.game.doc, { now: clock.now });
		const [gA, gB, gC] = [gate(host), gate(b), gate(c)];
		link({ doc: host.game.doc, gate: gA, peer: 'B' }, { doc: b.game.doc, gate: gB, peer: 'A' });
		link({ doc: host.game.doc, gate: gA, peer: 'C' }, { doc: c.game.doc, gate: gC, peer: 'A' });
		link({ doc: b.game.doc, gate: gB, peer: 'C' }, { doc: c.game.doc, gate: gC, peer: 'B' });
		const rogue = createGameDoc(host.gameId, { clientID: 666 });
		Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(b.game.doc));
		const before = Y.encodeStateVector(rogue.doc);
		rogue.doc.clientID = host.game.doc.clientID;
		appendEntry(rogue, Array.from({ length: 50 }, (_, i) => `junk${i}`));
		const forged = Y.encodeStateAsUpdate(rogue.doc, before);
		expect(gB.admit('rogue', forged)).toBe('apply');
		Y.applyUpdate(b.game.doc, forged);

		for (let i = 0; i < 20; i++) {
			player.move(host);
			await Promise.resolve();
		}
		await Promise.resolve();
		expect(b.accepted).toBe(host.accepted);
		expect(c.accepted).toBe(host.accepted);
		expect(b.stateHash).toBe(host.stateHash);
		expect(c.stateHash).toBe(host.stateHash);
	});

	it('a rogue that first drains the conflict budget (other strings for 100 held ids) cannot make the squat stick: the honest move still reaches everyone', async () => {
		// Copies are written at most once a second (item-conflicts.ts): that timer is faked.
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const clock = manualClock();
		const cut = { toA: false };
		const docs = [1, 2, 3].map((id) => createGameDoc('g', { clientID: id })) as [GameDoc, GameDoc, GameDoc];
		const gates = docs.map((game) => new UpdateGate(game.doc, { now: clock.now })) as [UpdateGate, UpdateGate, UpdateGate];
		const names = ['A', 'B', 'C'];
		const links = [[0, 1], [0, 2], [1, 2]].map(([i, j]) =>
			link({ doc: docs[i!]!.doc, gate: gates[i!]!, peer: names[j!]! }, { doc: docs[j!]!.doc, gate: gates[j!]!, peer: names[i!]! }, { drop: (from) => cut.toA && i === 0 && from === 'b' }),
		);
		const resyncAll = () => {
			for (const l of links) {
				l.syncA.resync();
				l.syncB.resync();
			}
		};
		const [a, b] = docs;
		appendEntry(b, Array.from({ length: 100 }, (_, i) => `b${i}`));
		appendEntry(a, 'a0');
		await Promise.resolve();
		clock.advance(60_000);
		resyncAll();
		await Promise.resolve();
		// The drain: other strings at B's 100 held ids, sent to every honest doc (bytes only: 'known').
		const drainer = createGameDoc('g', { clientID: 2 });
		appendEntry(drainer, Array.from({ length: 100 }, (_, i) => `junk${i}`));
		const drain = Y.encodeStateAsUpdate(drainer.doc);
		for (const gate of gates) expect(gate.admit('rogue', drain)).toBe('known');
		await Promise.resolve();
		expect(gates.every((gate) => gate.conflictsOverBudget > 0)).toBe(true);
		// The squat race: the rogue's item at A's next id reaches B (relayed to C), not A; A writes there too.
		const rogue = createGameDoc('g', { clientID: 66 });
		Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(b.doc));
		const before = Y.encodeStateVector(rogue.doc);
		rogue.doc.clientID = 1;
		appendEntry(rogue, 'rogue-at-1');
		const forged = Y.encodeStateAsUpdate(rogue.doc, before);
		cut.toA = true;
		expect(gates[1].admit('rogue', forged)).toBe('apply');
		Y.applyUpdate(b.doc, forged);
		appendEntry(a, 'A-move-1');
		await Promise.resolve();
		cut.toA = false;
		resyncAll();
		await Promise.resolve();
		for (let i = 0; i < 3; i++) {
			clock.advance(60_000);
			vi.advanceTimersByTime(1_000);
			resyncAll();
			await Promise.resolve();
		}
		vi.useRealTimers();
		expect(docs.map((game) => readLog(game).includes('A-move-1'))).toEqual([true, true, true]);
	});
});
