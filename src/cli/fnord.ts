/**
 * The `fnord` command-line tool: generate random sandbox games, replay saved logs, and play bot
 * tournaments.
 * `main` takes its arguments and output streams so tests can run it in-process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseFlags, UsageError, wholeNumber } from './args.js';
import { report, runTournament, tournamentConfig } from './tournament.js';
import { randomGame, type Policy } from '../lib/bots/random-player.js';
import { CARDS } from '../lib/engine/cards/index.js';
import { invariantProblems } from '../lib/engine/invariants.js';
import {
	parseLogText,
	Replayer,
	stateHash,
	type Action,
	type GameLog,
	type GameState,
	type Rejection,
} from '../lib/engine/index.js';

export interface Io {
	readonly out: (line: string) => void;
	readonly err: (line: string) => void;
}

export const EXIT_OK = 0;
export const EXIT_USAGE = 1;
export const EXIT_BAD_INPUT = 2;

const USAGE = `usage:
  fnord random-game --players N --seed S [--max-entries M] [--policy uniform|cautious] --out FILE
  fnord replay FILE [--json] [--trace]
  fnord tournament --players N --games G --seats LEVEL,... [--seed S] [--max-turns T] [--jobs J]
                   [--time-ms MS|level=MS,...] [--nodes N|level=N,...] [--playouts P] [--no-clock]
      LEVEL is random, easy, normal or hard; seats rotate from one game to the next
  fnord help`;

function randomGameCommand(args: readonly string[], io: Io): number {
	const { flags, positional } = parseFlags(args, []);
	if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"`);
	const players = wholeNumber(flags, 'players');
	if (players < 2 || players > 8) throw new UsageError('--players must be from 2 to 8');
	const seed = flags.get('seed');
	if (seed === undefined || seed === '') throw new UsageError('--seed is required');
	const maxEntries = wholeNumber(flags, 'max-entries', 5000);
	const policy = (flags.get('policy') ?? 'uniform') as Policy;
	if (policy !== 'uniform' && policy !== 'cautious') throw new UsageError('--policy is uniform or cautious');
	const out = flags.get('out');
	if (out === undefined) throw new UsageError('--out FILE is required');
	const game = randomGame({ players, seed, maxEntries, policy });
	writeFileSync(out, `${JSON.stringify(game.log, null, 1)}\n`);
	io.out(`wrote ${game.log.entries.length} entries to ${out}`);
	io.out(describeEnd(game.state));
	io.out(`state hash: ${stateHash(game.state)}`);
	return EXIT_OK;
}

function seatName(state: GameState, seat: number): string {
	const illuminati = state.players[seat]?.illuminati;
	return `seat ${seat}${illuminati ? ` (${CARDS[illuminati]?.name ?? illuminati})` : ''}`;
}

function describeEnd(state: GameState): string {
	if (state.phase.kind !== 'over') return `game not finished: ${state.turnCount} turns played`;
	if (state.winners.length === 0) return `game over after ${state.turnCount} turns: no winner`;
	return `game over after ${state.turnCount} turns: won by ${state.winners.map((s) => seatName(state, s)).join(' and ')}`;
}

function describeEntry(entry: unknown): string {
	const text = JSON.stringify(entry) ?? String(entry);
	return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

function replayCommand(args: readonly string[], io: Io): number {
	const { flags, positional } = parseFlags(args, ['json', 'trace']);
	if (positional.length !== 1) throw new UsageError('replay takes exactly one FILE');
	const file = positional[0]!;
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		io.err(`fnord: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
		return EXIT_BAD_INPUT;
	}
	const parsed = parseLogText(text);
	if (!parsed.ok) {
		io.err(`fnord: ${file}: ${parsed.error}`);
		return EXIT_BAD_INPUT;
	}
	const log: GameLog = parsed.log;
	const replayer = new Replayer(log.setup);
	const trace = flags.has('trace');
	log.entries.forEach((entry, index) => {
		const rejection = replayer.append(entry);
		if (!trace) return;
		const verdict = rejection === null ? 'ok' : `REJECTED ${rejection.code}: ${rejection.message}`;
		io.out(`#${index} ${describeEntry(entry as Action)} -> ${verdict}`);
		const problems = invariantProblems(replayer.state);
		if (problems.length > 0) io.out(`   invariant broken: ${problems.join('; ')}`);
	});
	const state = replayer.state;
	if (flags.has('json')) {
		io.out(JSON.stringify(state, null, 1));
		return EXIT_OK;
	}
	io.out(describeEnd(state));
	io.out(`turns: ${state.turnCount}`);
	io.out(`entries: ${log.entries.length} (${log.entries.length - replayer.rejected.length} accepted, ${replayer.rejected.length} rejected)`);
	for (const rejection of replayer.rejected as Rejection[]) {
		io.out(`rejected #${rejection.index} ${rejection.code}: ${rejection.message}`);
	}
	if (log.setup.sandbox) io.out('sandbox game: dice and draws may be stated in the log');
	io.out(`state hash: ${stateHash(state)}`);
	return EXIT_OK;
}

async function tournamentCommand(args: readonly string[], io: Io): Promise<number> {
	const { config, jobs } = tournamentConfig(args);
	const result = await runTournament(config, jobs);
	for (const line of report(result)) io.out(line);
	return result.records.some((record) => record.error !== null) ? EXIT_BAD_INPUT : EXIT_OK;
}

/** Runs a command; `tournament` answers with a promise (its games may run in worker threads). */
export function main(argv: readonly string[], io: Io): number | Promise<number> {
	const [command, ...rest] = argv;
	try {
		switch (command) {
			case 'tournament': {
				tournamentConfig(rest); // usage errors before anything starts
				return tournamentCommand(rest, io).catch((error: unknown) => {
					if (error instanceof UsageError) {
						io.err(`fnord: ${error.message}\n${USAGE}`);
						return EXIT_USAGE;
					}
					throw error;
				});
			}
			case 'random-game':
				return randomGameCommand(rest, io);
			case 'replay':
				return replayCommand(rest, io);
			case 'help':
			case '--help':
			case '-h':
				io.out(USAGE);
				return EXIT_OK;
			default:
				io.err(command === undefined ? USAGE : `fnord: unknown command "${command}"\n${USAGE}`);
				return EXIT_USAGE;
		}
	} catch (error) {
		if (error instanceof UsageError) {
			io.err(`fnord: ${error.message}\n${USAGE}`);
			return EXIT_USAGE;
		}
		throw error;
	}
}
