/**
 * Helpers for the coin tests: a seeded random source (SHA-256 in counter mode over a label, so
 * every failure names its seed), a whole honest DKG, and non-canonical spellings.
 */
import { ristretto255 } from '@noble/curves/ed25519.js';
import { numberToBytesLE } from '@noble/curves/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../../../src/lib/protocol/base64url.js';
import { dealPolynomial, proveDealing } from '../../../src/lib/protocol/coin/dkg.js';
import { randomScalar } from '../../../src/lib/protocol/coin/group.js';
import {
	boxKeyPair,
	groupKey,
	openShare,
	secretShare,
	type BoxKeyPair,
	type Dealing,
	type GroupKey
} from '../../../src/lib/protocol/coin/index.js';

export const L = ristretto255.Point.Fn.ORDER;
/** The field prime p = 2^255 − 19 (points' s coordinate). */
export const P = 2n ** 255n - 19n;

/** A deterministic random source for `seed`: SHA-256(seed ‖ counter) blocks. */
export function seeded(seed: string): (n: number) => Uint8Array {
	let counter = 0;
	let pool = new Uint8Array(0);
	return (n: number) => {
		while (pool.length < n) pool = concatBytes(pool, sha256(utf8ToBytes(`${seed}/${counter++}`)));
		const out = pool.slice(0, n);
		pool = pool.slice(n);
		return out;
	};
}

export const utf8 = (text: string): Uint8Array => utf8ToBytes(text);

export interface Dkg {
	readonly n: number;
	readonly t: number;
	readonly context: string;
	readonly boxes: readonly BoxKeyPair[];
	readonly boxKeys: readonly string[];
	readonly dealings: readonly Dealing[];
	/** polynomials[i]: dealer i's coefficients a_i0..a_i,t−1; ephemerals[i]: its e. */
	readonly polynomials: readonly (readonly bigint[])[];
	readonly ephemerals: readonly bigint[];
	/** secrets[j]: seat j's secret share s_j over all dealers. */
	readonly secrets: readonly bigint[];
	readonly group: GroupKey;
}

/**
 * An honest DKG among n seats with threshold t, every dealer qualified. It draws from the seeded
 * source exactly as deal() does (t coefficients, e, then the proof's nonces), so its dealings are
 * deal()'s, and it keeps the polynomials and ephemeral scalars for the tests.
 */
export function honestDkg(n: number, t: number, seed: string): Dkg {
	const random = seeded(seed);
	const context = `game ${seed} n=${n} t=${t}`;
	const boxes = Array.from({ length: n }, () => boxKeyPair(random(32)));
	const boxKeys = boxes.map((b) => b.publicKey);
	const polynomials: bigint[][] = [];
	const ephemerals: bigint[] = [];
	const dealings = boxes.map((_, dealer) => {
		const coefficients = Array.from({ length: t }, () => randomScalar(random));
		const ephemeral = randomScalar(random);
		polynomials.push(coefficients);
		ephemerals.push(ephemeral);
		return dealPolynomial({ context, dealer, coefficients, ephemeral, boxKeys, random });
	});
	const secrets = boxes.map((box, seat) => {
		const opened = new Map<number, bigint>();
		dealings.forEach((dealing, dealer) => {
			const result = openShare({ context, dealer, dealing, seat, boxSecret: box.secret });
			if (!result.ok) throw new Error(`seat ${seat} could not open dealer ${dealer}'s share: ${result.reason}`);
			opened.set(dealer, result.share);
		});
		return secretShare(opened);
	});
	return { n, t, context, boxes, boxKeys, dealings, polynomials, ephemerals, secrets, group: groupKey(new Map(dealings.map((d, i) => [i, d])), n, context) };
}

/** Every k-subset of 0..n−1, in lexicographic order. */
export function subsets(n: number, k: number): number[][] {
	if (k === 0) return [[]];
	const out: number[][] = [];
	for (let first = 0; first <= n - k; first++) {
		for (const rest of subsets(n - first - 1, k - 1)) out.push([first, ...rest.map((r) => r + first + 1)]);
	}
	return out;
}

/** The same bytes with a non-zero unused bit in the last base64url character (a non-canonical spelling). */
export function respell(text: string): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	return text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | 1];
}

/** 32 little-endian bytes of n in base64url. */
export function le32(n: bigint): string {
	return bytesToBase64url(numberToBytesLE(n, 32));
}

/** The little-endian number that 32 bytes of base64url spell. */
export function scalarOf(text: string): bigint {
	const bytes = base64urlToBytes(text, 32)!;
	let n = 0n;
	for (let i = 31; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
	return n;
}

/** `text` (base64url of `size` bytes) with its 32 bytes at `from` replaced by those of `part` (base64url of 32 bytes). */
export function splice(text: string, size: number, from: number, part: string): string {
	const bytes = base64urlToBytes(text, size)!;
	bytes.set(base64urlToBytes(part, 32)!, from);
	return bytesToBase64url(bytes);
}

/** The 32 bytes at `from` of `text` (base64url of `size` bytes), as base64url. */
export function slice32(text: string, size: number, from: number): string {
	return bytesToBase64url(base64urlToBytes(text, size)!.subarray(from, from + 32));
}

/** A scalar's text plus ℓ: the same residue, non-canonically. */
export function plusL(scalar: string): string {
	return le32(scalarOf(scalar) + L);
}

/** Point spellings that are not canonical ristretto255 encodings, by name. */
export const BAD_POINTS: readonly [name: string, text: string][] = [
	['s = p (not reduced)', le32(P)],
	['s = p + 2 (the encoding of 2, unreduced)', le32(P + 2n)],
	['odd s (negative)', le32(1n)],
	['the top bit set', le32(2n ** 255n + 4n)],
	['all ones', bytesToBase64url(new Uint8Array(32).fill(255))]
];

/** The identity point's encoding (32 zero bytes). */
export const IDENTITY = le32(0n);

/**
 * Dealer `dealer`'s dealing with seat `victim`'s sealed share off by one (a share that fails the
 * commitments), re-proved as a cheating dealer would: it passes dealingProblem.
 */
export function cheatingDealing(dkg: Dkg, dealer: number, victim: number): Dealing {
	const d = dkg.dealings[dealer]!;
	const shares = d.shares.map((s, j) => (j === victim ? le32((scalarOf(s) + 1n) % L) : s));
	return reprove(dkg, dealer, { ...d, shares });
}

/** The dealing, doctored, with a valid proof by dealer `dealer` (who knows e and a_0). */
export function reprove(dkg: Dkg, dealer: number, dealing: Dealing): Dealing {
	const { ephemeral, commitments, shares } = dealing;
	const proof = proveDealing({
		context: dkg.context,
		dealer,
		dealing: { ephemeral, commitments, shares },
		ephemeral: dkg.ephemerals[dealer]!,
		constant: dkg.polynomials[dealer]![0]!,
		random: seeded(`reprove ${dealer}`)
	});
	return { ...dealing, proof };
}
