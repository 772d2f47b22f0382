/**
 * Passes in a row, for simulations (bots' playouts): when every seat an open window or an attack's
 * spending still waits for passes, all but the last of those passes only record the seat (Basic
 * Rules: Interference; windows.ts, attack.ts passSpending). `passAllButLast` returns the state
 * `step` reaches after them, entry by entry, in one copy instead of one full step each; the last
 * pass, which closes the window and applies what follows, still goes through `step`.
 *
 * It answers only where that is plainly true, and null elsewhere (the caller then steps each pass):
 * no randomness pending, no absent seat and no vote to declare one (the engine would answer for
 * it, or the vote lapses when its seat acts), no Hidden Illuminati (an accusation can hold the
 * table), no capture's money option still open (any entry closes it), and nobody about to be
 * eliminated. tests/engine/step-passes.test.ts proves the equality over many random games.
 */
import { spendingSeats } from './privilege.js';
import { draftAttack, draftState, phaseWithPasses } from './shapes.js';
import type { GameState, Seat } from './types.js';
import { checkEliminations } from './victory.js';
import { sortSeats, waitedSeats } from './window-state.js';

export interface Passes {
	/** The state after the passes, as `step` leaves it (entries counted in `accepted`). */
	readonly state: GameState;
	/** How many passes were applied. */
	readonly passes: number;
}

/** The seats of `order` not in `passed`, in that order. */
function waiting(order: readonly Seat[], passed: readonly Seat[]): Seat[] {
	const out: Seat[] = [];
	for (const seat of order) if (!passed.includes(seat)) out.push(seat);
	return out;
}

/** `passed` with every seat of `waiting` but the last, sorted as the engine keeps it. */
function withPasses(passed: readonly Seat[], seats: readonly Seat[]): Seat[] {
	const out = passed.slice();
	for (let i = 0; i < seats.length - 1; i++) out.push(seats[i]!);
	return sortSeats(out);
}

function plain(state: GameState): boolean {
	if (state.random !== null || state.phase.kind === 'over' || state.hiddenIlluminati !== undefined) return false;
	if (state.turn !== null && state.turn.lastCapture) return false;
	for (const player of state.players) {
		if (player.absent || player.absenceVotes.length > 0) return false;
	}
	if (state.turn !== null && state.players[state.turn.seat]!.eliminated) return false;
	return checkEliminations(state, null) === state;
}

/**
 * Every seat the game waits for passes but the last one, in seat order for a window (the order
 * bots/settle.ts's default answers take) and in spendingSeats order for an attack's spending.
 * Null when fewer than two seats are waited for or the fast path does not apply.
 */
export function passAllButLast(state: GameState): Passes | null {
	// No window and no spending open (most entries): nothing to ask, plain() included.
	const phase = state.phase;
	if (state.chain === null && phase.kind !== 'afterRoll' && phase.kind !== 'turnStart' && phase.kind !== 'attack') return null;
	if (!plain(state)) return null;
	if (state.chain !== null) {
		const seats = waiting(waitedSeats(state), state.chain.passed);
		if (seats.length < 2) return null;
		const passes = seats.length - 1;
		const next = draftState(state);
		next.chain = { plays: state.chain.plays, passed: withPasses(state.chain.passed, seats) };
		next.accepted = state.accepted + passes;
		return { state: next, passes };
	}
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') {
		const seats = waiting(waitedSeats(state), phase.passed);
		if (seats.length < 2) return null;
		const passes = seats.length - 1;
		const passed = withPasses(phase.passed, seats);
		const next = draftState(state);
		next.phase = phaseWithPasses(phase, passed);
		next.accepted = state.accepted + passes;
		return { state: next, passes };
	}
	if (phase.kind === 'attack') {
		const attack = phase.attack;
		const seats = waiting(spendingSeats(state, attack), attack.passed);
		if (seats.length < 2) return null;
		const passes = seats.length - 1;
		const passed = draftAttack(attack);
		passed.passed = withPasses(attack.passed, seats);
		const next = draftState(state);
		next.phase = { kind: 'attack', attack: passed };
		next.accepted = state.accepted + passes;
		return { state: next, passes };
	}
	return null;
}
