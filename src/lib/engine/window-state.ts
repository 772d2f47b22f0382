/**
 * Who a window waits for, and reopening it when something is played (Basic Rules: Interference;
 * Special Cards). Every seat still in the game is asked, whatever it holds, so a window never
 * tells anyone what a player holds: a client with nothing to play passes on its own.
 */
import type { GameState, Seat } from './types.js';

/** Seats every window waits for: those still in the game and not declared absent. */
export function windowSeats(state: GameState): Seat[] {
	return state.players
		.filter((player) => !player.eliminated && (player as { absent?: boolean }).absent !== true)
		.map((player) => player.seat);
}

export function allPassed(state: GameState, passed: readonly Seat[]): boolean {
	return windowSeats(state).every((seat) => passed.includes(seat));
}

/** Something was played: everyone gets to answer again. */
export function reopen(state: GameState): GameState {
	const phase = state.phase;
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') return { ...state, phase: { ...phase, passed: [] } };
	if (phase.kind === 'attack') return { ...state, phase: { ...phase, attack: { ...phase.attack, passed: [] } } };
	return state;
}
