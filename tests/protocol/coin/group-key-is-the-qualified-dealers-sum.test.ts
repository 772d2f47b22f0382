// The group key is the qualified dealers' sum: with dealers whose polynomials we know, Y = G·Σ a_i0
// over the qualified set, the combined σ is H·Σ a_i0 (H = the message's hash to the group), and the
// coin is SHA-256("fnord-coin" ‖ m ‖ σ). A disqualified dealer's secret is left out.
import { ristretto255 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { coinBase } from '../../../src/lib/protocol/coin/coin.js';
import { dealPolynomial } from '../../../src/lib/protocol/coin/dkg.js';
import { randomScalar } from '../../../src/lib/protocol/coin/group.js';
import { boxKeyPair, coinShare, deal, combineCoin, groupKey, openShare, secretShare, verifyCoinShare, type Dealing } from '../../../src/lib/protocol/coin/index.js';
import { seeded, utf8 } from './support.js';

const { Point } = ristretto255;
const Fn = Point.Fn;
const encoded = (p: InstanceType<typeof Point>) => bytesToBase64url(p.toBytes());

const CASES: [n: number, t: number, disqualified: number[]][] = [
	[2, 2, []],
	[3, 2, [1]],
	[5, 3, [0, 3]],
	[6, 4, [2]],
	[8, 7, [7]]
];

describe('the group key is the sum of the qualified dealers\u2019 secrets', () => {
	for (const [n, t, disqualified] of CASES) {
		it(`n = ${n}, t = ${t}, dealers ${JSON.stringify(disqualified)} left out (seed "sum-${n}-${t}"): Y = G·Σ a_i0 and σ = H·Σ a_i0`, () => {
			const random = seeded(`sum-${n}-${t}`);
			const context = `sum ${n}`;
			const boxes = Array.from({ length: n }, () => boxKeyPair(random(32)));
			const boxKeys = boxes.map((b) => b.publicKey);
			const polynomials = boxes.map(() => Array.from({ length: t }, () => randomScalar(random)));
			const dealings: Dealing[] = polynomials.map((coefficients, dealer) =>
				dealPolynomial({ context, dealer, coefficients, ephemeral: randomScalar(random), boxKeys, random })
			);
			const qualified = new Map(dealings.map((d, i) => [i, d] as const).filter(([i]) => !disqualified.includes(i)));
			const secret = [...qualified.keys()].reduce((sum, i) => Fn.add(sum, polynomials[i]![0]!), Fn.ZERO);
			const group = groupKey(qualified, n, context);
			expect(group.publicKey).toBe(encoded(Point.BASE.multiply(secret)));

			const message = utf8(`event for ${n}`);
			const shares = new Map<number, string>();
			for (let seat = 0; seat < n; seat++) {
				const opened = new Map<number, bigint>();
				for (const [dealer, dealing] of qualified) {
					const r = openShare({ context, dealer, dealing, seat, boxSecret: boxes[seat]!.secret });
					if (!r.ok) throw new Error(r.reason);
					// The opened share is the dealer's polynomial at x = seat + 1.
					const x = BigInt(seat + 1);
					expect(r.share).toBe(polynomials[dealer]!.reduceRight((acc, a) => Fn.add(Fn.mul(acc, x), a), Fn.ZERO));
					opened.set(dealer, r.share);
				}
				const share = coinShare({ message, seat, secret: secretShare(opened), random });
				expect(verifyCoinShare({ message, seat, share, shareKey: group.shareKeys[seat]! })).toBe(true);
				shares.set(seat, share);
			}
			const sigma = coinBase(message).multiply(secret);
			const expected = bytesToHex(sha256(concatBytes(utf8('fnord-coin'), message, sigma.toBytes())));
			expect(combineCoin({ message, shares, t })).toBe(expected);
			// The whole set's sum (disqualified dealers included) would give another coin.
			if (disqualified.length > 0) {
				const all = polynomials.reduce((sum, p) => Fn.add(sum, p[0]!), Fn.ZERO);
				expect(groupKey(new Map(dealings.map((d, i) => [i, d])), n, context).publicKey).toBe(encoded(Point.BASE.multiply(all)));
				expect(all).not.toBe(secret);
			}
		});
	}

	it('fewer than t qualified dealers give no group key (they might all be colluders)', () => {
		const random = seeded('too-few');
		const boxKeys = [0, 1, 2, 3].map(() => boxKeyPair(random(32)).publicKey);
		const dealings = [0, 1].map((dealer) => deal({ context: 'too few', dealer, t: 3, boxKeys, random }));
		expect(() => groupKey(new Map(dealings.map((d, i) => [i, d])), 4, 'too few')).toThrow('2 qualified dealers for threshold 3');
	});

	it('secretShare sums the opened shares mod ℓ and refuses an empty map or an out-of-range share', () => {
		expect(secretShare(new Map([[0, Fn.ORDER - 1n], [1, 5n]]))).toBe(4n);
		expect(() => secretShare(new Map())).toThrow('no share from a qualified dealer');
		expect(() => secretShare(new Map([[0, Fn.ORDER]]))).toThrow(RangeError);
	});
});
