// The app's session runtime in node: games created, exported, deleted, imported (broken files
// refused with nothing changed; every import a read-only copy that never goes online), forked and
// linked to a transport, over in-memory storage and a fake transport.
import { describe, expect, it } from 'vitest';
import type { DocPersistence } from '../../src/lib/session/index.js';
import { flushBeforeDestroy } from '../../src/lib/session/flush.js';
import type { Runtime } from '../../src/lib/session/runtime.js';
import { options, Player } from '../session/helpers.js';
import { makeRuntime } from './helpers/app-fakes.js';

/** A hot-seat game with a few moves played, closed; its id and final hash. */
async function playedGame(runtime: Runtime, moves: number) {
	const link = await runtime.create(options(3), [0, 1, 2], 'Played');
	const player = new Player('app-runtime');
	for (let played = 0, tries = 0; played < moves && tries < 5_000; tries++) if (player.move(link.session)) played++;
	const result = { id: link.session.gameId, hash: link.session.stateHash, accepted: link.session.accepted };
	link.destroy();
	return result;
}

describe('Runtime: export, delete, import', () => {
	it('a deleted game comes back from its export as a read-only copy with the same state: no seat, never online', async () => {
		const { runtime, made } = makeRuntime();
		const game = await playedGame(runtime, 12);
		const file = (await runtime.exportFile(game.id))!;
		expect(file.name).toMatch(/^fnord-played-[\w-]{8}\.json$/);
		await runtime.remove(game.id);
		expect(await runtime.listGames()).toEqual([]);

		const result = await runtime.importFile(file.text, file.text.length);
		expect(result).toEqual({ ok: true, id: expect.stringMatching(/^copy-/), gameId: game.id, existed: false, known: false, refused: 0, setups: 1 });
		const id = result.ok ? result.id : '';
		expect(await runtime.listGames()).toMatchObject([{ id, copyOf: game.id, title: 'Played', seats: [] }]);
		const link = (await runtime.resume(id))!;
		expect([link.id, link.readOnly]).toEqual([id, true]);
		expect([link.session.stateHash, link.session.accepted]).toEqual([game.hash, game.accepted]);
		expect(link.session.mySeats).toEqual([]);
		link.goOnline();
		expect(made).toHaveLength(0);
		expect(link.transport).toBeNull();
		// Exported and forked like any game; the fork is a new game (not read-only).
		expect(JSON.parse((await runtime.exportFile(id, link.session))!.text).meta.game).toBe(game.id);
		const forkId = (await runtime.fork(id, 'From the copy', link.session))!;
		expect(await runtime.list.get(forkId)).toMatchObject({ parent: id });
		expect((await runtime.resume(forkId))!.readOnly).toBe(false);
		link.destroy();
	});

	it.each([
		['empty', '', 'empty'],
		['not JSON', '{"format":', 'notJson'],
		['another JSON document', '{"hello":1}', 'notFnordLog'],
		['an engine log without signed entries', JSON.stringify({ format: 'fnord-log', version: 1, setup: options(2), entries: [] }), 'notPlayable'],
		['signed entries that start no game', JSON.stringify({ format: 'fnord-log', version: 1, setup: options(2), entries: [], meta: { game: 'A'.repeat(22), roomCode: '7KQ2MXH90D', entries: ['{}', 'x'] } }), 'noGame']
	])('refuses %s (%s) and changes nothing', async (_name, text, problem) => {
		const { runtime } = makeRuntime();
		const game = await playedGame(runtime, 3);
		const before = await runtime.listGames();
		const result = await runtime.importFile(text, text.length);
		expect(result).toMatchObject({ ok: false, error: { code: problem } });
		expect(await runtime.listGames()).toEqual(before);
		const link = (await runtime.resume(game.id))!;
		expect(link.session.stateHash).toBe(game.hash);
		link.destroy();
	});

	it('a file of a game already in the list, even open and online, becomes a separate copy: the game is unchanged', async () => {
		const a = makeRuntime();
		const link = await a.runtime.create(options(2), [0, 1], 'Shared');
		link.goOnline();
		const player = new Player('merge');
		for (let tries = 0, played = 0; played < 8 && tries < 5_000; tries++) if (player.move(link.session)) played++;
		const text = JSON.stringify(link.session.exportLog());
		const before = { log: link.session.game.log.toArray(), hash: link.session.stateHash, stored: a.docs.load(link.session.gameId) };

		const result = await a.runtime.importFile(text, text.length);
		expect(result).toMatchObject({ ok: true, gameId: link.session.gameId, existed: false, known: true, refused: 0 });
		expect(await a.runtime.importFile(text, text.length)).toMatchObject({ ok: true, existed: true });
		expect((await a.runtime.listGames()).length).toBe(2);
		expect([link.session.game.log.toArray(), link.session.stateHash, a.docs.load(link.session.gameId)]).toEqual([before.log, before.hash, before.stored]);
		expect(a.made).toHaveLength(1);
		const copy = (await a.runtime.resume(result.ok ? result.id : ''))!;
		expect(copy.readOnly).toBe(true);
		expect(copy.session.stateHash).toBe(link.session.stateHash);
		copy.destroy();
		link.destroy();
	});
});

describe('Runtime: fork and links', () => {
	it('fork makes a new game in a new room after the last entry, listed with its parent and the same seats', async () => {
		const { runtime } = makeRuntime();
		const game = await playedGame(runtime, 5);
		const forkId = (await runtime.fork(game.id, 'Played (fork)'))!;
		const record = (await runtime.list.get(forkId))!;
		expect(record).toMatchObject({ title: 'Played (fork)', parent: game.id, seats: [0, 1, 2] });
		expect(record.roomCode).not.toBe((await runtime.list.get(game.id))!.roomCode);
		const fork = (await runtime.resume(forkId))!;
		expect(fork.session.mySeats).toEqual([0, 1, 2]);
		fork.destroy();
	});

	it('a link makes its transport on the first goOnline only, from the settings then, and publishes the name with the key', async () => {
		const { runtime, made } = makeRuntime();
		const link = await runtime.create(options(2), [0], 'Online');
		expect(made).toHaveLength(0);
		link.setName('Alice');
		expect(link.presence()).toMatchObject([{ name: 'Alice', seat: link.session.key, self: true }]);
		link.goOnline();
		link.goOffline();
		link.goOnline();
		expect(made).toHaveLength(1);
		expect(made[0]!.awareness).toBe(link.awareness);
		expect(link.transport!.status).toBe('searching');
		link.destroy();
		expect(made[0]!.status).toBe('destroyed');
	});
});

describe('flushBeforeDestroy', () => {
	it('stops the store only after it has loaded the document', async () => {
		const order: string[] = [];
		let synced!: () => void;
		const inner: DocPersistence = {
			attach: () => ({
				whenSynced: new Promise<void>((resolve) => (synced = resolve)),
				destroy: async () => void order.push('destroy'),
				clear: async () => undefined
			}),
			remove: async () => undefined
		};
		const persisted = flushBeforeDestroy(inner).attach('game', null as never);
		const stopped = persisted.destroy().then(() => order.push('stopped'));
		await Promise.resolve();
		order.push('synced');
		synced();
		await stopped;
		expect(order).toEqual(['synced', 'destroy', 'stopped']);
	});
});
