/**
 * The fnord command-line tool: random-game writes a replayable log; replay reports winners,
 * turns, rejected entries and the state hash; bad files get a clear error and a non-zero exit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, main } from '../../src/cli/fnord.js';
import { parseLogText, replay, stateHash } from '../../src/lib/engine/index.js';

const dir = mkdtempSync(join(tmpdir(), 'fnord-cli-'));

function run(...argv: string[]) {
	const out: string[] = [];
	const err: string[] = [];
	const code = main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
	return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('fnord random-game', () => {
	it('writes a versioned log that replays to the hash it printed', () => {
		const file = join(dir, 'game.json');
		const made = run('random-game', '--players', '3', '--seed', 'cli-test', '--max-entries', '300', '--out', file);
		expect(made.code).toBe(EXIT_OK);
		const parsed = parseLogText(readFileSync(file, 'utf8'));
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		expect(parsed.log.setup.players).toBe(3);
		expect(parsed.log.entries.length).toBeGreaterThan(0);
		expect(parsed.log.entries.length).toBeLessThanOrEqual(300);
		const hash = stateHash(replay(parsed.log).state);
		expect(made.out).toContain(`state hash: ${hash}`);
		const replayed = run('replay', file);
		expect(replayed.code).toBe(EXIT_OK);
		expect(replayed.out).toContain(`state hash: ${hash}`);
		expect(replayed.out).toMatch(/turns: \d+/);
	});

	it('is deterministic for a seed and differs between seeds', () => {
		const hashes = ['a', 'a', 'b'].map((seed, i) => {
			const file = join(dir, `seed-${i}.json`);
			run('random-game', '--players', '4', '--seed', seed, '--max-entries', '150', '--out', file);
			return readFileSync(file, 'utf8');
		});
		expect(hashes[0]).toBe(hashes[1]);
		expect(hashes[2]).not.toBe(hashes[0]);
	});
});

describe('fnord replay', () => {
	it('lists rejected entries with their reasons and prints the final state as JSON on request', () => {
		const file = join(dir, 'rejects.json');
		const log = {
			format: 'fnord-log',
			version: 1,
			setup: { players: 2, illuminati: ['network', 'ufos'], sandbox: true, rules: {} },
			entries: [{ type: 'endTurn', seat: 0 }, 'not an action', { type: 'fixed', cards: ['mafia', 'cia', 'kgb', 'irs'] }],
		};
		writeFileSync(file, JSON.stringify(log));
		const result = run('replay', file);
		expect(result.code).toBe(EXIT_OK);
		expect(result.out).toContain('rejected #0 WRONG_PHASE');
		expect(result.out).toContain('rejected #1 MALFORMED_ACTION');
		expect(result.out).toContain('rejected #2 RANDOMNESS_NOT_EXPECTED');
		const json = run('replay', file, '--json');
		expect(JSON.parse(json.out).phase).toEqual({ kind: 'ufoGoal', seat: 1 });
		const traced = run('replay', file, '--trace');
		expect(traced.out).toContain('#1 "not an action" -> REJECTED MALFORMED_ACTION');
	});

	it.each([
		{ name: 'a file that is not JSON', text: 'garbage', message: 'not valid JSON' },
		{ name: 'a foreign JSON file', text: '{"hello":"world"}', message: 'not a Fnord game log' },
		{ name: 'a newer log version', text: '{"format":"fnord-log","version":99,"setup":{},"entries":[]}', message: 'unsupported log version 99' },
		{ name: 'a bad setup', text: '{"format":"fnord-log","version":1,"setup":{"players":12,"illuminati":"random","sandbox":false},"entries":[]}', message: 'bad setup: players' },
		{ name: 'entries that are not a list', text: '{"format":"fnord-log","version":1,"setup":{"players":2,"illuminati":"random","sandbox":false},"entries":{}}', message: 'no "entries" list' },
	])('refuses $name with a clear error and a non-zero exit', ({ text, message }) => {
		const file = join(dir, `bad-${message.length}.json`);
		writeFileSync(file, text);
		const result = run('replay', file);
		expect(result.code).toBe(EXIT_BAD_INPUT);
		expect(result.err).toContain(message);
	});

	it('refuses a missing file', () => {
		const result = run('replay', join(dir, 'missing.json'));
		expect(result.code).toBe(EXIT_BAD_INPUT);
		expect(result.err).toContain('ENOENT');
	});

	it.each([
		{ argv: ['random-game', '--players', '9', '--seed', 'x', '--out', 'f'], message: '--players must be from 2 to 8' },
		{ argv: ['random-game', '--players', '3', '--out', 'f'], message: '--seed is required' },
		{ argv: ['replay'], message: 'replay takes exactly one FILE' },
		{ argv: ['frobnicate'], message: 'unknown command' },
	])('usage error: $message', ({ argv, message }) => {
		const result = run(...argv);
		expect(result.code).toBe(EXIT_USAGE);
		expect(result.err).toContain(message);
	});
});

describe('the fnord bin', () => {
	it('runs as a real process through package.json bin', () => {
		const file = join(dir, 'bin.json');
		const made = execFileSync(process.execPath, ['bin/fnord.mjs', 'random-game', '--players', '2', '--seed', 'bin', '--max-entries', '80', '--out', file], { encoding: 'utf8' });
		expect(made).toContain('wrote');
		const garbage = join(dir, 'garbage.json');
		writeFileSync(garbage, '{ not json');
		const bad = spawnSync(process.execPath, ['bin/fnord.mjs', 'replay', garbage], { encoding: 'utf8' });
		expect(bad.status).toBe(EXIT_BAD_INPUT);
		expect(bad.stderr).toContain('not valid JSON');
	});
});

describe('log setup options', () => {
	it.each([
		{ setup: { players: 2, illuminati: 'random', sandbox: false, rules: { noSuchRule: true } }, message: 'unknown option "rules.noSuchRule"' },
		{ setup: { players: 2, illuminati: 'random', sandbox: false, speed: 'fast' }, message: 'unknown option "speed"' },
	])('refuses an unknown option: $message', ({ setup, message }) => {
		const parsed = parseLogText(JSON.stringify({ format: 'fnord-log', version: 1, setup, entries: [] }));
		expect(parsed.ok).toBe(false);
		if (!parsed.ok) expect(parsed.error).toContain(message);
	});
});
