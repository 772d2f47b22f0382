/**
 * fnord tournament: plays complete games with rotated seats and reports win shares with Wilson
 * intervals, game lengths, the ended share and decision times; bad flags are usage errors.
 */
import { describe, expect, it } from 'vitest';
import { EXIT_OK, EXIT_USAGE, main } from '../../src/cli/fnord.js';
import { rotation, tournamentConfig, wilson } from '../../src/cli/tournament.js';

async function run(...argv: string[]) {
	const out: string[] = [];
	const err: string[] = [];
	const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
	return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('fnord tournament', () => {
	it('plays the games and prints shares, intervals, lengths, the ended share and decision times', async () => {
		const result = await run('tournament', '--players', '3', '--games', '3', '--seats', 'easy,random,random', '--seed', 'cli', '--max-turns', '40', '--no-clock');
		expect(result.code).toBe(EXIT_OK);
		expect(result.out).toContain('tournament: 3 games, 3 players, seats easy,random,random');
		expect(result.out).toMatch(/easy\s+1\s+[\d.]+\s+[\d.]+%\s+\[[\d.]+%, [\d.]+%\]/);
		expect(result.out).toMatch(/random\s+2\s+/);
		expect(result.out).toMatch(/games ended by the rules: \d\/3/);
		expect(result.out).toMatch(/game length \(turns\): mean [\d.]+/);
		expect(result.out).toMatch(/decision time \(ms\)/);
		expect(result.out).toContain('no clock: deterministic for the seed');
	}, 60_000);

	it('is reproducible without a clock', async () => {
		const args = ['tournament', '--players', '2', '--games', '2', '--seats', 'easy,random', '--seed', 'again', '--max-turns', '30', '--no-clock'];
		const strip = (text: string) => text.split('\n').filter((line) => !/^(easy|random)\s+\d+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+\|/.test(line) && !line.startsWith('decision')).join('\n');
		expect(strip((await run(...args)).out)).toBe(strip((await run(...args)).out));
	}, 60_000);

	it.each([
		{ argv: ['--players', '4', '--games', '2'], message: '--seats is required' },
		{ argv: ['--players', '3', '--games', '2', '--seats', 'easy,random'], message: '--seats lists 2 seats for --players 3' },
		{ argv: ['--players', '2', '--games', '2', '--seats', 'easy,genius'], message: '"genius" is not random, easy, normal, hard' },
		{ argv: ['--players', '2', '--games', '0', '--seats', 'easy,easy'], message: '--games must be at least 1' },
		{ argv: ['--players', '2', '--games', '1', '--seats', 'easy,easy', '--time-ms', 'fast'], message: '--time-ms takes a whole number or level=number' },
	])('usage error: $message', async ({ argv, message }) => {
		const result = await run('tournament', ...argv);
		expect(result.code).toBe(EXIT_USAGE);
		expect(result.err).toContain(message);
	});

	it('rotates the seats from one game to the next', () => {
		expect(rotation(['hard', 'normal', 'normal'], 0)).toEqual(['hard', 'normal', 'normal']);
		expect(rotation(['hard', 'normal', 'normal'], 1)).toEqual(['normal', 'normal', 'hard']);
		expect(rotation(['hard', 'normal', 'normal'], 2)).toEqual(['normal', 'hard', 'normal']);
	});

	it('reads per-level budgets', () => {
		const { config } = tournamentConfig(['--games', '1', '--seats', 'hard,normal,normal,normal', '--time-ms', 'hard=300,normal=80', '--nodes', '5000']);
		expect(config.timeMs).toEqual({ hard: 300, normal: 80 });
		expect(config.nodes).toEqual({ easy: 5000, normal: 5000, hard: 5000 });
		expect(config.clock).toBe(true);
	});
});

describe('Wilson score interval', () => {
	it.each([
		{ wins: 0, n: 10, lo: 0, hi: 0.2775 },
		{ wins: 5, n: 10, lo: 0.2366, hi: 0.7634 },
		{ wins: 140, n: 200, lo: 0.6332, hi: 0.7593 },
	])('$wins of $n', ({ wins, n, lo, hi }) => {
		const [a, b] = wilson(wins, n);
		expect(a).toBeCloseTo(lo, 3);
		expect(b).toBeCloseTo(hi, 3);
	});
});
