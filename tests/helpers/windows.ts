/**
 * Window helpers for rule tests: everyone passing the window open now, playing an entry through
 * the windows it opens, and checking conservation. (Reconstructed: an earlier version of this
 * file was overwritten by mistake; the functions keep the names and meaning its users rely on.)
 */
import { expect } from 'vitest';
import type { Action, GameState } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { passAll, play } from './scenario.js';

export { passAll } from './scenario.js';

/** Applies the entries, then lets every seat pass the windows they open (until randomness is asked for). */
export function playThrough(state: GameState, ...actions: Action[]): GameState {
	return passAll(play(state, ...actions));
}

/** Every card in exactly one place, valid grids, and the treasuries equal to what the bank paid out minus what came back. */
export function checkConservation(state: GameState): void {
	expect(invariantProblems(state)).toEqual([]);
	let table = 0;
	for (const player of state.players) for (const card in player.structure) table += player.structure[card]!.money;
	if (state.phase.kind === 'placement') for (const amount of Object.values(state.phase.placement.money)) table += amount;
	expect(state.bank.issued - state.bank.returned).toBe(table);
}
