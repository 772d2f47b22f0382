// Importing an exported file always makes a separate, read-only copy (session/import.ts): a
// tampered export of a game that is live on this device leaves that game's session, its stored
// document and its record exactly as they were, and the copy never gets a key, seat or transport
// of the live game.
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { readLog } from '../../src/lib/net/doc.js';
import { publicRoomId, roomSecret } from '../../src/lib/net/room.js';
import type { Transport } from '../../src/lib/net/transport.js';
import { COPY_PREFIX, GameList, ImportError, MemoryDocStore, MemoryKeyValueStore, MyGames, readExport, type GameSession } from '../../src/lib/session/index.js';
import { options, Player, randomBytes } from './helpers.js';

/** A transport that records what it is asked to do (nothing is sent anywhere). */
function recordingTransport(calls: string[]): (game: { doc: Y.Doc }) => Transport {
	return (game) => ({
		kind: 'fake',
		awareness: new Awareness(game.doc),
		status: 'idle',
		connect: () => void calls.push('connect'),
		disconnect: () => void calls.push('disconnect'),
		destroy: () => void calls.push('destroy'),
		peers: () => [],
		hasDataChannel: () => false,
		on: () => () => undefined
	});
}

function play(session: GameSession, moves: number, seed: string): void {
	const player = new Player(seed);
	for (let played = 0, tries = 0; played < moves && tries < 5_000; tries++) if (player.move(session)) played++;
}

/** The export with one action entry edited (its seat changed, its signature kept). */
function tamper(text: string): string {
	const file = JSON.parse(text) as { meta: { entries: string[] } };
	const entries = file.meta.entries;
	const at = entries.findIndex((e, i) => i > entries.length / 2 && (JSON.parse(e) as { kind: string }).kind === 'action');
	expect(at).toBeGreaterThan(0);
	const entry = JSON.parse(entries[at]!) as { body: { seat: number } };
	entry.body.seat = (entry.body.seat + 1) % 3;
	entries[at] = JSON.stringify(entry);
	return JSON.stringify(file);
}

function myGames() {
	const docs = new MemoryDocStore();
	const list = new GameList(new MemoryKeyValueStore());
	return { docs, list, games: new MyGames({ list, persistence: docs, randomBytes, now: () => 7 }) };
}

describe('import: a read-only copy', { timeout: 60_000 }, () => {
	it('a tampered export of a game live here changes nothing of it; the copy has its own storage key and no transport', async () => {
		const { docs, list, games } = myGames();
		const calls: string[] = [];
		const live = await games.create(options(3), [0, 1, 2], 'Live', { transport: recordingTransport(calls) });
		live.connect();
		play(live, 30, 'import-live');
		const text = tamper(JSON.stringify(live.exportLog()));
		const before = { log: readLog(live.game), hash: live.stateHash, accepted: live.accepted, stored: docs.load(live.gameId), record: await list.get(live.gameId) };
		let updates = 0;
		live.game.doc.on('update', () => updates++);

		const copy = await games.importGame(text);
		expect(copy).toMatchObject({ existed: false, known: true, record: { copyOf: live.gameId, title: 'Live', seats: [] } });
		expect(copy.refused).toBeGreaterThan(0);
		const id = copy.record.id;
		expect(id.startsWith(COPY_PREFIX)).toBe(true);
		expect(id).not.toBe(live.gameId);
		expect(docs.has(id)).toBe(true);

		// Resuming a copy is refused (resume is what gives a game its transport); openCopy opens it.
		expect(await games.resume(id)).toBeNull();
		const opened = (await games.openCopy(id))!;
		expect(opened.transport).toBeNull();
		expect(opened.board).toBeNull();
		expect(opened.game.doc).not.toBe(live.game.doc);
		expect(opened.gameId).toBe(live.gameId); // the file's game, replayed as it is
		expect(opened.mySeats).toEqual([]);
		expect(opened.rejections.length).toBe(copy.refused);
		expect(readLog(opened.game)).toEqual(readExport(text).entries); // nothing signed or appended here
		expect(opened.claim(0)).toMatchObject({ ok: false });
		expect(readLog(opened.game)).toEqual(readExport(text).entries);
		opened.destroy();

		// The live game: same log, state hash, stored document and record; its transport untouched.
		expect(readLog(live.game)).toEqual(before.log);
		expect([live.stateHash, live.accepted]).toEqual([before.hash, before.accepted]);
		expect(updates).toBe(0);
		expect(docs.load(live.gameId)).toEqual(before.stored);
		expect(await list.get(live.gameId)).toEqual(before.record);
		expect(calls).toEqual(['connect']);

		// Deleting the copy leaves the live game's document alone.
		await games.remove(id);
		expect(docs.has(id)).toBe(false);
		expect(docs.load(live.gameId)).toEqual(before.stored);
		live.destroy();
	});

	it('an intact export opens as a copy with the same state; the same file imported again is the same copy', async () => {
		const { docs, games } = myGames();
		const live = await games.create(options(2), [0, 1], 'Twice');
		play(live, 20, 'import-twice');
		const text = JSON.stringify(live.exportLog());
		const first = await games.importGame(text);
		expect(first).toMatchObject({ existed: false, known: true, refused: 0, accepted: live.accepted });
		const stored = docs.load(first.record.id);
		const again = await games.importGame(text);
		expect(again).toMatchObject({ existed: true, record: first.record });
		expect(docs.load(first.record.id)).toEqual(stored);
		expect((await games.list()).map((g) => g.id).sort()).toEqual([first.record.id, live.gameId].sort());
		const copy = (await games.openCopy(first.record.id))!;
		expect([copy.stateHash, copy.accepted]).toEqual([live.stateHash, live.accepted]);
		// Export and fork work on a copy; the fork is a new game whose parent is the copy.
		expect(JSON.parse((await games.exportGame(first.record.id))!).meta.entries).toEqual(readLog(live.game));
		const fork = await games.fork(copy, copy.accepted - 1, 'From the copy', first.record.id);
		expect(fork.gameId).not.toBe(live.gameId);
		expect((await games.list()).find((g) => g.id === fork.gameId)).toMatchObject({ parent: first.record.id });
		expect(await games.openCopy(live.gameId)).toBeNull();
		for (const s of [copy, fork, live]) s.destroy();
	});

	it('an export never carries the room\u2019s secret (only its public part): a file passed around lets no one into the room; its copy gets a room of its own', async () => {
		const { games } = myGames();
		const live = await games.create(options(2), [0, 1], 'Secret');
		play(live, 10, 'import-secret');
		const secret = roomSecret(live.roomCode)!;
		expect(secret).toHaveLength(16);
		const text = JSON.stringify(live.exportLog());
		expect(text).not.toContain(secret);
		expect(text).not.toContain(live.roomCode);
		expect(JSON.parse(text).meta.room).toBe(publicRoomId(live.roomCode));
		const copy = await games.importGame(text);
		expect(copy.record.roomCode).not.toBe(live.roomCode);
		const opened = (await games.openCopy(copy.record.id))!;
		expect(opened.stateHash).toBe(live.stateHash);
		for (const s of [opened, live]) s.destroy();
	});

	it('refuses what is not an export, or makes no game, with nothing stored', async () => {
		const { docs, games } = myGames();
		const setup = options(2);
		const cases: [string, string][] = [
			['{"hello":1}', 'notFnordLog'],
			[JSON.stringify({ format: 'fnord-log', version: 1, setup, entries: [] }), 'notPlayable'],
			[JSON.stringify({ format: 'fnord-log', version: 1, setup, entries: [], meta: { game: 'A'.repeat(22), roomCode: '7KQ2MXH90D', entries: ['{}', 'x'] } }), 'noGame']
		];
		for (const [text, code] of cases) {
			const error = await games.importGame(text).catch((e: unknown) => e);
			expect(error).toBeInstanceOf(ImportError);
			expect((error as ImportError).code).toBe(code);
		}
		expect(await games.list()).toEqual([]);
		expect(docs.has('A'.repeat(22))).toBe(false);
	});
});

describe('import: the file’s title', () => {
	// Red team (session 12): a file's title went into the games list uncut and uncleaned (a 5 MB
	// title nearly filled the list's storage). It is text from whoever made the file, like a title
	// from a peer: cleaned and cut the same way.
	it('is cleaned of control and direction characters and cut to a title’s length', async () => {
		const { games } = myGames();
		const live = await games.create(options(3), [0, 1, 2], 'Live');
		play(live, 10, 'import-title');
		const file = JSON.parse(JSON.stringify(live.exportLog())) as { meta: { title: string } };
		file.meta.title = `\u202eevil\u0007 ${'x'.repeat(100_000)}`;
		const exported = readExport(JSON.stringify(file));
		expect(exported.title.length).toBeLessThanOrEqual(80);
		expect(exported.title.includes('\u202e') || exported.title.includes('\u0007')).toBe(false);
		const copy = await games.importGame(JSON.stringify(file));
		expect(copy.record.title).toBe(exported.title);
	});
});
