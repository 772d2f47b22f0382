/**
 * Helpers for the leaving, absence and advanced-rules tests: conservation checks and answering
 * every open window (passWindow / passSpending) so a test can reach the next decision.
 */
import { expect } from 'vitest';
import { legalActions, step, totalMoney, type Action, type GameState } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

export function checkConservation(state: GameState): void {
	const held = state.players.reduce((sum, p) => sum + totalMoney(p), 0);
	expect(state.bank.issued - state.bank.returned).toBe(held);
	expect(invariantProblems(state)).toEqual([]);
}

const PASSES: ReadonlySet<string> = new Set(['passWindow', 'passSpending']);

/** Every seat passes in every open window until none is open (or randomness is asked for). */
export function passAll(state: GameState): GameState {
	let current = state;
	for (let round = 0; round < 100; round++) {
		if (current.random !== null || current.phase.kind === 'over') return current;
		const pass = current.players.flatMap((p) => legalActions(current, p.seat)).find((legal) => PASSES.has(legal.action.type));
		if (pass === undefined) return current;
		const result = step(current, pass.action as Action);
		if (!result.ok) throw new Error(`${pass.action.type} refused: ${result.error.code}`);
		current = result.state;
	}
	return current;
}

/** Plays the entries in order, answering open windows before and after each. */
export function playThrough(state: GameState, ...actions: Action[]): GameState {
	let current = passAll(state);
	for (const action of actions) {
		const result = step(current, action);
		if (!result.ok) throw new Error(`${action.type} refused: ${result.error.code} ${result.error.message}`);
		current = passAll(result.state);
	}
	return current;
}
