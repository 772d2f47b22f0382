/**
 * Specials of the receiver's choice in a deal. Others may know how many Specials a player holds,
 * not which (Basic Rules, Special cards), so a player who wants one of another's Specials cannot
 * name it: the offer asks for `take.anySpecials` of them, and the receiver picks which when it
 * accepts (`chosen`). The exchange is then made at once, in the open, like any other (Gifts and
 * Trades). Only what an offer asks for may be left to the other side's choice: the maker names
 * what it gives.
 */
import type { AcceptOfferAction } from './actions.js';
import { CARDS } from './cards/index.js';
import type { RuleError, RuleErrorCode } from './errors.js';
import type { CardId, GameState, Offer, OfferSide, Seat } from './types.js';

/** The most Specials of its choice one offer may ask for. */
export const MAX_ANY_SPECIALS = 3;

const problem = (code: RuleErrorCode, message: string): RuleError => ({ code, message });

/** How many Specials of the receiver's choice a side asks for (0: none). */
export function anySpecialsOf(side: OfferSide): number {
	return side.anySpecials ?? 0;
}

/** What is wrong with `anySpecials` on an offer's sides, or null. */
export function anySpecialsProblem(give: OfferSide, take: OfferSide): RuleError | null {
	if (give.anySpecials !== undefined) return problem('BAD_OFFER', 'Only what an offer asks for may be left to the other player\u2019s choice.');
	const count = take.anySpecials;
	if (count === undefined) return null;
	if (!Number.isInteger(count) || count < 1 || count > MAX_ANY_SPECIALS) {
		return problem('BAD_OFFER', `An offer asks for 1 to ${MAX_ANY_SPECIALS} Specials of the receiver's choice, not ${count}.`);
	}
	return null;
}

/** Whether `seat` holds enough Specials for what `take` asks of it: how many it holds is public
 * (hidden cards included), which they are is not. */
export function enoughSpecialsProblem(state: GameState, seat: Seat, take: OfferSide): RuleError | null {
	const wanted = anySpecialsOf(take);
	if (wanted === 0) return null;
	const player = state.players[seat]!;
	const held = player.hand.length + (player.hidden?.length ?? 0);
	if (held < take.specials.length + wanted) return problem('NOT_HELD', `Seat ${seat} holds ${held} Special(s), fewer than the offer asks for.`);
	return null;
}

/** What is wrong with the Specials an acceptance picks for `offer`, or null. */
export function chosenProblem(state: GameState, offer: Offer, action: AcceptOfferAction): RuleError | null {
	const wanted = anySpecialsOf(offer.take);
	const chosen = action.chosen;
	if (wanted === 0) {
		return chosen === undefined ? null : problem('BAD_OFFER', `Offer ${offer.id} leaves no Special to seat ${action.seat}'s choice.`);
	}
	if (chosen === undefined || chosen.length !== wanted) {
		return problem('CHOICE_NEEDED', `Offer ${offer.id} asks for ${wanted} Special(s) of seat ${action.seat}'s choice: pick ${wanted}.`);
	}
	if (new Set(chosen).size !== chosen.length) return problem('BAD_OFFER', 'A card is picked twice.');
	const hand = state.players[offer.to]!.hand;
	for (const card of chosen) {
		if (CARDS[card]?.kind !== 'special') return problem('BAD_OFFER', `${card} is not a Special card.`);
		if (offer.take.specials.includes(card)) return problem('BAD_OFFER', `${card} is already named in the offer; pick another.`);
		if (!hand.includes(card)) return problem('NOT_HELD', `Seat ${offer.to} does not hold ${card}.`);
	}
	return null;
}

/** Every set of Specials `seat` could pick for `offer` (one list per choice, in hand order). */
export function choicesFor(state: GameState, offer: Offer, seat: Seat): CardId[][] {
	const wanted = anySpecialsOf(offer.take);
	if (wanted === 0) return [[]];
	// A sealed offer's count is judged only on acceptance: one the engine refuses lists no pick
	// (C(15, 8) of them would be judged one by one on every look otherwise).
	if (anySpecialsProblem(offer.give, offer.take) !== null) return [];
	const pickable = [...new Set(state.players[seat]!.hand)].filter((card) => CARDS[card]?.kind === 'special' && !offer.take.specials.includes(card));
	const out: CardId[][] = [];
	const pick = (from: number, picked: CardId[]): void => {
		if (picked.length === wanted) {
			out.push(picked);
			return;
		}
		for (let i = from; i < pickable.length; i++) pick(i + 1, [...picked, pickable[i]!]);
	};
	pick(0, []);
	return out;
}
