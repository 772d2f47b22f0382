/**
 * The fast playout's shortcuts change nothing (random-playout.ts): passes applied in one go
 * (engine/step-passes.ts), the placement answer from the engine's list of choices rather than
 * legalActions, and stepTrusted (no shape check) instead of step. A playout reaches exactly the
 * state, with exactly the entry count, of the same policy played entry by entry through `step`,
 * every entry well-formed; from mid-game positions of seeded bot games, to the end of the game.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { nextEntry, randomPlayout } from '../../src/lib/bots/random-playout.js';
import { simulationCopy } from '../../src/lib/bots/view.js';
import { step, type GameState } from '../../src/lib/engine/index.js';
import { actionShapeProblem } from '../../src/lib/engine/schema.js';

const SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-playout-shortcuts-2026';

function midGameStates(game: number): GameState[] {
	const states: GameState[] = [];
	const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${SEED}:${game}:${seat}` }));
	playBotGame({ players, seed: `${SEED}:${game}`, maxTurns: 16, onStep: (state) => void (state.turnCount >= 10 && state.phase.kind === 'turn' && state.random === null && state.turn?.step === 'actions' && states.push(state)) });
	return states.filter((_, i) => i % 5 === 0).slice(0, 3);
}

/** The policy entry by entry, each through step. */
function stepByStep(start: GameState, chooser: Chooser, limit: number): { state: GameState; steps: number } {
	let state = start;
	let steps = 0;
	while (steps < limit && state.phase.kind !== 'over') {
		const entry = nextEntry(state, chooser);
		if (entry === null) break;
		expect(actionShapeProblem(entry, state.players.length), JSON.stringify(entry)).toBeNull();
		const next = step(state, entry);
		if (!next.ok) break;
		state = next.state;
		steps++;
	}
	return { state, steps };
}

describe('fast playout shortcuts', () => {
	console.log(`playout-shortcuts seed: ${SEED} (set FNORD_FUZZ_SEED to change it)`);

	it('reach the same state and entry count as stepping the same policy entry by entry', () => {
		let playouts = 0;
		for (let game = 0; game < 3; game++) {
			for (const [index, start] of midGameStates(game).entries()) {
				for (const sandbox of [true, false]) {
					const from = sandbox ? simulationCopy(start) : start;
					const seed = `${SEED}:${game}:${index}:${sandbox}`;
					const fast = randomPlayout(from, { chooser: new Chooser(seed), limit: 6_000 });
					const slow = stepByStep(from, new Chooser(seed), 6_000);
					expect(fast.steps, seed).toBe(slow.steps);
					expect(fast.state, seed).toEqual(slow.state);
					playouts++;
				}
			}
		}
		expect(playouts).toBeGreaterThan(6);
	}, 300_000);
});
