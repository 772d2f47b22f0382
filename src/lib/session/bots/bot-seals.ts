/**
 * Private offers and a seated bot (docs/protocol.md, "Private offers"; sealed-offers.ts). A sealed
 * offer's log entry shows only its parties and a commitment: the terms are in a box sealed to the
 * recipient's box key, which for a bot derives from the bot's own seed (its session's). Before the
 * bot thinks, the sealed offers made to it are opened with that key and checked against their
 * commitment, and the bot sees them with their terms, as if made in the open: it answers them by
 * value like any offer (bots/offers.ts). Its acceptance then carries the terms and salt the engine
 * checks (`acceptSealed`). A box that does not open, or opens to terms its commitment does not
 * stand for, stays sealed: the bot cannot value it and declines it. A private offer the bot makes
 * is sealed to its two parties before it is posted (OfferSeals), as a person's is.
 */
import { offerDigest, type GameState, type Offer, type PlayerAction, type Seat } from '../../engine/index.js';
import type { SealedTerms } from '../../engine/offer-terms.js';
import type { GameSession } from '../game-session.js';
import { OfferSeals } from '../offer-seals.js';
import { acceptSealed } from '../sealed-offers.js';
import type { RandomBytes } from '../keys.js';
import type { SealedView } from './driver.js';

export class BotSeals implements SealedView {
	readonly #seals: OfferSeals;

	constructor(session: GameSession, random?: RandomBytes) {
		this.#seals = new OfferSeals(session, random);
	}

	open(state: GameState, seat: Seat): { state: GameState; finish(action: PlayerAction | null): PlayerAction | null } {
		const opened = new Map<number, { offer: Offer; terms: SealedTerms }>();
		const offers = state.offers.map((offer) => {
			if (offer.to !== seat || offer.commitment === undefined) return offer;
			const read = this.#seals.open(offer, seat);
			if (!read.ok) return offer;
			opened.set(offer.id, { offer, terms: read.terms });
			const { commitment: _sealed, ...open } = offer;
			return { ...open, give: read.terms.give, take: read.terms.take, note: read.terms.note };
		});
		const shown = opened.size === 0 ? state : { ...state, offers };
		return {
			state: shown,
			finish: (action) => {
				if (action === null) return null;
				if (action.type === 'acceptOffer') {
					const sealed = opened.get(action.offer);
					return sealed === undefined ? action : acceptSealed(seat, sealed.offer, sealed.terms, action.chosen);
				}
				// The bot saw the offer opened: its answer names the offer the log holds (sealed).
				if (action.type === 'declineOffer') {
					const sealed = opened.get(action.offer);
					return sealed === undefined ? action : { ...action, digest: offerDigest(sealed.offer) };
				}
				if (action.type === 'offer') return this.#seals.seal(action);
				return action;
			},
		};
	}
}
