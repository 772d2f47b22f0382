/**
 * The engine's own SHA-256 (engine/hash.ts: plain integer arithmetic, so the engine needs no
 * platform crypto) gives the digests of the audited @noble/hashes implementation: every length
 * from 0 to 300 bytes (every padding case: one block, two, the 55/56/64-byte edges), seeded
 * random contents, and longer messages.
 */
import { sha256 as reference } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { sha256, sha256Hex, toHex } from '../../src/lib/engine/hash.js';

/** Seeded bytes (xorshift32), so a failing length is reproducible. */
function bytes(length: number, seed: number): Uint8Array {
	const out = new Uint8Array(length);
	let x = seed || 1;
	for (let i = 0; i < length; i++) {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		out[i] = x & 0xff;
	}
	return out;
}

describe('engine SHA-256', () => {
	it('matches @noble/hashes for every length from 0 to 300 bytes', () => {
		for (let length = 0; length <= 300; length++) {
			const message = bytes(length, length + 1);
			expect(toHex(sha256(message)), `length ${length}`).toBe(bytesToHex(reference(message)));
		}
	});

	it.each([1_000, 4_096, 65_537])('matches @noble/hashes for %i bytes', (length) => {
		const message = bytes(length, 7);
		expect(toHex(sha256(message))).toBe(bytesToHex(reference(message)));
	});

	it('hashes text as UTF-8 (the known digest of "abc", and a non-ASCII string)', () => {
		expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
		expect(sha256Hex('Fnord ✓ illuminé')).toBe(bytesToHex(reference(new TextEncoder().encode('Fnord ✓ illuminé'))));
	});

	it('gives the same digest when called again (no state kept between calls)', () => {
		const message = bytes(200, 3);
		const first = toHex(sha256(message));
		sha256(bytes(77, 9));
		expect(toHex(sha256(message))).toBe(first);
	});
});
