/**
 * Which of this device's seats the game page plays (windows close by themselves: session/window-clock.ts). Pure
 * (over the engine's state and legal actions), so it is unit-tested without a browser. The seats
 * the game waits for come from the hot-seat preview's rule (`seatsAwaited`), so both follow the
 * same seat.
 */
import type { GameState, Seat } from '$lib/engine/index.js';
import { seatToShow, seatsAwaited } from '$lib/ui/actions/seats-awaited.js';

/** The seats of `mine` the game waits for now, in seat order. */
export function awaitedSeats(state: GameState, mine: readonly Seat[]): Seat[] {
	const awaited = seatsAwaited(state);
	return mine.filter((seat) => awaited.includes(seat));
}

/**
 * The seat to play now among `mine` (null for a spectator): the awaited one (the active player
 * first, then the one shown, then the first), else the one shown if it is still this device's,
 * else the active player if it is, else the first.
 */
export function seatToPlay(state: GameState, mine: readonly Seat[], shown: Seat | null): Seat | null {
	if (mine.length === 0) return null;
	const active = state.turn?.seat;
	const fallback = shown !== null && mine.includes(shown) ? shown : active !== undefined && mine.includes(active) ? active : mine[0]!;
	const awaited = awaitedSeats(state, mine);
	return awaited.length === 0 ? fallback : seatToShow(state, awaited, fallback);
}
