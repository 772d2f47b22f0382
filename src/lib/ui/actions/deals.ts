/**
 * Deals for one seat (Basic Rules: Gifts and Trades; Transferring Groups; When Is a Deal
 * Binding?; Free Actions: giving money or Specials). Offers are read only through the engine's
 * `visibleOffers`, so a private offer reaches no one but its two parties. Making an offer is free
 * form: the player fills both sides and the engine judges it; recipients are the seats the engine
 * accepts an offer to.
 */
import {
	MAX_ANY_SPECIALS,
	offerDigest,
	step,
	visibleOffers,
	type AcceptOfferAction,
	type CardId,
	type GameState,
	type GiveAction,
	type LegalAction,
	type Offer,
	type OfferAction,
	type OfferSide,
	type Seat,
} from '$lib/engine/index.js';
import { anySpecialsProblem } from '$lib/engine/offer-choice.js';
import { revealedTerms } from '$lib/engine/offer-terms.js';
// Types only: sealed-offers.ts holds the seals' cryptography, loaded with import() when a game needs it.
import type { OpenedOffer } from '$lib/session/sealed-offers.js';
import { offerPick, pickAccepts, pickRefusal, type OfferPick } from './offer-picks.js';

export interface OfferView {
	readonly offer: Offer;
	/** The viewer made it / it is made to the viewer. */
	readonly mine: boolean;
	readonly toMe: boolean;
	readonly accept?: LegalAction;
	readonly decline?: LegalAction;
	readonly withdraw?: LegalAction;
	/** Why accepting is refused now (the engine's code), when the offer is made to the viewer. */
	readonly acceptRefused?: { readonly code: string; readonly message: string };
	/** A sealed private offer (session/sealed-offers.ts): what its box holds, checked against its
	 * commitment; or why it is broken (then it cannot be accepted). */
	readonly sealed?: { readonly give: OfferSide; readonly take: OfferSide; readonly note: string | null };
	readonly broken?: { readonly code: string; readonly message: string };
	/** For the receiver of an offer asking for Specials of its choice (offer-picks.ts): what it
	 * picks among; then `accept` is absent and the acceptance comes from the cards picked. */
	readonly pick?: OfferPick;
	/** For the receiver of a sealed offer asking for a number of Specials of its choice the engine
	 * never accepts (not a whole number from 1 to MAX_ANY_SPECIALS): that number. No pick, no accept. */
	readonly badChoiceCount?: number;
}

/** Opens a sealed offer's box for the viewer (null: this page cannot, e.g. no live game). */
export type OfferOpener = (offer: Offer) => OpenedOffer | null;

/** The acceptance of a sealed offer, completed with the terms its box holds. */
function sealedAnswer(state: GameState, seat: Seat, offer: Offer, opened: OpenedOffer | null): Partial<OfferView> {
	if (opened === null) return { broken: { code: 'BOX_MISSING', message: `No box of offer ${offer.id} opens here.` } };
	if (!opened.ok) return { broken: opened.error };
	const { give, take, note } = opened.terms;
	const view: Partial<OfferView> = { sealed: { give, take, note } };
	if (offer.to !== seat) return view;
	// A hostile maker's count of Specials of choice: every acceptance would be refused, whatever is picked.
	if (take.anySpecials !== undefined && anySpecialsProblem(NOTHING, take) !== null) return { ...view, badChoiceCount: take.anySpecials };
	// Like session/sealed-offers.ts acceptSealed (not imported here: it loads the seals' cryptography).
	const accept: AcceptOfferAction = { type: 'acceptOffer', seat, offer: offer.id, terms: revealedTerms(opened.terms), digest: offerDigest(offer) };
	const shown: Offer = { ...offer, give, take };
	const pick = offerPick(state, seat, shown, pickAccepts(state, seat, shown, accept));
	if (pick !== null) {
		const refused = pick.accepts.length === 0 ? pickRefusal(state, seat, shown, accept) : null;
		return { ...view, pick, ...(refused ? { acceptRefused: refused } : {}) };
	}
	const result = step(state, accept);
	return result.ok ? { ...view, accept: { action: accept } } : { ...view, acceptRefused: result.error };
}

/** The offers a seat sees, each with the answers the engine lists for it; a sealed one opened by `open`. */
export function offerViews(state: GameState, seat: Seat | null, legal: readonly LegalAction[], open: OfferOpener = () => null): OfferView[] {
	const find = (type: string, id: number) => legal.find((entry) => entry.action.type === type && 'offer' in entry.action && entry.action.offer === id);
	return visibleOffers(state, seat).map((offer) => {
		const toMe = offer.to === seat;
		if (offer.commitment !== undefined && seat !== null) {
			const decline = find('declineOffer', offer.id);
			const withdraw = find('withdrawOffer', offer.id);
			return { offer, mine: offer.from === seat, toMe, ...(decline ? { decline } : {}), ...(withdraw ? { withdraw } : {}), ...sealedAnswer(state, seat, offer, open(offer)) };
		}
		const plain: AcceptOfferAction | null = toMe && seat !== null ? { type: 'acceptOffer', seat, offer: offer.id } : null;
		// Specials of the receiver's choice: the engine lists one acceptance per pick.
		const pick = plain === null ? null : offerPick(state, plain.seat, offer, legal.filter((entry) => entry.action.type === 'acceptOffer' && entry.action.offer === offer.id));
		const accept = pick === null ? find('acceptOffer', offer.id) : undefined;
		let acceptRefused: OfferView['acceptRefused'];
		if (plain !== null && pick !== null && pick.accepts.length === 0) acceptRefused = pickRefusal(state, plain.seat, offer, plain) ?? undefined;
		else if (plain !== null && pick === null && accept === undefined) {
			const result = step(state, plain);
			if (!result.ok) acceptRefused = result.error;
		}
		return {
			offer,
			mine: offer.from === seat,
			toMe,
			...(accept ? { accept } : {}),
			...(pick ? { pick } : {}),
			...(find('declineOffer', offer.id) ? { decline: find('declineOffer', offer.id)! } : {}),
			...(find('withdrawOffer', offer.id) ? { withdraw: find('withdrawOffer', offer.id)! } : {}),
			...(acceptRefused ? { acceptRefused } : {}),
		};
	});
}

export interface OfferDraft {
	readonly to: Seat | null;
	readonly give: OfferSide;
	readonly take: OfferSide;
	readonly private: boolean;
	readonly note: string;
}

export const NOTHING: OfferSide = { money: 0, specials: [], groups: [] };

export function emptyOffer(to: Seat | null): OfferDraft {
	return { to, give: NOTHING, take: NOTHING, private: false, note: '' };
}

/** The seats the engine would take an offer to: the listed example, tried with each other seat. */
export function offerRecipients(state: GameState, example: OfferAction): Seat[] {
	return state.players
		.map((player) => player.seat)
		.filter((seat) => seat === example.to || (seat !== example.seat && step(state, { ...example, to: seat }).ok));
}

export function offerAction(seat: Seat, draft: OfferDraft): OfferAction | null {
	if (draft.to === null) return null;
	const note = draft.note.trim();
	const take = withAnySpecials(draft.take, draft.take.anySpecials ?? 0);
	return { type: 'offer', seat, to: draft.to, give: draft.give, take, private: draft.private, ...(note ? { note } : {}) };
}

/** The offer a filled-in form makes to `to` (the recipient shown) with the amounts typed; the
 * Specials of choice asked for are capped at what `to` holds now beside the cards named (the
 * counts the form shows). */
export function formOffer(state: GameState, seat: Seat, draft: OfferDraft, to: Seat | null, money: { readonly give: number; readonly take: number }): OfferAction | null {
	const take = fitAnySpecials(state, to, { ...draft.take, money: money.take });
	return offerAction(seat, { ...draft, to, give: { ...draft.give, money: money.give }, take });
}

/** `take` with its Specials of choice cut to the most an offer to `to` naming its `specials` may ask for. */
export function fitAnySpecials(state: GameState, to: Seat | null, take: OfferSide): OfferSide {
	const most = anySpecialsCounts(state, to, take.specials).length - 1;
	return withAnySpecials(take, Math.min(take.anySpecials ?? 0, most));
}

/** A side asking for `count` Specials of the receiver's choice (none: the field is left out). */
export function withAnySpecials(side: OfferSide, count: number): OfferSide {
	const { anySpecials: _old, ...rest } = side;
	return count > 0 ? { ...rest, anySpecials: count } : rest;
}

/** Secret deck: the Specials a private offer's draft gives that the table has not seen (`unseen`,
 * held face down): making the offer shows them to all first (session/moves.ts). */
export function hiddenGiven(draft: OfferDraft, unseen: readonly CardId[]): CardId[] {
	return draft.private ? draft.give.specials.filter((card) => unseen.includes(card)) : [];
}

/** How many Specials `seat` holds: public (its hand and its hidden cards), which they are is not. */
export function specialsHeld(state: GameState, seat: Seat | null): number {
	const player = seat === null ? undefined : state.players[seat];
	return player === undefined ? 0 : player.hand.length + (player.hidden?.length ?? 0);
}

/** The counts of Specials of its choice an offer to `to` that names `named` of its Specials may ask
 * for: 0 up to the most the engine allows, the named cards and those of its choice together no more
 * than `to` holds (engine/offer-choice.ts enoughSpecialsProblem). */
export function anySpecialsCounts(state: GameState, to: Seat | null, named: readonly CardId[]): number[] {
	const most = Math.max(0, Math.min(MAX_ANY_SPECIALS, specialsHeld(state, to) - named.length));
	return Array.from({ length: most + 1 }, (_, n) => n);
}

export function toggleIn(list: readonly CardId[], card: CardId): CardId[] {
	return list.includes(card) ? list.filter((other) => other !== card) : [...list, card];
}

type Give = LegalAction & { readonly action: GiveAction };
const gives = (options: readonly LegalAction[]): Give[] => options.filter((legal): legal is Give => legal.action.type === 'give');

export function giveRecipients(options: readonly LegalAction[]): Seat[] {
	return [...new Set(gives(options).map((legal) => legal.action.to))];
}

/** The most money the engine lists as a gift to `to` (0: none listed). */
export function giveMoneyMax(options: readonly LegalAction[], to: Seat | null): number {
	const listed = gives(options).find((legal) => legal.action.to === to && legal.action.money > 0);
	return listed?.max ?? listed?.action.money ?? 0;
}

/** The Specials the engine lists as gifts to `to`. */
export function giveSpecials(options: readonly LegalAction[], to: Seat | null): CardId[] {
	return gives(options)
		.filter((legal) => legal.action.to === to)
		.flatMap((legal) => legal.action.specials);
}

export function giveAction(seat: Seat, to: Seat, money: number, specials: readonly CardId[]): GiveAction {
	return { type: 'give', seat, to, money, specials: [...specials] };
}
