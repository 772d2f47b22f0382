/** Display names the app shell needs, in the current language (card names from the shared words). */
import { getLocale, t } from '../i18n/index.js';
import { cardName } from '../words/names.js';

export function illuminatiName(id: string): string {
	return cardName(id, getLocale());
}

/** A seat as players count it (seat 0 is "Seat 1"). */
export function seatLabel(seat: number): string {
	return t('lobby.seat', { seat: seat + 1 });
}

/** Whoever holds a seat when their name is unknown (never set): "Player 1" for seat 0. */
export function playerFallback(seat: number): string {
	return t('lobby.player', { seat: seat + 1 });
}

/** A connected peer's name; one who set none is "Player N" when they hold a seat (`seats`: keys by seat), else "Anonymous". */
export function presentName(peer: { readonly name: string; readonly seat?: string }, seats: readonly (string | null)[]): string {
	if (peer.name.trim() !== '') return peer.name;
	const seat = peer.seat === undefined ? -1 : seats.indexOf(peer.seat);
	return seat >= 0 ? playerFallback(seat) : t('home.anonymous');
}
