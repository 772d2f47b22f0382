/**
 * Who a window waits for, and reopening it when something is played (Basic Rules: Interference;
 * Special Cards). Every seat still in the game is asked, whatever it holds, so a window never
 * tells anyone what a player holds: a client with nothing to play passes on its own.
 */
import type { GameState, Seat } from './types.js';

/** Seats every window waits for: those still in the game and not declared absent. */
export function windowSeats(state: GameState): Seat[] {
	return waitedSeats(state).slice();
}

/** The last players list asked about and its seats: they depend on the players only, and most
 * steps (passes, spending, the dice) leave that list unchanged; a window asks on every pass. */
let seatsOf: { readonly players: GameState['players']; readonly seats: readonly Seat[] } | null = null;

/** windowSeats, shared: the engine's own reads, which never change the list. */
export function waitedSeats(state: GameState): readonly Seat[] {
	if (seatsOf === null || seatsOf.players !== state.players) {
		const seats: Seat[] = [];
		for (const player of state.players) if (!player.eliminated && (player as { absent?: boolean }).absent !== true) seats.push(player.seat);
		seatsOf = { players: state.players, seats };
	}
	return seatsOf.seats;
}

/** `seats` with `seat` added, in ascending order: `[...seats, seat].sort((a, b) => a - b)` by
 * insertion, cheaper than a sort call on lists this short. */
export function withSeat(seats: readonly Seat[], seat: Seat): Seat[] {
	return sortSeats([...seats, seat]);
}

/** Sorts seat numbers ascending in place (insertion sort: the lists hold a few seats). */
export function sortSeats(seats: Seat[]): Seat[] {
	for (let i = 1; i < seats.length; i++) {
		const seat = seats[i]!;
		let j = i - 1;
		while (j >= 0 && seats[j]! > seat) {
			seats[j + 1] = seats[j]!;
			j--;
		}
		seats[j + 1] = seat;
	}
	return seats;
}

export function allPassed(state: GameState, passed: readonly Seat[]): boolean {
	for (const seat of waitedSeats(state)) if (!passed.includes(seat)) return false;
	return true;
}

/** Something was played: everyone gets to answer again. */
export function reopen(state: GameState): GameState {
	const phase = state.phase;
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') return { ...state, phase: { ...phase, passed: [] } };
	if (phase.kind === 'attack') return { ...state, phase: { ...phase, attack: { ...phase.attack, passed: [] } } };
	return state;
}
