import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import {
	appendEntry,
	createGameDoc,
	erasedEntries,
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

describe('the log is append-only: deletions change no honest view', () => {
	const base = ['e0', 'e1', 'e2', 'e3'];
	const attacks: { name: string; attack: (log: Y.Array<string>) => void; visible: string[]; view: string[] }[] = [
		{ name: 'delete', attack: (log) => log.delete(1, 2), visible: ['e0', 'e3'], view: base },
		{
			name: 'edit (delete + insert)',
			attack: (log) => log.doc!.transact(() => {
				log.delete(1, 1);
				log.insert(1, ['forged']);
			}),
			visible: ['e0', 'forged', 'e2', 'e3'],
			view: ['e0', 'forged', 'e1', 'e2', 'e3']
		},
		{ name: 'delete everything', attack: (log) => log.delete(0, 4), visible: [], view: base }
	];
	for (const { name, attack, visible, view } of attacks) {
		it(`a rogue ${name}: the entries stay in place for the peer that had them and for a late joiner`, () => {
			const honest = createGameDoc('g', { clientID: 1 });
			appendEntry(honest, base);
			const rogue = new Y.Doc({ guid: 'g' }); // a rogue garbage-collects what it deletes
			Y.applyUpdate(rogue, Y.encodeStateAsUpdate(honest.doc));
			attack(rogue.getArray<string>('log'));
			Y.applyUpdate(honest.doc, Y.encodeStateAsUpdate(rogue));
			expect(honest.log.toArray()).toEqual(visible);
			expect(readLog(honest)).toEqual(view);
			const late = createGameDoc('g', { clientID: 3 });
			Y.applyUpdate(late.doc, Y.encodeStateAsUpdate(honest.doc));
			expect(readLog(late)).toEqual(view);
			expect(erasedEntries(late)).toBe(0);
		});
	}

	it('counts entries whose content reached this device already erased (first sync from a rogue)', () => {
		const honest = createGameDoc('g', { clientID: 1 });
		appendEntry(honest, base);
		const rogue = new Y.Doc({ guid: 'g' });
		Y.applyUpdate(rogue, Y.encodeStateAsUpdate(honest.doc));
		rogue.getArray<string>('log').delete(1, 2);
		const victim = createGameDoc('g', { clientID: 4 });
		Y.applyUpdate(victim.doc, Y.encodeStateAsUpdate(rogue));
		Y.applyUpdate(victim.doc, Y.encodeStateAsUpdate(honest.doc));
		expect(readLog(victim)).toEqual(['e0', 'e3']);
		expect(erasedEntries(victim)).toBe(2);
	});
});
