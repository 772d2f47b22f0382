/**
 * The threshold coin of Cachin, Kursawe and Shoup ("Random oracles in Constantinople: practical
 * asynchronous Byzantine agreement using cryptography", PODC 2000; J. Cryptology 2005), its
 * Diffie–Hellman based coin, over ristretto255 with the key from the DKG (dkg.ts).
 *
 * For a message m (one random event), H = hash_to_ristretto255(m). Seat j's coin share is
 * σ_j = H·s_j with a Chaum–Pedersen proof (proofs.ts) that log_G(Y_j) = log_H(σ_j). Any t valid shares
 * interpolate at 0 to σ = Σ λ_j·σ_j = H·s, the same whichever t are used, and the coin is
 * SHA-256("fnord-coin" ‖ m ‖ σ). Fewer than t seats learn nothing about it (CDH in the random
 * oracle model), and nobody can steer it: it is fixed once the group key is.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { proveDleq, verifyDleq, type DleqStatement } from './proofs.js';
import {
	checkIndex,
	decodePoint,
	evaluationPoint,
	Fn,
	G,
	hashToPoint,
	lagrangeAtZero,
	mulSecret,
	Point,
	pointFromBytes,
	type Random
} from './group.js';

/** Bytes of one coin share: σ_j (32) ‖ c (32) ‖ z (32). */
export const COIN_SHARE_BYTES = 96;

/** H = hash_to_ristretto255(m) under the coin's own domain tag. */
export function coinBase(message: Uint8Array): Point {
	if (!(message instanceof Uint8Array)) throw new RangeError('a coin message is bytes');
	// Every share of an event has the same base: hash once per event (a small cache; the key is the message).
	const key = bytesToBase64url(message);
	let base = bases.get(key);
	if (base === undefined) {
		if (bases.size >= 64) bases.delete(bases.keys().next().value!);
		base = hashToPoint('coin-base', message);
		bases.set(key, base);
	}
	return base;
}
const bases = new Map<string, Point>();

function statement(message: Uint8Array, seat: number, shareKey: Point, base: Point, sigma: Point): DleqStatement {
	return { tag: 'coin-share', context: [message, seat], g1: G, h1: shareKey, g2: base, h2: sigma };
}

/** Seat `seat`'s coin share for `message` from its secret share s_j: σ_j and its proof, 96 bytes as base64url (128 characters). */
export function coinShare(p: { message: Uint8Array; seat: number; secret: bigint; random: Random }): string {
	const seat = checkIndex(p.seat, 'the seat');
	if (!Fn.isValidNot0(p.secret)) throw new RangeError('the secret share is in [1, ℓ)');
	const base = coinBase(p.message);
	const sigma = base.multiply(p.secret);
	const proof = proveDleq(statement(p.message, seat, mulSecret(G, p.secret), base, sigma), p.secret, p.random);
	return bytesToBase64url(concatBytes(sigma.toBytes(), proof));
}

/**
 * A share key's point, decoded once and with a precomputed table (every share of a seat is checked
 * against the same key all game long): a small cache by text.
 */
function shareKeyPoint(text: string): Point | null {
	let point = shareKeys.get(text);
	if (point === undefined) {
		try {
			point = decodePoint(text, 'the share key').precompute(8, false);
		} catch {
			return null;
		}
		if (shareKeys.size >= 64) shareKeys.delete(shareKeys.keys().next().value!);
		shareKeys.set(text, point);
	}
	return point;
}
const shareKeys = new Map<string, Point>();

/** σ_j from a coin share's text: a canonical, non-identity point; else null. */
function sigmaOf(share: unknown): { sigma: Point; proof: Uint8Array } | null {
	const bytes = typeof share === 'string' ? base64urlToBytes(share, COIN_SHARE_BYTES) : null;
	if (bytes === null) return null;
	const sigma = pointFromBytes(bytes.subarray(0, 32));
	return sigma === null || sigma.is0() ? null : { sigma, proof: bytes.subarray(32) };
}

/** Whether `share` is seat `seat`'s valid coin share for `message`, given its share key Y_j (groupKey). Never throws on malformed input. */
export function verifyCoinShare(p: { message: Uint8Array; seat: number; share: string; shareKey: string }): boolean {
	if (!(p.message instanceof Uint8Array) || !Number.isSafeInteger(p.seat) || p.seat < 0 || p.seat >= 2 ** 31) return false;
	const parsed = sigmaOf(p.share);
	if (parsed === null) return false;
	const shareKey = shareKeyPoint(p.shareKey);
	if (shareKey === null) return false;
	return verifyDleq(statement(p.message, p.seat, shareKey, coinBase(p.message), parsed.sigma), parsed.proof);
}

/**
 * The coin for `message` from verified coin shares (seat → share): σ = Σ λ_j·σ_j over the t lowest
 * seats given, then SHA-256("fnord-coin" ‖ m ‖ σ) as 64 hex digits (the engine's random seed).
 * Throws a RangeError when fewer than t shares are given or one is malformed. It does not verify
 * proofs: pass only shares that verifyCoinShare accepted.
 */
export function combineCoin(p: { message: Uint8Array; shares: ReadonlyMap<number, string>; t: number }): string {
	if (!(p.message instanceof Uint8Array)) throw new RangeError('a coin message is bytes');
	if (!Number.isSafeInteger(p.t) || p.t < 1) throw new RangeError('the threshold is a positive integer');
	if (p.shares.size < p.t) throw new RangeError(`the coin needs ${p.t} shares, got ${p.shares.size}`);
	const seats = [...p.shares.keys()].map((seat) => checkIndex(seat, 'a seat')).sort((a, b) => a - b).slice(0, p.t);
	const sigmas = seats.map((seat) => {
		const parsed = sigmaOf(p.shares.get(seat));
		if (parsed === null) throw new RangeError(`the coin share of seat ${seat} is malformed`);
		return parsed.sigma;
	});
	const lambdas = lagrangeAtZero(seats.map(evaluationPoint));
	const sigma = sigmas.reduce((sum, s, i) => sum.add(s.multiplyUnsafe(lambdas[i]!)), Point.ZERO);
	return bytesToHex(sha256(concatBytes(utf8ToBytes('fnord-coin'), p.message, sigma.toBytes())));
}
