// Sandbox games on the device: saved and read back unchanged, listed newest first, deleted; their
// export is a version-1 log that the CLI parser and `fnord replay` accept with the same state;
// imported logs (sandbox or seeded) become sandbox games; unreadable records are skipped.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/fnord.js';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { parseLogText, replay, stateHash } from '../../src/lib/engine/index.js';
import { MemoryKeyValueStore } from '../../src/lib/session/index.js';
import { currentState, openGame } from '../../src/lib/ui/sandbox/play.js';
import { blankRecord, exportText, newSetup, readRecord, recordFromLog, withSecret, type SandboxRecord } from '../../src/lib/ui/sandbox/record.js';
import { isSandboxId, newSandboxId, SandboxStore } from '../../src/lib/ui/sandbox/store.js';

const dir = mkdtempSync(join(tmpdir(), 'fnord-sandbox-'));
const example = (name: string) => readFileSync(join(process.cwd(), 'docs', 'examples', name), 'utf8');
let counter = 0;
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + counter++) % 256);

function fromExample(name: string, id = newSandboxId(bytes)): { record: SandboxRecord; refused: number } {
	const parsed = parseLogText(example(name));
	if (!parsed.ok) throw new Error(parsed.error);
	return recordFromLog(parsed.log, { id, title: name, now: 1000, origin: { kind: 'import', file: name } });
}

function cliReplay(text: string): string {
	const file = join(dir, `replay-${counter++}.json`);
	writeFileSync(file, text);
	const out: string[] = [];
	expect(main(['replay', file], { out: (line) => out.push(line), err: (line) => out.push(line) })).toBe(0);
	return out.join('\n');
}

describe('sandbox records and store', () => {
	it('ids are 24 hex digits from the random bytes', () => {
		const id = newSandboxId(bytes);
		expect(isSandboxId(id)).toBe(true);
		expect(isSandboxId('not-an-id')).toBe(false);
		expect(isSandboxId(null)).toBe(false);
	});

	it('a record survives the store unchanged (entries, origin, secrets, switches)', async () => {
		const store = new SandboxStore(new MemoryKeyValueStore());
		const { record } = fromExample('first-round.sandbox.json');
		const full = { ...withSecret(record, 1, { goal: 'network', salt: 'abc' }), autoRoll: true, autoPass: false };
		await store.save(full);
		expect(await store.get(full.id)).toEqual(full);
		expect(await store.get('000000000000000000000000')).toBeNull();
	});

	it('lists games most recently played first and forgets deleted ones', async () => {
		const store = new SandboxStore(new MemoryKeyValueStore());
		const a = blankRecord(newSetup(3, 'random'), { id: newSandboxId(bytes), title: 'a', now: 1, origin: { kind: 'new' } });
		const b = { ...blankRecord(newSetup(4, 'random'), { id: newSandboxId(bytes), title: 'b', now: 2, origin: { kind: 'new' } }), updated: 5 };
		await store.save(a);
		await store.save(b);
		expect((await store.list()).map((s) => [s.title, s.players, s.entries])).toEqual([
			['b', 4, 0],
			['a', 3, 0],
		]);
		await store.remove(b.id);
		expect((await store.list()).map((s) => s.title)).toEqual(['a']);
	});

	it.each([
		['not JSON', 'nope'],
		['no id', JSON.stringify({ title: 'x' })],
		['a peer-to-peer setup', JSON.stringify({ ...blankRecord(newSetup(2, 'random'), { id: 'a'.repeat(24), title: 'x', now: 1, origin: { kind: 'new' } }), setup: { players: 2, illuminati: 'random', sandbox: false, rules: {} } })],
		['a bad setup', JSON.stringify({ ...blankRecord(newSetup(2, 'random'), { id: 'a'.repeat(24), title: 'x', now: 1, origin: { kind: 'new' } }), setup: { players: 12 } })],
	])('an unreadable record (%s) is skipped', async (_name, text) => {
		const kv = new MemoryKeyValueStore();
		await kv.set('fnord.sandbox.aaaaaaaaaaaaaaaaaaaaaaaa', text);
		expect(readRecord(text)).toBeNull();
		expect(await new SandboxStore(kv).list()).toEqual([]);
	});

	it.each(['first-round.sandbox.json', 'seeded-game.json'])('an imported log (%s) becomes a sandbox game at the same state', (name) => {
		const parsed = parseLogText(example(name));
		if (!parsed.ok) throw new Error(parsed.error);
		const { record, refused } = fromExample(name);
		const original = replay(parsed.log);
		expect(refused).toBe(original.rejected.length);
		expect(record.setup.sandbox).toBe(true);
		const state = currentState(openGame(record));
		expect(stateHash({ ...state, options: { ...state.options, sandbox: original.state.options.sandbox } })).toBe(stateHash(original.state));
	});

	it('the export is a log the CLI parser reads, and `fnord replay` reaches the same state hash', () => {
		const played = randomGame({ players: 3, seed: 'sandbox-export', maxEntries: 300 });
		const { record } = recordFromLog(played.log, { id: newSandboxId(bytes), title: 'Exported', now: 3, origin: { kind: 'new' } });
		const text = exportText(record);
		const parsed = parseLogText(text);
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		expect(parsed.log.meta).toMatchObject({ title: 'Exported', source: 'fnord-sandbox' });
		expect(replay(parsed.log).rejected).toEqual([]);
		const hash = stateHash(currentState(openGame(record)));
		expect(stateHash(replay(parsed.log).state)).toBe(hash);
		expect(cliReplay(text)).toContain(`state hash: ${hash}`);
	});

	it('a stored record whose entries the engine refuses opens without them', () => {
		const { record } = fromExample('first-round.sandbox.json');
		const broken = { ...record, entries: [...record.entries.slice(0, 5), { type: 'passTurn', seat: 7 } as never, ...record.entries.slice(5)] };
		const game = openGame(broken);
		expect(game.record.entries).toEqual(record.entries);
		expect(stateHash(currentState(game))).toBe(stateHash(currentState(openGame(record))));
	});
});
