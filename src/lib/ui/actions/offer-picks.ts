/**
 * Specials of the receiver's choice (engine/offer-choice.ts): an offer may ask for "N of your
 * Specials", and its receiver picks which when it accepts (`chosen`). The receiver's view of such
 * an offer holds the cards it may pick among and the engine's acceptance for each full pick; the
 * panel sends one only once exactly N cards are picked. The picks are the engine's (`choicesFor`,
 * judged by `step`): the UI only matches the cards ticked to one of them.
 */
import { anySpecialsOf, choicesFor, step, type AcceptOfferAction, type CardId, type GameState, type LegalAction, type Offer, type Seat } from '$lib/engine/index.js';

export interface OfferPick {
	/** How many Specials the receiver picks. */
	readonly count: number;
	/** The receiver's Specials it may pick among (hand order). */
	readonly cards: readonly CardId[];
	/** The engine's acceptance for each full pick it allows (each with `chosen`). */
	readonly accepts: readonly LegalAction[];
}

/** What a pick needs, or null when `offer` (with its terms as shown) leaves nothing to choice. */
export function offerPick(state: GameState, seat: Seat, offer: Offer, accepts: readonly LegalAction[]): OfferPick | null {
	const count = anySpecialsOf(offer.take);
	if (count === 0) return null;
	const cards = [...new Set(choicesFor(state, offer, seat).flat())];
	return { count, cards, accepts };
}

/** The acceptances of `offer` for every pick the engine allows, completed from `base` (a sealed
 * offer's: with its revealed terms). */
export function pickAccepts(state: GameState, seat: Seat, offer: Offer, base: AcceptOfferAction): LegalAction[] {
	return choicesFor(state, offer, seat)
		.map((chosen): AcceptOfferAction => ({ ...base, chosen }))
		.filter((action) => step(state, action).ok)
		.map((action) => ({ action }));
}

/** Why no pick can be accepted now: the engine's refusal of the first pick (or of none). */
export function pickRefusal(state: GameState, seat: Seat, offer: Offer, base: AcceptOfferAction): { code: string; message: string } | null {
	const first = choicesFor(state, offer, seat)[0];
	const result = step(state, first === undefined ? base : { ...base, chosen: first });
	return result.ok ? null : result.error;
}

/** The engine's acceptance for exactly the cards picked (in any order), or undefined. */
export function acceptWith(pick: OfferPick, picked: readonly CardId[]): LegalAction | undefined {
	if (picked.length !== pick.count) return undefined;
	return pick.accepts.find((legal) => {
		const chosen = legal.action.type === 'acceptOffer' ? (legal.action.chosen ?? []) : [];
		return chosen.length === picked.length && picked.every((card) => chosen.includes(card));
	});
}

/** The cards of `picked` the receiver may still pick: a tick on a card it has since handed over,
 * given or played counts for nothing (else it would hold a place no box can clear). */
export function livePicks(pick: OfferPick, picked: readonly CardId[]): CardId[] {
	return picked.filter((card) => pick.cards.includes(card));
}

/** The cards picked after a tick on `card`: added while fewer than `count` are picked, or removed. */
export function togglePick(picked: readonly CardId[], card: CardId, count: number): CardId[] {
	if (picked.includes(card)) return picked.filter((other) => other !== card);
	return picked.length < count ? [...picked, card] : [...picked];
}
