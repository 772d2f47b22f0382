// Adversarial: a rogue peer deletes or "edits" (delete + insert) log items. No honest session's
// state changes, the deletion is detected and reported, and a late joiner sees the same game.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { readLog } from '../../src/lib/net/doc.js';
import { GameSession } from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from './helpers.js';

/** Relays every update of each doc to the others (a fully connected, instant network). */
function link(docs: Y.Doc[]): () => void {
	const offs = docs.map((doc) => {
		const handler = (update: Uint8Array, origin: unknown) => {
			if (origin === 'relay') return;
			for (const other of docs) if (other !== doc) Y.applyUpdate(other, update, 'relay');
		};
		doc.on('update', handler);
		return () => doc.off('update', handler);
	});
	return () => offs.forEach((off) => off());
}

function spectator(host: GameSession, name: string): GameSession {
	return GameSession.fromUpdate(Y.encodeStateAsUpdate(host.game.doc), { gameId: host.gameId, roomCode: host.roomCode, seed: seedOf(name), randomBytes });
}

const attacks: { name: string; attack: (log: Y.Array<string>) => void }[] = [
	{ name: 'deletes the first half of the log', attack: (log) => log.delete(0, Math.floor(log.length / 2)) },
	{ name: 'deletes the latest entries', attack: (log) => log.delete(log.length - 5, 5) },
	{
		name: 'edits an entry (delete + insert of a changed copy)',
		attack: (log) => {
			const at = Math.floor(log.length / 3);
			const entry = JSON.parse(log.get(at)) as { body: Record<string, unknown> };
			const changed = JSON.stringify({ ...entry, body: { ...entry.body, forged: true } });
			log.doc!.transact(() => {
				log.delete(at, 1);
				log.insert(at, [changed]);
			});
		}
	}
];

describe('a rogue peer deleting log items changes no honest view', () => {
	for (const { name, attack } of attacks) {
		it(`when it ${name}`, () => {
			const host = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('rogue-host'), randomBytes });
			const honest = [host, spectator(host, 'a'), spectator(host, 'b')];
			const rogue = new Y.Doc({ guid: host.gameId }); // garbage-collects what it deletes
			Y.applyUpdate(rogue, Y.encodeStateAsUpdate(host.game.doc));
			const unlink = link([...honest.map((s) => s.game.doc), rogue]);
			const player = new Player('rogue');
			for (let i = 0; i < 80; i++) player.move(host);
			const before = honest.map((s) => ({ hash: s.stateHash, accepted: s.accepted, rejections: s.rejections.length }));
			expect(new Set(before.map((b) => b.hash)).size).toBe(1);

			attack(rogue.getArray<string>('log'));

			for (const [i, session] of honest.entries()) {
				expect(session.stateHash).toBe(before[i]!.hash);
				expect(session.accepted).toBe(before[i]!.accepted);
				// An edit adds one entry of its own, refused (visibly) by every peer alike.
				expect(session.rejections.length - before[i]!.rejections).toBe(name.startsWith('edits') ? 1 : 0);
				expect(session.guard.reports().length).toBeGreaterThan(0);
			}
			expect(new Set(honest.map((s) => JSON.stringify(s.rejections))).size).toBe(1);
			// Play goes on; a late joiner syncing from an honest peer sees the same game.
			for (let i = 0; i < 20; i++) player.move(host);
			const late = GameSession.fromUpdate(Y.encodeStateAsUpdate(honest[1]!.game.doc), { gameId: host.gameId, roomCode: host.roomCode, seed: seedOf('late'), randomBytes });
			for (const session of [...honest, late]) expect(session.stateHash).toBe(host.stateHash);
			expect(readLog(late.game)).toEqual(readLog(host.game));
			expect(late.erased).toBe(0);
			unlink();
			for (const session of [...honest, late]) session.destroy();
		});
	}
});
