/** Display names the app shell needs (the Illuminati to choose from), in the current language. */
import { t } from '../i18n/index.js';

export function illuminatiName(id: string): string {
	return t(`home.illuminatiName.${id}`);
}

/** A seat as players count it (seat 0 is "Seat 1"). */
export function seatLabel(seat: number): string {
	return t('lobby.seat', { seat: seat + 1 });
}
