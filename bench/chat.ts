// Chat figures (docs/protocol.md, "Chat"): message sizes per padding bucket, and the time to seal
// and sign, to parse and verify, to judge and to open private messages.
// Run: node --import tsx bench/chat.ts
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { ChatBook, openChat, sealChat, signChat, type PrivateMessage } from '../src/lib/protocol/chat/index.js';
import { boxKeyPair } from '../src/lib/protocol/coin/keys.js';
import { bytesToBase64url, generateIdentity, Verifier } from '../src/lib/protocol/index.js';

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
