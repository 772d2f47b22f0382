/**
 * Threshold decryption of a masked card (C1, C2) (threshold ElGamal: Y. Desmedt, Y. Frankel,
 * "Threshold cryptosystems", CRYPTO '89; with the DKG of ../coin/dkg.ts, T. P. Pedersen,
 * EUROCRYPT '91). Seat j's partial decryption is d_j = C1·x_j with a Chaum–Pedersen proof
 * (D. Chaum, T. P. Pedersen, "Wallet databases with observers", CRYPTO '92; Fiat–Shamir, the coin
 * module's proveDleq) that log_G(Y_j) = log_C1(d_j), Y_j = G·x_j the seat's public share key.
 * The proof's transcript is domain-separated ("deck-partial") and binds the game, the deck
 * position, the seat and C2 (and C1, Y_j, d_j as the statement), so a partial cannot be moved to
 * another card, position, seat or game. It does not name a recipient: the drawer can publish the
 * partials it was sealed to reveal a card (verifyReveal).
 *
 * Any t valid partials interpolate at 0 to D = Σ λ_j·d_j = C1·x (Lagrange, the coin module's
 * lagrangeAtZero over evaluation points j+1), and M = C2 − D is a card point (cards.ts). d_j is
 * unique for a given card and seat, so every set of t valid partials gives the same card: a seat
 * that has seen the card cannot change it. Fewer than t partials give nothing (DDH): combine
 * refuses them (NOT_ENOUGH_PARTIALS), and interpolating them anyway gives a point that is no card.
 *
 * Wire format: { seat, share } with share = base64url(d_j ‖ c ‖ z), 96 bytes (128 characters).
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { proveDleq, verifyDleq, type DleqStatement } from '../coin/proofs.js';
import { decodePoint, evaluationPoint, Fn, G, lagrangeAtZero, mulSecret, Point, pointBytes, pointFromBytes, type Random } from '../coin/group.js';
import { cardOf } from './cards.js';
import { checkGame, checkIndex, fail, guard, ok, type Result } from './errors.js';
import { fixedBase, parseMasked, type Masked, type MaskedCard } from './masking.js';

/** Seat `seat`'s partial decryption of one masked card, with its proof. */
export interface PartialDecryption {
	readonly seat: number;
	/** base64url(d ‖ c ‖ z): 96 bytes, 128 characters. */
	readonly share: string;
}

/** Bytes of a partial decryption's share: d (32) ‖ c (32) ‖ z (32). */
export const PARTIAL_BYTES = 96;

/** A partial's point and proof, parsed. */
export interface ParsedPartial {
	readonly seat: number;
	readonly d: Point;
	readonly proof: Uint8Array;
}

function statement(game: string, position: number, seat: number, shareKey: Point, card: Masked, d: Point): DleqStatement {
	return { tag: 'deck-partial', context: [game, position, seat, card.c2], g1: G, h1: shareKey, g2: card.c1, h2: d };
}

/** A shuffled masked card (C1 not the identity: a card of the open deck is not decrypted). */
function shuffledCard(card: unknown): Result<Masked> {
	return parseMasked(card, false);
}

/** The seat, d and proof of a partial (an object with exactly `seat` and `share`), or BAD_PARTIAL. */
export function parsePartial(partial: unknown, seats = 2 ** 31): Result<ParsedPartial> {
	if (typeof partial !== 'object' || partial === null || Object.keys(partial).sort().join() !== 'seat,share') {
		return fail('BAD_PARTIAL', 'a partial decryption is an object with exactly the fields seat and share');
	}
	const { seat, share } = partial as Record<string, unknown>;
	const index = checkIndex(seat, 'the seat of a partial decryption', seats);
	if (!index.ok) return fail('BAD_PARTIAL', index.error.message);
	const bytes = typeof share === 'string' ? base64urlToBytes(share, PARTIAL_BYTES) : null;
	const d = bytes === null ? null : pointFromBytes(bytes.subarray(0, 32));
	if (bytes === null || d === null || d.is0()) {
		return fail('BAD_PARTIAL', `the partial decryption of seat ${index.value} is not ${PARTIAL_BYTES} bytes of canonical base64url starting with a non-identity point`, { seat: index.value });
	}
	return ok({ seat: index.value, d, proof: bytes.subarray(32) });
}

/**
 * Seat `seat`'s partial decryption of the masked card at deck position `position`, from its secret
 * share x_j of the DKG (`random` feeds the proof's hedged nonce only).
 */
export function partialDecryption(p: {
	game: string;
	position: number;
	card: MaskedCard;
	seat: number;
	secret: bigint;
	random: Random;
}): Result<PartialDecryption> {
	const game = checkGame(p.game);
	if (!game.ok) return game;
	const position = checkIndex(p.position, 'the position');
	if (!position.ok) return position;
	const seat = checkIndex(p.seat, 'the seat');
	if (!seat.ok) return seat;
	if (typeof p.secret !== 'bigint' || !Fn.isValidNot0(p.secret)) return fail('BAD_INPUT', 'the secret share is in [1, ℓ)');
	const card = shuffledCard(p.card);
	if (!card.ok) return card;
	return guard(() => {
		const d = mulSecret(card.value.c1, p.secret);
		const shareKey = mulSecret(fixedBase(), p.secret);
		const proof = proveDleq(statement(game.value, position.value, seat.value, shareKey, card.value, d), p.secret, p.random);
		return ok({ seat: seat.value, share: bytesToBase64url(concatBytes(pointBytes(d), proof)) });
	});
}

/** Share keys decoded once (every partial of a seat is checked against the same key): a small cache by text. */
const shareKeys = new Map<string, Point>();
export function shareKeyPoint(text: unknown): Point | null {
	if (typeof text !== 'string') return null;
	let point = shareKeys.get(text);
	if (point === undefined) {
		try {
			point = decodePoint(text, 'the share key');
		} catch {
			return null;
		}
		if (shareKeys.size >= 64) shareKeys.delete(shareKeys.keys().next().value!);
		shareKeys.set(text, point);
	}
	return point;
}

/**
 * Whether `partial` is a valid partial decryption of `card` at `position` in `game` by the seat it
 * names, whose share key Y_j is `shareKey`: BAD_PARTIAL (malformed), BAD_PROOF (the proof fails),
 * BAD_INPUT (a malformed game, position, card or share key).
 */
export function verifyPartial(p: { game: string; position: number; card: MaskedCard; partial: unknown; shareKey: string }): Result<ParsedPartial> {
	const game = checkGame(p.game);
	if (!game.ok) return game;
	const position = checkIndex(p.position, 'the position');
	if (!position.ok) return position;
	const card = shuffledCard(p.card);
	if (!card.ok) return fail('BAD_INPUT', card.error.message, { position: p.position });
	const shareKey = shareKeyPoint(p.shareKey);
	if (shareKey === null) return fail('BAD_INPUT', 'the share key is not a canonical non-identity point');
	const parsed = parsePartial(p.partial);
	if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, { seat: parsed.error.seat, position: p.position });
	const { seat, d, proof } = parsed.value;
	if (!verifyDleq(statement(game.value, position.value, seat, shareKey, card.value, d), proof)) {
		return fail('BAD_PROOF', `the proof of seat ${seat}'s partial decryption at position ${p.position} does not hold`, { seat, position: p.position });
	}
	return parsed;
}

/**
 * The card number under `card` from partial decryptions (checked already: this does not verify
 * proofs): D = Σ λ_j·d_j over the t lowest distinct seats given, M = C2 − D, M's card number.
 * NOT_ENOUGH_PARTIALS with fewer than t seats, BAD_PARTIAL when one is malformed or a seat gives two
 * different shares, NOT_A_CARD when M is no card point (a bad partial, or a card substituted by a shuffle).
 */
export function combine(p: { card: MaskedCard; partials: readonly unknown[]; t: number; position?: number }): Result<number> {
	const at = p.position === undefined ? {} : { position: p.position };
	if (!Number.isSafeInteger(p.t) || p.t < 1) return fail('BAD_INPUT', 'the threshold is a positive integer');
	const card = shuffledCard(p.card);
	if (!card.ok) return fail('BAD_INPUT', card.error.message, at);
	if (!Array.isArray(p.partials)) return fail('BAD_INPUT', 'the partial decryptions are an array');
	const bySeat = new Map<number, Point>();
	for (const partial of p.partials) {
		const parsed = parsePartial(partial);
		if (!parsed.ok) return fail('BAD_PARTIAL', parsed.error.message, { ...at, seat: parsed.error.seat });
		const seen = bySeat.get(parsed.value.seat);
		if (seen !== undefined && !seen.equals(parsed.value.d)) {
			return fail('BAD_PARTIAL', `seat ${parsed.value.seat} gives two different partial decryptions`, { ...at, seat: parsed.value.seat });
		}
		bySeat.set(parsed.value.seat, parsed.value.d);
	}
	if (bySeat.size < p.t) return fail('NOT_ENOUGH_PARTIALS', `a card needs partial decryptions from ${p.t} seats, got ${bySeat.size}`, at);
	const seats = [...bySeat.keys()].sort((a, b) => a - b).slice(0, p.t);
	const lambdas = lagrangeAtZero(seats.map(evaluationPoint));
	const d = seats.reduce((sum, seat, i) => sum.add(bySeat.get(seat)!.multiplyUnsafe(lambdas[i]!)), Point.ZERO);
	const number = cardOf(card.value.c2.subtract(d));
	return number === null ? fail('NOT_A_CARD', 'the partial decryptions unmask a point that is no card', at) : ok(number);
}

/**
 * A card revealed with proofs: at least t partial decryptions of `card` at `position` from distinct
 * seats, every one valid against its seat's share key (shareKeys[j] = Y_j from the DKG), combined.
 * Serves a card drawn face up (everyone's partials published at once) and a Special played from a
 * hand (the drawer publishes the partials it was sealed, proving the card is the one drawn there).
 */
export function verifyReveal(p: {
	game: string;
	position: number;
	card: MaskedCard;
	partials: readonly unknown[];
	shareKeys: readonly string[];
	t: number;
}): Result<number> {
	if (!Array.isArray(p.shareKeys) || !Number.isSafeInteger(p.t) || p.t < 1 || p.t > p.shareKeys.length) {
		return fail('BAD_INPUT', 'the threshold is an integer in [1, number of share keys]');
	}
	if (!Array.isArray(p.partials)) return fail('BAD_INPUT', 'the partial decryptions are an array');
	for (const partial of p.partials) {
		const parsed = parsePartial(partial, p.shareKeys.length);
		if (!parsed.ok) return fail('BAD_PARTIAL', parsed.error.message, { seat: parsed.error.seat, position: p.position });
		const verified = verifyPartial({ ...p, partial, shareKey: p.shareKeys[parsed.value.seat]! });
		if (!verified.ok) return verified;
	}
	return combine(p);
}
