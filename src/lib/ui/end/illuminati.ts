/**
 * The end screen's Hidden Illuminati part (ES "Illuminati ocultos", FR "Illuminati dissimulés";
 * docs/deck.md, "Hidden Illuminati"): every player's Illuminati as opened at the end, and who lied
 * about theirs. A card shown during the game is in the final state; under the secret deal a card
 * never shown comes from the deal's opening (`opened`: seat → card, null while the seeds are not
 * all in). The lies are the engine's own check (`illuminatiClaimFaults`), the one the protocol ran
 * to name each liar LIED_ABOUT_ILLUMINATI: a "no" to a right accusation, or a statement over the card.
 */
import { illuminatiClaimFaults, type ClaimFault } from '$lib/engine/accusation.js';
import { isFaceDownIlluminati } from '$lib/engine/cards/face-down.js';
import type { CardId, GameState, Seat } from '$lib/engine/index.js';

export interface IlluminatiRow {
	readonly seat: Seat;
	/** The card, or null while the opening has not run (or could not open it). */
	readonly card: CardId | null;
	/** Face up before the end: identified by an accusation, revealed, or out of the game shown. */
	readonly shownInPlay: boolean;
	/** Each way the seat lied about its card, found when the cards opened. */
	readonly lies: readonly ClaimFault['lie'][];
}

/** One row per seat, or null in a game without Hidden Illuminati. */
export function illuminatiRows(final: GameState, opened: Readonly<Record<number, CardId | null>> | null | undefined): IlluminatiRow[] | null {
	if (final.options.rules.hiddenIlluminati !== true) return null;
	const cards: Record<number, CardId | null> = {};
	for (const player of final.players) {
		const held = player.illuminati;
		cards[player.seat] = held !== null && !isFaceDownIlluminati(held) ? held : (opened?.[player.seat] ?? null);
	}
	const faults = opened ? illuminatiClaimFaults(final, cards) : [];
	return final.players.map((player) => ({
		seat: player.seat,
		card: cards[player.seat] ?? null,
		shownInPlay: player.illuminati !== null && !isFaceDownIlluminati(player.illuminati) && (final.hiddenIlluminati?.identified ?? []).includes(player.seat),
		lies: [...new Set(faults.filter((fault) => fault.seat === player.seat).map((fault) => fault.lie))],
	}));
}
