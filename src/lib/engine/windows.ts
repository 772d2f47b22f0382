/**
 * Passing in a window (Basic Rules: Interference; Special Cards). A window closes when every seat
 * it waits for has passed since the last thing played in it; nothing here reads a clock. Passes
 * are kept sorted, so passes that commute give the same state in any order.
 */
import type { PassWindowAction } from './actions.js';
import { settleAttack } from './results.js';
import { fail, ok, type StepResult } from './errors.js';
import { resolveChain } from './specials.js';
import { closeTurnStart } from './turn.js';
import { phaseWithPasses, withPhase } from './shapes.js';
import type { GameState } from './types.js';
import { allPassed, waitedSeats, withSeat } from './window-state.js';
import { spendingSeats } from './privilege.js';

/** The seat has nothing (more) to play in the window open now. */
export function passWindow(state: GameState, action: PassWindowAction): StepResult<GameState> {
	if (!waitedSeats(state).includes(action.seat)) return fail('NOT_ELIGIBLE', 'This window does not wait for you.');
	if (state.chain !== null) {
		if (state.chain.passed.includes(action.seat)) return fail('NOT_APPLICABLE', 'You already passed.');
		const passed = withSeat(state.chain.passed, action.seat);
		const next = { ...state, chain: { ...state.chain, passed } };
		return ok(allPassed(next, passed) ? resolveChain(next) : next);
	}
	const phase = state.phase;
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') {
		if (phase.passed.includes(action.seat)) return fail('NOT_APPLICABLE', 'You already passed.');
		const passed = withSeat(phase.passed, action.seat);
		const next = withPhase(state, phaseWithPasses(phase, passed));
		if (!allPassed(next, passed)) return ok(next);
		return ok(phase.kind === 'afterRoll' ? settleAttack(next, phase.attack) : closeTurnStart(next));
	}
	return fail('WRONG_PHASE', 'No window is open.');
}

/** A window whose last waited-for seat left or was declared absent closes now: the seats still
 * waited for have all passed. Null when nothing closes. */
export function closeSatisfiedWindow(state: GameState): GameState | null {
	if (state.random !== null) return null;
	if (state.chain !== null) return state.chain.passed.length > 0 && allPassed(state, state.chain.passed) ? resolveChain(state) : null;
	const phase = state.phase;
	if ((phase.kind === 'afterRoll' || phase.kind === 'turnStart') && phase.passed.length > 0 && allPassed(state, phase.passed)) {
		return phase.kind === 'afterRoll' ? settleAttack(state, phase.attack) : closeTurnStart(state);
	}
	if (phase.kind === 'attack' && phase.attack.passed.length > 0) {
		const seats = spendingSeats(state, phase.attack);
		if (seats.every((seat) => phase.attack.passed.includes(seat))) {
			return { ...state, phase: { ...phase, attack: { ...phase.attack, committed: true } }, random: { kind: 'attackRoll' } };
		}
	}
	return null;
}
