// Chat figures (docs/protocol.md, "Chat"): message sizes per padding bucket, and the time to seal
// and sign, to parse and verify, to judge and to open private messages; then a flood's cost to the
// main thread, with and without the chat worker (issue 16).
// Run: node --import tsx bench/chat.ts
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { ChatBook, openChat, sealChat, signChat, type PrivateMessage } from '../src/lib/protocol/chat/index.js';
import { boxKeyPair } from '../src/lib/protocol/coin/keys.js';
import { Worker } from 'node:worker_threads';
import * as Y from 'yjs';
import { DEFAULT_RULES } from '../src/lib/engine/index.js';
import { createGameDoc } from '../src/lib/net/doc.js';
import { bytesToBase64url, generateIdentity, Verifier } from '../src/lib/protocol/index.js';
import type { ChatChecker, ChatCheckReply, ChatCheckRequest } from '../src/lib/session/chat-check.js';
import { ChatLog } from '../src/lib/session/chat.js';
import { GameSession, gameIdOf } from '../src/lib/session/index.js';

const game = bytesToBase64url(sha256(utf8ToBytes('bench-chat')).subarray(0, 16));
const writer = generateIdentity(sha256(utf8ToBytes('writer')));
const [box0, box1] = [boxKeyPair(sha256(utf8ToBytes('box 0'))), boxKeyPair(sha256(utf8ToBytes('box 1')))];
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const T0 = 1_764_000_000_000;

function privateMessage(text: string, seq: number, at: number): string {
	const sealed = sealChat({ address: { game, author: writer.publicKey, seat: 0, to: 1, seq, at }, text, fromBox: box0.publicKey, toBox: box1.publicKey, random });
	if (!sealed.ok) throw new Error(sealed.error.message);
	return signChat(writer, { game, seat: 0, to: 1, seq, at, box: sealed.value });
}

const bytes = (text: string) => utf8ToBytes(text).length;
console.log(`table message of 26 characters: ${bytes(signChat(writer, { game, seat: 0, to: null, seq: 0, at: T0, text: 'Shall we share the Gnomes?' }))} bytes`);
for (const [label, text] of [['2 characters', 'hi'], ['200 ASCII characters', 'x'.repeat(200)], ['400 two-byte characters', 'é'.repeat(400)], ['500 four-byte characters', '😀'.repeat(500)]] as const) {
	console.log(`private message, ${label}: ${bytes(privateMessage(text, 0, T0))} bytes`);
}

const N = 200;
let started = performance.now();
const messages = Array.from({ length: N }, (_, seq) => privateMessage(`hello there ${seq}`, seq, T0 + seq * 3_000));
console.log(`seal and sign a private message: ${((performance.now() - started) / N).toFixed(2)} ms each`);
started = performance.now();
const book = new ChatBook(game, new Verifier());
book.add(messages);
console.log(`parse and verify: ${((performance.now() - started) / N).toFixed(2)} ms each`);
started = performance.now();
const verdicts = book.verdicts([writer.publicKey, 'another key'], T0 + N * 3_000);
console.log(`judge ${N} messages: ${(performance.now() - started).toFixed(2)} ms (${verdicts.accepted.length} accepted)`);
started = performance.now();
for (const { message } of verdicts.accepted) openChat({ message: message as PrivateMessage, seat: 1, boxSecret: box1.secret });
console.log(`open a private message: ${((performance.now() - started) / N).toFixed(2)} ms each`);

// A flood of chat reaching one device, one message per update (as they come over the network),
// and the main thread's busy time (Node's event loop utilisation) until all are judged: checked on
// that thread as they arrive (no Worker) against the batches of a worker thread running the chat
// worker's code (session/chat-check.ts). Half from a key holding no seat, half forged.
async function flood(label: string, checker: ChatChecker | null, count: number): Promise<void> {
	const roomCode = `FLOOD${label.length}`.padEnd(10, '0');
	const gameId = gameIdOf(roomCode);
	const session = new GameSession({ game: createGameDoc(gameId), roomCode, seed: 'a'.repeat(64), randomBytes: random });
	session.start({ players: 2, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES });
	session.claim(0);
	const chat = new ChatLog(session, { now: () => T0 + count * 1_000, checker });
	const rogue = new Y.Doc({ guid: gameId });
	rogue.on('update', (update: Uint8Array) => Y.applyUpdate(session.game.doc, update, 'relay'));
	const stranger = generateIdentity(sha256(utf8ToBytes('stranger')));
	// Even ones signed (seq 0, 1, 2…), odd ones forged (their text changed after signing).
	const values = Array.from({ length: count }, (_, i) => {
		const seq = i % 2 === 0 ? i / 2 : count + i;
		const signed = signChat(stranger, { game: gameId, seat: 0, to: null, seq, at: T0 + i * 500, text: `spam ${i}` });
		return i % 2 === 0 ? signed : signed.replace('spam', 'scam');
	});
	const before = performance.eventLoopUtilization();
	const started = performance.now();
	for (const value of values) {
		rogue.getArray<string>('chat').push([value]);
		await new Promise((resolve) => setImmediate(resolve)); // the next network message
	}
	await chat.settled();
	const busy = performance.eventLoopUtilization(before);
	const refusals = chat.refusalCounts;
	console.log(`flood of ${count} chat messages, ${label}: main thread busy ${busy.active.toFixed(0)} ms (${(busy.active / count).toFixed(2)} ms a message) over ${(performance.now() - started).toFixed(0)} ms; refused ${refusals.BAD_SIGNATURE ?? 0} forged, ${refusals.NOT_SEAT_HOLDER ?? 0} seatless`);
	chat.destroy();
}

/** The chat worker's code in a worker thread, behind postMessage as in the browser. */
function threadChecker(): { checker: ChatChecker; stop: () => Promise<number> } {
	// A worker thread does not inherit tsx's loader: it registers it, then loads the TypeScript entry.
	const entry = new URL('./chat-flood-worker.ts', import.meta.url).href;
	const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
	const pending = new Map<number, (results: ChatCheckReply['results']) => void>();
	worker.on('message', (reply: ChatCheckReply) => {
		pending.get(reply.id)?.(reply.results);
		pending.delete(reply.id);
	});
	let id = 0;
	const checker: ChatChecker = (game, batch) => new Promise((resolve) => {
		const request: ChatCheckRequest = { id: id++, game, values: batch };
		pending.set(request.id, resolve);
		worker.postMessage(request);
	});
	return { checker, stop: () => worker.terminate() };
}

const FLOOD = 400;
await flood('checked on the main thread as they arrive (no worker)', null, FLOOD);
const thread = threadChecker();
await thread.checker(game, []); // the worker loaded before the flood
await flood('checked in batches by the chat worker', thread.checker, FLOOD);
await thread.stop();
