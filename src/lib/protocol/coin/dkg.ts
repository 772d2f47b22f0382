/**
 * Distributed key generation: Joint-Feldman (T. P. Pedersen, "A threshold cryptosystem without a
 * trusted party", EUROCRYPT '91; as analysed in R. Gennaro, S. Jarecki, H. Krawczyk, T. Rabin,
 * "Secure distributed key generation for discrete-log based cryptosystems", EUROCRYPT '99), with
 * Feldman's verifiable secret sharing (P. Feldman, FOCS '87) and shares encrypted in the public log.
 *
 * Dealer i picks f_i(x) = Σ_k a_ik·x^k of degree t−1 and an ephemeral scalar e, and publishes
 *   E = G·e, C_ik = G·a_ik (k = 0..t−1), and for every seat j (x = j+1, box key B_j = G·b_j)
 *   the sealed share f_i(j+1) + Hs("dkg-pad", context, i, j, E, B_j·e) mod ℓ.
 * Seat j opens it with K = E·b_j and checks G·s = Σ_k C_ik·(j+1)^k. A seat whose share fails
 * complains publicly (complaint.ts); a dealer with an upheld complaint, or a malformed dealing, is
 * disqualified. With Q the qualified dealers: Y = Σ_{i∈Q} C_i0, s_j = Σ_{i∈Q} f_i(j+1), and
 * Y_j = G·s_j = Σ_{i∈Q} Σ_k C_ik·(j+1)^k, which anyone computes from the commitments.
 *
 * Known limit (GJKR '99): by getting its own dealings disqualified or not, a rushing adversary can
 * bias the distribution of Y. It cannot choose Y, and coin values stay unique and unpredictable
 * without t shares (GJKR, "Secure applications of Pedersen's distributed key generation
 * protocol", CT-RSA 2003, show Joint-Feldman suffices for such discrete-log applications).
 */
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
}

export interface ParsedDealing {
	readonly ephemeral: Point;
	readonly commitments: readonly Point[];
	readonly sealed: readonly bigint[];
}

const KEYS = ['commitments', 'ephemeral', 'shares'];

/** The dealing's points and scalars; a RangeError when its shape or an encoding is wrong (counts checked when n, t are given). */
export function parseDealing(d: unknown, n?: number, t?: number): ParsedDealing {
	if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new RangeError('a dealing is an object');
	const keys = Object.keys(d).sort();
	if (keys.join() !== KEYS.join()) throw new RangeError(`a dealing has exactly the fields ${KEYS.join(', ')}`);
	const { ephemeral, commitments, shares } = d as Record<string, unknown>;
	if (!Array.isArray(commitments) || commitments.length < 1) throw new RangeError('commitments must be a non-empty array');
	if (!Array.isArray(shares) || shares.length < 1) throw new RangeError('shares must be a non-empty array');
	if (t !== undefined && commitments.length !== t) throw new RangeError(`a dealing for threshold ${t} has ${t} commitments, not ${commitments.length}`);
	if (n !== undefined && shares.length !== n) throw new RangeError(`a dealing for ${n} seats has ${n} shares, not ${shares.length}`);
	if (commitments.length > shares.length) throw new RangeError('a dealing has no more commitments than shares (t ≤ n)');
	return {
		ephemeral: decodePoint(ephemeral, 'the ephemeral key'),
		commitments: commitments.map((c, k) => decodePoint(c, `commitment ${k}`)),
		sealed: shares.map((s, j) => decodeScalar(s, `the share for seat ${j}`))
	};
}

/** Why `d` is not a well-formed dealing for n seats and threshold t (shape, counts, canonical encodings, no identity point), or null. */
export function dealingProblem(d: unknown, n: number, t: number): string | null {
	return problemOf(() => parseDealing(d, n, t));
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
 * A dealing from given coefficients a_0..a_{t−1} and ephemeral scalar e: deterministic (deal() draws
 * them at random; tests use this to know the dealer's secret).
 */
export function dealPolynomial(p: {
	context: string;
	dealer: number;
	coefficients: readonly bigint[];
	ephemeral: bigint;
	boxKeys: readonly string[];
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
	return {
		ephemeral: encodePoint(ephemeral),
		commitments: p.coefficients.map((a) => encodePoint(G.multiply(a))),
		shares: boxKeys.map((key, j) => {
			const pad = shareKeyPad(context, dealer, j, ephemeral, key.multiply(p.ephemeral));
			return encodeScalar(Fn.add(evalPolynomial(p.coefficients, evaluationPoint(j)), pad));
		})
	};
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

/** Seat `seat` opens its share of dealer `dealer`'s dealing with its box secret and checks it against the commitments. */
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
 * The group key from the qualified dealings (dealer → dealing): Y = Σ C_i0 and Y_j = Σ_k A_k·(j+1)^k
 * with A_k = Σ_i C_ik. Throws a RangeError when there is none, a dealing is malformed for n seats, or
 * their thresholds differ.
 */
export function groupKey(qualified: ReadonlyMap<number, Dealing>, n: number): GroupKey {
	checkIndex(n, 'the number of seats');
	if (qualified.size === 0) throw new RangeError('no qualified dealer');
	let sums: Point[] | null = null;
	for (const [dealer, dealing] of qualified) {
		checkIndex(dealer, 'a qualified dealer', n);
		const t = sums === null ? dealing.commitments?.length : sums.length;
		const problem = dealingProblem(dealing, n, t);
		if (problem !== null) throw new RangeError(`the dealing of dealer ${dealer}: ${problem}`);
		const { commitments } = parseDealing(dealing, n, t);
		sums = sums === null ? [...commitments] : sums.map((sum, k) => sum.add(commitments[k]!));
	}
	const coefficients = sums!;
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
