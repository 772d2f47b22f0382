/**
 * Fast random playouts (random-playout.ts): every entry is one step accepts, the same seed plays
 * the same game, a playout to the end ends the game, and one to the end of the round stops as the
 * seat's next turn begins.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { randomPlayout } from '../../src/lib/bots/random-playout.js';
import { simulationCopy } from '../../src/lib/bots/view.js';
import { legalActions, stateHash, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

const SEED = 'fnord-random-playout-2026';

function midGameStates(): GameState[] {
	const states: GameState[] = [];
	const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${SEED}:${seat}` }));
	playBotGame({ players, seed: SEED, maxTurns: 14, onStep: (state) => void (state.turnCount >= 10 && state.phase.kind === 'turn' && state.random === null && state.turn?.step === 'actions' && states.push(state)) });
	return states.filter((_, i) => i % 4 === 0).slice(0, 4);
}

describe('fast random playouts', () => {
	console.log(`random-playout seed: ${SEED}`);
	const starts = midGameStates();

	it('play to the end of the game with entries step accepts, keeping every invariant', () => {
		expect(starts.length).toBeGreaterThan(0);
		for (const [index, start] of starts.entries()) {
			const chooser = new Chooser(`${SEED}:end:${index}`);
			let state = start;
			let steps = 0;
			// One entry at a time, so that a refused entry (which stops a playout) would show here.
			while (state.phase.kind !== 'over' && steps < 20_000) {
				const next = randomPlayout(state, { chooser, limit: 1 });
				expect(next.steps, `seed ${SEED}:end:${index}, entry ${steps}, phase ${state.phase.kind}`).toBe(1);
				state = next.state;
				steps++;
				if (steps % 25 === 0) expect(invariantProblems(state)).toEqual([]);
			}
			expect(state.phase.kind).toBe('over');
		}
	}, 120_000);

	it('play legal entries on a simulation copy (draws and dice stated outright) to the end of the game', () => {
		for (const [index, start] of starts.entries()) {
			const chooser = new Chooser(`${SEED}:sandbox:${index}`);
			let state = simulationCopy(start);
			let steps = 0;
			while (state.phase.kind !== 'over' && steps < 20_000) {
				const next = randomPlayout(state, { chooser, limit: 1 });
				expect(next.steps, `seed ${SEED}:sandbox:${index}, entry ${steps}, phase ${state.phase.kind}`).toBe(1);
				state = next.state;
				steps++;
			}
			expect(invariantProblems(state)).toEqual([]);
			expect(state.phase.kind).toBe('over');
		}
	}, 120_000);

	it('declare every legal attack about equally often, without listing them', () => {
		const start = simulationCopy(starts[0]!);
		const seat = start.turn!.seat;
		const listed = legalActions(start, seat).filter((legal) => legal.action.type === 'attack');
		const key = (action: PlayerAction) => (action.type === 'attack' ? `${action.kind}:${action.attacker}>${action.target}:${action.whispering === true}` : action.type);
		const counts = new Map(listed.map((legal) => [key(legal.action), 0]));
		const draws = 60 * listed.length;
		const chooser = new Chooser(`${SEED}:uniform`);
		let attacks = 0;
		for (let i = 0; i < draws; i++) {
			const entry = randomPlayout(start, { chooser, limit: 1 });
			const action = entry.state.phase.kind === 'attack' ? entry.state.phase.attack : null;
			if (action === null) continue;
			const name = key({ type: 'attack', seat, kind: action.kind, attacker: action.attacker, target: action.target, aids: [], ...(action.whispering ? { whispering: true } : {}) });
			expect(counts.has(name), `${name} is not a listed attack`).toBe(true);
			counts.set(name, counts.get(name)! + 1);
			attacks++;
		}
		// Chi-square against the uniform share, with about 1 + listed/2 standard deviations of room.
		const expected = attacks / listed.length;
		const chi = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
		expect(listed.length).toBeGreaterThan(5);
		expect(chi).toBeLessThan(listed.length + 4 * Math.sqrt(2 * listed.length));
	});

	it('play the same entries for the same seed', () => {
		const start = starts[0]!;
		const a = randomPlayout(start, { chooser: new Chooser(`${SEED}:same`), limit: 400 });
		const b = randomPlayout(start, { chooser: new Chooser(`${SEED}:same`), limit: 400 });
		expect(a.steps).toBe(b.steps);
		expect(stateHash(a.state)).toBe(stateHash(b.state));
	});

	it('stop as the given seat\'s next turn begins', () => {
		for (const [index, start] of starts.entries()) {
			const seat = start.turn!.seat;
			const end = randomPlayout(start, { chooser: new Chooser(`${SEED}:round:${index}`), limit: 5_000, until: seat });
			if (end.ended) continue;
			expect(end.state.turn?.seat).toBe(seat);
			expect(end.state.turnCount).toBeGreaterThan(start.turnCount);
		}
	});
});
