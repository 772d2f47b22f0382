/**
 * What an honest device does on its own for Hidden Illuminati (docs/deck.md, "Hidden Illuminati"):
 * its part of the deal (device.ts), then, once it has opened its own card, its first statement
 * (its printed Power and Income: the starting treasury, Beginning the Game), the answer to an
 * accusation against it (ES "Creo que eres Cthulhu"): a right one by showing its card with proof,
 * a wrong one by "no"; its card shown when its player asks to reveal it (to use its ability), and
 * once its special goal would be met (to win by it). Every entry is one the replay would take now (the engine is asked first).
 */
import { bluffAllowance, hiddenIlluminatiOf, illuminatiViewFor, secretDeal } from '../../../engine/hidden-illuminati.js';
import { statedLimits } from '../../../engine/accusation.js';
import { isFaceDownIlluminati } from '../../../engine/cards/face-down.js';
import { step, type CardId, type PlayerAction, type Seat } from '../../../engine/index.js';
import type { CoreV2 } from '../core.js';
import { cardAt, cardNumber } from '../deck/core.js';
import type { IlluminatiBody } from './bodies.js';
import { dealEnded } from './handlers.js';
import { answerAccusation, nextDealBody, openOwnIlluminati, showBody, type DealKeys, type OwnIlluminati } from './device.js';
import { wouldWinShown } from '../../../engine/hidden-illuminati-deal.js';
import { revealAsked } from '../../../engine/hidden-illuminati-reveal.js';

export type IlluminatiAutomatic = { readonly kind: 'illuminati'; readonly body: IlluminatiBody } | { readonly kind: 'action'; readonly body: PlayerAction };

export class IlluminatiDevice {
	/** Own cards opened: `${game} ${seat}` → card and proof (a seat's card never changes). */
	readonly #own = new Map<string, OwnIlluminati>();

	/** This seat's own card and its proof, once the seals to it are in (null before, or for a seatless device). */
	own(core: CoreV2, keys: DealKeys): OwnIlluminati | null {
		const deal = core.illuminati;
		if (deal === null || deal.final === null) return null;
		const key = `${deal.setup.game} ${keys.seat}`;
		const known = this.#own.get(key);
		if (known !== undefined) return known;
		const opened = openOwnIlluminati(deal, keys);
		if (opened !== null) this.#own.set(key, opened);
		return opened;
	}

	/** This seat's own card id, or null. */
	card(core: CoreV2, keys: DealKeys): CardId | null {
		const own = this.own(core, keys);
		return own === null ? null : cardAt(own.card);
	}

	/** The next entry this device posts for `keys.seat` (deal, statement, answer, seed), or null. */
	next(core: CoreV2, keys: DealKeys): IlluminatiAutomatic | null {
		const deal = core.illuminati;
		const engine = core.engine;
		if (deal === null || engine === null) return null;
		const ended = dealEnded(core);
		const body = nextDealBody(deal, keys, ended);
		if (body !== null) return { kind: 'illuminati', body };
		if (ended || !secretDeal(engine)) return null;
		const { seat } = keys;
		const card = engine.players[seat]?.illuminati ?? null;
		if (card === null || !isFaceDownIlluminati(card)) return null;
		const own = this.own(core, keys);
		if (own === null) return null;
		const hidden = hiddenIlluminatiOf(engine);
		const pending = hidden.pending ?? null;
		if (pending !== null && pending.target === seat) {
			const answer = answerAccusation(seat, own, cardNumber(pending.illuminati));
			if ('show' in answer) return { kind: 'illuminati', body: answer.show };
			return this.#legal(core, { type: 'denyAccusation', seat, illuminati: pending.illuminati, by: pending.seat });
		}
		// Its player asked to reveal it (engine/hidden-illuminati-reveal.ts): shown with proof, so every peer checks it.
		if (revealAsked(engine, seat)) return { kind: 'illuminati', body: showBody(seat, own) };
		if (!(hidden.started ?? []).includes(seat)) return this.#statement(core, seat, cardAt(own.card)!);
		// Its special goal met once shown: shown now, so the victory check at the turn's end sees it.
		if (wouldWinShown(engine, seat, cardAt(own.card)!)) return { kind: 'illuminati', body: showBody(seat, own) };
		return null;
	}

	/** The honest first statement: the card's printed Power and Income (no bluff). */
	#statement(core: CoreV2, seat: Seat, card: CardId): IlluminatiAutomatic | null {
		const view = illuminatiViewFor(core.engine!, seat, card);
		const limits = statedLimits(view, seat);
		const extra = bluffAllowance(view);
		return this.#legal(core, { type: 'stateIlluminati', seat, power: limits.power - extra, income: limits.income - extra });
	}

	#legal(core: CoreV2, action: PlayerAction): IlluminatiAutomatic | null {
		return step(core.engine!, action).ok ? { kind: 'action', body: action } : null;
	}
}
