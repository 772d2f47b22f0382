// "Suggest a move": the normal bot's choice for the seat shown, in words, with one line of why for
// an attack (its chance by the engine's odds), and the cards it names; nothing is played.
import { describe, expect, it } from 'vitest';
import { attackOdds, legalActions, step, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { createBot } from '../../src/lib/bots/index.js';
import { playBotGame } from '../../src/lib/bots/game.js';
import { cardsOf, explain } from '../../src/lib/ui/app/suggestion.js';

/** A state of a seeded bot game where the active seat may attack. */
function stateWithAttack(): { state: GameState; attack: Extract<PlayerAction, { type: 'attack' }> } {
	let found: { state: GameState; attack: Extract<PlayerAction, { type: 'attack' }> } | null = null;
	playBotGame({
		players: [0, 1, 2].map((i) => createBot({ level: 'easy', seed: `suggest-${i}` })),
		seed: 'suggestion-test',
		maxTurns: 6,
		onStep: (state) => {
			if (found !== null || state.phase.kind !== 'turn' || state.turn === null) return;
			const attack = legalActions(state, state.turn.seat).find((legal) => legal.action.type === 'attack')?.action;
			if (attack?.type === 'attack') found = { state, attack };
		},
	});
	if (found === null) throw new Error('no attack in the seeded game');
	return found;
}

describe('suggested moves in words', () => {
	it('an attack says what attacks what and its chance of success by the engine’s odds', () => {
		const { state, attack } = stateWithAttack();
		const explained = explain(state, attack, 'en');
		const odds = attackOdds(state, { seat: attack.seat, kind: attack.kind, attacker: attack.attacker, target: attack.target, aids: attack.aids });
		expect(explained.why).toMatch(new RegExp(`^attack .+ with .+: ${Math.round((odds.probability.numerator / 36) * 100)}% to succeed$`));
		expect(explained.text.length).toBeGreaterThan(0);
		expect(explained.cards).toContain(attack.attacker);
		expect(explained.cards).toContain(attack.target);
		expect(explain(state, attack, 'fr').why).toMatch(/^attaquer .+ avec .+\u00a0: \d+ % de réussite$/);
	});

	it('a move that is not an attack has no why line and is described from the state it leaves', () => {
		const { state } = stateWithAttack();
		const seat = state.turn!.seat;
		const action = legalActions(state, seat).find((legal) => legal.action.type !== 'attack')!.action;
		expect(step(state, action).ok).toBe(true);
		const explained = explain(state, action, 'en');
		expect(explained.why).toBeNull();
		expect(cardsOf({ type: 'passWindow', seat } as PlayerAction)).toEqual([]);
	});
});
