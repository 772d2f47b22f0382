import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
	appendEntry,
	createGameDoc,
	LOCAL_ORIGIN,
	observeLog,
	readLog,
	type LogChange
} from '../../src/lib/net/doc.js';

describe('game doc', () => {
	it('appends entries in one local transaction and reads them back', () => {
		const game = createGameDoc('g1', { clientID: 7 });
		expect(game.doc.guid).toBe('g1');
		expect(game.doc.clientID).toBe(7);
		const origins: unknown[] = [];
		game.doc.on('update', (_u: Uint8Array, origin: unknown) => origins.push(origin));
		appendEntry(game, 'a');
		appendEntry(game, ['b', 'c']);
		appendEntry(game, []);
		expect(readLog(game)).toEqual(['a', 'b', 'c']);
		expect(origins).toEqual([LOCAL_ORIGIN, LOCAL_ORIGIN]);
	});

	it('rejects non-string entries', () => {
		const game = createGameDoc('g1');
		expect(() => appendEntry(game, [1 as unknown as string])).toThrow(TypeError);
		expect(readLog(game)).toEqual([]);
	});

	it('reports appends as append-only and remote entries placed before ours as reorders', () => {
		// Client 1 wins ties against client 2, so its concurrent entry lands first.
		const a = createGameDoc('g', { clientID: 1 });
		const b = createGameDoc('g', { clientID: 2 });
		const changes: LogChange[] = [];
		observeLog(b, (c) => changes.push(c));
		appendEntry(b, ['b1', 'b2']);
		appendEntry(a, 'a1');
		Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc), 'remote');
		Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc), 'remote');
		expect(readLog(a)).toEqual(readLog(b));
		expect(changes[0]).toMatchObject({ firstIndex: 0, inserted: 2, appendOnly: true, local: true });
		const remote = changes[1]!;
		expect(remote.local).toBe(false);
		expect(remote.origin).toBe('remote');
		// yjs 13.6: among concurrent inserts at one place the lower client id goes first.
		expect(readLog(b)).toEqual(['a1', 'b1', 'b2']);
		expect(remote).toMatchObject({ firstIndex: 0, inserted: 1, lengthBefore: 2, lengthAfter: 3 });
		expect(remote.insertedBeforeEnd).toBe(true);
		expect(remote.appendOnly).toBe(false);
	});

	it('reports deletions with the first changed index', () => {
		const game = createGameDoc('g');
		appendEntry(game, ['a', 'b', 'c', 'd']);
		const changes: LogChange[] = [];
		observeLog(game, (c) => changes.push(c));
		game.log.delete(1, 2);
		expect(changes).toEqual([
			expect.objectContaining({ firstIndex: 1, deleted: 2, inserted: 0, appendOnly: false })
		]);
	});

	it('unsubscribes', () => {
		const game = createGameDoc('g');
		let calls = 0;
		const off = observeLog(game, () => calls++);
		appendEntry(game, 'a');
		off();
		appendEntry(game, 'b');
		expect(calls).toBe(1);
	});
});
