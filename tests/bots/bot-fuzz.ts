/**
 * Shared by the bots' fuzz test files: seeded games between bots of mixed levels (and random
 * seats), 2 to 6 players, small budgets and a turn cap so hundreds fit in well under a minute.
 * The driver refuses any illegal entry (IllegalEntryError names the seat and the entry), the
 * engine's invariants are checked after every entry, and the log replays to the same state.
 * The base seed is printed; set FNORD_BOT_FUZZ_SEED to replay a run.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame, RandomSeat, type Level, type Player } from '../../src/lib/bots/index.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { replay, stateHash } from '../../src/lib/engine/index.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

const BASE_SEED = process.env.FNORD_BOT_FUZZ_SEED ?? 'fnord-bot-fuzz-2026';
const KINDS: readonly (Level | 'random')[] = ['easy', 'normal', 'hard', 'random'];
/** Small budgets: the point is every rule path, not strength. */
const NODES: Readonly<Record<Level, number>> = { easy: 150, normal: 400, hard: 500 };
const MAX_TURNS = 10;

export interface FuzzReport {
	readonly entries: number;
	readonly ended: boolean;
	readonly kinds: string;
}

export function botFuzzGame(index: number): FuzzReport {
	const seed = `${BASE_SEED}:${index}`;
	const chooser = new Chooser(seed);
	const players = 2 + chooser.int(5);
	const kinds = Array.from({ length: players }, () => KINDS[chooser.int(KINDS.length)]!);
	// Hard's playouts are the costly part: one seat in four plays them (one round).
	const seats: Player[] = kinds.map((kind, seat) =>
		kind === 'random'
			? new RandomSeat(`${seed}:${seat}`)
			: createBot({ level: kind, seed: `${seed}:${seat}`, nodeBudget: NODES[kind], playouts: chooser.chance(1, 4) ? 1 : 0 }),
	);
	const rules = chooser.chance(1, 4) ? { hiddenGoals: true } : chooser.chance(1, 6) ? { addTargets: true } : {};
	const where = (entry: number) => `bot fuzz game seed "${seed}" (${kinds.join(',')}), entry ${entry}`;
	let game;
	try {
		game = playBotGame({
			players: seats,
			seed,
			maxTurns: MAX_TURNS,
			setup: { rules },
			onStep: (state, _entry, at) => {
				const problems = invariantProblems(state);
				if (problems.length > 0) throw new Error(`${where(at)}: ${problems.join('; ')}`);
			},
		});
	} catch (error) {
		throw new Error(`${where(-1)}: ${(error as Error).message}`);
	}
	if (game.stalled) throw new Error(`${where(game.log.entries.length)}: no seat would act`);
	const replayed = replay(game.log);
	if (replayed.rejected.length > 0 || stateHash(replayed.state) !== stateHash(game.state)) {
		throw new Error(`${where(game.log.entries.length)}: the log does not replay to the same state`);
	}
	return { entries: game.log.entries.length, ended: game.ended, kinds: kinds.join(',') };
}

/** Declares the fuzz for games lo..hi-1 in chunks. */
export function botFuzz(name: string, lo: number, hi: number, chunk: number): void {
	console.log(`bot fuzz base seed: ${BASE_SEED} (set FNORD_BOT_FUZZ_SEED to change it)`);
	describe(`Bot fuzz: bots of every level make only legal entries and keep every invariant (${name})`, () => {
		const starts = Array.from({ length: Math.ceil((hi - lo) / chunk) }, (_, i) => lo + i * chunk);
		it.each(starts)(
			'games %i.. : legal entries, invariants after each, logs that replay',
			(start) => {
				const reports: FuzzReport[] = [];
				for (let index = start; index < Math.min(hi, start + chunk); index++) reports.push(botFuzzGame(index));
				const ended = reports.filter((report) => report.ended).length;
				const entries = reports.reduce((sum, report) => sum + report.entries, 0);
				console.log(`bot fuzz games ${start}..${start + reports.length - 1}: ${ended} ended, ${reports.length - ended} at the ${MAX_TURNS}-turn cap, ${entries} entries`);
				expect(entries).toBeGreaterThan(reports.length * 20);
			},
			60_000,
		);
	});
}
