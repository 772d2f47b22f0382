/**
 * Any peer can put a well-formed entry anywhere in the shared log array; a signature is checked
 * later, and anyone can sign with a fresh key. A version-1 `create` inserted first must not turn a
 * version-2 game read-only on the next reload (before, logVersion took the first genesis in array
 * order: one 271-byte junk entry bricked the game on every honest device that reloaded; found by
 * a red-team pass). A version-2 game's own genesis is in its log for good, so it decides.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readLog, wrapGameDoc } from '../../src/lib/net/doc.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { GameList, MemoryDocStore, MemoryKeyValueStore, MyGames } from '../../src/lib/session/index.js';
import { logVersion } from '../../src/lib/session/protocol-driver.js';
import { options, Player, randomBytes } from '../session/helpers.js';

const junkV1Create = (game: string) => JSON.stringify({ v: 1, game, kind: 'create', body: { options: {} }, author: 'A'.repeat(43), prev: null, last: null, sig: 'A'.repeat(86) });

describe('a version-1 genesis inserted before the game’s own', () => {
	it.each([
		['another game’s id', 'AAAAAAAAAAAAAAAAAAAAAA'],
		['this game’s id', null],
	])('with %s: the game reopens as version 2 and plays on after a reload, on a device that kept no genesis pin', async (_, otherGame) => {
		const docs = new MemoryDocStore();
		const list = new GameList(new MemoryKeyValueStore());
		const games = new MyGames({ list, persistence: docs, randomBytes, now: () => 1 });
		const victim = await games.create(options(3), [0, 1, 2], 'victim game', {});
		const player = new Player('v1-genesis');
		for (let i = 0; i < 40; i++) player.move(victim);
		const hash = victim.stateHash;
		const accepted = victim.accepted;
		// A peer in the room inserts the junk first in the array; the update gate lets a string into the log through.
		const rogueDoc = new Y.Doc({ guid: victim.gameId, gc: false });
		Y.applyUpdate(rogueDoc, Y.encodeStateAsUpdate(victim.game.doc));
		const before = Y.encodeStateVector(rogueDoc);
		const junk = junkV1Create(otherGame ?? victim.gameId);
		wrapGameDoc(victim.gameId, rogueDoc).log.insert(0, [junk]);
		const update = Y.encodeStateAsUpdate(rogueDoc, before);
		expect(new UpdateGate(victim.game.doc).admit('rogue-peer', update)).toBe('apply');
		Y.applyUpdate(victim.game.doc, update, 'remote');
		expect(readLog(victim.game)[0]).toBe(junk);
		expect(victim.stateHash).toBe(hash);
		expect(logVersion(readLog(victim.game), victim.gameId)).toBe(2);
		victim.destroy();
		// The worst case: a record without the genesis pin (games recorded before pins existed).
		await list.update(victim.gameId, { genesis: undefined });
		const reloaded = (await games.resume(victim.gameId))!;
		expect(reloaded.protocol.version).toBe(2);
		expect(reloaded.readOnly).toBe(false);
		expect(reloaded.accepted).toBe(accepted);
		expect(reloaded.stateHash).toBe(hash);
		player.move(reloaded);
		expect(reloaded.accepted).toBe(accepted + 1);
		reloaded.destroy();
	});

	it('a log whose only genesis is version 1 still opens as version 1 (an old saved game)', () => {
		const game = 'A'.repeat(22);
		const other = `${'A'.repeat(21)}Q`;
		expect(logVersion([junkV1Create(game)], game)).toBe(1);
		expect(logVersion([junkV1Create(game)], other)).toBe(2);
		expect(logVersion([junkV1Create(game)], game, 'pinned-genesis-id')).toBe(2);
	});
});
