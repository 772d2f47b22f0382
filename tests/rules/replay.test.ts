/**
 * The game is a pure function of its log (docs/log-format.md): replay, rejected entries with
 * their reason codes, the incremental Replayer (append, rewrite, stateAt) and the log file parser.
 */
import { describe, expect, it } from 'vitest';
import { makeLog, parseLogText, replay, Replayer, stateHash, withDefaults, type GameLog } from '../../src/lib/engine/index.js';
import { randomGame } from '../../src/lib/bots/random-player.js';

const games = [
	randomGame({ players: 3, seed: 'replay-a', maxEntries: 600, policy: 'cautious' }),
	randomGame({ players: 5, seed: 'replay-b', maxEntries: 600, policy: 'cautious' }),
	randomGame({ players: 2, seed: 'replay-c', maxEntries: 400, policy: 'uniform' }),
];

function withEntries(log: GameLog, entries: readonly unknown[]): GameLog {
	return makeLog(log.setup, entries);
}

describe('replay(log): the final state and every rejected entry with its reason', () => {
	it.each(games.map((g, i) => [i, g] as const))('game %i replays to the state it was played to, with nothing rejected', (_, game) => {
		expect(game.log.entries.length).toBeGreaterThan(20);
		const result = replay(game.log);
		expect(result.rejected).toEqual([]);
		expect(stateHash(result.state)).toBe(stateHash(game.state));
		expect(result.state.accepted).toBe(game.log.entries.length);
	});

	it.each([
		['not an object', 42],
		['an unknown type', { type: 'teleport', seat: 0 }],
		['a missing field', { type: 'transfer', seat: 0, mode: 'free', from: 'cia', amount: 1 }],
		['an extra field', { type: 'endTurn', seat: 0, please: true }],
		['a seat out of range', { type: 'endTurn', seat: 99 }],
		['an unknown card', { type: 'drop', seat: 0, card: 'the-moon' }],
	])('a malformed entry (%s) is MALFORMED_ACTION and changes nothing', (_, bad) => {
		const game = games[0]!;
		const k = 50;
		const entries = [...game.log.entries.slice(0, k), bad, ...game.log.entries.slice(k)];
		const result = replay(withEntries(game.log, entries));
		expect(result.rejected).toHaveLength(1);
		expect(result.rejected[0]).toMatchObject({ index: k, code: 'MALFORMED_ACTION' });
		expect(result.rejected[0]!.message.length).toBeGreaterThan(0);
		expect(stateHash(result.state)).toBe(stateHash(game.state));
	});

	it('an illegal entry is rejected with its own code and changes nothing', () => {
		const game = games[0]!;
		const early = replay(withEntries(game.log, [{ type: 'endTurn', seat: 0 }, ...game.log.entries]));
		expect(early.rejected.map((r) => [r.index, r.code])).toEqual([[0, 'RANDOMNESS_EXPECTED']]);
		expect(stateHash(early.state)).toBe(stateHash(game.state));

		// Somewhere in the actions step of a turn, the next seat tries to end that turn.
		const replayer = new Replayer(game.log.setup, 16);
		let k = -1;
		for (const [i, entry] of game.log.entries.entries()) {
			const state = replayer.state;
			if (i > 20 && state.phase.kind === 'turn' && state.random === null && state.turn?.step === 'actions') {
				k = i;
				break;
			}
			replayer.append(entry);
		}
		expect(k).toBeGreaterThan(0);
		const other = (replayer.state.turn!.seat + 1) % game.log.setup.players;
		const entries = [...game.log.entries.slice(0, k), { type: 'endTurn', seat: other }, ...game.log.entries.slice(k)];
		const mid = replay(withEntries(game.log, entries));
		expect(mid.rejected.map((r) => [r.index, r.code])).toEqual([[k, 'NOT_YOUR_TURN']]);
		expect(stateHash(mid.state)).toBe(stateHash(game.state));

		const strict = makeLog({ ...game.log.setup, sandbox: false }, [{ type: 'fixed', cards: ['network', 'ufos', 'gnomes-of-zurich'] }]);
		expect(replay(strict).rejected.map((r) => r.code)).toEqual(['SANDBOX_ONLY']);
	});

	it('entries after the end of the game are GAME_OVER', () => {
		const ended = games.find((g) => g.state.phase.kind === 'over');
		if (ended === undefined) {
			const short = randomGame({ players: 2, seed: 'replay-end', maxEntries: 5000, policy: 'uniform' });
			expect(short.state.phase.kind).toBe('over');
			const result = replay(withEntries(short.log, [...short.log.entries, { type: 'endTurn', seat: 0 }]));
			expect(result.rejected.map((r) => r.code)).toEqual(['GAME_OVER']);
			return;
		}
		const result = replay(withEntries(ended.log, [...ended.log.entries, { type: 'endTurn', seat: 0 }]));
		expect(result.rejected.map((r) => r.code)).toEqual(['GAME_OVER']);
	});
});

describe('Replayer: checkpoints give the same states as a full replay', () => {
	it.each([1, 7, 16, 128])('appending one entry at a time (checkpoint every %i) matches replay', (interval) => {
		for (const game of games) {
			const replayer = new Replayer(game.log.setup, interval);
			for (const entry of game.log.entries) expect(replayer.append(entry)).toBeNull();
			expect(replayer.length).toBe(game.log.entries.length);
			expect(stateHash(replayer.state)).toBe(stateHash(replay(game.log).state));
		}
	});

	it('append reports a rejection and keeps the state', () => {
		const game = games[1]!;
		const replayer = new Replayer(game.log.setup, 16);
		for (const entry of game.log.entries.slice(0, 30)) replayer.append(entry);
		const before = stateHash(replayer.state);
		expect(replayer.append({ type: 'nonsense' })).toMatchObject({ index: 30, code: 'MALFORMED_ACTION' });
		expect(stateHash(replayer.state)).toBe(before);
		expect(replayer.rejected).toHaveLength(1);
	});

	it('stateAt(k) equals replaying the first k entries', () => {
		const game = games[0]!;
		const replayer = new Replayer(game.log.setup, 16);
		for (const entry of game.log.entries) replayer.append(entry);
		const n = game.log.entries.length;
		for (const k of [0, 1, 15, 16, 17, n >> 1, n - 1, n].filter((k) => k <= n)) {
			const expected = replay(withEntries(game.log, game.log.entries.slice(0, k))).state;
			expect(stateHash(replayer.stateAt(k)), `stateAt(${k})`).toBe(stateHash(expected));
		}
		expect(() => replayer.stateAt(n + 1)).toThrow(RangeError);
		expect(() => replayer.stateAt(-1)).toThrow(RangeError);
	});

	it('rewrite(k, entries) after changing an entry equals a full replay of the new log', () => {
		for (const game of games) {
			const entries = game.log.entries;
			for (const k of [3, 16, 17, entries.length >> 2, entries.length >> 1, entries.length - 2]) {
				const replayer = new Replayer(game.log.setup, 16);
				for (const entry of entries) replayer.append(entry);
				const changed = entries.map((entry, i) => {
					if (i < k) return entry;
					const e = entry as { type: string; seed?: string };
					return e.type === 'random' ? { ...e, seed: 'ff'.repeat(16) } : entry;
				});
				const index = changed.findIndex((entry, i) => i >= k && entry !== entries[i]);
				const from = index < 0 ? k : index;
				replayer.rewrite(from, changed.slice(from));
				const full = replay(withEntries(game.log, changed));
				expect(stateHash(replayer.state)).toBe(stateHash(full.state));
				expect(replayer.rejected).toEqual(full.rejected);
				expect(replayer.length).toBe(changed.length);
				expect(stateHash(replayer.stateAt(from))).toBe(stateHash(replay(withEntries(game.log, entries.slice(0, from))).state));
			}
		}
	});

	it('rewrite with a shorter tail drops the later entries and their rejections', () => {
		const game = games[2]!;
		const replayer = new Replayer(game.log.setup, 8);
		for (const entry of game.log.entries) replayer.append(entry);
		replayer.append({ type: 'nonsense' });
		replayer.rewrite(20, [{ type: 'nonsense' }]);
		expect(replayer.length).toBe(21);
		expect(replayer.rejected.map((r) => r.index)).toEqual([20]);
		expect(stateHash(replayer.state)).toBe(stateHash(replay(withEntries(game.log, game.log.entries.slice(0, 20))).state));
		expect(() => replayer.rewrite(22, [])).toThrow(RangeError);
	});
});

describe('The log file: parseLogText refuses what it cannot replay, with a clear message', () => {
	const setup = withDefaults({ players: 3, sandbox: true });
	const good = makeLog(setup, [{ type: 'random', seed: '00'.repeat(16) }], { note: 'test' });

	it('a log written by makeLog parses back to the same log', () => {
		const parsed = parseLogText(JSON.stringify(good));
		expect(parsed).toEqual({ ok: true, log: good });
		const real = parseLogText(JSON.stringify(games[0]!.log));
		expect(real.ok).toBe(true);
		if (real.ok) expect(stateHash(replay(real.log).state)).toBe(stateHash(games[0]!.state));
	});

	it.each([
		['non-JSON', '{"format": "fnord-log", ', /not valid JSON/],
		['a JSON array', '[1, 2, 3]', /not a Fnord game log/],
		['a foreign JSON file', JSON.stringify({ name: 'my-package', version: '1.0.0' }), /not a Fnord game log.*format/],
		['a wrong format tag', JSON.stringify({ ...good, format: 'chess-pgn' }), /"format" is "chess-pgn"/],
		['a newer version', JSON.stringify({ ...good, version: 2 }), /unsupported log version 2/],
		['no setup', JSON.stringify({ ...good, setup: undefined }), /setup/],
		['a bad setup (9 players)', JSON.stringify({ ...good, setup: { ...setup, players: 9 } }), /bad setup: players/],
		['a bad setup (unknown Illuminati)', JSON.stringify({ ...good, setup: { ...setup, illuminati: ['network', 'mafia', 'ufos'] } }), /bad setup/],
		['no entries list', JSON.stringify({ ...good, entries: 'none' }), /entries/],
		['meta that is not an object', JSON.stringify({ ...good, meta: 'hello' }), /meta/],
	])('%s', (_, text, message) => {
		const parsed = parseLogText(text);
		expect(parsed.ok).toBe(false);
		if (!parsed.ok) expect(parsed.error).toMatch(message);
	});

	it('malformed entries do not make the file unreadable: they are rejected at replay', () => {
		const parsed = parseLogText(JSON.stringify(makeLog(setup, [{ type: 'bogus' }, null, { type: 'random', seed: '00'.repeat(16) }])));
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		const result = replay(parsed.log);
		expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
			[0, 'MALFORMED_ACTION'],
			[1, 'MALFORMED_ACTION'],
		]);
		expect(result.state.accepted).toBe(1);
	});
});
