/**
 * Red team, the chat checked off the page's thread (session/chat-check.ts, chat-worker.ts): a rogue
 * document writer replays, re-spells, forges and injects chat values while a batch is still in the
 * worker. The verdicts are those of the in-thread check: a copy is DUPLICATE and shows once, even
 * when it lands while its original is being checked; a message signed by a stranger in the
 * receiving device's own name is not taken as the device's own; a non-string value and another
 * game's message are refused; nothing forged shows, even for a moment.
 */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { canonicalJson } from '../../src/lib/engine/index.js';
import { signChat } from '../../src/lib/protocol/chat/index.js';
import { generateIdentity, Verifier } from '../../src/lib/protocol/index.js';
import { checkChatBatch, type ChatChecker, type ChatCheckRequest } from '../../src/lib/session/chat-check.js';
import { ChatLog } from '../../src/lib/session/chat.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from '../session/helpers.js';

const T0 = 1_764_000_000_000;

/** The worker's own function behind a structured clone and a hop, as postMessage gives it. */
function workerLike(): { checker: ChatChecker; batches: number[] } {
	const batches: number[] = [];
	const verifier = new Verifier(globalThis.crypto.subtle);
	let id = 0;
	const checker: ChatChecker = async (game, values) => {
		batches.push(values.length);
		const request: ChatCheckRequest = structuredClone({ id: id++, game, values });
		await new Promise((resolve) => setTimeout(resolve, 0));
		return structuredClone(await checkChatBatch(request, verifier)).results;
	};
	return { checker, batches };
}

/** Two seated sessions and a rogue document, every update relayed; each chat checked through its own worker. */
function table(name: string) {
	const roomCode = `RTCW${name}`.padEnd(10, '0').slice(0, 10);
	const gameId = gameIdOf(roomCode);
	const sessions = [0, 1].map((i) => new GameSession({ game: createGameDoc(gameId), roomCode, seed: seedOf(`rtcw-${name}-${i}`), randomBytes: randomBytesFor(`rtcw-${name}-${i}`) }));
	const rogue = new Y.Doc({ guid: gameId });
	const docs = [...sessions.map((s) => s.game.doc), rogue];
	for (const doc of docs)
		doc.on('update', (update: Uint8Array, origin: unknown) => {
			if (origin !== 'relay') for (const other of docs) if (other !== doc) Y.applyUpdate(other, update, 'relay');
		});
	sessions[0]!.start(options(2));
	for (let seat = 0; seat < 2; seat++) expect(sessions[seat]!.claim(seat).ok).toBe(true);
	const workers = sessions.map(() => workerLike());
	const chats = sessions.map((s, i) => new ChatLog(s, { now: () => T0, randomBytes: randomBytesFor(`rtcw-box-${name}-${i}`), checker: workers[i]!.checker }));
	return { sessions, chats, workers, rogueChat: rogue.getArray<unknown>('chat') };
}

const texts = (chat: ChatLog) => chat.lines.map((l) => l.text);
const codes = (chat: ChatLog) => chat.refusals.map((r) => r.code).sort();

describe('Red team: forged and replayed chat through the chat worker path', () => {
	it('a copy landing while its original is still in the worker, and a re-spelled copy, are DUPLICATE: shown once', async () => {
		const t = table('copy');
		const game = t.sessions[0]!.gameId;
		// Signed by seat 0's own key, but posted by the rogue so that seat 1 checks it in its worker.
		const original = signChat(t.sessions[0]!.identity, { game, seat: 0, to: null, seq: 0, at: T0, text: 'hello' });
		t.rogueChat.push([original]);
		// The original's batch is in the worker now: its copy and a re-spelled copy make the next batch.
		t.rogueChat.push([original, JSON.stringify(JSON.parse(original), null, 1)]);
		await Promise.all(t.chats.map((c) => c.settled()));
		expect(t.workers[1]!.batches.length).toBeGreaterThanOrEqual(2);
		for (const chat of t.chats) {
			expect(texts(chat)).toEqual(['hello']);
			expect(codes(chat)).toEqual(['DUPLICATE', 'DUPLICATE']);
		}
	});

	it('a message in the receiving device’s own name, signed by a stranger, is checked like any other: refused, never shown', async () => {
		const t = table('own-name');
		expect(t.chats[0]!.send('mine').ok).toBe(true);
		await Promise.all(t.chats.map((c) => c.settled()));
		const original = JSON.parse(t.rogueChat.get(0) as string) as Record<string, unknown>;
		const stranger = generateIdentity(new Uint8Array(32).fill(7));
		const game = t.sessions[0]!.gameId;
		t.rogueChat.push([
			// The device's own message, its text changed: the author is the device's own key.
			canonicalJson({ ...original, seq: 1, text: 'I resign' }),
			// A stranger's message for seat 0, and a non-string value.
			signChat(stranger, { game, seat: 0, to: null, seq: 0, at: T0, text: 'I am seat 0' }),
			{ v: 1, text: 'an object, not a string' },
		]);
		for (const chat of t.chats) expect(texts(chat)).toEqual(['mine']);
		await Promise.all(t.chats.map((c) => c.settled()));
		for (const chat of t.chats) {
			expect(texts(chat)).toEqual(['mine']);
			expect(codes(chat)).toEqual(['BAD_SIGNATURE', 'MALFORMED', 'NOT_SEAT_HOLDER']);
		}
	});

	it('a message of another game, signed by a seat holder, is refused WRONG_GAME', async () => {
		const t = table('other-game');
		const elsewhere = signChat(t.sessions[0]!.identity, { game: gameIdOf('OTHERGAME0'), seat: 0, to: null, seq: 0, at: T0, text: 'from elsewhere' });
		t.rogueChat.push([elsewhere]);
		await Promise.all(t.chats.map((c) => c.settled()));
		for (const chat of t.chats) {
			expect(texts(chat)).toEqual([]);
			expect(codes(chat)).toEqual(['WRONG_GAME']);
		}
	});
});
