/**
 * Helpers for the attack-odds tests: valid scenarios, the odds of an attack by the seat whose turn
 * it is, and the total of one kind of modifier.
 */
import { expect } from 'vitest';
import { attackOdds, type AttackKind, type CardId, type GameState, type Modifier } from '../../src/lib/engine/index.js';
import { structureProblems } from '../../src/lib/engine/structure.js';
import { scenario, type ScenarioSpec } from './scenario.js';

/** A scenario whose structures are valid (no two cards in one cell, every card on its arrow). */
export function world(spec: ScenarioSpec): GameState {
	const state = scenario(spec);
	for (const player of state.players) expect(structureProblems(player.structure)).toEqual([]);
	return state;
}

export function odds(
	state: GameState,
	kind: AttackKind,
	attacker: CardId,
	target: CardId,
	aids: CardId[] = [],
	spent: { attackerSpent?: number; defenderGroupSpent?: number; defenderIlluminatiSpent?: number } = {},
) {
	return attackOdds(state, { seat: state.turn!.seat, kind, attacker, target, aids, ...spent });
}

export function total(modifiers: readonly Modifier[], source: Modifier['source']): number {
	return modifiers.filter((m) => m.source === source).reduce((sum, m) => sum + m.value, 0);
}

/** Seat 1 (the Network) holds a chain: Republicans 1 link from its Illuminati, Democrats 2,
 * Triliberal Commission 3, Empty Vee 4, Madison Avenue 5. */
export const CHAIN = [
	{ card: 'republicans', side: 1 },
	{ card: 'democrats', master: 'republicans', side: 0 },
	{ card: 'triliberal-commission', master: 'democrats', side: 2 },
	{ card: 'empty-vee', master: 'triliberal-commission', side: 0 },
	{ card: 'madison-avenue', master: 'empty-vee', side: 2 },
] as const;
