/**
 * Seeded property test (issue 15): the fast legalActions lists exactly what the slow definition
 * gives, on mid-game states of 4-player games between easy bots. The slow definition probes every
 * candidate entry with `step` (tests/fuzz/legal-differential.ts: every listed option is accepted,
 * every accepted candidate is listed, aid and privileges per attack). And whatever the engine keeps
 * between queries (the last state's options, open arrows per structure, window seats per players
 * list) never changes an answer: a state asked in play order, after its predecessor and the other
 * seats, gives the same list as a deep copy asked first. The seed is printed; FNORD_FUZZ_SEED
 * changes it.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import { legalActions, seatsToAct, type GameState } from '../../src/lib/engine/index.js';
import { legalAttacks } from '../../src/lib/engine/legal.js';
import { disagreements } from '../fuzz/legal-differential.js';

const BASE_SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-legal-probe-2026';

/** Every state of a seeded bot game from turn 12 on (the states share what did not change). */
function midGame(seed: string): GameState[] {
	const states: GameState[] = [];
	const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${seed}:${seat}` }));
	playBotGame({ players, seed, maxTurns: 30, onStep: (state) => void (state.turnCount >= 12 && states.push(state)) });
	return states;
}

describe('the fast legalActions equals probing every candidate with step, on mid-game states', () => {
	console.log(`legal-actions probe test, base seed: ${BASE_SEED} (set FNORD_FUZZ_SEED to change it)`);

	it('lists exactly what step accepts, for every seat, at the active seat\'s actions and in windows', () => {
		const problems: string[] = [];
		let checked = 0;
		for (let game = 0; game < 2; game++) {
			const seed = `${BASE_SEED}:${game}`;
			const states = midGame(seed).filter((state) => state.random === null);
			// The active seat choosing its action (the costly listing), and every fifth other state (windows, spending, placement).
			const picks = states.filter((state, i) => (state.phase.kind === 'turn' && state.turn?.step === 'actions' && i % 3 === 0) || i % 5 === 0);
			for (const state of picks.slice(0, 40)) {
				for (const player of state.players) {
					checked++;
					for (const problem of disagreements(structuredClone(state), player.seat)) problems.push(`seed "${seed}", turn ${state.turnCount}, phase ${state.phase.kind}, seat ${player.seat}: ${problem}`);
				}
			}
		}
		console.log(`probe: ${checked} state-seat pairs checked`);
		expect(checked).toBeGreaterThan(100);
		expect(problems.slice(0, 20)).toEqual([]);
	}, 600_000);

	it('gives the same answer asked in play order (caches warm) as on a deep copy asked first', () => {
		const problems: string[] = [];
		let checked = 0;
		for (let game = 0; game < 3; game++) {
			const seed = `${BASE_SEED}:warm:${game}`;
			for (const state of midGame(seed)) {
				// In play order, as a client or a bot asks: who is waited for, then each seat.
				const waited = seatsToAct(state);
				const warm = state.players.map((player) => JSON.stringify(legalActions(state, player.seat)));
				const attacks = state.players.map((player) => JSON.stringify(legalAttacks(state, player.seat)));
				const copy = structuredClone(state);
				const cold = copy.players.map((player) => JSON.stringify(legalActions(copy, player.seat)));
				const fresh = structuredClone(state);
				if (JSON.stringify(seatsToAct(fresh)) !== JSON.stringify(waited)) problems.push(`seed "${seed}", turn ${state.turnCount}: seatsToAct differs on a deep copy`);
				for (const player of state.players) {
					checked++;
					if (warm[player.seat] !== cold[player.seat]) problems.push(`seed "${seed}", turn ${state.turnCount}, phase ${state.phase.kind}, seat ${player.seat}: legalActions differs on a deep copy`);
					const listed = JSON.stringify((JSON.parse(cold[player.seat]!) as { action: { type: string } }[]).filter((legal) => legal.action.type === 'attack'));
					if (attacks[player.seat] !== listed) problems.push(`seed "${seed}", turn ${state.turnCount}, seat ${player.seat}: legalAttacks is not the attack part of legalActions`);
				}
			}
		}
		console.log(`warm and cold: ${checked} state-seat pairs checked`);
		expect(checked).toBeGreaterThan(1000);
		expect(problems.slice(0, 20)).toEqual([]);
	}, 600_000);
});
