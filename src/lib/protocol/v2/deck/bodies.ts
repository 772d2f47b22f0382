/**
 * The `deck` entry of protocol version 2 (docs/deck.md, "Wiring"): one entry kind whose body names
 * what it does with `type`, as an action does. Shapes only; what each does is in handlers.ts.
 *
 * - `shuffle`: part `part` of `parts` of seat `seat`'s shuffle step (a 100-card deck is ~9 KB, more
 *   than an entry's 4096 bytes: SHUFFLE_PART cards per part), with the commitment to its seed.
 * - `seal`: seat `seat`'s partial decryption of the card at `position`, sealed to the drawer `to`.
 * - `partial`: seat `seat`'s public partial decryption of the card at `position` (a face-up draw).
 * - `drawn`: the drawer's word on the card at `position`: `partials` (t of them, with proofs: the
 *   card is shown to all) or null (a Special, kept unseen).
 * - `show`: a seat shows the hidden card it drew at `position` (t partials with proofs), to play it.
 * - `tell`: Computer Espionage: seat `seat` re-seals the partials of its hidden card at `position`
 *   to the seat `to` that was shown its hand (t partials: `to` checks every proof).
 * - `complain`: the drawer `seat` reveals the shared point of the seal from `from` at `position`
 *   that did not open to a valid partial, with its proof (deck/complaint.ts): anyone judges it.
 * - `seed`: at the game's end, seat `seat` reveals its shuffle seed for the audit.
 */
import { isBase64url } from '../../base64url.js';
import { MASKED_CARD_CHARS } from '../../deck/index.js';

/** Masked cards per `shuffle` part: 30 × 89 characters plus the envelope (16 deps) stays under 4096 bytes. */
export const SHUFFLE_PART = 30;

export interface WirePartial {
	readonly seat: number;
	readonly share: string;
}

export type DeckBody =
	| { readonly type: 'shuffle'; readonly seat: number; readonly part: number; readonly parts: number; readonly cards: readonly string[]; readonly commitment: string }
	| { readonly type: 'seal'; readonly seat: number; readonly to: number; readonly position: number; readonly box: string }
	| { readonly type: 'partial'; readonly seat: number; readonly position: number; readonly share: string }
	| { readonly type: 'drawn'; readonly seat: number; readonly position: number; readonly partials: readonly WirePartial[] | null }
	| { readonly type: 'show'; readonly seat: number; readonly position: number; readonly partials: readonly WirePartial[] }
	| { readonly type: 'tell'; readonly seat: number; readonly to: number; readonly position: number; readonly box: string }
	| { readonly type: 'complain'; readonly seat: number; readonly from: number; readonly position: number; readonly shared: string; readonly proof: string }
	| { readonly type: 'seed'; readonly seat: number; readonly seed: string };

const FIELDS: Record<DeckBody['type'], readonly string[]> = {
	shuffle: ['type', 'seat', 'part', 'parts', 'cards', 'commitment'],
	seal: ['type', 'seat', 'to', 'position', 'box'],
	partial: ['type', 'seat', 'position', 'share'],
	drawn: ['type', 'seat', 'position', 'partials'],
	show: ['type', 'seat', 'position', 'partials'],
	tell: ['type', 'seat', 'to', 'position', 'box'],
	complain: ['type', 'seat', 'from', 'position', 'shared', 'proof'],
	seed: ['type', 'seat', 'seed'],
};

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < 2 ** 31;
const isPartial = (value: unknown): boolean =>
	typeof value === 'object' && value !== null && Object.keys(value).sort().join() === 'seat,share' && isIndex((value as WirePartial).seat) && isBase64url((value as WirePartial).share, 96);
const isPartials = (value: unknown): boolean => Array.isArray(value) && value.length >= 1 && value.length <= 8 && value.every(isPartial);
/** A seal's box: E (32) ‖ proof (64) ‖ ciphertext (at most one partial, 100 bytes + tag). */
const isBox = (value: unknown, limit = 400): boolean => typeof value === 'string' && value.length <= limit && /^[A-Za-z0-9_-]+$/.test(value);

/** Null when `body` is a well-formed deck body, else what is wrong. */
export function deckBodyProblem(body: Record<string, unknown>): string | null {
	const type = body.type as DeckBody['type'];
	if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return 'deck: type is shuffle, seal, partial, drawn, show, tell, complain or seed';
	const fields = FIELDS[type];
	const keys = Object.keys(body);
	if (keys.length !== fields.length || !fields.every((field) => Object.hasOwn(body, field))) return `deck ${type} body fields: ${fields.join(', ')}`;
	if (!isIndex(body.seat)) return `deck ${type}: seat must be a whole number`;
	switch (type) {
		case 'shuffle':
			if (!isIndex(body.part) || !isIndex(body.parts) || body.parts < 1 || body.parts > 8 || (body.part as number) >= (body.parts as number)) return 'deck shuffle: part < parts ≤ 8';
			if (!Array.isArray(body.cards) || body.cards.length < 1 || body.cards.length > SHUFFLE_PART) return `deck shuffle: 1 to ${SHUFFLE_PART} cards`;
			if (!body.cards.every((card) => typeof card === 'string' && card.length === MASKED_CARD_CHARS && isBase64url(card, 64))) return 'deck shuffle: each card is a masked card (64 bytes in base64url)';
			return isBase64url(body.commitment, 32) ? null : 'deck shuffle: commitment is 32 bytes in base64url';
		case 'seal':
			return isIndex(body.to) && isIndex(body.position) && isBox(body.box) ? null : 'deck seal: to, position and a base64url box';
		case 'partial':
			return isIndex(body.position) && isBase64url(body.share, 96) ? null : 'deck partial: position and a 96-byte share';
		case 'drawn':
			return isIndex(body.position) && (body.partials === null || isPartials(body.partials)) ? null : 'deck drawn: position and partials (1 to 8) or null';
		case 'show':
			return isIndex(body.position) && isPartials(body.partials) ? null : 'deck show: position and partials (1 to 8)';
		case 'tell':
			// A reveal seal: up to 8 partials (97 bytes each) after E and the proof, plus the tag.
			return isIndex(body.to) && isIndex(body.position) && isBox(body.box, 1300) ? null : 'deck tell: to, position and a base64url box';
		case 'complain':
			return isIndex(body.from) && isIndex(body.position) && isBase64url(body.shared, 32) && isBase64url(body.proof, 64) ? null : 'deck complain: from, position, a shared point (32 bytes) and a proof (64 bytes)';
		case 'seed':
			return isBase64url(body.seed, 32) ? null : 'deck seed: 32 bytes in base64url';
	}
}
