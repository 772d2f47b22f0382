// The chat with its messages checked off the page's thread (session/chat-check.ts): the worker's own
// code (checkChatBatch) run behind a structured clone, as postMessage does, in batches. Forged
// messages are still refused, a flood is checked in a few batches, a failing worker changes no
// verdict, and this device's own messages show at once.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { signChat } from '../../src/lib/protocol/chat/index.js';
import { generateIdentity, Verifier } from '../../src/lib/protocol/index.js';
import { checkChatBatch, type ChatChecker, type ChatCheckRequest } from '../../src/lib/session/chat-check.js';
import { ChatLog } from '../../src/lib/session/chat.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const T0 = 1_764_000_000_000;

/** The worker path without a Worker: each batch cloned in and out, checked by the worker's function with WebCrypto. */
function workerLike() {
	const batches: number[] = [];
	const verifier = new Verifier(globalThis.crypto.subtle);
	let id = 0;
	const checker: ChatChecker = async (game, values) => {
		batches.push(values.length);
		const request: ChatCheckRequest = structuredClone({ id: id++, game, values });
		await new Promise((resolve) => setTimeout(resolve, 0)); // a message's hop to the worker
		return structuredClone(await checkChatBatch(request, verifier)).results;
	};
	return { checker, batches };
}

function table(name: string, checker: () => ChatChecker) {
	const roomCode = `CBAT${name}`.padEnd(10, '0').slice(0, 10);
	const gameId = gameIdOf(roomCode);
	const sessions = [0, 1].map((i) => new GameSession({ game: createGameDoc(gameId), roomCode, seed: seedOf(`cbat-${name}-${i}`), randomBytes: randomBytesFor(`cbat-${name}-${i}`) }));
	const rogue = new Y.Doc({ guid: gameId });
	const docs = [...sessions.map((s) => s.game.doc), rogue];
	for (const doc of docs)
		doc.on('update', (update: Uint8Array, origin: unknown) => {
			if (origin !== 'relay') for (const other of docs) if (other !== doc) Y.applyUpdate(other, update, 'relay');
		});
	sessions[0]!.start(options(2));
	for (let seat = 0; seat < 2; seat++) expect(sessions[seat]!.claim(seat).ok).toBe(true);
	const clock = { now: T0 };
	const chats = sessions.map((s, i) => new ChatLog(s, { now: () => clock.now, randomBytes: randomBytesFor(`cbat-box-${name}-${i}`), checker: checker() }));
	return { sessions, chats, clock, rogueChat: rogue.getArray<string>('chat') };
}

const texts = (chat: ChatLog) => chat.lines.map((l) => l.text);
const codes = (chat: ChatLog) => chat.refusals.map((r) => r.code).sort();

describe('chat checked in batches off the page’s thread', () => {
	it('a forged message is still refused through the worker path, an honest one accepted', async () => {
		const reader = workerLike();
		const t = table('forged', () => reader.checker);
		expect(t.chats[0]!.send('hello').ok).toBe(true);
		await t.chats[1]!.settled();
		expect(texts(t.chats[1]!)).toEqual(['hello']);
		const original = JSON.parse(t.rogueChat.get(0)) as Record<string, unknown>;
		const stranger = generateIdentity(new Uint8Array(32).fill(9));
		t.rogueChat.push([
			canonicalJson({ ...original, text: 'I concede the game' }),
			signChat(stranger, { game: t.sessions[0]!.gameId, seat: 0, to: null, seq: 0, at: T0, text: 'I am seat 0' }),
		]);
		// Not judged before the check: nothing forged ever shows, even for a moment.
		expect(texts(t.chats[1]!)).toEqual(['hello']);
		await Promise.all(t.chats.map((c) => c.settled()));
		for (const chat of t.chats) {
			expect(texts(chat)).toEqual(['hello']);
			expect(codes(chat)).toEqual(['BAD_SIGNATURE', 'NOT_SEAT_HOLDER']);
		}
		expect(reader.batches.length).toBeGreaterThan(0);
	});

	it('a flood of messages, one per update, is checked in a few batches and judged once per batch', async () => {
		const readers = [workerLike(), workerLike()];
		let made = 0;
		const t = table('flood', () => readers[made++]!.checker);
		const reader = readers[1]!;
		const stranger = generateIdentity(new Uint8Array(32).fill(3));
		const game = t.sessions[0]!.gameId;
		let judged = 0;
		t.chats[1]!.subscribe(() => judged++);
		for (let seq = 0; seq < 200; seq++) t.rogueChat.push([signChat(stranger, { game, seat: 0, to: null, seq, at: T0 + seq, text: `spam ${seq}` })]);
		await t.chats[1]!.settled();
		expect(reader.batches.reduce((a, b) => a + b, 0)).toBe(200);
		expect(reader.batches.length).toBeLessThanOrEqual(3);
		expect(judged).toBeLessThanOrEqual(3);
		expect(t.chats[1]!.lines).toEqual([]);
		expect(codes(t.chats[1]!).filter((c) => c !== 'NOT_SEAT_HOLDER')).toEqual([]);
	});

	it('a worker that fails changes no verdict: this thread checks the batch instead', async () => {
		const failing: ChatChecker = () => Promise.reject(new Error('the chat worker failed'));
		const t = table('fails', () => failing);
		expect(t.chats[0]!.send('still here').ok).toBe(true);
		const original = JSON.parse(t.rogueChat.get(0)) as Record<string, unknown>;
		t.rogueChat.push([canonicalJson({ ...original, text: 'forged' })]);
		await t.chats[1]!.settled();
		expect(texts(t.chats[1]!)).toEqual(['still here']);
		expect(codes(t.chats[1]!)).toEqual(['BAD_SIGNATURE']);
	});

	it('this device’s own message shows as soon as it is sent, with no check to wait for', () => {
		const reader = workerLike();
		const t = table('own', () => reader.checker);
		expect(t.chats[0]!.send('mine').ok).toBe(true);
		expect(texts(t.chats[0]!)).toEqual(['mine']);
		expect(t.chats[0]!.refusals).toEqual([]);
	});
});
