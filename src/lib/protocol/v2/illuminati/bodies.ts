/**
 * The Hidden Illuminati deal's bodies (rule option hiddenIlluminati; docs/deck.md, "Hidden
 * Illuminati"): a second masked deck that holds only the Illuminati cards of the game, shuffled by
 * every seat, one card per seat sealed to its owner. Shapes only; what each does is in deal.ts.
 *
 * - `shuffle`: seat `seat`'s whole shuffle step (at most 13 cards: one part) and its seed commitment.
 * - `seal`: seat `seat`'s partial decryption of seat `to`'s card, sealed to `to`.
 * - `show`: seat `seat` shows its own Illuminati to all (t partials with proofs): to answer a right
 *   accusation, or to play its card face up.
 * - `complain`: the owner `seat` reveals the shared point of the seal from `from` that did not open to
 *   a valid partial (deck/complaint.ts), so anyone can judge it.
 * - `seed`: at the game's end, seat `seat` reveals its shuffle seed: the deal opens and every claim is checked.
 */
import { isBase64url } from '../../base64url.js';
import { MASKED_CARD_CHARS } from '../../deck/index.js';

/** The Illuminati a game can hold: the classic eight and the FR add-on's five illuminated groups. */
export const MAX_ILLUMINATI = 13;

export interface WirePartial {
	readonly seat: number;
	readonly share: string;
}

export type IlluminatiBody =
	| { readonly type: 'shuffle'; readonly seat: number; readonly cards: readonly string[]; readonly commitment: string }
	| { readonly type: 'seal'; readonly seat: number; readonly to: number; readonly box: string }
	| { readonly type: 'show'; readonly seat: number; readonly partials: readonly WirePartial[] }
	| { readonly type: 'complain'; readonly seat: number; readonly from: number; readonly shared: string; readonly proof: string }
	| { readonly type: 'seed'; readonly seat: number; readonly seed: string };

const FIELDS: Record<IlluminatiBody['type'], readonly string[]> = {
	shuffle: ['type', 'seat', 'cards', 'commitment'],
	seal: ['type', 'seat', 'to', 'box'],
	show: ['type', 'seat', 'partials'],
	complain: ['type', 'seat', 'from', 'shared', 'proof'],
	seed: ['type', 'seat', 'seed'],
};

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < 8;
const isPartial = (value: unknown): boolean =>
	typeof value === 'object' && value !== null && Object.keys(value).sort().join() === 'seat,share' && isIndex((value as WirePartial).seat) && isBase64url((value as WirePartial).share, 96);
const isBox = (value: unknown): boolean => typeof value === 'string' && value.length <= 400 && /^[A-Za-z0-9_-]+$/.test(value);

/** Null when `body` is a well-formed Illuminati-deal body, else what is wrong. */
export function illuminatiBodyProblem(body: Record<string, unknown>): string | null {
	const type = body.type as IlluminatiBody['type'];
	if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return 'illuminati: type is shuffle, seal, show, complain or seed';
	const fields = FIELDS[type];
	const keys = Object.keys(body);
	if (keys.length !== fields.length || !fields.every((field) => Object.hasOwn(body, field))) return `illuminati ${type} body fields: ${fields.join(', ')}`;
	if (!isIndex(body.seat)) return `illuminati ${type}: seat is a whole number below 8`;
	switch (type) {
		case 'shuffle':
			if (!Array.isArray(body.cards) || body.cards.length < 2 || body.cards.length > MAX_ILLUMINATI) return `illuminati shuffle: 2 to ${MAX_ILLUMINATI} cards`;
			if (!body.cards.every((card) => typeof card === 'string' && card.length === MASKED_CARD_CHARS && isBase64url(card, 64))) return 'illuminati shuffle: each card is a masked card (64 bytes in base64url)';
			return isBase64url(body.commitment, 32) ? null : 'illuminati shuffle: commitment is 32 bytes in base64url';
		case 'seal':
			return isIndex(body.to) && isBox(body.box) ? null : 'illuminati seal: to and a base64url box';
		case 'show':
			return Array.isArray(body.partials) && body.partials.length >= 1 && body.partials.length <= 8 && body.partials.every(isPartial) ? null : 'illuminati show: partials (1 to 8)';
		case 'complain':
			return isIndex(body.from) && isBase64url(body.shared, 32) && isBase64url(body.proof, 64) ? null : 'illuminati complain: from, a shared point (32 bytes) and a proof (64 bytes)';
		case 'seed':
			return isBase64url(body.seed, 32) ? null : 'illuminati seed: 32 bytes in base64url';
	}
}
