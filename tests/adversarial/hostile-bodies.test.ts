/**
 * Red team: hostile bodies. A seat holder signs, with its own valid key and an unbroken chain of
 * its own, entries of every kind whose body a hand-edited client filled with junk: deeply nested
 * arrays (about 1,200 levels inside the 4 KB cap: a JSON bomb for any recursive check), `__proto__`
 * and `constructor` keys, numbers at and past Number.MAX_SAFE_INTEGER, negative, fractional, the
 * largest doubles, numbers spelled as strings ("NaN", "Infinity", "0"), null, booleans, empty and
 * near-4 KB strings, a missing field and an extra one. Raw texts no client can sign are sent too:
 * 1e400 (JSON.parse gives Infinity), duplicate keys, a JSON bomb past the cap, a bare number.
 *
 * Checked on every honest peer: `add` never throws, every hostile entry is refused (with a code
 * naming its author when it parses), the state does not change, peers stay equal and a fresh
 * replay agrees; in the lobby, junk dealings and verdicts do not stop the key generation.
 * The seeded junk prints its seed.
 */
import { describe, expect, it } from 'vitest';
import type { Bodies, EntryKind } from '../../src/lib/protocol/entry.js';
import { MAX_ENTRY_BYTES } from '../../src/lib/protocol/entry.js';
import { gameIdFor, gameOptions, playerDevice } from '../protocol/v2/table.js';
import { expectConverged, expectFinalKept, expectFreshAgrees, idOf, play, replayer, Rng, rogueTable, snapshot, Table, type Peer } from './harness.js';

const SEED = process.env.FNORD_HOSTILE_BODIES_SEED ?? 'hostile-bodies-1';

/** A nested array `depth` levels deep, around 0. */
function nested(depth: number): unknown {
	let value: unknown = 0;
	for (let i = 0; i < depth; i++) value = [value];
	return value;
}

/** Values no field of any body takes. */
const JUNK: readonly [string, () => unknown][] = [
	['a JSON bomb of 1,200 nested arrays', () => nested(1_200)],
	['an object with __proto__', () => JSON.parse('{"__proto__":{"seat":0,"isAdmin":true}}')],
	['an object with constructor', () => ({ constructor: { prototype: { polluted: true } } })],
	['MAX_SAFE_INTEGER', () => Number.MAX_SAFE_INTEGER],
	['2^53', () => 2 ** 53],
	['-1', () => -1],
	['-MAX_SAFE_INTEGER', () => -Number.MAX_SAFE_INTEGER],
	['0.5', () => 0.5],
	['1e308', () => 1e308],
	['"NaN"', () => 'NaN'],
	['"Infinity"', () => 'Infinity'],
	['"0"', () => '0'],
	['null', () => null],
	['true', () => true],
	['an empty string', () => ''],
	['3,000 characters', () => 'x'.repeat(3_000)],
	['an empty object', () => ({})],
	['an empty array', () => []],
];

/** A body of each kind whose fields a client could post (ids of real entries, the rogue's seat). */
function templates(table: Table): [EntryKind, Record<string, unknown>][] {
	const seat = table.rogue.seat!;
	const id = table.view.accepted.at(-1)!.id;
	const b64 = (bytes: number) => Buffer.from(new Uint8Array(bytes).fill(7)).toString('base64url');
	return [
		['action', { type: 'passTurn', seat }],
		['action', { type: 'transfer', seat, mode: 'action', from: 'x', to: 'y', amount: 1 }],
		['share', { seat, opener: id, request: 0, value: b64(96) }],
		['absent', { seat, target: (seat + 1) % 4 }],
		['ack', {}],
		['takeback', { seat, move: id, ask: true }],
		['undoVote', { seat, request: id, accept: true }],
		['standIn', { seat, for: 0, at: '0'.repeat(64), action: { type: 'passTurn', seat: 0 } }],
		['botDrive', { seat, bot: 0, after: id }],
		['deck', { type: 'seal', seat, to: 0, position: 0, box: 'AAAA' }],
		['deck', { type: 'seed', seat, seed: b64(32) }],
		['illuminati', { type: 'show', seat, partials: [{ seat, share: b64(96) }] }],
		['deal', { seat, dealing: { ephemeral: b64(32), commitments: [], shares: [], proof: b64(64) } }],
		['keys', { seat, complaints: [] }],
		['join', { seat, box: b64(32) }],
	];
}

/** One hostile body: a template with one field replaced by junk, a field added, or one removed. */
function hostileBody(rng: Rng, template: Record<string, unknown>): { body: Record<string, unknown>; how: string } {
	const fields = Object.keys(template);
	const [name, junk] = rng.pick(JUNK);
	const mode = fields.length === 0 ? 1 : rng.int(4);
	if (mode === 0 || mode === 3) {
		const field = rng.pick(fields);
		return { body: { ...template, [field]: junk() }, how: `${field} = ${name}` };
	}
	if (mode === 1) {
		// An own `__proto__` key cannot be spread in: define it, as JSON.parse does.
		const body = { ...template };
		const key = rng.pick(['__proto__', 'constructor', 'extra']);
		Object.defineProperty(body, key, { value: junk(), enumerable: true, configurable: true, writable: true });
		return { body, how: `extra field ${key} = ${name}` };
	}
	const field = rng.pick(fields);
	const { [field]: _gone, ...rest } = template;
	return { body: rest, how: `without ${field}` };
}

/** Raw texts no signer makes: they fail to parse, and must not throw on the way. */
function rawJunk(table: Table, sample: string): string[] {
	const seatField = /"seat":\d+/;
	return [
		sample.replace(seatField, '"seat":1e400'),
		sample.replace(seatField, '"seat":-1e400'),
		sample.replace(seatField, '"seat":0,"seat":"NaN"'),
		sample.replace(seatField, `"seat":${'['.repeat(2_000)}0${']'.repeat(2_000)}`),
		sample.replace(seatField, `"seat":${'['.repeat(100_000)}`),
		'['.repeat(MAX_ENTRY_BYTES - 1),
		'{"v":2,"game":' + '{"a":'.repeat(700) + '1' + '}'.repeat(700) + '}',
		'1e400',
		'9007199254740993',
		'"\\ud800"',
		'null',
		`{"v":2,"game":"${table.game}","kind":"ack","body":{},"author":"${'A'.repeat(43)}","last":null,"deps":[],"sig":"${'A'.repeat(86)}","v":3}`,
	];
}

function expectAllRefused(peer: Peer, junk: readonly string[], rogueKey: string): void {
	const refused = new Map(peer.replay.rejections.filter((r) => r.id !== null).map((r) => [r.id!, r]));
	for (const text of junk) {
		const rejection = refused.get(idOf(text));
		expect(rejection, `${peer.name}: refused ${text.slice(0, 160)}`).toBeDefined();
		expect(rejection!.author, peer.name).toBe(rogueKey);
		expect(peer.replay.accepted.some((entry) => entry.id === idOf(text)), peer.name).toBe(false);
	}
}

describe('red team: hostile bodies from a seat holder', () => {
	it(`400 signed entries of every kind with junk fields (seed ${SEED}): all refused, naming the rogue, nothing changes, peers stay equal`, () => {
		console.log(`hostile bodies seed: ${SEED} (FNORD_HOSTILE_BODIES_SEED)`);
		const rng = new Rng(SEED);
		const table = rogueTable('hostile-bodies', { honest: 3 });
		play(table, 30, 'hostile-bodies');
		const hash = table.view.stateHash;
		const before = snapshot(table.honest);
		const refusedBefore = table.honest.map((peer) => peer.replay.rejections.length);
		const kinds = templates(table);

		const signed: string[] = [];
		const hows: string[] = [];
		for (let i = 0; i < 400; i++) {
			const [kind, template] = rng.pick(kinds);
			const { body, how } = hostileBody(rng, template);
			signed.push(table.rogueEntry(kind, body as Bodies[typeof kind]));
			hows.push(`${kind}: ${how}`);
		}
		const raw = rawJunk(table, signed[0]!);
		for (const peer of table.honest) for (const text of rng.shuffle([...signed, ...raw])) table.send(text, [peer]);
		expect(() => table.deliverAll()).not.toThrow();
		table.settle();

		for (const [i, peer] of table.honest.entries()) {
			expect(peer.replay.stateHash, `${peer.name}: the junk changed nothing`).toBe(hash);
			// Parsed-but-refused signed junk names the rogue; what does not parse is refused without an id.
			const parsedJunk = signed.filter((text) => peer.replay.dag.nodes.has(idOf(text)));
			expectAllRefused(peer, parsedJunk, table.rogue.device!.key);
			// Two junk texts the rogue's view refused before the graph may be the same text (the same `last`): one refusal.
			expect(peer.replay.rejections.length - refusedBefore[i]!, peer.name).toBeGreaterThanOrEqual(new Set([...signed, ...raw]).size);
		}
		// Every kind was tried.
		expect(new Set(hows.map((how) => how.split(':')[0])).size).toBe(new Set(kinds.map(([kind]) => kind)).size);
		expectFinalKept(before, table.honest);
		play(table, 15, 'hostile-bodies:after');
		expectConverged(table.honest);
		expectFreshAgrees(table, rng);
	});

	it('junk dealings and verdicts in the lobby are refused and the key generation still completes with the rogue\u2019s real ones', () => {
		const game = gameIdFor('adversarial:hostile-bodies:lobby');
		const rng = new Rng('hostile-bodies:lobby');
		const peer = (name: string, seat: number): Peer => ({ name, seat, device: playerDevice(name), replay: replayer(game), inbox: [], has: new Set() });
		const [alice, bob, rogue] = [peer('alice', 0), peer('bob', 1), peer('rogue', 2)];
		const table = new Table(game, rng, [alice, bob], rogue);
		table.broadcast(alice.device!.entry(alice.replay, 'create', { options: gameOptions(3), rules: { equivocation: 'forfeit', countdown: 60 } }));
		for (const p of [alice, bob, rogue]) {
			table.deliverAll();
			table.broadcast(p.device!.join(p.replay, p.seat!));
		}
		table.deliverAll();
		// The rogue's real dealing, not posted: its junk variants go first.
		const real = JSON.parse(rogue.device!.nextAutomatic(rogue.replay)!) as { body: { seat: number; dealing: Record<string, unknown> } };
		const junk: string[] = [];
		for (let i = 0; i < 60; i++) {
			const { body } = hostileBody(rng, real.body.dealing);
			junk.push(table.rogueEntry('deal', { seat: 2, dealing: body } as unknown as Bodies['deal']));
		}
		for (const [, make] of JUNK) junk.push(table.rogueEntry('keys', { seat: 2, complaints: [make()] } as unknown as Bodies['keys']));
		for (const text of junk) table.send(text, table.honest);
		expect(() => table.settle({ rogue: true })).not.toThrow();
		for (const p of table.honest) {
			expect(p.replay.core.keygen?.group, `${p.name}: the key generation completed`).toBeTruthy();
			expect(p.replay.core.keygen!.qualified, p.name).toEqual([0, 1, 2]);
			expectAllRefused(p, junk.filter((text) => p.replay.dag.nodes.has(idOf(text))), rogue.device!.key);
		}
		expectConverged(table.honest);
		expectFreshAgrees(table, rng);
	});
});
