/**
 * Distributed key generation: Joint-Feldman (T. P. Pedersen, "A threshold cryptosystem without a
 * trusted party", EUROCRYPT '91; as analysed in R. Gennaro, S. Jarecki, H. Krawczyk, T. Rabin,
 * "Secure distributed key generation for discrete-log based cryptosystems", EUROCRYPT '99), with
 * Feldman's verifiable secret sharing (P. Feldman, FOCS '87) and shares encrypted in the public log.
 *
 * Dealer i picks f_i(x) = Σ_k a_ik·x^k of degree t−1 and an ephemeral scalar e, and publishes
 *   E = G·e, C_ik = G·a_ik (k = 0..t−1), and for every seat j (x = j+1, box key B_j = G·b_j)
 *   the sealed share f_i(j+1) + Hs("dkg-pad", context, i, j, E, B_j·e) mod ℓ,
 *   and a Schnorr proof of knowledge of e and a_i0 (proofs.ts) bound to the context, i and the
 *   whole dealing. Without it Joint-Feldman falls to two attacks when t−1 seats collude:
 *   - rogue key: when the honest seats are at most t−1 (2t ≥ n + 2), a last dealer can pick
 *     C_i0 = G·x − Σ (others' C_0) and solve for the other commitments so that every honest seat's
 *     share checks; nobody complains and the colluders know the group secret x. Proving knowledge
 *     of a_i0 (as in Komlo–Goldberg's FROST key generation, SAC 2020; Crites–Komlo–Maller 2021)
 *     rules it out.
 *   - complaint oracle: a dealer that reuses an honest dealer's E (or E·r, E + G·r) and sends bad
 *     shares gets honest seats to reveal E·b_j in complaints, which open the honest dealer's shares.
 *     Proving knowledge of e makes a revealed pad something its dealer could compute anyway.
 * Seat j opens it with K = E·b_j and checks G·s = Σ_k C_ik·(j+1)^k. A seat whose share fails
 * complains publicly (complaint.ts); a dealer with an upheld complaint, or a malformed dealing, is
 * disqualified. With Q the qualified dealers: Y = Σ_{i∈Q} C_i0, s_j = Σ_{i∈Q} f_i(j+1), and
 * Y_j = G·s_j = Σ_{i∈Q} Σ_k C_ik·(j+1)^k, which anyone computes from the commitments.
 *
 * Known limit (GJKR '99): by getting its own dealings disqualified or not, a rushing adversary can
 * bias the distribution of Y among a few values whose logarithms it does not know. It cannot
 * choose Y, and each coin stays unique and unpredictable without t shares (GJKR, "Secure
 * applications of Pedersen's distributed key generation protocol", CT-RSA 2003, argue that such
 * bias does not help against discrete-log based schemes like this one).
 */
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { proveKnowledge, verifyKnowledge, type KnowledgeStatement } from './proofs.js';
import {
	checkIndex,
	decodePoint,
	decodeScalar,
	encodePoint,
	encodeScalar,
	evalCommitments,
	evalPolynomial,
	evaluationPoint,
	Fn,
	G,
	hashToScalar,
	mulSecret,
	Point,
	problemOf,
	randomScalar,
	type Random
} from './group.js';

/** One dealer's public message: all encodings canonical base64url (43 characters each). */
export interface Dealing {
	/** E = G·e. */
	readonly ephemeral: string;
	/** C_k = G·a_k for k = 0..t−1. */
	readonly commitments: readonly string[];
	/** Seat j's sealed share f(j+1) + pad_j mod ℓ, for j = 0..n−1. */
	readonly shares: readonly string[];
	/** Schnorr proof of knowledge of e and a_0 (c ‖ z_e ‖ z_a, 96 bytes: 128 characters). */
	readonly proof: string;
}

export interface ParsedDealing {
	readonly ephemeral: Point;
	readonly commitments: readonly Point[];
	readonly sealed: readonly bigint[];
	readonly proof: Uint8Array;
}

const KEYS = ['commitments', 'ephemeral', 'proof', 'shares'];
/** Bytes of a dealing's proof. */
const PROOF_BYTES = 96;

/**
 * The dealing's points and scalars; a RangeError when its shape or an encoding is wrong (counts
 * checked when n, t are given). The proof is not checked here: see dealingProblem.
 */
export function parseDealing(d: unknown, n?: number, t?: number): ParsedDealing {
	if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new RangeError('a dealing is an object');
	const keys = Object.keys(d).sort();
	if (keys.join() !== KEYS.join()) throw new RangeError(`a dealing has exactly the fields ${KEYS.join(', ')}`);
	const { ephemeral, commitments, shares, proof } = d as Record<string, unknown>;
	if (!Array.isArray(commitments) || commitments.length < 1) throw new RangeError('commitments must be a non-empty array');
	if (!Array.isArray(shares) || shares.length < 1) throw new RangeError('shares must be a non-empty array');
	if (t !== undefined && commitments.length !== t) throw new RangeError(`a dealing for threshold ${t} has ${t} commitments, not ${commitments.length}`);
	if (n !== undefined && shares.length !== n) throw new RangeError(`a dealing for ${n} seats has ${n} shares, not ${shares.length}`);
	if (commitments.length > shares.length) throw new RangeError('a dealing has no more commitments than shares (t ≤ n)');
	const parsed = {
		ephemeral: decodePoint(ephemeral, 'the ephemeral key'),
		commitments: commitments.map((c, k) => decodePoint(c, `commitment ${k}`)),
		sealed: shares.map((s, j) => decodeScalar(s, `the share for seat ${j}`)),
		proof: typeof proof === 'string' ? base64urlToBytes(proof, PROOF_BYTES) : null
	};
	if (parsed.proof === null) throw new RangeError(`the proof is not ${PROOF_BYTES} bytes in canonical base64url`);
	return parsed as ParsedDealing;
}

/** What the dealing's proof proves: knowledge of log_G(E) and log_G(C_0), bound to the game, the dealer and the whole dealing. */
function dealingStatement(context: string, dealer: number, d: Omit<ParsedDealing, 'proof'>): KnowledgeStatement {
	const rest = [...d.commitments.slice(1), ...d.sealed.map((s) => Fn.toBytes(s))];
	return {
		tag: 'dkg-dealing',
		context: [context, dealer, d.commitments.length, d.sealed.length, ...rest],
		points: [d.ephemeral, d.commitments[0]!]
	};
}

/**
 * The dealing's points and scalars when it is well formed (for n seats and threshold t when given)
 * and its proof holds for this context and dealer; else a RangeError saying why.
 */
export function checkDealing(d: unknown, at: { context: string; dealer: number }, n?: number, t?: number): ParsedDealing {
	checkContext(at.context);
	const parsed = parseDealing(d, n, t);
	checkIndex(at.dealer, 'the dealer', parsed.sealed.length);
	if (!verifyKnowledge(dealingStatement(at.context, at.dealer, parsed), parsed.proof)) {
		throw new RangeError(`the proof of knowledge of the ephemeral key and the constant term does not hold for dealer ${at.dealer} in this game`);
	}
	return parsed;
}

/**
 * Why `d` is not an acceptable dealing by dealer `at.dealer` in game `at.context` for n seats and
 * threshold t (shape, counts, canonical encodings, no identity point, the proof of knowledge), or
 * null. A dealing with a problem disqualifies its dealer; check every dealing before using it.
 */
export function dealingProblem(d: unknown, n: number, t: number, at: { context: string; dealer: number }): string | null {
	return problemOf(() => checkDealing(d, at, n, t));
}

/** The pad that seals seat `seat`'s share: Hs("dkg-pad", context, dealer, seat, E, K) with K = B_seat·e = E·b_seat. */
export function shareKeyPad(context: string, dealer: number, seat: number, ephemeral: Point, sharedPoint: Point): bigint {
	return hashToScalar('dkg-pad', context, dealer, seat, ephemeral, sharedPoint);
}

/** Whether G·share = Σ_k C_k·(seat+1)^k (Feldman's check). */
export function shareMatches(commitments: readonly Point[], seat: number, share: bigint): boolean {
	return mulSecret(G, share).equals(evalCommitments(commitments, evaluationPoint(seat)));
}

function checkContext(context: unknown): string {
	if (typeof context !== 'string') throw new RangeError('the context is a string');
	return context;
}

/**
 * A dealing from given coefficients a_0..a_{t−1} and ephemeral scalar e (deal() draws them at
 * random; tests use this to know the dealer's secret). `random` feeds the proof's nonces only.
 */
export function dealPolynomial(p: {
	context: string;
	dealer: number;
	coefficients: readonly bigint[];
	ephemeral: bigint;
	boxKeys: readonly string[];
	random: Random;
}): Dealing {
	const context = checkContext(p.context);
	const n = p.boxKeys.length;
	const t = p.coefficients.length;
	if (t < 1 || t > n) throw new RangeError(`the threshold must be in [1, ${n}], not ${t}`);
	const dealer = checkIndex(p.dealer, 'the dealer', n);
	if (!Fn.isValidNot0(p.ephemeral) || !p.coefficients.every((a) => Fn.isValidNot0(a))) {
		throw new RangeError('coefficients and the ephemeral scalar are in [1, ℓ)');
	}
	const boxKeys = p.boxKeys.map((key, j) => decodePoint(key, `the box key of seat ${j}`));
	const ephemeral = G.multiply(p.ephemeral);
	const commitments = p.coefficients.map((a) => G.multiply(a));
	const sealed = boxKeys.map((key, j) => {
		const pad = shareKeyPad(context, dealer, j, ephemeral, key.multiply(p.ephemeral));
		return Fn.add(evalPolynomial(p.coefficients, evaluationPoint(j)), pad);
	});
	const statement = dealingStatement(context, dealer, { ephemeral, commitments, sealed });
	return {
		ephemeral: encodePoint(ephemeral),
		commitments: commitments.map(encodePoint),
		shares: sealed.map(encodeScalar),
		proof: bytesToBase64url(proveKnowledge(statement, [p.ephemeral, p.coefficients[0]!], p.random))
	};
}

/** The proof for a dealing made with ephemeral scalar e and constant term a_0 (tests use it to prove doctored dealings). */
export function proveDealing(p: {
	context: string;
	dealer: number;
	dealing: Omit<Dealing, 'proof'>;
	ephemeral: bigint;
	constant: bigint;
	random: Random;
}): string {
	const parsed = parseDealing({ ...p.dealing, proof: bytesToBase64url(new Uint8Array(PROOF_BYTES)) });
	const statement = dealingStatement(checkContext(p.context), p.dealer, parsed);
	return bytesToBase64url(proveKnowledge(statement, [p.ephemeral, p.constant], p.random));
}

/** Dealer `dealer`'s dealing for threshold t to the seats whose box keys are `boxKeys` (n = boxKeys.length). */
export function deal(p: { context: string; dealer: number; t: number; boxKeys: readonly string[]; random: Random }): Dealing {
	if (!Number.isSafeInteger(p.t) || p.t < 1 || p.t > p.boxKeys.length) {
		throw new RangeError(`the threshold must be an integer in [1, ${p.boxKeys.length}], not ${p.t}`);
	}
	const coefficients = Array.from({ length: p.t }, () => randomScalar(p.random));
	return dealPolynomial({ ...p, coefficients, ephemeral: randomScalar(p.random) });
}

export type OpenedShare = { ok: true; share: bigint } | { ok: false; reason: string };

/**
 * Seat `seat` opens its share of dealer `dealer`'s dealing with its box secret and checks it against
 * the commitments. The dealing's proof is not checked again: call it on dealings that passed
 * dealingProblem (a dealing that fails it is disqualified without a complaint).
 */
export function openShare(p: { context: string; dealer: number; dealing: Dealing; seat: number; boxSecret: bigint }): OpenedShare {
	let parsed: ParsedDealing;
	try {
		checkContext(p.context);
		checkIndex(p.dealer, 'the dealer');
		parsed = parseDealing(p.dealing);
		checkIndex(p.seat, 'the seat', parsed.sealed.length);
		if (!Fn.isValidNot0(p.boxSecret)) throw new RangeError('the box secret is in [1, ℓ)');
	} catch (error) {
		if (error instanceof RangeError) return { ok: false, reason: error.message };
		throw error;
	}
	const pad = shareKeyPad(p.context, p.dealer, p.seat, parsed.ephemeral, parsed.ephemeral.multiply(p.boxSecret));
	const share = Fn.sub(parsed.sealed[p.seat]!, pad);
	if (!shareMatches(parsed.commitments, p.seat, share)) {
		return { ok: false, reason: `the share of dealer ${p.dealer} for seat ${p.seat} does not match the dealer's commitments` };
	}
	return { ok: true, share };
}

/** The group's public key Y and every seat's share key Y_j (canonical points). */
export interface GroupKey {
	readonly publicKey: string;
	/** Y_j = G·s_j for seat j = 0..n−1: what verifies seat j's coin shares. */
	readonly shareKeys: readonly string[];
}

/**
 * The group key of game `context` from the qualified dealings (dealer → dealing): Y = Σ C_i0 and
 * Y_j = Σ_k A_k·(j+1)^k with A_k = Σ_i C_ik. Throws a RangeError when a dealing has a problem
 * (dealingProblem, proofs included: checked again here, since a rogue dealing would give its dealer
 * the group secret), when their thresholds differ, or when fewer than t dealers qualify (at least
 * one of any t is honest when at most t−1 seats collude; restart the DKG otherwise).
 */
export function groupKey(qualified: ReadonlyMap<number, Dealing>, n: number, context: string): GroupKey {
	checkIndex(n, 'the number of seats');
	if (qualified.size === 0) throw new RangeError('no qualified dealer');
	let sums: Point[] | null = null;
	for (const [dealer, dealing] of qualified) {
		checkIndex(dealer, 'a qualified dealer', n);
		let commitments: readonly Point[];
		try {
			({ commitments } = checkDealing(dealing, { context, dealer }, n, sums?.length));
		} catch (error) {
			if (error instanceof RangeError) throw new RangeError(`the dealing of dealer ${dealer}: ${error.message}`);
			throw error;
		}
		sums = sums === null ? [...commitments] : sums.map((sum, k) => sum.add(commitments[k]!));
	}
	const coefficients = sums!;
	if (qualified.size < coefficients.length) {
		throw new RangeError(`${qualified.size} qualified dealers for threshold ${coefficients.length}: with fewer than t, all of them may be colluders`);
	}
	if (coefficients[0]!.is0()) throw new RangeError('the group key is the identity point');
	return {
		publicKey: encodePoint(coefficients[0]!),
		shareKeys: Array.from({ length: n }, (_, j) => encodePoint(evalCommitments(coefficients, evaluationPoint(j))))
	};
}

/** A seat's secret share s_j: the sum of the shares it opened from the qualified dealers (dealer → share). */
export function secretShare(openedShares: ReadonlyMap<number, bigint>): bigint {
	if (openedShares.size === 0) throw new RangeError('no share from a qualified dealer');
	let sum = Fn.ZERO;
	for (const [dealer, share] of openedShares) {
		if (!Fn.isValid(share)) throw new RangeError(`the share from dealer ${dealer} is not a scalar below ℓ`);
		sum = Fn.add(sum, share);
	}
	return sum;
}
