// Keys, seats and signed messages for the chat tests (seeded, no clock).
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url, generateIdentity, type Identity } from '../../../src/lib/protocol/index.js';
import { boxKeyPair } from '../../../src/lib/protocol/coin/keys.js';
import { signChat } from '../../../src/lib/protocol/chat/index.js';

export const GAME = bytesToBase64url(sha256(utf8ToBytes('chat-game')).subarray(0, 16));
export const OTHER_GAME = bytesToBase64url(sha256(utf8ToBytes('other-game')).subarray(0, 16));

export const bytes = (label: string) => sha256(utf8ToBytes(label));
export const identity = (name: string): Identity => generateIdentity(bytes(`key ${name}`));
export const box = (seat: number) => boxKeyPair(bytes(`box ${seat}`));

/** A deterministic random source (a counter hashed). */
export function seededRandom(seed: string) {
	let n = 0;
	return (size: number) => {
		const out = new Uint8Array(size);
		for (let o = 0; o < size; o += 32) out.set(sha256(utf8ToBytes(`${seed} ${n++}`)).subarray(0, Math.min(32, size - o)), o);
		return out;
	};
}

/** Three seats held by A, B and C. */
export const A = identity('A');
export const B = identity('B');
export const C = identity('C');
export const SEATS = [A.publicKey, B.publicKey, C.publicKey];

export const T0 = 1_764_000_000_000;

/** A signed table message. */
export function table(author: Identity, seat: number, seq: number, at: number, text = `message ${seq}`, game = GAME): string {
	return signChat(author, { game, seat, to: null, seq, at, text });
}
