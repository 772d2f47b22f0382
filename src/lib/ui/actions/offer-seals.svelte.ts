/**
 * The live game's private-offer seals (session/offer-seals.ts), handed to the deals panel through
 * a Svelte context: the game page provides them; elsewhere (sandbox, previews) there are none and
 * offers go as they are. The sealing code (the protocol's curves) is loaded with import(), like
 * the session's runtime, so the first page stays small.
 */
import { getContext, setContext } from 'svelte';
import type { GameSession } from '$lib/session/game-session.js';
import type { OfferSeals } from '$lib/session/offer-seals.js';

const KEY = Symbol('offer-seals');
const made = new WeakMap<GameSession, OfferSeals>();
let loaded: typeof import('$lib/session/offer-seals.js') | null = $state(null);

/** The game page: the seals of the session it plays (a getter: the session may be replaced). */
export function provideOfferSeals(session: () => GameSession | null): void {
	if (loaded === null) void import('$lib/session/offer-seals.js').then((module) => (loaded = module));
	setContext(KEY, () => {
		const current = session();
		if (current === null || loaded === null) return null;
		let seals = made.get(current);
		if (seals === undefined) made.set(current, (seals = new loaded.OfferSeals(current)));
		return seals;
	});
}

/** The seals of the game shown, if any (call during component setup; read the getter when used). */
export function offerSealsContext(): () => OfferSeals | null {
	return getContext<(() => OfferSeals | null) | undefined>(KEY) ?? (() => null);
}
