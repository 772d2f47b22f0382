// The desync detector: silent while peers merely lag or hold differently ordered logs (the fuzz
// checks that on every seed), and firing, with the first diverging entry, when one peer's hashes
// are doctored (a test-only hook), so it can fail.
import { describe, expect, it } from 'vitest';
import { readLog } from '../../src/lib/net/doc.js';

import { firstDivergence, type HashReport } from '../../src/lib/session/index.js';
import { fuzzGame } from './sim-game.js';
import { replayerFor } from '../../src/lib/session/index.js';

const DOCTORED = 2;
/** Doctored from about this accepted count on (the first one that ends on a player action: see the premise below). */
const FROM_AT_LEAST = 57;

function accepted(sessions: { game: Parameters<typeof readLog>[0]; gameId: string }[]) {
	const fresh = replayerFor(readLog(sessions[0]!.game), sessions[0]!.gameId);
	fresh.sync(readLog(sessions[0]!.game));
	return fresh.accepted;
}

describe('desync detection', { timeout: 60_000 }, () => {
	it('stays silent in an honest game (no chaos)', () => {
		const { sessions, sim } = fuzzGame(5, 200, undefined, false);
		expect(sessions.flatMap((s) => s.desyncs)).toEqual([]);
		sim.destroy();
	});

	it('fires on every peer, at the first diverging entry, when one peer\u2019s state is doctored', () => {
		// The same seeded game played honestly first (doctoring changes only the hashes published)
		// finds the first accepted count from FROM_AT_LEAST on that ends on a player action.
		const honest = fuzzGame(5, 200, undefined, false);
		const FROM = accepted(honest.sessions).findIndex((entry, i) => i + 1 >= FROM_AT_LEAST && entry.kind === 'action') + 1;
		honest.sim.destroy();
		expect(FROM).toBeGreaterThanOrEqual(FROM_AT_LEAST);
		const { sessions, sim, result } = fuzzGame(5, 200, { peer: DOCTORED, from: FROM }, false);
		expect(result.accepted).toBeGreaterThan(FROM + 20);
		const entry = accepted(sessions)[FROM - 1]!;
		// Premise: concurrent automatic reveals may still swap places after a peer reported one of
		// them, but a player action (posted alone, then flushed) keeps the index every peer saw.
		expect(entry.kind).toBe('action');
		for (const [i, s] of sessions.entries()) {
			expect(s.desyncs.length, `peer ${i}`).toBeGreaterThan(0);
			const first = s.desyncs[0]!;
			if (i === DOCTORED) expect(first.peer).not.toBe(String(DOCTORED));
			else expect(first.peer).toBe(String(DOCTORED));
			expect(first).toMatchObject({ accepted: FROM, index: entry.index, id: entry.id });
			expect(Math.min(...s.desyncs.map((d) => d.accepted))).toBe(FROM);
		}
		sim.destroy();
	});

	it('fires under chaos too (never before the doctored entry)', () => {
		const { sessions, sim } = fuzzGame(7924, 600, { peer: DOCTORED, from: FROM_AT_LEAST });
		const all = sessions.flatMap((s) => s.desyncs);
		expect(all.length).toBeGreaterThan(0);
		expect(Math.min(...all.map((d) => d.accepted))).toBeGreaterThanOrEqual(FROM_AT_LEAST);
		sim.destroy();
	});

	it('compares only equal accepted prefixes: a peer behind or on another order is no desync', () => {
		const report = (points: [number, string, string][]): HashReport => ({ peer: 'p', game: 'g', accepted: points.length, stateHash: null, recent: points.map(([n, prefix, hash]) => ({ n, prefix, hash })) });
		const mine = new Map([[1, ['a', 'h1']], [2, ['b', 'h2']], [3, ['c', 'h3']]]);
		const lookup = (n: number, prefix: string) => (mine.get(n)?.[0] === prefix ? mine.get(n)![1]! : null);
		expect(firstDivergence(report([[1, 'a', 'h1'], [2, 'x', 'other']]), lookup)).toBeNull();
		expect(firstDivergence(report([[3, 'c', 'h3'], [4, 'd', 'h4']]), lookup)).toBeNull();
		expect(firstDivergence(report([[1, 'a', 'h1'], [2, 'b', 'bad'], [3, 'c', 'bad']]), lookup)).toEqual({ n: 2, mine: 'h2', theirs: 'bad' });
	});
});

describe('AwarenessHashBoard', () => {
	it('carries reports between two awareness instances (what a transport shares)', async () => {
		const { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } = await import('y-protocols/awareness');
		const Y = await import('yjs');
		const { AwarenessHashBoard } = await import('../../src/lib/session/index.js');
		const [a, b] = [new Awareness(new Y.Doc()), new Awareness(new Y.Doc())];
		a.on('update', ({ added, updated }: { added: number[]; updated: number[] }) => applyAwarenessUpdate(b, encodeAwarenessUpdate(a, [...added, ...updated]), 'net'));
		const [boardA, boardB] = [new AwarenessHashBoard(a), new AwarenessHashBoard(b)];
		let heard = 0;
		boardB.subscribe(() => heard++);
		const [p, h] = ['0'.repeat(64), 'f'.repeat(64)];
		boardA.publish({ peer: '', game: 'g', accepted: 1, stateHash: h, recent: [{ n: 1, prefix: p, hash: h }] });
		expect(heard).toBeGreaterThan(0);
		expect(boardB.others()).toEqual([{ peer: String(a.clientID), game: 'g', accepted: 1, stateHash: h, recent: [{ n: 1, prefix: p, hash: h }] }]);
		expect(boardA.others()).toEqual([]);
		a.destroy();
		b.destroy();
	});
});
