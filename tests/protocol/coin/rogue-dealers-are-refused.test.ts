// Why every dealing carries a proof of knowledge of e and a_0, and that dealingProblem enforces it.
// Both attacks below work against Joint-Feldman with encrypted shares as first specified (no
// proof) when t − 1 seats collude; each test first shows the attack would succeed, then that the
// rogue dealing is refused, so honest seats never accept or complain against it.
import { describe, expect, it } from 'vitest';
import { parseDealing, proveDealing, shareKeyPad, type Dealing } from '../../../src/lib/protocol/coin/dkg.js';
import { decodePoint, encodePoint, encodeScalar, evalPolynomial, Fn, G, Point, randomScalar } from '../../../src/lib/protocol/coin/group.js';
import { dealingProblem, groupKey, openShare } from '../../../src/lib/protocol/coin/index.js';
import { honestDkg, seeded } from './support.js';

describe('rogue dealers are refused', () => {
	it('rogue key (n = 4, t = 3, seats 2 and 3 collude; seed "rogue-key"): the last dealer would know the group secret', () => {
		const dkg = honestDkg(4, 3, 'rogue-key');
		const { context, boxes, boxKeys } = dkg;
		const random = seeded('rogue-key attacker');
		const attacker = 3;
		const honest = [0, 1];
		// The attacker wants Y = G·x for an x it knows. It sees the other dealings first (it deals last).
		const x = randomScalar(random);
		const others = [0, 1, 2].map((i) => decodePoint(dkg.dealings[i]!.commitments[0], 'C_0'));
		const c0 = G.multiply(x).subtract(others.reduce((a, b) => a.add(b)));
		// Commitments C_k = α_k·C_0 + G·β_k such that every honest seat's share checks:
		// 1 + α_1·x_j + α_2·x_j² = 0 and β_1·x_j + β_2·x_j² = s_j for the two honest seats (Cramer).
		const [x0, x1] = honest.map((j) => BigInt(j + 1)) as [bigint, bigint];
		const det = Fn.sub(Fn.mul(x0, Fn.mul(x1, x1)), Fn.mul(x1, Fn.mul(x0, x0)));
		const solve = (r0: bigint, r1: bigint): [bigint, bigint] => [
			Fn.div(Fn.sub(Fn.mul(r0, Fn.mul(x1, x1)), Fn.mul(r1, Fn.mul(x0, x0))), det),
			Fn.div(Fn.sub(Fn.mul(x0, r1), Fn.mul(x1, r0)), det)
		];
		const shares = honest.map(() => randomScalar(random));
		const [a1, a2] = solve(Fn.neg(1n), Fn.neg(1n));
		const [b1, b2] = solve(shares[0]!, shares[1]!);
		const commitments = [c0, c0.multiply(a1).add(G.multiply(b1)), c0.multiply(a2).add(G.multiply(b2))];
		const e = randomScalar(random);
		const E = G.multiply(e);
		const sealed = boxKeys.map((key, j) => {
			const share = j < 2 ? shares[j]! : randomScalar(random); // its own seats' shares do not matter
			return encodeScalar(Fn.add(share, shareKeyPad(context, attacker, j, E, decodePoint(key, 'B').multiply(e))));
		});
		const unproven = { ephemeral: encodePoint(E), commitments: commitments.map(encodePoint), shares: sealed };
		// It knows e but not log C_0: the best it can do is a proof with some other constant term.
		const rogue: Dealing = { ...unproven, proof: proveDealing({ context, dealer: attacker, dealing: unproven, ephemeral: e, constant: x, random }) };

		// Without the proof check the attack succeeds: both honest seats' shares check (nothing to
		// complain about), and the group key is G·x: the colluders know s = x, hence every coin
		// SHA-256("fnord-coin" ‖ m ‖ H(m)·x), in advance and alone.
		expect(parseDealing(rogue, 4, 3)).toBeTruthy();
		for (const j of honest) expect(openShare({ context, dealer: attacker, dealing: rogue, seat: j, boxSecret: boxes[j]!.secret }).ok).toBe(true);
		const y = [...others, c0].reduce((a, b) => a.add(b));
		expect(y.equals(G.multiply(x))).toBe(true);

		// With it, the dealing is refused and cannot enter the group key.
		expect(dealingProblem(rogue, 4, 3, { context, dealer: attacker })).toMatch(/proof of knowledge .* does not hold for dealer 3/);
		const all = new Map<number, Dealing>([...dkg.dealings.slice(0, 3).map((d, i): [number, Dealing] => [i, d]), [attacker, rogue]]);
		expect(() => groupKey(all, 4, context)).toThrow(/dealer 3: the proof of knowledge/);
	});

	for (const [name, scale] of [
		['the honest dealer\u2019s ephemeral key itself', 1n],
		['a multiple of it', 7n]
	] as const) {
		it(`complaint oracle with ${name} (n = 3, t = 2; seed "oracle"): complaints would open the honest dealer's shares`, () => {
			const dkg = honestDkg(3, 2, 'oracle');
			const { context, boxes, boxKeys } = dkg;
			const victim = 0; // the honest dealer whose shares the attacker wants
			const attacker = 2;
			const random = seeded(`oracle attacker ${scale}`);
			const e0 = decodePoint(dkg.dealings[victim]!.ephemeral, 'E_0');
			const E = e0.multiply(scale);
			const a = [randomScalar(random), randomScalar(random)];
			const unproven = {
				ephemeral: encodePoint(E),
				commitments: a.map((ak) => encodePoint(G.multiply(ak))),
				shares: boxKeys.map(() => encodeScalar(randomScalar(random))) // garbage for everyone: all complain
			};
			const rogue: Dealing = {
				...unproven,
				proof: proveDealing({ context, dealer: attacker, dealing: unproven, ephemeral: randomScalar(random), constant: a[0]!, random })
			};
			for (const seat of [0, 1]) {
				expect(openShare({ context, dealer: attacker, dealing: rogue, seat, boxSecret: boxes[seat]!.secret }).ok).toBe(false);
				// The pad a complaint would reveal: K = E·b_seat. From it the attacker opens the victim dealer's share for that seat.
				const revealed = E.multiply(boxes[seat]!.secret);
				const k0: InstanceType<typeof Point> = revealed.multiply(Fn.inv(scale));
				const sealed0 = parseDealing(dkg.dealings[victim]).sealed[seat]!;
				const stolen = Fn.sub(sealed0, shareKeyPad(context, victim, seat, e0, k0));
				expect(stolen).toBe(evalPolynomial(dkg.polynomials[victim]!, BigInt(seat + 1)));
			}
			// With the proof required, the dealing is refused outright: nobody complains against it.
			expect(dealingProblem(rogue, 3, 2, { context, dealer: attacker })).toMatch(/proof of knowledge .* does not hold/);
		});
	}
});
