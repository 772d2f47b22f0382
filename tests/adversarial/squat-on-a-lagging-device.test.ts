/**
 * Red team (session 15): a device that was away (offline, a reload) comes back, and the first peer
 * to answer its state vector is a rogue (any peer in the room, no seat needed). The rogue answers
 * with its own strings at exactly the Yjs ids of the entries the device lacks. The device's state
 * vector then counts those ids, so no later sync by state vector sends the real entries again: the
 * device waited for them for good, its copy of the game stuck, and nothing told anyone.
 *
 * Now, once entries have waited 10 s for what they name, the session asks every peer for
 * everything it holds (session/missing-pull.ts); among the other strings the answers show at ids
 * it holds, it copies in the entries its replay waits for, and catches up.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, type GameDoc } from '../../src/lib/net/doc.js';
import { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { PULL_AFTER_MS } from '../../src/lib/session/missing-pull.js';
import { FakeClock } from '../session/fake-clock.js';
import { randomBytesFor, seedOf } from '../session/helpers.js';
import { gatedDocs, linkPairs, settle, twoSeatGame } from './gated-table.js';

/** The rogue's answer to `victim`'s state vector: its own strings at every id of `author` the victim lacks. */
function squatWhatItLacks(victim: GameDoc, author: GameDoc): { update: Uint8Array; ids: number } {
	const client = author.doc.clientID;
	const lacking = Y.getState(author.doc.store, client) - Y.getState(victim.doc.store, client);
	const rogue = createGameDoc(victim.gameId, { clientID: 987_654 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(victim.doc));
	const before = Y.encodeStateVector(rogue.doc);
	rogue.doc.clientID = client;
	appendEntry(
		rogue,
		Array.from({ length: lacking }, (_, i) => `junk ${i}`),
	);
	return { update: Y.encodeStateAsUpdate(rogue.doc, before), ids: lacking };
}

describe('a rogue answering first a device that was away, with junk at the ids it lacks', () => {
	it('the device pulls everything from its peers, copies in the entries its replay waits for, and catches up', { timeout: 120_000 }, async () => {
		const roomCode = 'LAGGINGSQUATXXXXXXXXXXXXX';
		const clock = new FakeClock();
		const { docs, gates } = gatedDocs(roomCode, clock);
		// Device 1 (a watcher: no seat) is cut off while the two players play on.
		const away = { on: false };
		const syncs = linkPairs({ docs, gates }, undefined, (i, j) => away.on && (i === 1 || j === 1));
		const sessions = docs.map((game, i) => new GameSession({ game, roomCode, seed: seedOf(`lag-${i}`), randomBytes: randomBytesFor('lag'), clock }));
		const [host, watcher, other] = sessions as [GameSession, GameSession, GameSession];
		const play = await twoSeatGame(host, other, 'lag', clock);
		await play(10);
		expect(watcher.stateHash).toBe(host.stateHash);

		away.on = true;
		await play(60);
		const { update, ids } = squatWhatItLacks(docs[1]!, docs[0]!);
		expect(ids, 'the host wrote entries the watcher lacks').toBeGreaterThan(20);
		// The rogue's link opens first: its step 2 answers the watcher's state vector.
		gates[1]!.expectSync('rogue');
		expect(gates[1]!.admit('rogue', update, { step2: true })).toBe('apply');
		Y.applyUpdate(docs[1]!.doc, update, 'rogue');
		await settle();
		// Then the honest links open again (each sends its state vector: nothing of the host's comes).
		away.on = false;
		for (const sync of syncs) sync.resync();
		await settle();
		await play(3);
		const dag = (watcher.replayer as GameReplayer).dag;
		expect(dag.missingIds().length, 'the watcher waits for the host’s entries').toBeGreaterThan(0);
		// The pull's wait asks only whether one is missing (after every replay): the first found.
		expect(dag.missingIds(undefined, 1)).toEqual(dag.missingIds().slice(0, 1));
		expect(watcher.accepted).toBeLessThan(host.accepted);

		clock.advance(PULL_AFTER_MS);
		await settle();
		await play(2);
		expect(dag.missingIds()).toEqual([]);
		expect(watcher.accepted).toBe(host.accepted);
		expect(watcher.stateHash).toBe(host.stateHash);
		expect(other.stateHash).toBe(host.stateHash);
		expect(watcher.pull.pulls, 'one pull was enough').toBe(1);
		// The pulled entries are copied once each, without the junk (more than a copy budget: tests/net/pull-all.test.ts).
		expect(gates[1]!.conflictsCopied, 'the host’s entries, each copied once').toBe(ids);
		expect(gates[1]!.conflictsOverBudget).toBe(0);
	});

	it('a device joining by a link that pins the genesis, all of whose ids the rogue squatted (genesis included), pulls the game', { timeout: 120_000 }, async () => {
		const roomCode = 'JOINERSQUATXXXXXXXXXXXXXX';
		const clock = new FakeClock();
		const { docs, gates } = gatedDocs(roomCode, clock);
		linkPairs({ docs, gates }, [[0, 2]]);
		const [host, other] = [0, 2].map((i) => new GameSession({ game: docs[i]!, roomCode, seed: seedOf(`join-${i}`), randomBytes: randomBytesFor('join'), clock })) as [GameSession, GameSession];
		const play = await twoSeatGame(host, other, 'join', clock);
		await play(10);
		// The joiner's first link is the rogue's: junk at every id of both players' devices.
		const joiner = docs[1]!;
		for (const author of [docs[0]!, docs[2]!]) {
			const { update } = squatWhatItLacks(joiner, author);
			gates[1]!.expectSync('rogue');
			expect(gates[1]!.admit('rogue', update, { step2: true })).toBe('apply');
			Y.applyUpdate(joiner.doc, update, 'rogue');
		}
		const watcher = new GameSession({ game: joiner, roomCode, seed: seedOf('join-1'), randomBytes: randomBytesFor('join'), clock, genesis: host.genesisId });
		await settle();
		expect(watcher.state).toBeNull();
		// Then its honest links open: their state-vector syncs bring nothing of the squatted ids.
		linkPairs({ docs, gates }, [
			[0, 1],
			[1, 2],
		]);
		await settle();
		expect(watcher.state).toBeNull();
		clock.advance(PULL_AFTER_MS);
		await settle();
		// A pull brings the genesis and what it can; the next ones (a minute apart) the rest.
		for (let minute = 0; minute < 3 && watcher.stateHash !== host.stateHash; minute++) {
			clock.advance(60_000);
			await settle();
		}
		expect(watcher.accepted).toBe(host.accepted);
		expect(watcher.stateHash).toBe(host.stateHash);
	});
});
