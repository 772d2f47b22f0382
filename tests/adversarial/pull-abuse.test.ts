/**
 * Red team (session 15) on the pull (session/missing-pull.ts): a key that holds no seat posts one
 * signed entry naming ids nobody has. It made every device pull everything from its peers once a
 * minute for good; and with a long chain of forged texts named by that entry, a pull answer made a
 * device copy over 10,000 of them into the log under its own client id, past the log cap, so its
 * later moves were dropped everywhere (log-full) and the countdown would have voted it out. Now
 * only seat holders' waiting entries make a pull, only their entries are copied, at most
 * PULL_COPY_ROOM a pull and never past the log cap (tests/net/pull-all.test.ts).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { generateIdentity } from '../../src/lib/protocol/crypto.js';
import { sha256Text, signEntry } from '../../src/lib/protocol/entry.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from '../session/fake-clock.js';
import { randomBytesFor, seedOf } from '../session/helpers.js';
import { gatedDocs, linkPairs, settle, twoSeatGame } from './gated-table.js';

const bytes = (n: number, seed: number) => bytesToBase64url(Uint8Array.from({ length: n }, (_, i) => (seed * 131 + i * 17 + 7) & 255));

/** Well-formed entry texts with made-up signatures, each naming the next; returns them and the first one's id. */
function forgedChain(n: number, game: string): { texts: string[]; head: string } {
	const texts: string[] = new Array(n);
	let next = bytes(32, 12345);
	for (let i = n - 1; i >= 0; i--) {
		const text = canonicalJson({ v: 2, game, kind: 'ack', body: {}, author: bytes(32, i % 7), last: null, deps: [next], sig: bytes(64, i) });
		texts[i] = text;
		next = sha256Text(text);
	}
	return { texts, head: next };
}

/** Three devices (host seat 0, a watcher, the other player seat 1) linked through gates. */
async function table(tag: string) {
	const roomCode = `PULLABUSE${tag}XXXXXXXXXXXXXXXX`.slice(0, 25);
	const clock = new FakeClock();
	const { docs, gates } = gatedDocs(roomCode, clock);
	linkPairs({ docs, gates });
	const sessions = docs.map((game, i) => new GameSession({ game, roomCode, seed: seedOf(`${tag}-${i}`), randomBytes: randomBytesFor(tag), clock })) as [GameSession, GameSession, GameSession];
	const play = await twoSeatGame(sessions[0], sessions[2], tag, clock);
	await play(10);
	return { roomCode, clock, docs, gates, sessions, play };
}

/** The rogue's update to `into`: `values` under made-up client ids, then its signed entry. */
function rogueUpdate(into: GameDoc, junk: number, entry: string): Uint8Array {
	const rogue = createGameDoc(into.gameId, { clientID: 4242 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(into.doc));
	const before = Y.encodeStateVector(rogue.doc);
	if (junk > 0) {
		appendEntry(rogue, Array.from({ length: junk / 2 }, (_, i) => `j${i}`));
		rogue.doc.clientID = 4243;
		appendEntry(rogue, Array.from({ length: junk / 2 }, (_, i) => `k${i}`));
	}
	appendEntry(rogue, entry);
	return Y.encodeStateAsUpdate(rogue.doc, before);
}

describe('a key with no seat naming ids nobody has', () => {
	it('makes no device pull', { timeout: 120_000 }, async () => {
		const t = await table('A');
		const rogue = generateIdentity(new Uint8Array(32).fill(7));
		const entry = signEntry(rogue, { game: gameIdOf(t.roomCode), kind: 'ack', body: {}, last: null, deps: ['A'.repeat(43)] } as never);
		const update = rogueUpdate(t.docs[0]!, 0, entry);
		expect(t.gates[0]!.admit('rogue', update)).toBe('apply');
		Y.applyUpdate(t.docs[0]!.doc, update, 'rogue');
		await settle();
		// Not even the wait is armed: it kept cycling, and a seat holder's brief out-of-order wait
		// that fell on a firing then made a pull (review, session 15).
		expect(t.sessions.map((session) => session.pull.armed)).toEqual([false, false, false]);
		for (let second = 0; second < 10 * 60; second++) {
			t.clock.advance(1_000);
			await settle();
		}
		expect(t.sessions.map((session) => session.pull.pulls)).toEqual([0, 0, 0]);
	});

	it('with a chain of 10,500 forged texts a pull answer shows at held ids: nothing is copied, the game goes on everywhere', { timeout: 120_000 }, async () => {
		const t = await table('B');
		const { texts, head } = forgedChain(10_500, gameIdOf(t.roomCode));
		const rogue = generateIdentity(new Uint8Array(32).fill(9));
		const entry = signEntry(rogue, { game: gameIdOf(t.roomCode), kind: 'ack', body: {}, last: null, deps: [head] } as never);
		const update = rogueUpdate(t.docs[0]!, 10_500, entry);
		expect(t.gates[0]!.admit('rogue', update)).toBe('apply');
		Y.applyUpdate(t.docs[0]!.doc, update, 'rogue');
		await settle();
		// The rogue's answer to any pull of the other player's device: the forged chain at its junk's ids.
		const first = new Y.Doc({ gc: false });
		first.clientID = 4242;
		first.getArray('log').push(texts.slice(0, 5_250));
		const second = new Y.Doc({ gc: false });
		second.clientID = 4243;
		second.getArray('log').push(texts.slice(5_250));
		const answer = Y.mergeUpdates([Y.encodeStateAsUpdate(first), Y.encodeStateAsUpdate(second)]);
		t.gates[2]!.attach(
			'rogue',
			() => {},
			() =>
				queueMicrotask(() => {
					if (t.gates[2]!.admit('rogue', answer, { step2: true }) === 'apply') Y.applyUpdate(t.docs[2]!.doc, answer, 'rogue');
				}),
		);
		for (let s = 0; s < 12; s++) {
			t.clock.advance(1_000);
			await settle();
		}
		await t.play(20);
		const [host, watcher, other] = t.sessions;
		expect(t.gates[2]!.conflictsPulled).toBe(0);
		expect(readLog(t.docs[2]!).length).toBeLessThan(12_000);
		expect(other.accepted).toBe(host.accepted);
		expect(watcher.accepted).toBe(host.accepted);
		expect(other.stateHash).toBe(host.stateHash);
	});
});
