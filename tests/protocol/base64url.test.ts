// The protocol's base64url codec (RFC 4648 §5, no padding): it agrees with Node's encoder, round
// trips every length, and refuses every spelling but the canonical one.
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { base64urlLength, base64urlToBytes, bytesToBase64url, isBase64url } from '../../src/lib/protocol/base64url.js';

/** Deterministic bytes of any length. */
const bytesOf = (length: number, label = 'b64'): Uint8Array => {
	const out = new Uint8Array(length);
	for (let i = 0; i < length; i += 32) out.set(sha256(new TextEncoder().encode(`${label}:${i}`)).subarray(0, Math.min(32, length - i)), i);
	return out;
};

describe('base64url encoding', () => {
	const known: [name: string, bytes: number[], text: string][] = [
		['nothing', [], ''],
		['one byte', [0xfb], '-w'],
		['two bytes', [0xfb, 0xff], '-_8'],
		['three bytes', [0xfb, 0xff, 0xbf], '-_-_'],
		['RFC 4648 test vector "foobar"', [...new TextEncoder().encode('foobar')], 'Zm9vYmFy'],
		['32 zero bytes', Array(32).fill(0), 'A'.repeat(43)],
	];
	for (const [name, bytes, text] of known) {
		it(`encodes ${name} as ${JSON.stringify(text)} and decodes it back`, () => {
			expect(bytesToBase64url(Uint8Array.from(bytes))).toBe(text);
			expect(base64urlToBytes(text)).toEqual(Uint8Array.from(bytes));
		});
	}

	it('agrees with Node\u2019s encoder and round trips for every length from 0 to 100 bytes', () => {
		for (let length = 0; length <= 100; length++) {
			const bytes = bytesOf(length);
			const text = bytesToBase64url(bytes);
			expect(text).toBe(Buffer.from(bytes).toString('base64url'));
			expect(text.length).toBe(base64urlLength(length));
			expect(base64urlToBytes(text, length)).toEqual(bytes);
			expect(isBase64url(text, length)).toBe(true);
		}
	});

	it('gives the protocol\u2019s lengths: key and hash 43 characters, signature 86, game id 22', () => {
		expect([32, 64, 16].map(base64urlLength)).toEqual([43, 86, 22]);
	});
});

describe('base64url decoding refuses every non-canonical spelling', () => {
	const hash = bytesToBase64url(bytesOf(32, 'hash')); // 43 characters, 2 unused bits
	const sig = bytesToBase64url(bytesOf(64, 'sig')); // 86 characters, 4 unused bits
	/** The same text with unused low bits of its last character set. */
	const trailing = (text: string, bit: number) => {
		const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
		return text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | bit];
	};
	const refused: [name: string, text: string, bytes: number][] = [
		['one character short', hash.slice(0, -1), 32],
		['one character long', hash + 'A', 32],
		['a length no byte count gives (4n + 1)', 'AAAAA', 3],
		['"=" padding', hash + '=', 32],
		['"=" padding in place of a character', hash.slice(0, -1) + '=', 32],
		['"+" (standard base64, not base64url)', '+' + hash.slice(1), 32],
		['"/" (standard base64, not base64url)', '/' + hash.slice(1), 32],
		['a space', ' ' + hash.slice(1), 32],
		['a line break', hash.slice(0, 20) + '\n' + hash.slice(21), 32],
		['a non-ASCII letter', 'é' + hash.slice(1), 32],
		['a full-width letter', '\uff21' + hash.slice(1), 32],
		['hex of the same bytes (the old encoding)', Buffer.from(bytesOf(32, 'hash')).toString('hex'), 32],
		['non-zero unused bits (low bit, 43 characters)', trailing(hash, 1), 32],
		['non-zero unused bits (high bit, 43 characters)', trailing(hash, 2), 32],
		['non-zero unused bits (low bit, 86 characters)', trailing(sig, 1), 64],
		['non-zero unused bits (high bit, 86 characters)', trailing(sig, 8), 64],
		['non-zero unused bits of a 1-byte text', '-x', 1],
		['a signature where a key is expected', sig, 32],
		['a key where a signature is expected', hash, 64],
	];
	for (const [name, text, bytes] of refused) {
		it(`refuses ${name}`, () => {
			expect(base64urlToBytes(text, bytes)).toBeNull();
			expect(isBase64url(text, bytes)).toBe(false);
		});
	}

	it('refuses non-strings', () => {
		for (const value of [null, undefined, 42, ['A'.repeat(43)], new Uint8Array(32)]) expect(isBase64url(value, 32)).toBe(false);
	});

	it('the canonical spellings used above are accepted (the refusals are not vacuous)', () => {
		expect(base64urlToBytes(hash, 32)).toEqual(bytesOf(32, 'hash'));
		expect(base64urlToBytes(sig, 64)).toEqual(bytesOf(64, 'sig'));
		expect(base64urlToBytes('-w', 1)).toEqual(Uint8Array.of(0xfb));
		// Node's lenient decoder accepts a spelling we refuse: the bytes are the same, the text is not.
		expect(Buffer.from(trailing(hash, 1), 'base64url')).toEqual(Buffer.from(bytesOf(32, 'hash')));
	});
});
