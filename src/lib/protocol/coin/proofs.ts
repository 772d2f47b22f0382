/**
 * Chaum–Pedersen proof of equality of discrete logarithms (D. Chaum, T. P. Pedersen, "Wallet
 * databases with observers", CRYPTO '92), made non-interactive with the Fiat–Shamir heuristic:
 * a proof that log_{g1}(h1) = log_{g2}(h2) without revealing the logarithm x.
 *
 *   prover:   r (nonce), A1 = g1·r, A2 = g2·r, c = Hs(tag, statement, g1, h1, g2, h2, A1, A2), z = r + c·x
 *   proof:    (c, z), 64 bytes (two canonical scalars)
 *   verifier: A1 = g1·z − h1·c, A2 = g2·z − h2·c, accept iff c = Hs(tag, statement, g1, h1, g2, h2, A1, A2)
 *
 * `statement` carries the context (game, dealer, seat, message), so a proof is bound to one use.
 */
import { Fn, hashToScalar, mulSecret, nonce, scalarFromBytes, type Part, type Point, type Random } from './group.js';
import { concatBytes } from '@noble/hashes/utils.js';

export interface DleqStatement {
	/** Domain-separation tag of this use of the proof. */
	readonly tag: string;
	/** What the proof is bound to (context, indices, message). */
	readonly context: readonly Part[];
	readonly g1: Point;
	readonly h1: Point;
	readonly g2: Point;
	readonly h2: Point;
}

function challenge(s: DleqStatement, a1: Point, a2: Point): bigint {
	return hashToScalar(`dleq/${s.tag}`, ...s.context, s.g1, s.h1, s.g2, s.h2, a1, a2);
}

/** The 64-byte proof (c ‖ z) that log_{g1}(h1) = log_{g2}(h2) = secret. */
export function proveDleq(s: DleqStatement, secret: bigint, random: Random): Uint8Array {
	const r = nonce(`dleq/${s.tag}`, secret, random, ...s.context, s.g1, s.h1, s.g2, s.h2);
	const c = challenge(s, mulSecret(s.g1, r), mulSecret(s.g2, r));
	const z = Fn.add(r, Fn.mul(c, secret));
	return concatBytes(Fn.toBytes(c), Fn.toBytes(z));
}

/** Whether a 64-byte proof (c ‖ z, canonical scalars) proves the statement. Never throws on bad input. */
export function verifyDleq(s: DleqStatement, proof: Uint8Array): boolean {
	if (proof.length !== 64) return false;
	const c = scalarFromBytes(proof.subarray(0, 32));
	const z = scalarFromBytes(proof.subarray(32));
	if (c === null || z === null) return false;
	const a1 = s.g1.multiplyUnsafe(z).subtract(s.h1.multiplyUnsafe(c));
	const a2 = s.g2.multiplyUnsafe(z).subtract(s.h2.multiplyUnsafe(c));
	return challenge(s, a1, a2) === c;
}
