/**
 * `fnord tournament`: complete games between bot levels (and random seats) in Node, seats rotated
 * from one game to the next, with each level's win share (95% Wilson interval), game lengths, the
 * share of games that end, and decision times per level. Games run in worker threads with --jobs.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createBot, isLevel, LEVEL_DEFAULTS, LEVELS, playBotGame, RandomSeat, type Level, type Player } from '../lib/bots/index.js';
import { parseFlags, UsageError, wholeNumber } from './args.js';

export type SeatKind = Level | 'random';

const WORKER = new URL('./tournament-worker.ts', import.meta.url);

export interface TournamentConfig {
	readonly seats: readonly SeatKind[];
	readonly games: number;
	readonly seed: string;
	readonly maxTurns: number;
	/** Per level: ms per decision (with the clock), engine entries per decision, playouts (hard). */
	readonly timeMs: Partial<Record<Level, number>>;
	readonly nodes: Partial<Record<Level, number>>;
	readonly playouts: number | null;
	/** Give the bots a clock (time budgets apply); without it only entry and playout budgets do. */
	readonly clock: boolean;
}

export interface GameRecord {
	readonly index: number;
	/** The kind of player in each seat of this game (rotated). */
	readonly kinds: readonly SeatKind[];
	readonly winners: readonly number[];
	readonly ended: boolean;
	readonly stalled: boolean;
	readonly turns: number;
	readonly error: string | null;
}

export interface Timings {
	/** Every decision asked of a seat of this kind (ms). */
	all: number[];
	/** Decisions where the bot weighed more than one candidate. */
	choices: number[];
}

export interface TournamentResult {
	readonly config: TournamentConfig;
	readonly records: GameRecord[];
	readonly timings: Record<string, Timings>;
}

/** The seat kinds of game `index`: the list rotated by the game's index. */
export function rotation(seats: readonly SeatKind[], index: number): SeatKind[] {
	return seats.map((_, seat) => seats[(seat + index) % seats.length]!);
}

function makePlayer(config: TournamentConfig, kind: SeatKind, seed: string): Player {
	if (kind === 'random') return new RandomSeat(seed);
	return createBot({
		level: kind,
		seed,
		...(config.timeMs[kind] !== undefined ? { timeBudgetMs: config.timeMs[kind] } : {}),
		...(config.nodes[kind] !== undefined ? { nodeBudget: config.nodes[kind] } : {}),
		...(config.playouts !== null ? { playouts: config.playouts } : {}),
		...(config.clock ? { now: () => performance.now() } : {}),
	});
}

/** Plays games lo..hi-1 of the tournament in this thread. */
export function playRange(config: TournamentConfig, lo: number, hi: number): Omit<TournamentResult, 'config'> {
	const records: GameRecord[] = [];
	const timings: Record<string, Timings> = {};
	for (let index = lo; index < hi; index++) {
		const kinds = rotation(config.seats, index);
		const players = kinds.map((kind, seat) => makePlayer(config, kind, `${config.seed}:${index}:${seat}`));
		try {
			const game = playBotGame({
				players,
				seed: `${config.seed}:${index}`,
				maxTurns: config.maxTurns,
				now: () => performance.now(),
				onDecision: (seat, ms) => {
					const kind = kinds[seat]!;
					const timing = (timings[kind] ??= { all: [], choices: [] });
					timing.all.push(ms);
					const player = players[seat] as { lastCandidates?: number };
					if ((player.lastCandidates ?? 0) > 1) timing.choices.push(ms);
				},
			});
			records.push({ index, kinds, winners: [...game.winners], ended: game.ended, stalled: game.stalled, turns: game.turns, error: null });
		} catch (error) {
			records.push({ index, kinds, winners: [], ended: false, stalled: false, turns: 0, error: (error as Error).message });
		}
	}
	return { records, timings };
}

/** Wilson score interval for `wins` out of `n` (95%: z = 1.96). */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
	if (n === 0) return [0, 0];
	const p = wins / n;
	const z2 = z * z;
	const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
	const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
	return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(0));

function budgetLine(config: TournamentConfig): string {
	const kinds = [...new Set(config.seats)].filter((kind): kind is Level => kind !== 'random');
	const parts = kinds.map((level) => {
		const defaults = LEVEL_DEFAULTS[level];
		const time = config.clock ? `${config.timeMs[level] ?? defaults.timeBudgetMs} ms, ` : '';
		const playouts = level === 'hard' ? `, ${config.playouts ?? defaults.playouts} playouts${config.clock ? ' at most' : ''}` : '';
		return `${level} ${time}${config.nodes[level] ?? defaults.nodeBudget} entries${playouts}`;
	});
	return `budgets per decision: ${parts.join('; ') || 'none'}${config.clock ? '' : ' (no clock: deterministic for the seed)'}`;
}

/** The report's lines. */
export function report(result: TournamentResult): string[] {
	const { config, records } = result;
	const n = records.length;
	const lines: string[] = [];
	lines.push(`tournament: ${n} games, ${config.seats.length} players, seats ${config.seats.join(',')} (rotated each game), seed "${config.seed}", at most ${config.maxTurns} turns`);
	lines.push(budgetLine(config));
	const kinds = [...new Set(config.seats)];
	lines.push('');
	lines.push('level    seats  wins    win share  95% CI (Wilson)     per seat');
	for (const kind of kinds) {
		const seats = config.seats.filter((seat) => seat === kind).length;
		let wins = 0;
		for (const record of records) {
			const mine = record.winners.filter((seat) => record.kinds[seat] === kind).length;
			if (mine > 0) wins += mine / record.winners.length;
		}
		const [lo, hi] = wilson(wins, n);
		lines.push(
			`${kind.padEnd(8)} ${String(seats).padStart(5)}  ${wins.toFixed(1).padStart(6)}  ${pct(n ? wins / n : 0).padStart(9)}  [${pct(lo)}, ${pct(hi)}]`.padEnd(62) +
				`${pct(n ? wins / n / seats : 0)}`,
		);
	}
	const ended = records.filter((record) => record.ended).length;
	const capped = records.filter((record) => !record.ended && !record.stalled && record.error === null).length;
	const stalled = records.filter((record) => record.stalled).length;
	const errors = records.filter((record) => record.error !== null);
	const [elo, ehi] = wilson(ended, n);
	lines.push('');
	lines.push(`games ended by the rules: ${ended}/${n} (${pct(n ? ended / n : 0)}, 95% CI [${pct(elo)}, ${pct(ehi)}]); stopped at the ${config.maxTurns}-turn cap: ${capped}; stalled: ${stalled}; errors: ${errors.length}`);
	const turns = records.filter((record) => record.error === null).map((record) => record.turns);
	const endedTurns = records.filter((record) => record.ended).map((record) => record.turns);
	const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
	lines.push(`game length (turns): mean ${mean(turns).toFixed(1)}, median ${percentile(turns, 50)}; ended games: mean ${mean(endedTurns).toFixed(1)}`);
	lines.push('');
	lines.push('decision time (ms)   decisions  median    p95    max | choices  median    p95    max');
	for (const kind of kinds) {
		const timing = result.timings[kind] ?? { all: [], choices: [] };
		const row = (values: number[]) =>
			`${String(values.length).padStart(9)} ${ms(percentile(values, 50)).padStart(7)} ${ms(percentile(values, 95)).padStart(6)} ${ms(values.length ? values.reduce((a, b) => Math.max(a, b), -Infinity) : NaN).padStart(6)}`;
		lines.push(`${kind.padEnd(18)} ${row(timing.all)} |${row(timing.choices)}`);
	}
	for (const record of errors.slice(0, 5)) lines.push(`error in game ${record.index}: ${record.error}`);
	return lines;
}

function merge(into: Record<string, Timings>, from: Record<string, Timings>): void {
	for (const [kind, timing] of Object.entries(from)) {
		const target = (into[kind] ??= { all: [], choices: [] });
		for (const value of timing.all) target.all.push(value);
		for (const value of timing.choices) target.choices.push(value);
	}
}

/** Runs the whole tournament, in `jobs` worker threads (1: in this thread). */
export async function runTournament(config: TournamentConfig, jobs: number): Promise<TournamentResult> {
	if (jobs <= 1) return { config, ...playRange(config, 0, config.games) };
	const per = Math.ceil(config.games / jobs);
	const parts = await Promise.all(
		Array.from({ length: jobs }, (_, job) => {
			const lo = job * per;
			const hi = Math.min(config.games, lo + per);
			if (lo >= hi) return Promise.resolve({ records: [], timings: {} });
			return new Promise<Omit<TournamentResult, 'config'>>((resolve, reject) => {
				// The worker registers tsx's loader first, then loads the TypeScript worker module.
				const script = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER.href)}); })`;
				const worker = new Worker(script, { eval: true, workerData: { config, lo, hi } });
				worker.once('message', resolve);
				worker.once('error', reject);
			});
		}),
	);
	const records = parts.flatMap((part) => part.records).sort((a, b) => a.index - b.index);
	const timings: Record<string, Timings> = {};
	for (const part of parts) merge(timings, part.timings);
	return { config, records, timings };
}

/** name=value,name=value (or one value for every level) */
function perLevel(raw: string | undefined, flag: string): Partial<Record<Level, number>> {
	if (raw === undefined) return {};
	const out: Partial<Record<Level, number>> = {};
	if (/^\d+$/.test(raw)) {
		for (const level of LEVELS) out[level] = Number(raw);
		return out;
	}
	for (const part of raw.split(',')) {
		const [name, value] = part.split('=');
		if (name === undefined || !isLevel(name) || value === undefined || !/^\d+$/.test(value)) {
			throw new UsageError(`--${flag} takes a whole number or level=number,... (levels: ${LEVELS.join(', ')}), got "${raw}"`);
		}
		out[name] = Number(value);
	}
	return out;
}

export function tournamentConfig(args: readonly string[]): { config: TournamentConfig; jobs: number } {
	const { flags, positional } = parseFlags(args, ['no-clock']);
	if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
	const players = wholeNumber(flags, 'players', 4);
	if (players < 2 || players > 8) throw new UsageError('--players must be from 2 to 8');
	const raw = flags.get('seats');
	if (raw === undefined) throw new UsageError('--seats is required (e.g. hard,normal,normal,normal)');
	const seats = raw.split(',');
	for (const seat of seats) if (seat !== 'random' && !isLevel(seat)) throw new UsageError(`--seats: "${seat}" is not random, ${LEVELS.join(', ')}`);
	if (seats.length !== players) throw new UsageError(`--seats lists ${seats.length} seats for --players ${players}`);
	const games = wholeNumber(flags, 'games');
	if (games < 1) throw new UsageError('--games must be at least 1');
	const playouts = flags.has('playouts') ? wholeNumber(flags, 'playouts') : null;
	const jobs = wholeNumber(flags, 'jobs', 1);
	if (jobs < 1 || jobs > Math.max(1, cpus().length) * 2) throw new UsageError(`--jobs must be from 1 to ${Math.max(1, cpus().length) * 2}`);
	return {
		config: {
			seats: seats as SeatKind[],
			games,
			seed: flags.get('seed') ?? 'fnord-tournament',
			maxTurns: wholeNumber(flags, 'max-turns', 400),
			timeMs: perLevel(flags.get('time-ms'), 'time-ms'),
			nodes: perLevel(flags.get('nodes'), 'nodes'),
			playouts,
			clock: !flags.has('no-clock'),
		},
		jobs,
	};
}
