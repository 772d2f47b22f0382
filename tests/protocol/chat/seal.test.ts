// Private messages (protocol/chat/seal.ts): only the writer's and the recipient's seats open them;
// a third seat cannot; a tampered or copied box is refused; the document shows only the size bucket.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/lib/engine/index.js';
import {
	ChatBook,
	openChat,
	PAD_BUCKETS,
	padText,
	sealChat,
	SEALED_SIZES,
	signChat,
	unpadText,
	type PrivateMessage,
	type SealAddress
} from '../../../src/lib/protocol/chat/index.js';
import { base64urlToBytes, bytesToBase64url, Verifier } from '../../../src/lib/protocol/index.js';
import { A, box, GAME, SEATS, seededRandom, T0 } from './helpers.js';

const address: SealAddress = { game: GAME, author: A.publicKey, seat: 0, to: 1, seq: 0, at: T0 };

function privateMessage(text: string, at = address, random = seededRandom('seal')): PrivateMessage {
	const sealed = sealChat({ address: at, text, fromBox: box(at.seat).publicKey, toBox: box(at.to).publicKey, random });
	if (!sealed.ok) throw new Error(sealed.error.message);
	return { v: 1, ...at, box: sealed.value };
}

describe('sealing a message to one seat', () => {
	it('the writer’s seat and the recipient’s seat both open it', () => {
		const m = privateMessage('meet me at the Bermuda Triangle');
		expect(openChat({ message: m, seat: 0, boxSecret: box(0).secret })).toEqual({ ok: true, value: 'meet me at the Bermuda Triangle' });
		expect(openChat({ message: m, seat: 1, boxSecret: box(1).secret })).toEqual({ ok: true, value: 'meet me at the Bermuda Triangle' });
	});

	it('a third seat cannot open it, even claiming to be a party with its own key', () => {
		const m = privateMessage('secret');
		expect(openChat({ message: m, seat: 2, boxSecret: box(2).secret })).toMatchObject({ ok: false, error: { code: 'BAD_SEAL' } });
		expect(openChat({ message: m, seat: 1, boxSecret: box(2).secret })).toMatchObject({ ok: false, error: { code: 'BAD_SEAL' } });
		expect(openChat({ message: m, seat: 0, boxSecret: box(2).secret })).toMatchObject({ ok: false, error: { code: 'BAD_SEAL' } });
	});

	it('a tampered box (one bit flipped anywhere) is refused by the party whose part it touches, and the body by both', () => {
		const m = privateMessage('secret');
		const bytes = base64urlToBytes(m.box)!;
		const opens = (tampered: Uint8Array, seat: number) => openChat({ message: { ...m, box: bytesToBase64url(tampered) }, seat, boxSecret: box(seat).secret }).ok;
		// E_0 ‖ wrap_0 (80 bytes), E_1 ‖ wrap_1 (80), nonce (24), ciphertext.
		for (const [at, seats] of [[0, [0]], [40, [0]], [79, [0]], [80, [1]], [130, [1]], [170, [0, 1]], [190, [0, 1]], [bytes.length - 1, [0, 1]]] as const) {
			const tampered = Uint8Array.from(bytes);
			tampered[at]! ^= 1;
			for (const seat of seats) expect(opens(tampered, seat), `byte ${at}, seat ${seat}`).toBe(false);
		}
	});

	it('a box copied into another message (another sequence, time or recipient) does not open', () => {
		const m = privateMessage('secret');
		for (const change of [{ seq: 1 }, { at: T0 + 1 }, { to: 2 }, { seat: 2, to: 1 }]) {
			const copy = { ...m, ...change };
			const seat = copy.to;
			expect(openChat({ message: copy, seat, boxSecret: box(seat).secret }).ok, JSON.stringify(change)).toBe(false);
		}
	});

	it('the box’s size shows only the padding bucket', () => {
		expect(base64urlToBytes(privateMessage('a').box)!.length).toBe(base64urlToBytes(privateMessage('a longer message, still short').box)!.length);
		const sizes = ['a', 'x'.repeat(100), 'é'.repeat(300), '😀'.repeat(500)].map((t) => base64urlToBytes(privateMessage(t).box)!.length);
		expect(sizes).toEqual(SEALED_SIZES);
		expect(PAD_BUCKETS.map((b) => unpadText(padText('x'.repeat(b - 2))!))).toEqual(PAD_BUCKETS.map((b) => 'x'.repeat(b - 2)));
	});

	it('a signed private message passes the book without revealing its text, and the plaintext is nowhere in it', () => {
		const m = privateMessage('the password is fnord');
		const text = signChat(A, { game: GAME, seat: 0, to: 1, seq: 0, at: T0, box: m.box });
		expect(text).not.toContain('fnord');
		const b = new ChatBook(GAME, new Verifier());
		b.add([text]);
		expect(b.verdicts(SEATS, T0).accepted).toHaveLength(1);
	});

	it('a box of a size no bucket has is refused by every reader as MALFORMED', () => {
		const m = privateMessage('x');
		const short = bytesToBase64url(base64urlToBytes(m.box)!.subarray(1));
		const b = new ChatBook(GAME, new Verifier());
		b.add([signChat(A, { game: GAME, seat: 0, to: 1, seq: 0, at: T0, box: short })]);
		expect(b.verdicts(SEATS, T0).refused.map((r) => r.code)).toEqual(['MALFORMED']);
		expect(canonicalJson({ box: short })).not.toContain(m.box);
	});
});
