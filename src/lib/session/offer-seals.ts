/**
 * A game session's private offers, sealed and opened (sealed-offers.ts): what the UI uses to make
 * a private offer and to read one made to, or by, a seat this device holds.
 */
import type { Action, CardId, GameState, Offer, OfferAction, Seat } from '../engine/index.js';
import { GameReplayer } from '../protocol/index.js';
import type { GameSession } from './game-session.js';
import type { RandomBytes } from './keys.js';
import { offerEntry, openOffer, sealOffer, seatBox, type OpenedOffer } from './sealed-offers.js';

const platformRandom: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

export class OfferSeals {
	readonly #session: GameSession;
	readonly #random: RandomBytes;
	readonly #opened = new Map<string, OpenedOffer>();

	constructor(session: GameSession, random: RandomBytes = platformRandom) {
		this.#session = session;
		this.#random = random;
	}

	/**
	 * Private offers are sealed in version-2 games played with other devices: there the log
	 * travels to every peer. A game whose seats are all on this device (hot seat) keeps no secret
	 * from its own screen's log, and its pass-the-device screen hides what is private.
	 */
	get sealing(): boolean {
		const session = this.#session;
		if (session.readOnly || !(session.replayer instanceof GameReplayer)) return false;
		return session.seats.some((key) => key !== null && key !== session.key);
	}

	/** The action to post for an offer: a private one sealed when the game seals, else as it is. */
	seal(action: OfferAction): OfferAction {
		if (!action.private || !this.sealing || action.commitment !== undefined) return action;
		const replayer = this.#session.replayer as GameReplayer;
		const boxKeys = replayer.core.seats.map((holder) => holder?.box);
		return sealOffer({ game: this.#session.gameId, action, boxKeys, random: this.#random });
	}

	/** Secret deck: the Specials in `seat`'s hand in its `view` that the table has not seen (drawn
	 * face down): an offer giving one shows it to all before it is posted (session/moves.ts). */
	unseen(view: GameState, seat: Seat): CardId[] {
		const shown = this.#session.state?.players[seat]?.hand ?? [];
		return (view.players[seat]?.hand ?? []).filter((card) => !shown.includes(card));
	}

	/** What `seat` (held here) reads of a sealed offer it is a party to (remembered once read, by
	 * maker, recipient and commitment: a commitment is public, and a rogue's offer copying another
	 * maker's must be read from its own boxes, never answered with the original's terms). */
	open(offer: Offer, seat: Seat): OpenedOffer {
		const id = `${offer.from}:${offer.to}:${offer.commitment}:${seat}`;
		const known = this.#opened.get(id);
		if (known) return known;
		const session = this.#session;
		const state = session.state;
		const box = seatBox(session.seed, session.gameId, seat);
		const made = offerEntry(session.replayer.exportLog().entries as Action[], offer);
		const opened = openOffer({ game: session.gameId, offer, made, seat, secret: box.secret, boxKey: box.publicKey, players: state?.players.length ?? 0 });
		if (made !== undefined) this.#opened.set(id, opened);
		return opened;
	}
}
