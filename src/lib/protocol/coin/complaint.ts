/**
 * Publicly verifiable complaints against a dealer (the complaint phase of Joint-Feldman DKG,
 * Gennaro–Jarecki–Krawczyk–Rabin '99, made verifiable from the public log alone).
 *
 * A seat j whose share from dealer i fails Feldman's check reveals the pad point K = E·b_j of
 * that one share, with a Chaum–Pedersen proof (CRYPTO '92, Fiat–Shamir; proofs.ts) that
 * log_G(B_j) = log_E(K). Anyone can then open the sealed share with K and run Feldman's check:
 * if the proof holds and the share fails, the dealer cheated; otherwise the complaint is false.
 * Revealing K discloses only that seat's share from that dealer (and its box secret stays secret).
 */
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { proveDleq, verifyDleq, type DleqStatement } from './proofs.js';
import { checkDealing, parseDealing, shareKeyPad, shareMatches, type Dealing, type ParsedDealing } from './dkg.js';
import { checkIndex, decodePoint, encodePoint, Fn, G, type Point, type Random } from './group.js';

/** Seat `seat`'s public complaint against dealer `dealer`. */
export interface Complaint {
	readonly dealer: number;
	readonly seat: number;
	/** K = E·b_seat, a canonical point (43 characters). */
	readonly pad: string;
	/** The Chaum–Pedersen proof (c ‖ z) that log_G(B_seat) = log_E(K): 64 bytes, 86 characters. */
	readonly proof: string;
}

export type Verdict = 'dealer-cheated' | 'false-complaint';

function statement(context: string, dealer: number, seat: number, boxKey: Point, ephemeral: Point, pad: Point): DleqStatement {
	return { tag: 'dkg-complaint', context: [context, dealer, seat], g1: G, h1: boxKey, g2: ephemeral, h2: pad };
}

/**
 * The complaint of seat `seat` (box key pair boxSecret, boxKey) against dealer `dealer`'s dealing.
 * Throws a RangeError when the dealing is malformed or the box key does not belong to the secret.
 * Complain only against a dealing that passed dealingProblem (one that fails it is disqualified
 * without a complaint, and its ephemeral key may be another dealer's: revealing the pad would open
 * that dealer's share) and only after openShare failed (a complaint against a good share is judged
 * false and discloses that share).
 */
export function complain(p: {
	context: string;
	dealer: number;
	dealing: Dealing;
	seat: number;
	boxSecret: bigint;
	boxKey: string;
	random: Random;
}): Complaint {
	if (typeof p.context !== 'string') throw new RangeError('the context is a string');
	const dealer = checkIndex(p.dealer, 'the dealer');
	const { ephemeral, sealed } = parseDealing(p.dealing);
	const seat = checkIndex(p.seat, 'the seat', sealed.length);
	if (!Fn.isValidNot0(p.boxSecret)) throw new RangeError('the box secret is in [1, ℓ)');
	const boxKey = decodePoint(p.boxKey, 'the box key');
	if (!G.multiply(p.boxSecret).equals(boxKey)) throw new RangeError('the box key is not G·boxSecret');
	const pad = ephemeral.multiply(p.boxSecret);
	const proof = proveDleq(statement(p.context, dealer, seat, boxKey, ephemeral, pad), p.boxSecret, p.random);
	return { dealer, seat, pad: encodePoint(pad), proof: bytesToBase64url(proof) };
}

const FIELDS = ['dealer', 'pad', 'proof', 'seat'];

/**
 * Anyone's verdict on a complaint against dealer `dealer`'s `dealing` in game `context`, given the
 * box key published by the seat the complaint names. 'dealer-cheated' when the proof holds and the
 * revealed pad opens a share that fails the commitments, or when the dealing itself has a problem
 * (dealingProblem: callers should have disqualified it already); 'false-complaint' for anything
 * else, including a complaint naming another dealer, or a malformed complaint or box key.
 * Deterministic; never throws on malformed public data (only on a bad context or dealer index).
 */
export function judgeComplaint(p: {
	context: string;
	dealer: number;
	dealing: Dealing;
	complaint: Complaint;
	boxKey: string;
}): Verdict {
	if (typeof p.context !== 'string') throw new RangeError('the context is a string');
	checkIndex(p.dealer, 'the dealer');
	const c: unknown = p.complaint;
	if (typeof c !== 'object' || c === null || Object.keys(c).sort().join() !== FIELDS.join()) return 'false-complaint';
	const { dealer, seat, pad: padText, proof: proofText } = c as Record<string, unknown>;
	if (dealer !== p.dealer) return 'false-complaint';
	let dealing: ParsedDealing;
	try {
		dealing = checkDealing(p.dealing, { context: p.context, dealer: p.dealer });
	} catch (error) {
		if (error instanceof RangeError) return 'dealer-cheated';
		throw error;
	}
	let boxKey: Point;
	let pad: Point;
	try {
		checkIndex(seat, 'the seat', dealing.sealed.length);
		boxKey = decodePoint(p.boxKey, 'the box key');
		pad = decodePoint(padText, 'the pad');
	} catch (error) {
		if (error instanceof RangeError) return 'false-complaint';
		throw error;
	}
	const proof = typeof proofText === 'string' ? base64urlToBytes(proofText, 64) : null;
	const d = dealer as number;
	const j = seat as number;
	if (proof === null || !verifyDleq(statement(p.context, d, j, boxKey, dealing.ephemeral, pad), proof)) return 'false-complaint';
	const share = Fn.sub(dealing.sealed[j]!, shareKeyPad(p.context, d, j, dealing.ephemeral, pad));
	return shareMatches(dealing.commitments, j, share) ? 'false-complaint' : 'dealer-cheated';
}
