// Joint-Feldman DKG with encrypted shares: in an honest run every seat opens every dealer's share,
// its secret share matches the share key anyone computes from the commitments, and a dealing with
// a wrong shape or any non-canonical encoding is refused with a reason.
import { ristretto255 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { boxKeyPair, deal, dealingProblem, groupKey, openShare, type Dealing } from '../../../src/lib/protocol/coin/index.js';
import { BAD_POINTS, honestDkg, IDENTITY, le32, L, plusL, respell, scalarOf, seeded, slice32, splice } from './support.js';

const G = ristretto255.Point.BASE;
const CASES: [n: number, t: number][] = [[2, 2], ...[2, 3, 4, 5, 6, 7, 8].map((n): [number, number] => [n, n - 1])];

describe('every seat opens valid shares (honest DKG)', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "open-${n}-${t}"): every share opens, and G·s_j is seat j's share key`, () => {
			const dkg = honestDkg(n, t, `open-${n}-${t}`);
			dkg.dealings.forEach((dealing, dealer) => expect(dealingProblem(dealing, n, t, { context: dkg.context, dealer })).toBeNull());
			dkg.secrets.forEach((s, j) => expect(bytesToBase64url(G.multiply(s).toBytes())).toBe(dkg.group.shareKeys[j]));
			expect(dkg.group.shareKeys).toHaveLength(n);
			// t = 1 is a constant polynomial: every seat holds the whole secret.
			expect(new Set(dkg.group.shareKeys).size).toBe(t === 1 ? 1 : n);
		});
	}

	it('a share opened with another seat\u2019s box secret, another context or another dealer index fails', () => {
		const dkg = honestDkg(3, 2, 'open-wrong');
		const dealing = dkg.dealings[0]!;
		const base = { context: dkg.context, dealer: 0, dealing, seat: 1, boxSecret: dkg.boxes[1]!.secret };
		expect(openShare(base).ok).toBe(true);
		for (const [what, patch] of [
			['another seat\u2019s secret', { boxSecret: dkg.boxes[2]!.secret }],
			['another context', { context: `${dkg.context}!` }],
			['another dealer index', { dealer: 1 }],
			['another seat index', { seat: 2 }]
		] as const) {
			const result = openShare({ ...base, ...patch });
			expect(result.ok, what).toBe(false);
			if (!result.ok) expect(result.reason).toMatch(/does not match the dealer's commitments/);
		}
		expect(openShare({ ...base, seat: 3 })).toEqual({ ok: false, reason: 'the seat must be an integer in [0, 3)' });
		expect(openShare({ ...base, boxSecret: 0n })).toEqual({ ok: false, reason: 'the box secret is in [1, ℓ)' });
	});

	it('a deal is deterministic given the random source, and different sources give different dealings', () => {
		const keys = [1, 2, 3].map((i) => boxKeyPair(new Uint8Array(32).fill(i)).publicKey);
		const a = deal({ context: 'c', dealer: 0, t: 2, boxKeys: keys, random: seeded('same') });
		expect(deal({ context: 'c', dealer: 0, t: 2, boxKeys: keys, random: seeded('same') })).toEqual(a);
		expect(Object.keys(a).sort()).toEqual(['commitments', 'ephemeral', 'proof', 'shares']);
		expect(a.proof).toHaveLength(128);
		// The tests' honestDkg draws exactly as deal() does: its dealings are deal()'s.
		const dkg = honestDkg(3, 2, 'same-as-deal');
		const random = seeded('same-as-deal');
		for (let i = 0; i < 3; i++) random(32);
		expect(deal({ context: dkg.context, dealer: 0, t: 2, boxKeys: dkg.boxKeys, random })).toEqual(dkg.dealings[0]);
		expect(deal({ context: 'c', dealer: 0, t: 2, boxKeys: keys, random: seeded('other') }).commitments[0]).not.toBe(a.commitments[0]);
	});

	it('deal refuses a threshold outside [1, n], a dealer outside the seats and a bad box key', () => {
		const keys = [1, 2, 3].map((i) => boxKeyPair(new Uint8Array(32).fill(i)).publicKey);
		const random = seeded('deal-refusals');
		for (const t of [0, 4, 1.5]) expect(() => deal({ context: 'c', dealer: 0, t, boxKeys: keys, random })).toThrow(RangeError);
		expect(() => deal({ context: 'c', dealer: 3, t: 2, boxKeys: keys, random })).toThrow('the dealer must be an integer in [0, 3)');
		expect(() => deal({ context: 'c', dealer: 0, t: 2, boxKeys: [keys[0]!, IDENTITY, keys[2]!], random })).toThrow(
			'the box key of seat 1 is the identity point'
		);
		expect(() => deal({ context: 'c', dealer: 0, t: 2, boxKeys: [keys[0]!, respell(keys[1]!), keys[2]!], random })).toThrow(RangeError);
	});
});

describe('dealingProblem refuses malformed dealings with a reason', () => {
	const dkg = honestDkg(4, 3, 'problems');
	const good = dkg.dealings[0]!;
	const at = { context: dkg.context, dealer: 0 };
	const withShare = (j: number, text: string): Dealing => ({ ...good, shares: good.shares.map((s, i) => (i === j ? text : s)) });
	const withCommitment = (k: number, text: string): Dealing => ({ ...good, commitments: good.commitments.map((c, i) => (i === k ? text : c)) });
	const cases: [name: string, dealing: unknown, reason: RegExp][] = [
		['not an object', 'dealing', /a dealing is an object/],
		['null', null, /a dealing is an object/],
		['an extra field', { ...good, note: 'hi' }, /exactly the fields/],
		['a missing field', { ephemeral: good.ephemeral, shares: good.shares, proof: good.proof }, /exactly the fields/],
		['no proof', { ...good, proof: undefined }, /the proof is not 96 bytes in canonical base64url/],
		['a proof in base64 rather than base64url', { ...good, proof: `+/${good.proof.slice(2)}` }, /the proof is not 96 bytes in canonical base64url/],
		['a short proof', { ...good, proof: good.proof.slice(0, 86) }, /the proof is not 96 bytes/],
		['another dealer\u2019s proof', { ...good, proof: dkg.dealings[1]!.proof }, /proof of knowledge .* does not hold for dealer 0/],
		['a proof with a response plus ℓ', { ...good, proof: splice(good.proof, 96, 32, plusL(slice32(good.proof, 96, 32))) }, /proof of knowledge .* does not hold/],
		['a share changed after proving', withShare(1, le32((scalarOf(good.shares[1]!) + 1n) % L)), /proof of knowledge .* does not hold/],
		['commitments reordered', { ...good, commitments: [...good.commitments].reverse() }, /proof of knowledge .* does not hold/],
		['one commitment too few', { ...good, commitments: good.commitments.slice(1) }, /threshold 3 has 3 commitments, not 2/],
		['one share too many', { ...good, shares: [...good.shares, good.shares[0]] }, /4 seats has 4 shares, not 5/],
		['shares not an array', { ...good, shares: 'x' }, /shares must be a non-empty array/],
		['the identity as ephemeral key', { ...good, ephemeral: IDENTITY }, /the ephemeral key is the identity point/],
		['the identity as a commitment', withCommitment(1, IDENTITY), /commitment 1 is the identity point/],
		['a respelled ephemeral key', { ...good, ephemeral: respell(good.ephemeral) }, /not 32 bytes in canonical base64url/],
		['a respelled commitment', withCommitment(0, respell(good.commitments[0]!)), /commitment 0 is not 32 bytes/],
		['a respelled share', withShare(2, respell(good.shares[2]!)), /the share for seat 2 is not 32 bytes/],
		['a share of 33 bytes', withShare(0, bytesToBase64url(new Uint8Array(33))), /the share for seat 0 is not 32 bytes/],
		['a share plus ℓ', withShare(1, plusL(good.shares[1]!)), /the share for seat 1 is not a scalar below ℓ/],
		['the share ℓ', withShare(3, le32(L)), /the share for seat 3 is not a scalar below ℓ/],
		['a number as share', withShare(0, 7 as unknown as string), /the share for seat 0 is not 32 bytes/],
		...BAD_POINTS.map(([name, text]): [string, unknown, RegExp] => [
			`an ephemeral key with ${name}`,
			{ ...good, ephemeral: text },
			/the ephemeral key is not a canonical ristretto255 encoding/
		])
	];
	for (const [name, dealing, reason] of cases) {
		it(`refuses ${name}`, () => expect(dealingProblem(dealing, 4, 3, at)).toMatch(reason));
	}

	it('accepts the good dealing, and only for its own n and t', () => {
		expect(dealingProblem(good, 4, 3, at)).toBeNull();
		expect(dealingProblem(good, 5, 3, at)).toMatch(/shares/);
		expect(dealingProblem(good, 4, 2, at)).toMatch(/commitments/);
		expect(dealingProblem(JSON.parse(JSON.stringify(good)), 4, 3, at)).toBeNull();
		// The proof binds the dealing to its game and its dealer.
		expect(dealingProblem(good, 4, 3, { ...at, dealer: 1 })).toMatch(/does not hold for dealer 1/);
		expect(dealingProblem(good, 4, 3, { ...at, context: 'another game' })).toMatch(/does not hold/);
		expect(dealingProblem(good, 4, 3, { ...at, dealer: 4 })).toMatch(/the dealer must be an integer in \[0, 4\)/);
		expect(base64urlToBytes(good.ephemeral, 32)).not.toBeNull();
	});

	it('groupKey refuses an empty qualified set, a malformed dealing and mixed thresholds', () => {
		const { context } = dkg;
		expect(() => groupKey(new Map(), 4, context)).toThrow('no qualified dealer');
		expect(() => groupKey(new Map([[0, withShare(0, le32(L))]]), 4, context)).toThrow(/dealer 0: the share for seat 0/);
		const other = honestDkg(4, 2, 'problems-t2').dealings[1]!;
		expect(() => groupKey(new Map([[0, good], [1, other]]), 4, context)).toThrow(/dealer 1: a dealing for threshold 3/);
		expect(() => groupKey(new Map([[4, good]]), 4, context)).toThrow(/a qualified dealer must be an integer in \[0, 4\)/);
		expect(() => groupKey(new Map([[1, good]]), 4, context)).toThrow(/dealer 1: the proof of knowledge/);
		expect(() => groupKey(new Map([[0, good]]), 4, 'another game')).toThrow(/dealer 0: the proof of knowledge/);
	});
});
