/**
 * Masking: ElGamal encryption (T. ElGamal, "A public key cryptosystem and a signature scheme
 * based on discrete logarithms", CRYPTO '84 / IEEE Trans. IT 1985) over ristretto255 under the
 * DKG group key Y = G·x (../coin/dkg.ts). A masked card is (C1, C2) = (G·r, M + Y·r), M a card
 * point (cards.ts). Re-masking adds a fresh encryption of zero: (C1 + G·r', C2 + Y·r'), which
 * anyone can do without knowing the card, and which nobody without x can link to its input
 * (DDH in ristretto255). Unmasking needs D = C1·x = Σ λ_j·C1·x_j from t seats (partial.ts).
 *
 * The open deck is (identity, M_i) for each card: masking with r = 0. Every shuffle re-masks
 * every card (shuffle.ts), so after the first shuffle no card is in the clear.
 *
 * Wire format: a masked card is the canonical base64url of C1 ‖ C2 (64 bytes, 86 characters),
 * each the canonical RFC 9496 encoding; a deck is an array of them.
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { decodePoint, G, mulSecret, Point, pointBytes, pointFromBytes } from '../coin/group.js';
import { cardOf, cardPoint, isCardNumber, MAX_CARDS } from './cards.js';
import { fail, ok, type Result } from './errors.js';

/** A masked card on the wire: base64url of C1 ‖ C2 (86 characters). */
export type MaskedCard = string;

export interface Masked {
	readonly c1: Point;
	readonly c2: Point;
}

/** Characters of one masked card. */
export const MASKED_CARD_CHARS = 86;

export function encodeMasked(m: Masked): MaskedCard {
	return bytesToBase64url(concatBytes(pointBytes(m.c1), pointBytes(m.c2)));
}

/**
 * The points of a masked card, when it is 64 bytes of canonical base64url holding two canonical
 * points, C2 not the identity and C1 not the identity unless `open` (a card of the open deck).
 */
export function parseMasked(text: unknown, open = false): Result<Masked> {
	const bytes = typeof text === 'string' ? base64urlToBytes(text, 64) : null;
	if (bytes === null) return fail('BAD_DECK', 'a masked card is 64 bytes in canonical base64url (86 characters)');
	const c1 = pointFromBytes(bytes.subarray(0, 32));
	const c2 = pointFromBytes(bytes.subarray(32));
	if (c1 === null || c2 === null) return fail('BAD_DECK', 'a masked card holds two canonical ristretto255 encodings');
	if (c2.is0()) return fail('BAD_DECK', 'the second half of a masked card is the identity point');
	if (c1.is0() && !open) return fail('BAD_DECK', 'a shuffled card is unmasked (its first half is the identity point)');
	return ok({ c1, c2 });
}

/**
 * The points of a deck of 1..128 masked cards. `open`: the deck is the open deck, every C1 the
 * identity and every C2 a distinct card point. Otherwise (a shuffled deck) no C1 is the identity,
 * no C2 is a card point in the clear, and no two cards share a C1 or the same ciphertext (an honest
 * shuffle repeats either with probability about 2^-240).
 */
export function parseDeck(deck: unknown, open = false): Result<Masked[]> {
	if (!Array.isArray(deck) || deck.length < 1 || deck.length > MAX_CARDS) {
		return fail('BAD_DECK', `a deck is an array of 1 to ${MAX_CARDS} masked cards`);
	}
	const out: Masked[] = [];
	const firsts = new Set<string>();
	const seconds = new Set<string>();
	for (let k = 0; k < deck.length; k++) {
		const text: unknown = deck[k];
		const parsed = parseMasked(text, open);
		if (!parsed.ok) return fail('BAD_DECK', `position ${k}: ${parsed.error.message}`, { position: k });
		const { c1, c2 } = parsed.value;
		const card = cardOf(c2);
		if (open) {
			if (!c1.is0() || card === null) return fail('BAD_DECK', `position ${k}: an open deck's card is (identity, a card point)`, { position: k });
			if (seconds.has(text as string)) return fail('BAD_DECK', `position ${k}: card ${card} is in the open deck twice`, { position: k });
			seconds.add(text as string);
		} else {
			if (card !== null) return fail('BAD_DECK', `position ${k}: card ${card} is in the clear`, { position: k });
			const first = (text as string).slice(0, 43);
			if (firsts.has(first)) return fail('BAD_DECK', `position ${k}: two cards share their first half`, { position: k });
			firsts.add(first);
		}
		out.push(parsed.value);
	}
	return ok(out);
}

/** The open deck of distinct card numbers, in the given order: (identity, M_i) each. */
export function openDeck(cards: readonly number[]): Result<MaskedCard[]> {
	if (!Array.isArray(cards) || cards.length < 1 || cards.length > MAX_CARDS) {
		return fail('BAD_INPUT', `a deck has 1 to ${MAX_CARDS} cards`);
	}
	if (!cards.every(isCardNumber)) return fail('BAD_INPUT', `card numbers are integers in [0, ${MAX_CARDS})`);
	if (new Set(cards).size !== cards.length) return fail('BAD_INPUT', 'the card numbers are distinct');
	return ok(cards.map((i) => encodeMasked({ c1: Point.ZERO, c2: cardPoint(i) })));
}

/** G with a window-8 table (a copy: the shared base point is left as noble set it up). */
let base: Point | null = null;
export function fixedBase(): Point {
	base ??= Point.fromBytes(G.toBytes()).precompute(8, false);
	return base;
}

/**
 * The group key Y's point with a window-8 table (every re-mask multiplies Y by a secret scalar):
 * a small cache by text. BAD_INPUT when the text is not a canonical non-identity point.
 */
export function groupKeyPoint(text: unknown): Result<Point> {
	if (typeof text !== 'string') return fail('BAD_INPUT', 'the group key is a canonical point (43 characters)');
	let point = keys.get(text);
	if (point === undefined) {
		try {
			point = decodePoint(text, 'the group key').precompute(8, false);
		} catch (error) {
			if (error instanceof RangeError) return fail('BAD_INPUT', error.message);
			throw error;
		}
		if (keys.size >= 16) keys.delete(keys.keys().next().value!);
		keys.set(text, point);
	}
	return ok(point);
}
const keys = new Map<string, Point>();

/** (C1 + G·r, C2 + Y·r): the card masked once more with the secret scalar r. */
export function remask(m: Masked, r: bigint, y: Point): Masked {
	return { c1: m.c1.add(mulSecret(fixedBase(), r)), c2: m.c2.add(mulSecret(y, r)) };
}

/** Card number i masked afresh with r under Y: (G·r, M_i + Y·r) (what a cheater substituting a card would post; tests use it). */
export function maskCard(i: number, r: bigint, y: Point): Masked {
	return remask({ c1: Point.ZERO, c2: cardPoint(i) }, r, y);
}
