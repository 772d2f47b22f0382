/**
 * The two Fiat–Shamir sigma protocols the DKG and the coin need, over ristretto255:
 *
 * - Schnorr proof of knowledge of discrete logarithms (C. P. Schnorr, "Efficient signature
 *   generation by smart cards", J. Cryptology 1991), for several points at once with one challenge
 *   (an AND composition): knowledge of x_i with X_i = G·x_i.
 *     r_i (nonces), A_i = G·r_i, c = Hs(tag, context, X.., A..), z_i = r_i + c·x_i; proof (c, z_1..z_k)
 *     verify: A_i = G·z_i − X_i·c, accept iff c = Hs(tag, context, X.., A..)
 * - Chaum–Pedersen proof of equality of discrete logarithms (D. Chaum, T. P. Pedersen, "Wallet
 *   databases with observers", CRYPTO '92): log_{g1}(h1) = log_{g2}(h2) = x without revealing x.
 *     r, A1 = g1·r, A2 = g2·r, c = Hs(tag, context, g1, h1, g2, h2, A1, A2), z = r + c·x; proof (c, z)
 *     verify: A1 = g1·z − h1·c, A2 = g2·z − h2·c, accept iff c matches
 *
 * Proofs are canonical scalars, 32 bytes each. `context` carries what a proof is bound to (game,
 * dealer, seat, message) so it cannot be moved to another use. Nonces are hedged (group.ts).
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { Fn, G, hashToScalar, mulSecret, nonce, scalarFromBytes, type Part, type Point, type Random } from './group.js';

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

/** A proof of knowledge of log_G of every point in `points`. */
export interface KnowledgeStatement {
	readonly tag: string;
	readonly context: readonly Part[];
	readonly points: readonly Point[];
}

/** The scalars of a proof of `count` scalars (c first), when every one is canonical; else null. */
function scalars(proof: Uint8Array, count: number): bigint[] | null {
	if (proof.length !== 32 * count) return null;
	const out: bigint[] = [];
	for (let i = 0; i < count; i++) {
		const s = scalarFromBytes(proof.subarray(32 * i, 32 * i + 32));
		if (s === null) return null;
		out.push(s);
	}
	return out;
}

function dleqChallenge(s: DleqStatement, a1: Point, a2: Point): bigint {
	return hashToScalar(`dleq/${s.tag}`, ...s.context, s.g1, s.h1, s.g2, s.h2, a1, a2);
}

/** The 64-byte proof (c ‖ z) that log_{g1}(h1) = log_{g2}(h2) = secret. */
export function proveDleq(s: DleqStatement, secret: bigint, random: Random): Uint8Array {
	const r = nonce(`dleq/${s.tag}`, secret, random, ...s.context, s.g1, s.h1, s.g2, s.h2);
	const c = dleqChallenge(s, mulSecret(s.g1, r), mulSecret(s.g2, r));
	return concatBytes(Fn.toBytes(c), Fn.toBytes(Fn.add(r, Fn.mul(c, secret))));
}

/** Whether a 64-byte proof (c ‖ z, canonical scalars) proves the statement. Never throws on bad input. */
export function verifyDleq(s: DleqStatement, proof: Uint8Array): boolean {
	const cz = scalars(proof, 2);
	if (cz === null) return false;
	const [c, z] = cz as [bigint, bigint];
	const a1 = s.g1.multiplyUnsafe(z).subtract(s.h1.multiplyUnsafe(c));
	const a2 = s.g2.multiplyUnsafe(z).subtract(s.h2.multiplyUnsafe(c));
	return dleqChallenge(s, a1, a2) === c;
}

function knowledgeChallenge(s: KnowledgeStatement, commitments: readonly Point[]): bigint {
	return hashToScalar(`pok/${s.tag}`, ...s.context, ...s.points, ...commitments);
}

/** The proof (c ‖ z_1 ‖ … ‖ z_k, 32·(k+1) bytes) of knowledge of secrets[i] = log_G(points[i]). */
export function proveKnowledge(s: KnowledgeStatement, secrets: readonly bigint[], random: Random): Uint8Array {
	if (secrets.length !== s.points.length) throw new RangeError('one secret per point');
	const r = secrets.map((x, i) => nonce(`pok/${s.tag}/${i}`, x, random, ...s.context, ...s.points));
	const c = knowledgeChallenge(s, r.map((ri) => mulSecret(G, ri)));
	return concatBytes(Fn.toBytes(c), ...secrets.map((x, i) => Fn.toBytes(Fn.add(r[i]!, Fn.mul(c, x)))));
}

/** Whether the proof shows knowledge of every log_G(points[i]). Never throws on bad input. */
export function verifyKnowledge(s: KnowledgeStatement, proof: Uint8Array): boolean {
	const cz = scalars(proof, s.points.length + 1);
	if (cz === null) return false;
	const [c, ...z] = cz as [bigint, ...bigint[]];
	return knowledgeChallenge(s, s.points.map((x, i) => G.multiplyUnsafe(z[i]!).subtract(x.multiplyUnsafe(c)))) === c;
}
