// The threshold coin is unique: any t valid coin shares interpolate to the same σ and the same
// coin, whichever t seats they come from; fewer than t shares give nothing (combineCoin throws).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinShare, combineCoin, verifyCoinShare } from '../../../src/lib/protocol/coin/index.js';
import { honestDkg, seeded, subsets, utf8, type Dkg } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], ...[2, 3, 4, 5, 6, 7, 8].map((n): [number, number] => [n, n - 1])];

/** Every seat's verified coin share for `message`. */
function allShares(dkg: Dkg, message: Uint8Array, seed: string): Map<number, string> {
	const random = seeded(seed);
	const shares = new Map<number, string>();
	dkg.secrets.forEach((secret, seat) => {
		const share = coinShare({ message, seat, secret, random });
		expect(share).toHaveLength(128);
		expect(verifyCoinShare({ message, seat, share, shareKey: dkg.group.shareKeys[seat]! })).toBe(true);
		shares.set(seat, share);
	});
	return shares;
}

const pick = (shares: Map<number, string>, seats: readonly number[]) => new Map(seats.map((s) => [s, shares.get(s)!]));

describe('any t valid coin shares give the same coin', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "coin-${n}-${t}"): every t-subset gives one 64-hex-digit coin; t − 1 shares throw`, () => {
			const dkg = honestDkg(n, t, `coin-${n}-${t}`);
			const message = utf8(`game ${n}/${t}, random event 1`);
			const shares = allShares(dkg, message, `coin-shares-${n}-${t}`);
			const coins = new Set(subsets(n, t).map((seats) => combineCoin({ message, shares: pick(shares, seats), t })));
			expect(coins.size).toBe(1);
			const [coin] = coins;
			expect(coin).toMatch(/^[0-9a-f]{64}$/);
			// More than t shares: the same coin (the lowest t seats are used).
			expect(combineCoin({ message, shares, t })).toBe(coin);
			// Fresh proofs (other nonces) give the same coin: σ_j is unique, only its proof varies.
			const again = allShares(dkg, message, `coin-shares-again-${n}-${t}`);
			expect(combineCoin({ message, shares: again, t })).toBe(coin);
			for (const seats of subsets(n, t - 1).slice(0, 4)) {
				expect(() => combineCoin({ message, shares: pick(shares, seats), t })).toThrow(RangeError);
			}
			// Another event gives another coin.
			const other = utf8(`game ${n}/${t}, random event 2`);
			expect(combineCoin({ message: other, shares: allShares(dkg, other, `coin-other-${n}-${t}`), t })).not.toBe(coin);
		});
	}

	it('fewer than t shares throw a RangeError that says how many are needed', () => {
		const dkg = honestDkg(4, 3, 'coin-few');
		const message = utf8('few');
		const shares = allShares(dkg, message, 'coin-few-shares');
		expect(() => combineCoin({ message, shares: pick(shares, [0, 3]), t: 3 })).toThrow('the coin needs 3 shares, got 2');
		expect(() => combineCoin({ message, shares: new Map(), t: 3 })).toThrow('the coin needs 3 shares, got 0');
		expect(() => combineCoin({ message, shares, t: 0 })).toThrow('the threshold is a positive integer');
	});

	it('property (fast-check): any t-subset of seats, for any event, combines to the same coin', () => {
		const dkgs = [honestDkg(5, 3, 'prop-5-3'), honestDkg(6, 4, 'prop-6-4'), honestDkg(7, 2, 'prop-7-2'), honestDkg(3, 3, 'prop-3-3')];
		const reference = new Map<string, string>();
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: dkgs.length - 1 }),
				fc.integer({ min: 0, max: 3 }),
				fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
				fc.string({ maxLength: 6 }),
				(which, event, order, nonceSeed) => {
					const dkg = dkgs[which]!;
					const message = utf8(`event ${event}`);
					// A random t-subset: sort the seats by random keys and take the first t.
					const keys = [...order.take(dkg.n)];
					const seats = [...Array(dkg.n).keys()].sort((a, b) => keys[a]! - keys[b]! || a - b).slice(0, dkg.t);
					const random = seeded(`prop-nonces-${nonceSeed}`);
					const shares = new Map(seats.map((seat) => [seat, coinShare({ message, seat, secret: dkg.secrets[seat]!, random })]));
					for (const [seat, share] of shares) {
						expect(verifyCoinShare({ message, seat, share, shareKey: dkg.group.shareKeys[seat]! })).toBe(true);
					}
					const coin = combineCoin({ message, shares, t: dkg.t });
					const key = `${which}/${event}`;
					if (!reference.has(key)) reference.set(key, coin);
					expect(coin).toBe(reference.get(key));
				}
			),
			{ numRuns: 60 }
		);
	});
});
