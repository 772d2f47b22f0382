/**
 * Hidden Illuminati games for tests: the engine with the secret deal (stand-ins dealt, statements,
 * the masked draw deck stood in for by groups shown face up) up to the first turn's actions.
 */
import { expect } from 'vitest';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES, legalActions, step, type Action, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { goalCommitment, initialState, withDefaults } from '../../src/lib/engine/setup.js';

const seedOf = (i: number) => i.toString(16).padStart(32, '0');

export type EngineInput = Action | { type: 'dealIlluminati' } | { type: 'showIlluminati'; seat: number; card: CardId };

export function must(state: GameState, action: EngineInput): GameState {
	const result = step(state, action as Action);
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	expect(invariantProblems(result.state)).toEqual([]);
	return result.state;
}

export const code = (state: GameState, action: unknown): string | null => {
	const result = step(state, action as Action);
	return result.ok ? null : result.error.code;
};

/** Randomness: a seed, or for a draw from the (stood-in) masked deck a group shown face up. */
export function settle(state: GameState, i: number): GameState {
	const request = state.random!;
	if (request.kind !== 'draw') return must(state, { type: 'random', seed: seedOf(i) });
	const group = state.deck.filter((card) => CARDS[card]?.kind === 'group').slice(0, request.count);
	return must(state, { type: 'deal', cards: group } as unknown as Action);
}

export const DEFAULT_STATEMENTS = [{ power: 10, income: 9 }, { power: 7, income: 9 }, { power: 6, income: 12 }];

/** Hidden Illuminati: every seat commits to a goal in turn (engine/hidden-illuminati-goal.ts), so no one learns who the UFOs are. */
export function commitGoals(state: GameState): GameState {
	let next = state;
	while (next.phase.kind === 'ufoGoal') next = must(next, { type: 'commitGoal', seat: next.phase.seat, commitment: goalCommitment('servants-of-cthulhu', `salt-${next.phase.seat}`) });
	return next;
}

/** `players` seats dealt face down, every seat's first statement made, up to the first turn's actions. */
export function dealt(statements: readonly { power: number; income: number }[] = DEFAULT_STATEMENTS, bluff = false, players = statements.length): GameState {
	let state = initialState(withDefaults({ players, illuminati: 'random', secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true, ...(bluff ? { hiddenIlluminatiBluff: true } : {}) } }));
	state = must(state, { type: 'dealIlluminati' });
	state = commitGoals(state);
	let i = 1;
	// The layout and the roll for first player come first; each device states as soon as the game takes entries.
	while (state.random !== null) state = settle(state, i++);
	statements.forEach((s, seat) => (state = must(state, { type: 'stateIlluminati', seat, ...s })));
	for (; state.turn === null || state.turn.step !== 'actions'; i++) {
		if (i > 50) throw new Error('no actions step');
		if (state.random !== null) state = settle(state, i);
		else {
			const all = state.players.flatMap((p) => legalActions(state, p.seat));
			const legal = all.find((l) => ['passWindow', 'endIncome', 'collectIncome'].includes(l.action.type)) ?? all[0];
			state = must(state, legal!.action);
		}
	}
	return state;
}
