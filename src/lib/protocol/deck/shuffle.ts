/**
 * Shuffling: each seat in turn re-masks every card and permutes the deck (the re-encryption mix of
 * C. Park, K. Itoh, K. Kurosawa, EUROCRYPT '93, as used for mental poker by A. Barnett and
 * N. P. Smart, "Mental poker revisited", Cryptography and Coding 2003), with everything secret
 * derived from a 32-byte seed the seat keeps:
 *   π = Fisher–Yates with swap j_i = Hs("deck-shuffle/swap", seed, game, seat, N, i) mod (i+1),
 *       i = N−1..1 (bias below (i+1)/ℓ < 2^-244);
 *   r'_k = Hs("deck-shuffle/mask", seed, game, seat, N, k);
 *   out[k] = (C1 + G·r'_k, C2 + Y·r'_k) for (C1, C2) = in[π(k)].
 * (Hs is the coin module's hash to scalar: RFC 9380 expand_message_xmd SHA-512, reduced mod ℓ.)
 * The final order is the composition of every seat's π: no seat knows it unless all collude.
 *
 * Audit instead of shuffle proofs. Each step publishes, with its deck, the commitment
 * SHA-256(transcript("fnord-v2:deck-shuffle-commitment", game, seat, seed)). When the game ends
 * every seat reveals its seed, and anyone re-runs each step from its input deck (auditShuffle):
 * a seat whose seed does not match its commitment (BAD_SEED) or whose recomputed deck differs
 * from the one it published (SHUFFLE_MISMATCH) is named. Until then a substituted, duplicated or
 * dropped card goes unnoticed unless the immediate check (checkShuffle: length, encodings,
 * duplicates, every card re-masked, none in the clear) catches it. Revealing the seeds reveals
 * every permutation, so the audit opens the whole deck: it is for the end of the game only.
 * Zero-knowledge shuffle proofs (Neff 2001; Bayer–Groth 2012) would catch a cheat at once; they
 * cost far more to make and check, and the issue allows the audit.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { hashToScalar, transcript } from '../coin/group.js';
import { checkGame, checkIndex, fail, ok, type DeckError, type Result } from './errors.js';
import { encodeMasked, groupKeyPoint, parseDeck, remask, type Masked, type MaskedCard } from './masking.js';

/** A seat's shuffle as it is published: the new deck and the commitment to its seed (43 characters). */
export interface ShuffleStep {
	readonly deck: readonly MaskedCard[];
	readonly commitment: string;
}

/** Bytes of a shuffle seed. */
export const SEED_BYTES = 32;


/** A seed given as 32 bytes or as their canonical base64url (43 characters, as revealed in the log). */
function parseSeed(seed: unknown): Uint8Array | null {
	if (seed instanceof Uint8Array) return seed.length === SEED_BYTES ? seed : null;
	return typeof seed === 'string' ? base64urlToBytes(seed, SEED_BYTES) : null;
}

/** An input deck: the open deck (its first card's C1 is the identity, 32 zero bytes) or a shuffled one. */
function parseInput(deck: unknown): Result<Masked[]> {
	const first = Array.isArray(deck) && typeof deck[0] === 'string' ? base64urlToBytes(deck[0], 64) : null;
	return parseDeck(deck, first !== null && first.subarray(0, 32).every((byte) => byte === 0));
}

/** The commitment to a shuffle seed: base64url(SHA-256(transcript(tag, game, seat, seed))). */
export function shuffleCommitment(p: { game: string; seat: number; seed: Uint8Array | string }): Result<string> {
	const game = checkGame(p.game);
	if (!game.ok) return game;
	const seat = checkIndex(p.seat, 'the seat');
	if (!seat.ok) return seat;
	const seed = parseSeed(p.seed);
	if (seed === null) return fail('BAD_INPUT', `a shuffle seed is ${SEED_BYTES} bytes (or their base64url)`, { seat: seat.value });
	return ok(bytesToBase64url(sha256(transcript(['fnord-v2:deck-shuffle-commitment', game.value, seat.value, seed]))));
}

/** π for a deck of n cards from the seed: perm[k] is the input position that goes to output position k. */
function permutation(seed: Uint8Array, game: string, seat: number, n: number): number[] {
	const perm = Array.from({ length: n }, (_, k) => k);
	for (let i = n - 1; i >= 1; i--) {
		const j = Number(hashToScalar('deck-shuffle/swap', seed, game, seat, n, i) % BigInt(i + 1));
		[perm[i], perm[j]] = [perm[j]!, perm[i]!];
	}
	return perm;
}

/**
 * Seat `seat`'s shuffle of `deck` (the open deck or the previous seat's output) under the group key
 * Y, from its secret 32-byte seed (draw it with the app's random source and keep it until the audit).
 * Deterministic: the same inputs give the same step (that is what the audit re-runs).
 */
export function shuffle(p: {
	game: string;
	seat: number;
	deck: readonly MaskedCard[];
	groupKey: string;
	seed: Uint8Array | string;
}): Result<ShuffleStep> {
	const commitment = shuffleCommitment(p);
	if (!commitment.ok) return commitment;
	const y = groupKeyPoint(p.groupKey);
	if (!y.ok) return y;
	const input = parseInput(p.deck);
	if (!input.ok) return input;
	const seed = parseSeed(p.seed)!;
	const cards = input.value;
	const perm = permutation(seed, p.game, p.seat, cards.length);
	const deck = perm.map((from, k) =>
		encodeMasked(remask(cards[from]!, hashToScalar('deck-shuffle/mask', seed, p.game, p.seat, cards.length, k), y.value))
	);
	return ok({ deck, commitment: commitment.value });
}

/**
 * The immediate, cheap check of a published shuffle by seat `seat` (no secret needed): `after` is
 * a well-formed shuffled deck (parseDeck: canonical points, no identity C1, no card in the clear,
 * no two cards sharing C1) of the same length as `before`, and no card of `before` reappears
 * without being re-masked. It cannot see a substituted card: the audit does (auditShuffle).
 * `before` is taken as already checked (the open deck, or the previous step that passed this check):
 * only its length and first halves are used.
 */
export function checkShuffle(p: { seat: number; before: readonly MaskedCard[]; after: unknown }): Result<void> {
	const seat = checkIndex(p.seat, 'the seat');
	if (!seat.ok) return seat;
	if (!Array.isArray(p.before) || !p.before.every((card) => typeof card === 'string')) {
		return fail('BAD_INPUT', `the deck before seat ${p.seat}'s shuffle is not an array of masked cards`);
	}
	const after = parseDeck(p.after);
	if (!after.ok) return fail('BAD_DECK', `seat ${p.seat}'s shuffle: ${after.error.message}`, { seat: p.seat, position: after.error.position });
	if (after.value.length !== p.before.length) {
		return fail('BAD_DECK', `seat ${p.seat}'s shuffle has ${after.value.length} cards, not ${p.before.length}`, { seat: p.seat });
	}
	const firstHalves = new Set(p.before.map((card) => card.slice(0, 43)));
	const k = (p.after as string[]).findIndex((card) => firstHalves.has(card.slice(0, 43)));
	if (k >= 0) return fail('BAD_DECK', `seat ${p.seat}'s shuffle left position ${k} without re-masking it`, { seat: p.seat, position: k });
	return ok(undefined);
}

/**
 * The audit of one shuffle step once its seat has revealed its seed: the seed matches the
 * commitment published with the step (else BAD_SEED) and re-running the shuffle of `before` gives
 * exactly `after` (else SHUFFLE_MISMATCH, naming the first differing position). Both name the seat.
 * BAD_INPUT when `before` or the group key is malformed (not this seat's doing).
 */
export function auditShuffle(p: {
	game: string;
	seat: number;
	before: readonly MaskedCard[];
	after: readonly MaskedCard[];
	groupKey: string;
	seed: Uint8Array | string;
	commitment: string;
}): Result<void> {
	const seat = checkIndex(p.seat, 'the seat');
	if (!seat.ok) return seat;
	const at = { seat: p.seat };
	if (parseSeed(p.seed) === null) return fail('BAD_SEED', `seat ${p.seat} revealed no ${SEED_BYTES}-byte seed`, at);
	const commitment = shuffleCommitment(p);
	if (!commitment.ok) return commitment;
	if (commitment.value !== p.commitment) return fail('BAD_SEED', `seat ${p.seat}'s revealed seed does not match its shuffle commitment`, at);
	const redone = shuffle({ ...p, deck: p.before });
	if (!redone.ok) return fail('BAD_INPUT', `the deck before seat ${p.seat}'s shuffle: ${redone.error.message}`);
	const after: unknown = p.after;
	if (!Array.isArray(after) || after.length !== redone.value.deck.length) {
		return fail('SHUFFLE_MISMATCH', `seat ${p.seat}'s shuffle does not have the length its seed gives`, at);
	}
	const k = redone.value.deck.findIndex((card, i) => card !== after[i]);
	if (k >= 0) return fail('SHUFFLE_MISMATCH', `seat ${p.seat}'s shuffle differs from what its seed gives at position ${k}`, { ...at, position: k });
	return ok(undefined);
}

/** One published step with its revealed seed (undefined when the seat has not revealed it). */
export interface RevealedStep extends ShuffleStep {
	readonly seat: number;
	readonly seed: Uint8Array | string | undefined;
}

/**
 * The audit of a whole shuffle: every step against the deck it was given (the open deck, then the
 * previous step's published deck), each on its own, so every cheating seat is named, not only the
 * first. Returns the failures in step order (empty: every shuffle was honest). A bad open deck is
 * one BAD_INPUT failure.
 */
export function auditShuffles(p: { game: string; groupKey: string; open: readonly MaskedCard[]; steps: readonly RevealedStep[] }): DeckError[] {
	const open = parseDeck(p.open, true);
	if (!open.ok) return [{ ...open.error, code: 'BAD_INPUT', message: `the open deck: ${open.error.message}` }];
	const failures: DeckError[] = [];
	let before = p.open;
	for (const step of p.steps) {
		const audited = auditShuffle({ game: p.game, groupKey: p.groupKey, before, after: step.deck, seat: step.seat, seed: step.seed!, commitment: step.commitment });
		if (!audited.ok) failures.push(audited.error);
		before = step.deck;
	}
	return failures;
}

/**
 * The permutation a revealed seed gives (perm[k]: the input position that went to output position
 * k), or null for a malformed seed: after the audit, anyone follows every card to its final place.
 */
export function shufflePermutation(p: { game: string; seat: number; n: number; seed: Uint8Array | string }): number[] | null {
	const seed = parseSeed(p.seed);
	return seed === null || !Number.isSafeInteger(p.n) || p.n < 0 ? null : permutation(seed, p.game, p.seat, p.n);
}
