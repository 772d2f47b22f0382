/**
 * Shared by the fuzz test files. Seeded fuzz: 500 random games of 2 to 8 players, played to the end or to the entry cap, with
 * the engine's invariants checked after every step. The base seed is printed; set
 * FNORD_FUZZ_SEED to replay a run, and pin any failing game seed in regressions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { replay, Replayer, stateHash, step, type Action, type GameOptions, type GameState } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { illuminatedProblems } from './illuminated-invariants.js';

const BASE_SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-fuzz-2026';
export const GAMES = 500;
export const CHUNK = 50;
const MAX_ENTRIES = 500;

export function announceSeed(): void {
	console.log(`fuzz base seed: ${BASE_SEED} (set FNORD_FUZZ_SEED to change it)`);
}

export interface GameReport {
	readonly entries: number;
	readonly over: boolean;
}

/** A setup other than the classic one (rule options, chosen Illuminati), by game index. */
export interface FuzzVariant {
	readonly name: string;
	readonly setup: (index: number, players: number) => Partial<GameOptions>;
}

/** Plays one game, checking after every step; throws with the game seed and entry on failure. */
export function fuzzGame(index: number, variant?: FuzzVariant): GameReport {
	const seed = variant === undefined ? `${BASE_SEED}:${index}` : `${BASE_SEED}:${variant.name}:${index}`;
	const players = 2 + (index % 7);
	let previous: GameState | null = null;
	const where = (entry: number) => `game seed "${seed}" (${players} players), entry ${entry}`;
	const game = randomGame({
		players,
		seed,
		maxEntries: MAX_ENTRIES,
		policy: index % 3 === 0 ? 'uniform' : 'cautious',
		...(variant === undefined ? {} : { setup: variant.setup(index, players) }),
		onStep: (state: GameState, entry: Action, at: number) => {
			const problems = [...invariantProblems(state), ...illuminatedProblems(previous, state, entry)];
			if (problems.length > 0) throw new Error(`${where(at)}: ${problems.join('; ')}`);
			if (previous !== null) {
				const again = step(previous, entry);
				if (!again.ok || stateHash(again.state) !== stateHash(state)) throw new Error(`${where(at)}: step is not deterministic`);
			}
			previous = state;
		},
	});
	const first = replay(game.log);
	const second = replay(game.log);
	const incremental = new Replayer(game.log.setup, 16);
	for (const entry of game.log.entries) incremental.append(entry);
	const expected = stateHash(game.state);
	if (stateHash(first.state) !== expected || stateHash(second.state) !== expected || stateHash(incremental.state) !== expected) {
		throw new Error(`game seed "${seed}": replaying the log gives a different state hash`);
	}
	if (first.rejected.length > 0) throw new Error(`game seed "${seed}": replay rejected ${JSON.stringify(first.rejected[0])}`);
	return { entries: game.log.entries.length, over: game.state.phase.kind === 'over' };
}


/** Declares the fuzz for games lo..hi-1, in chunks of CHUNK, each with its own time limit. */
export function fuzzGames(name: string, lo: number, hi: number, variant?: FuzzVariant): void {
	announceSeed();
	describe(`Fuzz: random legal games keep every invariant (${name})`, () => {
		const chunks = Array.from({ length: (hi - lo) / CHUNK }, (_, i) => lo + i * CHUNK);
		it.each(chunks)(
			'games %i.. : every card in one place, valid grids, money conserved, deterministic replay, windows that close',
			(start) => {
				const reports: GameReport[] = [];
				for (let index = start; index < start + CHUNK; index++) reports.push(fuzzGame(index, variant));
				const finished = reports.filter((r) => r.over).length;
				const entries = reports.reduce((sum, r) => sum + r.entries, 0);
				console.log(`games ${start}..${start + CHUNK - 1}: ${finished} finished, ${CHUNK - finished} capped, ${entries} entries`);
				expect(reports).toHaveLength(CHUNK);
				expect(entries).toBeGreaterThan(CHUNK * 10);
			},
			120_000,
		);
	});
}
