// GameSession on one device: hot seat play, export to `fnord replay`, import, fork offline, reload.
import { webcrypto } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { main } from '../../src/cli/fnord.js';
import { step } from '../../src/lib/engine/index.js';
import { DEFAULT_PROTOCOL_RULES, generateIdentity, signEntry, Verifier } from '../../src/lib/protocol/index.js';
import { readLog, wrapGameDoc } from '../../src/lib/net/doc.js';
import { GameList, GameSession, MemoryDocStore, MemoryKeyValueStore, MyGames } from '../../src/lib/session/index.js';
import { options, Player, randomBytes, seedOf } from './helpers.js';
import { replayerFor } from '../../src/lib/session/index.js';

const dir = mkdtempSync(join(tmpdir(), 'fnord-session-'));

function hotSeat(name: string, moves: number, extra: Partial<Parameters<typeof GameSession.create>[0]> = {}): GameSession {
	const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf(name), randomBytes, title: name, ...extra });
	const player = new Player(name);
	for (let i = 0; i < moves * 4 && session.state!.phase.kind !== 'over'; i++) player.move(session);
	return session;
}

function cliReplay(file: string): string {
	const out: string[] = [];
	expect(main(['replay', file], { out: (line) => out.push(line), err: (line) => out.push(line) })).toBe(0);
	return out.join('\n');
}

describe('GameSession', { timeout: 60_000 }, () => {
	it('plays a hot-seat game: automatic key generation and coin shares, no refusals, illegal acts not appended', () => {
		const s = hotSeat('hot', 100);
		expect(s.mySeats).toEqual([0, 1, 2]);
		expect(s.rejections).toEqual([]);
		expect(s.replayer.event).toBeGreaterThan(3);
		expect(s.replayer.accepted.some((e) => e.kind === 'share')).toBe(true);
		const length = s.game.log.length;
		const seat = s.state!.turn?.seat ?? 0;
		const wrong = (seat + 1) % 3;
		const engine = step(s.state!, { type: 'passTurn', seat: wrong });
		const result = s.act(wrong, { type: 'passTurn', seat: wrong });
		expect(result.ok).toBe(false);
		// The engine's own code (NOT_YOUR_TURN in a turn, WRONG_PHASE during an attack, ...).
		if (!result.ok && !engine.ok) expect(result.error.code).toBe(engine.error.code);
		expect(engine.ok).toBe(false);
		expect(s.game.log.length).toBe(length);
		expect(s.legal(wrong).every((l) => l.action.type !== 'passTurn')).toBe(true);
		expect(s.claim(1)).toMatchObject({ ok: false, error: { code: 'SEAT_TAKEN' } });
		expect(s.claim(7)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_SEAT' } });
		expect(s.game.log.length).toBe(length);
		// A device that joined a room before the game reached it cannot claim yet.
		const early = GameSession.fromUpdate(new Uint8Array([0, 0]), { gameId: s.gameId, roomCode: s.roomCode, seed: seedOf('early'), randomBytes });
		expect(early.claim(0)).toMatchObject({ ok: false, error: { code: 'GAME_NOT_HERE' } });
		expect(early.game.log.length).toBe(0);
	});

	it('exports a log that `fnord replay` replays to the same state hash; import round-trips', () => {
		const s = hotSeat('export', 80);
		const file = join(dir, 'export.json');
		const text = JSON.stringify(s.exportLog());
		writeFileSync(file, text);
		expect(cliReplay(file)).toContain(`state hash: ${s.stateHash}`);
		const imported = GameSession.importLog(text, { seed: seedOf('export'), randomBytes });
		expect(imported.gameId).toBe(s.gameId);
		expect(imported.roomCode, 'the file holds no room secret: the import gets a room of its own').not.toBe(s.roomCode);
		expect(imported.title).toBe('export');
		expect(imported.stateHash).toBe(s.stateHash);
		expect(imported.mySeats).toEqual([0, 1, 2]); // the same seed: the same key
		expect(readLog(imported.game)).toEqual(readLog(s.game));
		// Another device importing it is a spectator.
		expect(GameSession.importLog(text, { seed: seedOf('someone'), randomBytes }).mySeats).toEqual([]);
		// A plain engine log (no signed entries) cannot be played on.
		const plain = { ...s.exportLog(), meta: {} };
		expect(() => GameSession.importLog(JSON.stringify(plain), { seed: seedOf('x'), randomBytes })).toThrow(/signed entries/);
	});

	it('forks at an accepted entry with no network; the fork plays on independently', () => {
		const s = hotSeat('parent', 60);
		const index = 40;
		const at = s.replayer.accepted[index]!;
		const f = s.fork(index);
		expect(f.transport).toBeNull();
		expect(f.gameId).not.toBe(s.gameId);
		expect(f.roomCode).not.toBe(s.roomCode);
		expect(f.rejections).toEqual([]);
		expect(f.mySeats).toEqual([0, 1, 2]);
		expect(f.replayer.accepted.find((e) => e.id === at.id)).toBeDefined();
		const parentHash = s.stateHash;
		const player = new Player('fork');
		let moves = 0;
		for (let i = 0; i < 200 && moves < 30 && f.state!.phase.kind !== 'over'; i++) if (player.move(f)) moves++;
		expect(moves).toBeGreaterThan(10);
		expect(f.rejections).toEqual([]);
		expect(s.stateHash).toBe(parentHash);
		expect(f.stateHash).not.toBe(parentHash);
		const file = join(dir, 'fork.json');
		writeFileSync(file, JSON.stringify(f.exportLog()));
		expect(cliReplay(file)).toContain(`state hash: ${f.stateHash}`);
		const fresh = replayerFor(readLog(f.game), f.gameId);
		fresh.sync(readLog(f.game));
		expect(fresh.stateHash).toBe(f.stateHash);
	});

	it('reloads from stored document updates and stored keys: same seats, same chains, plays on', async () => {
		const docs = new MemoryDocStore();
		const games = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: docs, randomBytes, now: () => 1 });
		const s = await games.create(options(3), [0, 1, 2], 'reload', {});
		const player = new Player('reload');
		for (let i = 0; i < 60; i++) player.move(s);
		expect(s.state!.phase.kind).not.toBe('over');
		const hash = s.stateHash;
		s.destroy();
		// Resumed with WebCrypto verifying the stored log ahead (the browser's fast path).
		const r = (await games.resume(s.gameId, { verifier: new Verifier(webcrypto.subtle as unknown as SubtleCrypto) }))!;
		expect(r.stateHash).toBe(hash);
		expect(r.mySeats).toEqual([0, 1, 2]);
		expect(r.roomCode).toBe(s.roomCode);
		// The box keys are rebuilt from the seed: play goes on through coin shares without refusals.
		const again = new Player('reload-2');
		const before = r.replayer.event;
		const shares = r.replayer.accepted.filter((e) => e.kind === 'share').length;
		for (let i = 0; i < 300 && r.state!.phase.kind !== 'over'; i++) again.move(r);
		expect(r.replayer.event).toBeGreaterThan(before + 2);
		expect(r.replayer.accepted.filter((e) => e.kind === 'share').length).toBeGreaterThan(shares);
		expect(r.rejections).toEqual([]);
		r.destroy();
		// What was played after the reload is stored too; another seed resumes as a spectator.
		const snapshot = docs.load(s.gameId)!;
		const other = GameSession.fromUpdate(snapshot, { gameId: s.gameId, roomCode: s.roomCode, seed: seedOf('other'), randomBytes });
		expect(other.stateHash).toBe(r.stateHash);
		expect(other.mySeats).toEqual([]);
	});

	it('my games: resume, export (fnord replay), import, fork offline, delete', async () => {
		const docs = new MemoryDocStore();
		let clock = 10;
		const games = new MyGames({ list: new GameList(new MemoryKeyValueStore()), persistence: docs, randomBytes, now: () => clock++ });
		const a = await games.create(options(2), [0, 1], 'first');
		const p = new Player('list');
		for (let i = 0; i < 80; i++) p.move(a);
		const f = await games.fork(a, 20);
		expect(f.rejections).toEqual([]);
		expect((await games.list()).map((g) => [g.title, g.parent ?? null])).toEqual([['first (fork)', a.gameId], ['first', null]]);
		const text = (await games.exportGame(a.gameId))!;
		const file = join(dir, 'my-games.json');
		writeFileSync(file, text);
		expect(cliReplay(file)).toContain(`state hash: ${a.stateHash}`);
		await games.remove(a.gameId);
		expect(docs.has(a.gameId)).toBe(false);
		expect((await games.list()).map((g) => g.id)).toEqual([f.gameId]);
		expect(await games.resume(a.gameId)).toBeNull();
		// Import on a device that no longer knows the game: a read-only copy of it (tests/session/import.test.ts).
		const back = await games.importGame(text);
		expect(back.record.copyOf).toBe(a.gameId);
		expect((await games.list()).length).toBe(2);
		const copy = (await games.openCopy(back.record.id))!;
		expect(copy.stateHash).toBe(a.stateHash);
		copy.destroy();
		expect(await games.resume(a.gameId)).toBeNull();
	});

	it('a rival create put first in the stored document changes nothing on resume: the record holds to the genesis first seen', async () => {
		const docs = new MemoryDocStore();
		const list = new GameList(new MemoryKeyValueStore());
		const games = new MyGames({ list, persistence: docs, randomBytes, now: () => 1 });
		const s = await games.create(options(3), [0, 1, 2], 'rival', {});
		const player = new Player('rival');
		for (let i = 0; i < 30; i++) player.move(s);
		const hash = s.stateHash;
		expect((await list.get(s.gameId))!.genesis).toBe(s.genesisId);
		// An invited peer signs a create of its own for the same game id and inserts it at index 0.
		const rival = signEntry(generateIdentity(randomBytes(32)), { game: s.gameId, kind: 'create', body: { options: options(2), rules: DEFAULT_PROTOCOL_RULES }, last: null, deps: [] });
		s.game.log.insert(0, [rival]);
		expect(s.stateHash).toBe(hash);
		s.destroy();
		const r = (await games.resume(s.gameId))!;
		expect(readLog(r.game)[0]).toBe(rival);
		expect(r.genesisId).toBe(s.genesisId);
		expect(r.stateHash).toBe(hash);
		expect(r.mySeats).toEqual([0, 1, 2]);
		r.destroy();
		// Without the record's pin, the first create in the array would have been taken.
		const unpinned = GameSession.fromUpdate(docs.load(s.gameId)!, { gameId: s.gameId, roomCode: s.roomCode, seed: seedOf('unpinned'), randomBytes });
		expect(unpinned.genesisId).not.toBe(s.genesisId);
		expect(unpinned.stateHash).not.toBe(hash);
	});

	it('a joiner by invitation link holds to the link\u2019s genesis pin when its first sync holds a rival create put first by another peer; its record keeps the full id', async () => {
		const host = GameSession.create({ options: options(3), seats: [0, 1], seed: seedOf('host'), randomBytes, title: 'host' });
		// The rogue's own document (its own Yjs client) inserts the rival at index 0.
		const rogueDoc = new Y.Doc({ guid: host.gameId, gc: false });
		Y.applyUpdate(rogueDoc, Y.encodeStateAsUpdate(host.game.doc));
		const rival = signEntry(generateIdentity(randomBytes(32)), { game: host.gameId, kind: 'create', body: { options: options(2), rules: DEFAULT_PROTOCOL_RULES }, last: null, deps: [] });
		wrapGameDoc(host.gameId, rogueDoc).log.insert(0, [rival]);
		const list = new GameList(new MemoryKeyValueStore());
		const games = new MyGames({ list, persistence: new MemoryDocStore(), randomBytes, now: () => 1 });
		const joiner = await games.join(host.roomCode, 'joined', { genesis: host.genesisId!.slice(0, 16) });
		Y.applyUpdate(joiner.game.doc, Y.encodeStateAsUpdate(rogueDoc));
		expect(readLog(joiner.game)[0]).toBe(rival);
		expect(joiner.genesisId).toBe(host.genesisId);
		expect(joiner.stateHash).toBe(host.stateHash);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect((await list.get(joiner.gameId))!.genesis).toBe(host.genesisId);
		joiner.destroy();
		host.destroy();
	});

	it('keeps a list of my games: add, list by last played, update, remove', async () => {
		const games = new GameList(new MemoryKeyValueStore());
		const base = { roomCode: 'ABCDEFGHJK', title: 't', seats: [0], seed: seedOf('g') };
		await games.add({ ...base, id: 'a', lastPlayed: 1 });
		await games.add({ ...base, id: 'b', lastPlayed: 3 });
		await games.add({ ...base, id: 'c', lastPlayed: 2 });
		expect((await games.list()).map((g) => g.id)).toEqual(['b', 'c', 'a']);
		await games.update('a', { lastPlayed: 9, seats: [0, 1] });
		expect((await games.list())[0]).toMatchObject({ id: 'a', seats: [0, 1] });
		await games.remove('b');
		expect((await games.list()).map((g) => g.id)).toEqual(['a', 'c']);
		expect(await games.get('b')).toBeNull();
	});
});

describe('GameSession with a transport', () => {
	it('builds it from a factory on its document, publishes hashes on its awareness, connects and destroys it', async () => {
		const { Awareness } = await import('y-protocols/awareness');
		const calls: string[] = [];
		let seen: unknown = null;
		const s = GameSession.create({
			options: options(2),
			seats: [0, 1],
			seed: seedOf('transport'),
			randomBytes,
			transport: (game) => {
				seen = game.doc;
				const awareness = new Awareness(game.doc);
				return {
					kind: 'fake',
					awareness,
					status: 'idle',
					connect: () => calls.push('connect'),
					disconnect: () => calls.push('disconnect'),
					destroy: () => calls.push('destroy'),
					peers: () => [],
					hasDataChannel: () => false,
					on: () => () => undefined
				};
			}
		});
		expect(seen).toBe(s.game.doc);
		const field = s.transport!.awareness.getLocalState()?.fnordHash as { accepted: number; stateHash: string };
		expect(field).toMatchObject({ accepted: s.accepted, stateHash: s.stateHash });
		s.connect();
		s.destroy();
		expect(calls).toEqual(['connect', 'destroy']);
	});
});
