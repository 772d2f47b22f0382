// Ed25519 identities: WebCrypto and the pure-JS path give the same verdict on the same inputs,
// including forged, malleable and non-canonical signatures and keys.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateIdentity, sign, Verifier } from '../../src/lib/protocol/crypto.js';

const bytes = (fill: number) => new Uint8Array(32).fill(fill);
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** The signature with S replaced by S + L (same value mod L: a malleated signature). */
function malleate(sig: string): string {
	const s = Buffer.from(sig.slice(64), 'hex');
	let value = 0n;
	for (let i = 31; i >= 0; i--) value = (value << 8n) | BigInt(s[i]!);
	value += L;
	const out = Buffer.alloc(32);
	for (let i = 0; i < 32; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
	return sig.slice(0, 64) + out.toString('hex');
}

describe('identities', () => {
	it('makes the same key pair from the same 32 bytes, and refuses other lengths', () => {
		expect(generateIdentity(bytes(1)).publicKey).toBe(generateIdentity(bytes(1)).publicKey);
		expect(generateIdentity(bytes(1)).publicKey).toMatch(/^[0-9a-f]{64}$/);
		expect(() => generateIdentity(new Uint8Array(31))).toThrow();
	});
});

describe('verification: WebCrypto and pure JS agree', () => {
	const alice = generateIdentity(bytes(7));
	const bob = generateIdentity(bytes(8));
	const message = new TextEncoder().encode('{"kind":"action"}');
	const good = sign(alice.secretKey, message);
	const flipped = (good[0] === '0' ? '1' : '0') + good.slice(1);
	const cases: [string, string, string, Uint8Array, boolean][] = [
		['a good signature', alice.publicKey, good, message, true],
		['another message', alice.publicKey, good, new TextEncoder().encode('{"kind":"reveal"}'), false],
		['another key', bob.publicKey, good, message, false],
		['a flipped signature bit', alice.publicKey, flipped, message, false],
		['S + L (malleated)', alice.publicKey, malleate(good), message, false],
		['a zero signature', alice.publicKey, '0'.repeat(128), message, false],
		['the identity point as key', '01' + '0'.repeat(62), good, message, false],
		['a non-canonical key (y >= p)', 'ed' + 'ff'.repeat(30) + '7f', good, message, false],
		['a small-order key', 'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', good, message, false],
		['a short signature', alice.publicKey, good.slice(2), message, false],
		['upper-case hex', alice.publicKey.toUpperCase(), good, message, false],
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
		const key = await webcrypto.subtle.importKey('raw', Buffer.from(alice.publicKey, 'hex'), { name: 'Ed25519' }, false, ['verify']);
		expect(await webcrypto.subtle.verify({ name: 'Ed25519' }, key, Buffer.from(good, 'hex'), message)).toBe(true);
	});
});
