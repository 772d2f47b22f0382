/**
 * Card encoding: card number i (0 ≤ i < 128, the engine's index of a card in the game's deck)
 * is the point M_i = hash_to_ristretto255(transcript(i)) under the domain-separation tag
 * "fnord-v2:deck-card" (RFC 9380 hash_to_curve with expand_message_xmd SHA-512, as the coin
 * module's hashToPoint). Nobody knows a discrete-log relation between the points, so no seat can
 * turn a masking of one card into a masking of another without re-encrypting from scratch (which
 * the shuffle audit catches), and a point names at most one card: the decode table maps each
 * M_i's 32-byte encoding back to i.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { hashToPoint, pointBytes, transcript, type Point } from '../coin/group.js';

/** Card numbers are 0..MAX_CARDS−1 (a game's deck has at most 128 cards; Illuminati's has 106 at most per set). */
export const MAX_CARDS = 128;

let points: Point[] | null = null;
let table: Map<string, number> | null = null;

function build(): { points: Point[]; table: Map<string, number> } {
	if (points === null || table === null) {
		points = Array.from({ length: MAX_CARDS }, (_, i) => hashToPoint('deck-card', transcript(['card', i])));
		table = new Map(points.map((point, i) => [bytesToHex(pointBytes(point)), i]));
	}
	return { points, table };
}

/** Whether `i` is a card number (an integer in [0, MAX_CARDS)). */
export function isCardNumber(i: unknown): i is number {
	return typeof i === 'number' && Number.isSafeInteger(i) && i >= 0 && i < MAX_CARDS;
}

/** M_i, the point of card number i (the table is built on first use: 128 hashes to the curve). */
export function cardPoint(i: number): Point {
	if (!isCardNumber(i)) throw new RangeError(`a card number is an integer in [0, ${MAX_CARDS})`);
	return build().points[i]!;
}

/** The card number whose point is `point`, or null when it is no card's point. */
export function cardOf(point: Point): number | null {
	return build().table.get(bytesToHex(pointBytes(point))) ?? null;
}

/** The card number a 32-byte encoding names, or null. */
export function cardOfBytes(bytes: Uint8Array): number | null {
	return build().table.get(bytesToHex(bytes)) ?? null;
}
