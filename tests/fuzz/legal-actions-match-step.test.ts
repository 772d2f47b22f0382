/**
 * Seeded differential fuzz: on states sampled from random games (2 to 6 players, classic and with
 * the FR add-on's illuminated groups) and from mid-game positions of 4-player games between easy
 * bots, legalActions lists exactly what step accepts, for every
 * seat (legal-differential.ts says at what granularity). The base seed is printed;
 * FNORD_FUZZ_SEED changes it.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import { Chooser, randomGame } from '../../src/lib/bots/random-player.js';
import { randomPlayout } from '../../src/lib/bots/random-playout.js';
import { ILLUMINATED } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES, legalActions, type GameOptions, type GameState } from '../../src/lib/engine/index.js';
import { legalAttacks } from '../../src/lib/engine/legal.js';
import { disagreements } from './legal-differential.js';

const BASE_SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-legal-2026';
const GAMES = 12;
const SAMPLES_PER_GAME = 12;

function sampledStates(index: number, setup: Partial<GameOptions> | undefined, name: string): { seed: string; states: GameState[] } {
	const seed = `${BASE_SEED}:${name}:${index}`;
	const states: GameState[] = [];
	const players = 2 + (index % 5);
	// A list of Illuminati gives one to each seat: as many as there are players.
	const seated = setup !== undefined && Array.isArray(setup.illuminati) ? { ...setup, illuminati: setup.illuminati.slice(0, players) } : setup;
	const game = randomGame({ players, seed, maxEntries: 600, policy: index % 2 === 0 ? 'cautious' : 'marathon', ...(seated === undefined ? {} : { setup: seated }), onStep: (state) => states.push(state) });
	const stride = Math.max(1, Math.floor(states.length / SAMPLES_PER_GAME));
	const picks = states.filter((_, i) => i % stride === stride - 1).slice(0, SAMPLES_PER_GAME);
	return { seed, states: [...picks, game.state] };
}

const VARIANTS: { name: string; setup?: Partial<GameOptions> }[] = [
	{ name: 'classic' },
	// Immunity (Discordian Society), the bought privilege (Bavarian), two attacks a turn (UFOs).
	{ name: 'chosen Illuminati', setup: { illuminati: ['discordian-society', 'bavarian-illuminati', 'ufos', 'servants-of-cthulhu', 'gnomes-of-zurich', 'network'] } },
	{ name: 'illuminated', setup: { rules: { ...DEFAULT_RULES, illuminated: ILLUMINATED.map((card) => card.id), illuminatedInDraw: true } } },
];

describe('legalActions lists exactly the entries step accepts', () => {
	console.log(`legal-actions differential fuzz, base seed: ${BASE_SEED} (set FNORD_FUZZ_SEED to change it)`);
	it('on mid-game states of seeded 4-player games between easy bots, for every seat', () => {
		const problems: string[] = [];
		let checked = 0;
		for (let game = 0; game < 2; game++) {
			const seed = `${BASE_SEED}:bots:${game}`;
			const states: GameState[] = [];
			const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${seed}:${seat}` }));
			playBotGame({ players, seed, maxTurns: 24, onStep: (state) => void (state.turnCount >= 8 && states.push(state)) });
			for (const state of states.filter((_, i) => i % 9 === 0)) {
				for (const player of state.players) {
					checked++;
					for (const problem of disagreements(state, player.seat)) problems.push(`bot game seed "${seed}", turn ${state.turnCount}, phase ${state.phase.kind}, seat ${player.seat}: ${problem}`);
				}
			}
		}
		console.log(`bot games: ${checked} state-seat pairs checked`);
		expect(problems.slice(0, 20)).toEqual([]);
	}, 300_000);

	it('on states of fast random playouts (attack after attack, with aid) from mid-game, for every seat; legalAttacks is their attack part', () => {
		const problems: string[] = [];
		let checked = 0;
		for (let game = 0; game < 2; game++) {
			const seed = `${BASE_SEED}:playouts:${game}`;
			const starts: GameState[] = [];
			const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${seed}:${seat}` }));
			playBotGame({ players, seed, maxTurns: 16, onStep: (state) => void (state.turnCount >= 10 && state.phase.kind === 'turn' && state.random === null && starts.push(state)) });
			for (const [index, start] of starts.filter((_, i) => i % 20 === 0).entries()) {
				// Every state along a short playout: declarations, spending and dice windows, placements.
				let state = start;
				for (let entry = 0; entry < 40 && state.phase.kind !== 'over'; entry++) {
					const next = randomPlayout(state, { chooser: new Chooser(`${seed}:${index}:${entry}`), limit: 1 });
					if (next.steps === 0) break;
					state = next.state;
					if (state.random !== null || entry % 3 !== 0) continue;
					for (const player of state.players) {
						checked++;
						for (const problem of disagreements(state, player.seat)) problems.push(`playout seed "${seed}", turn ${state.turnCount}, phase ${state.phase.kind}, seat ${player.seat}: ${problem}`);
						// legalAttacks is the attack part of legalActions, asked first on a fresh copy (no cache).
						const attacks = JSON.stringify(legalAttacks({ ...state }, player.seat));
						if (attacks !== JSON.stringify(legalActions(state, player.seat).filter((legal) => legal.action.type === 'attack'))) problems.push(`playout seed "${seed}", turn ${state.turnCount}, seat ${player.seat}: legalAttacks differs from the attacks of legalActions`);
					}
				}
			}
		}
		console.log(`fast random playouts: ${checked} state-seat pairs checked`);
		expect(problems.slice(0, 20)).toEqual([]);
	}, 300_000);

	for (const variant of VARIANTS) {
		it(`on states sampled from ${GAMES} seeded random games (${variant.name}), for every seat`, () => {
			const problems: string[] = [];
			let checked = 0;
			for (let index = 0; index < GAMES; index++) {
				const { seed, states } = sampledStates(index, variant.setup, variant.name);
				for (const state of states) {
					for (const player of state.players) {
						checked++;
						for (const problem of disagreements(state, player.seat)) problems.push(`game seed "${seed}", turn ${state.turnCount}, phase ${state.phase.kind}, seat ${player.seat}: ${problem}`);
					}
				}
			}
			console.log(`${variant.name}: ${checked} state-seat pairs checked`);
			expect(problems.slice(0, 20)).toEqual([]);
		}, 300_000);
	}
});
