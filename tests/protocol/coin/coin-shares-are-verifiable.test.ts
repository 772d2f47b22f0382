// A coin share proves itself (Chaum–Pedersen): it verifies only under its own seat's share key,
// for its own message and seat index, with its proof untouched, and only in its canonical spelling.
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { coinShare, combineCoin, verifyCoinShare } from '../../../src/lib/protocol/coin/index.js';
import { BAD_POINTS, honestDkg, IDENTITY, L, le32, respell, seeded, utf8 } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], ...[2, 3, 4, 5, 6, 7, 8].map((n): [number, number] => [n, n - 1])];

/** The share's 96 bytes with bytes [from, from+32) replaced by `part` (a base64url of 32 bytes). */
function splice(share: string, from: number, part: string): string {
	const bytes = base64urlToBytes(share, 96)!;
	bytes.set(base64urlToBytes(part, 32)!, from);
	return bytesToBase64url(bytes);
}

function flip(share: string, byte: number): string {
	const bytes = base64urlToBytes(share, 96)!;
	bytes[byte]! ^= 1;
	return bytesToBase64url(bytes);
}

describe('coin shares verify only as they were made', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "verify-${n}-${t}"): another seat's secret, another message, another seat index or a tampered proof fail`, () => {
			const dkg = honestDkg(n, t, `verify-${n}-${t}`);
			const random = seeded(`verify-shares-${n}-${t}`);
			const message = utf8('event 7');
			for (let seat = 0; seat < n; seat++) {
				const shareKey = dkg.group.shareKeys[seat]!;
				const other = (seat + 1) % n;
				const share = coinShare({ message, seat, secret: dkg.secrets[seat]!, random });
				expect(verifyCoinShare({ message, seat, share, shareKey })).toBe(true);
				const stolen = coinShare({ message, seat, secret: dkg.secrets[other]!, random });
				// With t = 1 every seat holds the same secret, so "another seat's secret" is the same one.
				expect(verifyCoinShare({ message, seat, share: stolen, shareKey })).toBe(t === 1);
				const elsewhere = coinShare({ message: utf8('event 8'), seat, secret: dkg.secrets[seat]!, random });
				expect(verifyCoinShare({ message, seat, share: elsewhere, shareKey })).toBe(false);
				expect(verifyCoinShare({ message: utf8('event 8'), seat, share, shareKey })).toBe(false);
				expect(verifyCoinShare({ message, seat: other, share, shareKey })).toBe(false);
				if (t > 1) expect(verifyCoinShare({ message, seat, share, shareKey: dkg.group.shareKeys[other]! })).toBe(false);
				for (const byte of [0, 31, 32, 40, 63, 64, 80, 95]) {
					expect(verifyCoinShare({ message, seat, share: flip(share, byte), shareKey }), `byte ${byte} flipped`).toBe(false);
				}
			}
		});
	}

	describe('non-canonical and malformed spellings are refused', () => {
		const dkg = honestDkg(3, 2, 'verify-canonical');
		const message = utf8('canonical');
		const share = coinShare({ message, seat: 1, secret: dkg.secrets[1]!, random: seeded('verify-canonical-share') });
		const shareKey = dkg.group.shareKeys[1]!;
		const bytes = base64urlToBytes(share, 96)!;
		const scalar = (from: number) => {
			let v = 0n;
			for (let i = from + 31; i >= from; i--) v = (v << 8n) | BigInt(bytes[i]!);
			return v;
		};
		const cases: [name: string, share: unknown, key?: string][] = [
			// 96 bytes are exactly 128 characters: no unused bits, so no respelling of the same bytes exists.
			['a share in base64 rather than base64url', `+/${share.slice(2)}`],
			['one character short', share.slice(0, -1)],
			['one byte too many', bytesToBase64url(new Uint8Array([...bytes, 0]))],
			['padding', `${share}==`],
			['the challenge plus ℓ', splice(share, 32, le32(scalar(32) + L))],
			['the response plus ℓ', splice(share, 64, le32(scalar(64) + L))],
			['the identity as σ', splice(share, 0, IDENTITY)],
			['a number', 5],
			...BAD_POINTS.map(([name, text]): [string, string] => [`σ with ${name}`, splice(share, 0, text)]),
			['a respelled share key', share, respell(shareKey)],
			['the identity as share key', share, IDENTITY],
			...BAD_POINTS.map(([name, text]): [string, string, string] => [`a share key with ${name}`, share, text])
		];
		for (const [name, bad, key] of cases) {
			it(`refuses ${name}`, () => {
				expect(verifyCoinShare({ message, seat: 1, share: bad as string, shareKey: key ?? shareKey })).toBe(false);
			});
		}

		it('accepts the canonical share, and combineCoin refuses a malformed σ with a RangeError', () => {
			expect(verifyCoinShare({ message, seat: 1, share, shareKey })).toBe(true);
			const other = coinShare({ message, seat: 0, secret: dkg.secrets[0]!, random: seeded('x') });
			expect(() => combineCoin({ message, shares: new Map([[0, other], [1, splice(share, 0, IDENTITY)]]), t: 2 })).toThrow(
				'the coin share of seat 1 is malformed'
			);
			expect(() => combineCoin({ message, shares: new Map([[-1, other], [1, share]]), t: 2 })).toThrow(RangeError);
		});

		it('coinShare refuses a zero or out-of-range secret and a bad seat', () => {
			const random = seeded('refusals');
			expect(() => coinShare({ message, seat: 0, secret: 0n, random })).toThrow(RangeError);
			expect(() => coinShare({ message, seat: 0, secret: L, random })).toThrow(RangeError);
			expect(() => coinShare({ message, seat: -1, secret: 1n, random })).toThrow(RangeError);
		});
	});
});
