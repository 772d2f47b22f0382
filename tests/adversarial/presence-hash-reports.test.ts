/**
 * Presence (y-protocols awareness) is unauthenticated and not gated: anyone in the room may
 * publish any `fnordHash` report there. A malformed one (a null point, a count past the end,
 * points of the wrong shape) is ignored, and no report can make an honest session's refresh or
 * move throw (before, one null point made every refresh of every honest session throw, so the
 * screen was never told of changes and stall countdowns stopped: found by a red-team pass).
 * Well-formed forged points can still claim a desync: 32 are kept, the first ones and the newest in
 * the last place, so forged ones never switch the detector off.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { DeferredHashBoard, GameSession } from '../../src/lib/session/index.js';
import { isReport } from '../../src/lib/session/desync.js';
import { options, Player, randomBytes, seedOf } from '../session/helpers.js';

function victimTable(name: string) {
	const board = new DeferredHashBoard();
	const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf(name), randomBytes, title: name, board });
	const awareness = new Awareness(session.game.doc);
	board.attach(awareness);
	const player = new Player(name);
	for (let i = 0; i < 30; i++) player.move(session);
	return { session, awareness, player };
}

/** A fresh presence client (any peer in the room) publishes `state`. */
function rogueSays(victim: Awareness, state: Record<string, unknown>): void {
	const rogue = new Awareness(new Y.Doc());
	rogue.setLocalState(state);
	applyAwarenessUpdate(victim, encodeAwarenessUpdate(rogue, [rogue.clientID]), 'remote-peer');
}

const HEX = 'a'.repeat(64);

describe('hash reports in presence are checked before any comparison', () => {
	it.each([
		['a null point', [null]],
		['a point past the end with no prefix', [{ n: 1_000_000, hash: 'x' }]],
		['a point past the end, well formed', [{ n: 1_000_000, prefix: HEX, hash: HEX }]],
		['a point at 0', [{ n: 0, prefix: HEX, hash: HEX }]],
		['a fractional count', [{ n: 1.5, prefix: HEX, hash: HEX }]],
		['a prefix that is no hash', [{ n: 1, prefix: 'x', hash: HEX }]],
		['more points than a ring holds', Array.from({ length: 17 }, (_, i) => ({ n: i + 1, prefix: HEX, hash: HEX }))],
	])('%s: the session refreshes, plays on and tells its listeners; no desync', (_, recent) => {
		const { session, awareness, player } = victimTable(`presence-${String(_).slice(0, 12)}`);
		let notified = 0;
		session.subscribe(() => notified++);
		expect(() => rogueSays(awareness, { fnordHash: { game: session.gameId, accepted: 1, recent } })).not.toThrow();
		const before = session.accepted;
		for (let i = 0; i < 5; i++) player.move(session);
		expect(session.accepted).toBeGreaterThan(before);
		expect(() => session.refresh()).not.toThrow();
		expect(notified).toBeGreaterThan(0);
		expect(session.desyncs).toEqual([]);
		session.destroy();
	});

	it('well-formed forged points from many client ids: 32 desyncs are kept (the first ones, and the newest last), so a later one is still seen', () => {
		const { session, awareness } = victimTable('presence-forged');
		const mine = (awareness.getLocalState() as { fnordHash: { recent: { n: number; prefix: string; hash: string }[] } }).fnordHash.recent;
		expect(mine.length).toBeGreaterThan(1);
		for (let k = 0; k < 40; k++) {
			rogueSays(awareness, { fnordHash: { game: session.gameId, accepted: session.accepted, recent: mine.map((p) => ({ ...p, hash: (k % 10).toString().repeat(64) })) } });
		}
		expect(session.desyncs).toHaveLength(32);
		expect(new Set(session.desyncs.map((d) => d.peer)).size).toBe(32);
		// The detector is not switched off: a report from yet another peer is the newest desync.
		rogueSays(awareness, { fnordHash: { game: session.gameId, accepted: session.accepted, recent: mine.map((p) => ({ ...p, hash: 'e'.repeat(64) })) } });
		expect(session.desyncs).toHaveLength(32);
		expect(session.desyncs.at(-1)!.theirs).toBe('e'.repeat(64));
		session.destroy();
	});

	it('isReport: the published shape passes, anything else does not', () => {
		const good = { game: 'g', accepted: 3, stateHash: HEX, recent: [{ n: 3, prefix: HEX, hash: HEX }] };
		expect(isReport(good)).toBe(true);
		expect(isReport({ ...good, recent: [{ n: 3, prefix: HEX, hash: 'none' }] })).toBe(true);
		for (const bad of [null, 'x', { ...good, accepted: -1 }, { ...good, game: 'g'.repeat(65) }, { ...good, recent: {} }, { ...good, recent: [{ n: 3, prefix: HEX }] }]) expect(isReport(bad)).toBe(false);
	});
});
