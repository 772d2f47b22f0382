// Publicly verifiable complaints: a seat sent a bad share cannot open it, and its complaint (the
// revealed pad with a Chaum–Pedersen proof) convinces any third party that the dealer cheated; a
// complaint against a good share, or with a forged pad or proof, or moved to another game, seat or
// dealer, is judged false. Without the cheater the DKG still completes and the coin works.
import { ristretto255 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import {
	coinShare,
	combineCoin,
	complain,
	dealingProblem,
	groupKey,
	judgeComplaint,
	openShare,
	secretShare,
	verifyCoinShare,
	type Complaint,
	type Dealing
} from '../../../src/lib/protocol/coin/index.js';
import { cheatingDealing, honestDkg, IDENTITY, le32, L, reprove, respell, scalarOf, seeded, utf8 } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], [3, 2], [4, 3], [5, 4], [8, 7]];

describe('a dealer that sends one seat a bad share is caught by a public complaint', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "cheat-${n}-${t}"): the victim cannot open, its complaint is upheld, the rest get a coin when t dealers remain`, () => {
			const dkg = honestDkg(n, t, `cheat-${n}-${t}`);
			const { context, boxes, boxKeys } = dkg;
			const dealer = n - 1;
			const victim = 0;
			const bad = cheatingDealing(dkg, dealer, victim);
			expect(dealingProblem(bad, n, t, { context, dealer })).toBeNull();
			const opened = openShare({ context, dealer, dealing: bad, seat: victim, boxSecret: boxes[victim]!.secret });
			expect(opened).toEqual({ ok: false, reason: `the share of dealer ${dealer} for seat ${victim} does not match the dealer's commitments` });
			for (let seat = 1; seat < n; seat++) {
				expect(openShare({ context, dealer, dealing: bad, seat, boxSecret: boxes[seat]!.secret }).ok).toBe(true);
			}
			const complaint = complain({
				context,
				dealer,
				dealing: bad,
				seat: victim,
				boxSecret: boxes[victim]!.secret,
				boxKey: boxKeys[victim]!,
				random: seeded(`complaint-${n}`)
			});
			expect(complaint.pad).toHaveLength(43);
			expect(complaint.proof).toHaveLength(86);
			// A third party judges from public data only (the complaint survives a JSON round trip).
			const stored = JSON.parse(JSON.stringify(complaint)) as Complaint;
			expect(judgeComplaint({ context, dealer, dealing: bad, complaint: stored, boxKey: boxKeys[victim]! })).toBe('dealer-cheated');

			// The dealer is disqualified: the others form the group and every seat gets its share.
			const qualified = new Map(dkg.dealings.map((d, i) => [i, d] as const).filter(([i]) => i !== dealer));
			if (qualified.size < t) {
				// Too few dealers left to be sure one is honest: no group key; the game restarts the DKG.
				expect(() => groupKey(qualified, n, context)).toThrow(`${qualified.size} qualified dealers for threshold ${t}`);
				return;
			}
			const group = groupKey(qualified, n, context);
			const message = utf8('after the complaint');
			const random = seeded(`cheat-coin-${n}`);
			const shares = new Map<number, string>();
			for (let seat = 0; seat < n; seat++) {
				const mine = new Map<number, bigint>();
				for (const [i, d] of qualified) {
					const r = openShare({ context, dealer: i, dealing: d, seat, boxSecret: boxes[seat]!.secret });
					if (!r.ok) throw new Error(r.reason);
					mine.set(i, r.share);
				}
				const share = coinShare({ message, seat, secret: secretShare(mine), random });
				expect(verifyCoinShare({ message, seat, share, shareKey: group.shareKeys[seat]! })).toBe(true);
				shares.set(seat, share);
			}
			const low = combineCoin({ message, shares, t });
			const high = combineCoin({ message, shares: new Map([...shares].slice(n - t)), t });
			expect(high).toBe(low);
		});
	}

	it('a dealer that seals a share under the wrong key is caught too', () => {
		const dkg = honestDkg(3, 2, 'cheat-wrong-key');
		const { context, boxes, boxKeys } = dkg;
		// Dealer 1 seals seat 2's share for seat 0's key: re-seal by swapping the sealed shares.
		const d = dkg.dealings[1]!;
		const bad = reprove(dkg, 1, { ...d, shares: [d.shares[0]!, d.shares[1]!, d.shares[0]!] });
		expect(openShare({ context, dealer: 1, dealing: bad, seat: 2, boxSecret: boxes[2]!.secret }).ok).toBe(false);
		const complaint = complain({ context, dealer: 1, dealing: bad, seat: 2, boxSecret: boxes[2]!.secret, boxKey: boxKeys[2]!, random: seeded('wk') });
		expect(judgeComplaint({ context, dealer: 1, dealing: bad, complaint, boxKey: boxKeys[2]! })).toBe('dealer-cheated');
	});
});

describe('false complaints are recognised by anyone', () => {
	const dkg = honestDkg(4, 3, 'false');
	const { context, boxes, boxKeys } = dkg;
	const dealer = 2;
	const seat = 1;
	const good = dkg.dealings[dealer]!;
	const bad = cheatingDealing(dkg, dealer, seat);
	const complaintOn = (dealing: Dealing) =>
		complain({ context, dealer, dealing, seat, boxSecret: boxes[seat]!.secret, boxKey: boxKeys[seat]!, random: seeded('false-complaint') });
	const upheld = complaintOn(bad);
	const judge = (complaint: unknown, over: Partial<{ context: string; dealing: Dealing; boxKey: string }> = {}) =>
		judgeComplaint({ context, dealer, dealing: bad, boxKey: boxKeys[seat]!, complaint: complaint as Complaint, ...over });

	it('the honest complaint is upheld (the reference for the cases below)', () => {
		expect(judge(upheld)).toBe('dealer-cheated');
	});

	it('a complaint against a good share is false', () => {
		const complaint = complaintOn(good);
		expect(judge(complaint, { dealing: good })).toBe('false-complaint');
	});

	const otherPoint = bytesToBase64url(ristretto255.Point.BASE.multiply(12345n).toBytes());
	const proofBytes = base64urlToBytes(upheld.proof, 64)!;
	const tampered = (byte: number) => {
		const copy = Uint8Array.from(proofBytes);
		copy[byte]! ^= 4;
		return bytesToBase64url(copy);
	};
	const forged: [name: string, complaint: unknown, over?: Partial<{ boxKey: string }>][] = [
		['a forged pad (another point, the proof kept)', { ...upheld, pad: otherPoint }],
		['the identity as pad', { ...upheld, pad: IDENTITY }],
		['a respelled pad', { ...upheld, pad: respell(upheld.pad) }],
		['a proof with its challenge changed', { ...upheld, proof: tampered(3) }],
		['a proof with its response changed', { ...upheld, proof: tampered(40) }],
		['a respelled proof', { ...upheld, proof: respell(upheld.proof) }],
		['a proof of the wrong length', { ...upheld, proof: upheld.proof.slice(0, 43) }],
		['a proof whose response is plus ℓ', { ...upheld, proof: bytesToBase64url(new Uint8Array([...proofBytes.subarray(0, 32), ...base64urlToBytes(le32(scalarOf(bytesToBase64url(proofBytes.subarray(32))) + L), 32)!])) }],
		['the complaint moved to another seat', { ...upheld, seat: 0 }],
		['the complaint moved to another dealer index', { ...upheld, dealer: 3 }],
		['a complaint made in another game', complain({ context: `${context} (another game)`, dealer, dealing: bad, seat, boxSecret: boxes[seat]!.secret, boxKey: boxKeys[seat]!, random: seeded('elsewhere') })],
		['a complaint whose proof names another dealer', complain({ context, dealer: 0, dealing: bad, seat, boxSecret: boxes[seat]!.secret, boxKey: boxKeys[seat]!, random: seeded('other-dealer') })],
		['the complaint checked against another seat\u2019s box key', upheld, { boxKey: boxKeys[0]! }],
		['a seat outside the dealing', { ...upheld, seat: 4 }],
		['an extra field', { ...upheld, note: 1 }],
		['a missing field', { dealer, seat, pad: upheld.pad }],
		['not an object', 'complaint'],
		['a malformed box key', upheld, { boxKey: IDENTITY }]
	];
	for (const [name, complaint, over] of forged) {
		it(`${name}: false`, () => expect(judge(complaint, over)).toBe('false-complaint'));
	}

	it('a complaint by a seat that does not hold the box key cannot be made', () => {
		expect(() =>
			complain({ context, dealer, dealing: bad, seat, boxSecret: boxes[0]!.secret, boxKey: boxKeys[seat]!, random: seeded('x') })
		).toThrow('the box key is not G·boxSecret');
	});

	it('a malformed or unproven dealing is the dealer\u2019s fault whatever the complaint says', () => {
		expect(judge(upheld, { dealing: { ...bad, ephemeral: IDENTITY } })).toBe('dealer-cheated');
		// The cheating dealing without its re-made proof: its proof was for the honest shares.
		expect(judge(upheld, { dealing: { ...bad, proof: good.proof } })).toBe('dealer-cheated');
	});

	it('the judge needs a real dealer index and a string context', () => {
		expect(() => judgeComplaint({ context, dealer: -1, dealing: bad, boxKey: boxKeys[seat]!, complaint: upheld })).toThrow(RangeError);
		expect(() => judgeComplaint({ context: 5 as unknown as string, dealer, dealing: bad, boxKey: boxKeys[seat]!, complaint: upheld })).toThrow(RangeError);
	});
});
