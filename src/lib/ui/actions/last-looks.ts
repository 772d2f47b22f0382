/**
 * The makers that took a last look at each seat of this device (LiveGame.lastLooked, read from the
 * session: session/last-look.ts), handed to the deals panel through a Svelte context: the game page
 * provides them; elsewhere (sandbox, previews) there are none. The panel warns a seat picking a
 * Special of its choice for such a maker's offer (OfferPick.svelte).
 */
import { getContext, setContext } from 'svelte';
import type { Seat } from '$lib/engine/index.js';

/** The makers that withdrew an offer after `seat`'s pick for it. */
export type LastLooks = (seat: Seat) => readonly Seat[];

export const LAST_LOOKS = Symbol('last-looks');

/** The game page: the makers as the live game reads them (call during component setup). */
export function provideLastLooks(read: LastLooks): void {
	setContext(LAST_LOOKS, read);
}

/** The makers that took a last look at a seat shown here, if any (call during component setup). */
export function lastLooksContext(): LastLooks {
	return getContext<LastLooks | undefined>(LAST_LOOKS) ?? (() => []);
}
