// Ed25519 identities: WebCrypto and the pure-JS path give the same verdict on the same inputs,
// including forged, malleable and non-canonical signatures and keys.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { generateIdentity, sign, Verifier } from '../../src/lib/protocol/crypto.js';

const bytes = (fill: number) => new Uint8Array(32).fill(fill);
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
/** Bytes written in hex, as the protocol spells them (base64url). */
const b64 = (hex: string) => bytesToBase64url(hexToBytes(hex));
const raw = (text: string) => Buffer.from(text, 'base64url');

/** The signature with S replaced by S + L (same value mod L: a malleated signature). */
function malleate(sig: string): string {
	const bytes = raw(sig);
	let value = 0n;
	for (let i = 63; i >= 32; i--) value = (value << 8n) | BigInt(bytes[i]!);
	value += L;
	for (let i = 0; i < 32; i++) bytes[32 + i] = Number((value >> BigInt(8 * i)) & 0xffn);
	return bytesToBase64url(bytes);
}

/** The same bytes spelled with non-zero unused bits in the last character (Node still decodes it). */
function respell(text: string): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	return text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | 1];
}

describe('identities', () => {
	it('makes the same key pair from the same 32 bytes, and refuses other lengths', () => {
		expect(generateIdentity(bytes(1)).publicKey).toBe(generateIdentity(bytes(1)).publicKey);
		expect(generateIdentity(bytes(1)).publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(() => generateIdentity(new Uint8Array(31))).toThrow();
	});
});

describe('verification: WebCrypto and pure JS agree', () => {
	const alice = generateIdentity(bytes(7));
	const bob = generateIdentity(bytes(8));
	const message = new TextEncoder().encode('{"kind":"action"}');
	const good = sign(alice.secretKey, message);
	const flipped = (good[0] === 'A' ? 'B' : 'A') + good.slice(1);
	const cases: [string, string, string, Uint8Array, boolean][] = [
		['a good signature', alice.publicKey, good, message, true],
		['another message', alice.publicKey, good, new TextEncoder().encode('{"kind":"reveal"}'), false],
		['another key', bob.publicKey, good, message, false],
		['a flipped signature bit', alice.publicKey, flipped, message, false],
		['S + L (malleated)', alice.publicKey, malleate(good), message, false],
		['a zero signature', alice.publicKey, 'A'.repeat(86), message, false],
		['the identity point as key', b64('01' + '0'.repeat(62)), good, message, false],
		['a non-canonical key (y >= p)', b64('ed' + 'ff'.repeat(30) + '7f'), good, message, false],
		['a small-order key', b64('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a'), good, message, false],
		['a short signature', alice.publicKey, good.slice(2), message, false],
		['the key in hex (the old encoding)', raw(alice.publicKey).toString('hex'), good, message, false],
		['the signature in hex (the old encoding)', alice.publicKey, raw(good).toString('hex'), message, false],
		['the key respelled (non-zero unused bits)', respell(alice.publicKey), good, message, false],
		['the signature respelled (non-zero unused bits)', alice.publicKey, respell(good), message, false],
		['a padded signature', alice.publicKey, good + '==', message, false],
		['standard base64 ("+", "/") instead of base64url', raw(alice.publicKey).toString('base64').replace(/=+$/, ''), good, message, false],
	];
	const pure = new Verifier();
	const web = new Verifier(webcrypto.subtle as unknown as SubtleCrypto);
	for (const [name, key, sig, msg, expected] of cases) {
		it(`${name}: ${expected ? 'valid' : 'invalid'} on both paths`, async () => {
			expect(pure.verifySync(key, sig, msg)).toBe(expected);
			expect(await pure.verify(key, sig, msg)).toBe(expected);
			expect(await web.verify(key, sig, msg)).toBe(expected);
		});
	}
	it('really uses WebCrypto when given it', () => {
		expect(web.usesWebCrypto).toBe(true);
		expect(pure.usesWebCrypto).toBe(false);
	});
	it('WebCrypto alone accepts the good signature (the key import works in this runtime)', async () => {
		const key = await webcrypto.subtle.importKey('raw', raw(alice.publicKey), { name: 'Ed25519' }, false, ['verify']);
		expect(await webcrypto.subtle.verify({ name: 'Ed25519' }, key, raw(good), message)).toBe(true);
	});

	it('WebCrypto alone accepts the respelled key and signature: the precheck is what refuses them', async () => {
		const key = await webcrypto.subtle.importKey('raw', raw(respell(alice.publicKey)), { name: 'Ed25519' }, false, ['verify']);
		expect(await webcrypto.subtle.verify({ name: 'Ed25519' }, key, raw(respell(good)), message)).toBe(true);
	});
});

describe('a signature whose R has a small-order part: both paths refuse it (cofactorless, like WebCrypto)', () => {
	// R = rB + T with T of order 2, S = r + k·a: the cofactored equation ([8]SB = [8]R + [8]kA)
	// holds, the cofactorless one (SB - kA = R) does not. WebCrypto (BoringSSL, OpenSSL) checks the
	// cofactorless one; a pure-JS check with the cofactored one would accept what they refuse.
	const Point = ed25519.Point;
	const L = Point.Fn.ORDER;
	const le = (bytes: Uint8Array) => bytes.reduceRight((n, b) => (n << 8n) | BigInt(b), 0n);
	const toLe = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
	const secret = new Uint8Array(32).fill(7);
	const { scalar: a, pointBytes: A } = ed25519.utils.getExtendedPublicKey(secret);
	const message = new TextEncoder().encode('a move');
	const orderTwo = Point.fromBytes(hexToBytes('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'));
	const cases = [
		{ name: 'R with an order-2 part', torsion: orderTwo, accepted: false },
		{ name: 'the same signature made honestly (control)', torsion: Point.ZERO, accepted: true }
	];
	for (const { name, torsion, accepted } of cases) {
		it(name, async () => {
			const r = 123456789n;
			const R = Point.BASE.multiply(r).add(torsion).toBytes();
			const k = le(sha512(new Uint8Array([...R, ...A, ...message]))) % L;
			const S = (r + k * a) % L;
			const sig = bytesToBase64url(new Uint8Array([...R, ...toLe(S)]));
			const key = bytesToBase64url(A);
			expect(await new Verifier(webcrypto.subtle as unknown as SubtleCrypto).verify(key, sig, message)).toBe(accepted);
			expect(new Verifier(null).verifySync(key, sig, message)).toBe(accepted);
		});
	}
});
