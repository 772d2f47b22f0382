/**
 * Which seats a game waits for, and which seat a shared screen shows: the game page and the
 * developer's hot-seat preview both follow this rule.
 */
import { seatsToAct, spendingSeats, windowSeats, type GameState, type Seat } from '$lib/engine/index.js';

/**
 * The seats the game waits for now: the open window's seats that have not passed since the last
 * play (a chain, the spending, the after-roll or start-of-turn window), else those with something
 * to do (`seatsToAct`). An attacker who passed may still call off, but the window waits for others.
 */
export function seatsAwaited(state: GameState): Seat[] {
	const notPassed = (seats: readonly Seat[], passed: readonly Seat[]) => seats.filter((seat) => !passed.includes(seat));
	const phase = state.phase;
	if (state.random !== null) return [];
	if (state.chain !== null) return notPassed(windowSeats(state), state.chain.passed);
	if (phase.kind === 'attack') return notPassed(spendingSeats(state, phase.attack), phase.attack.passed);
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') return notPassed(windowSeats(state), phase.passed);
	return seatsToAct(state);
}

/** The seat a shared screen shows: the active player when it is awaited, else the shown seat if awaited, else the first awaited. */
export function seatToShow(state: GameState, waiting: readonly Seat[], current: Seat): Seat {
	if (waiting.length === 0) return state.turn?.seat ?? current;
	if (state.turn !== null && waiting.includes(state.turn.seat)) return state.turn.seat;
	return waiting.includes(current) ? current : waiting[0]!;
}
