/**
 * What a bot may see, and the copies it simulates on. Every bot reads the game only through
 * `viewFor(state, seat)`: it is the one place that decides what a seat knows.
 *
 * Today the engine keeps every Special card in the public state (hands are open in the data), so
 * the view still shows other seats' hands and the draw pile's contents. When hands become secret,
 * this function is where they get hidden: replace each other seat's hand with cards sampled from
 * the unseen pool (deck ∪ other hands, minus what Computer Espionage showed this seat), seeded by
 * the bot, so the rest of the bot keeps working on a full `GameState` unchanged.
 *
 * What is already private is removed here: other seats' private offers, and what Computer
 * Espionage showed other seats (grants). A UFO's secret goal is never in the state at all; the bot
 * that plays the seat remembers it (secrets.ts).
 */
import { visibleGrants, visibleOffers, type GameState, type Seat } from '../engine/index.js';

export function viewFor(state: GameState, seat: Seat): GameState {
	const offers = visibleOffers(state, seat);
	const grants = visibleGrants(state, seat);
	if (offers.length === state.offers.length && grants.length === state.grants.length) return state;
	return { ...state, offers, grants };
}

/**
 * A copy a bot may look ahead on: the same state in sandbox mode, so its lookahead can state an
 * attack's dice outright (a `fixed` entry) and read both outcomes exactly. It is never sent
 * anywhere; the real game keeps its own options.
 */
export function simulationCopy(state: GameState): GameState {
	if (state.options.sandbox) return state;
	return { ...state, options: { ...state.options, sandbox: true } };
}
