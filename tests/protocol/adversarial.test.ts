// Adversarial entries: each is refused with the same code by independent peers (pure-JS and
// WebCrypto verification, appended live or replayed from scratch), and changes nothing.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, step } from '../../src/lib/engine/index.js';
import { bytesToBase64url } from '../../src/lib/protocol/base64url.js';
import { Verifier } from '../../src/lib/protocol/crypto.js';
import { MAX_ENTRY_BYTES, signEntry, type Entry } from '../../src/lib/protocol/entry.js';
import { ProtocolReplayer } from '../../src/lib/protocol/v1/replayer.js';
import { device, newTable, options, play, type Table } from './game.js';

const GAME = 'feedfacecafebeef';
const [alice, bob, mallory] = [device('alice'), device('bob'), device('mallory')];

function quietTable(): Table {
	const table = newTable(GAME, [alice, bob]);
	play(table, 40, 'adversarial');
	if (table.replay.state!.random !== null) throw new Error('expected no pending randomness');
	return table;
}

/** A table whose first random request (the Illuminati) waits for reveals. */
const pendingTable = () => newTable(GAME, [alice, bob]);

const resign = (value: Record<string, unknown>, signer = mallory) =>
	signEntry(signer.identity, { v: 1, ...(value as unknown as Omit<Entry, 'v' | 'author' | 'sig'>) });

/** A chain value or tip nobody committed to. */
const stranger = (fill: number) => bytesToBase64url(new Uint8Array(32).fill(fill));
/** The same bytes spelled with non-zero unused bits in the last character (lenient decoders accept it). */
function respell(text: string): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	return text.slice(0, -1) + alphabet[alphabet.indexOf(text.at(-1)!) | 1];
}

type Case = [name: string, table: () => Table, make: (t: Table) => unknown, code: string | ((t: Table) => string)];

const cases: Case[] = [
	['a forged signature (body changed after signing)', quietTable, (t) => {
		const entry = JSON.parse(alice.entry(t.replay, 'action', { type: 'passTurn', seat: 0 }));
		return JSON.stringify({ ...entry, body: { type: 'leave', seat: 0 } });
	}, 'BAD_SIGNATURE'],
	['a signature by another key under alice\u2019s name', quietTable, (t) => {
		const entry = JSON.parse(mallory.entry(t.replay, 'action', { type: 'leave', seat: 0 }));
		return JSON.stringify({ ...entry, author: alice.key });
	}, 'BAD_SIGNATURE'],
	['an action for someone else\u2019s seat', quietTable, (t) => bob.entry(t.replay, 'action', { type: 'leave', seat: 0 }), 'NOT_SEAT_HOLDER'],
	['an action by a key with no seat', quietTable, (t) => mallory.entry(t.replay, 'action', { type: 'leave', seat: 1 }), 'NOT_SEAT_HOLDER'],
	['an action for a seat that does not exist', quietTable, (t) => alice.entry(t.replay, 'action', { type: 'leave', seat: 5 }), 'UNKNOWN_SEAT'],
	['a join of a taken seat', quietTable, (t) => mallory.entry(t.replay, 'join', { seat: 0, chain: { tip: stranger(0xab), length: 9 } }), 'SEAT_TAKEN'],
	['a join of a seat that does not exist', quietTable, (t) => mallory.entry(t.replay, 'join', { seat: 2, chain: { tip: stranger(0xab), length: 9 } }), 'UNKNOWN_SEAT'],
	['equivocation (a second entry after the same own entry)', quietTable, (t) => {
		const first = t.replay.accepted[0]!.id; // alice's create
		return signEntry(alice.identity, { v: 1, game: GAME, kind: 'action', body: { type: 'leave', seat: 0 }, prev: t.replay.head, last: first });
	}, 'EQUIVOCATION'],
	['a `last` that is not the author\u2019s', quietTable, (t) => {
		const bobs = t.replay.accepted.find((e) => (JSON.parse(e.text) as Entry).author === bob.key)!.id;
		return signEntry(alice.identity, { v: 1, game: GAME, kind: 'action', body: { type: 'leave', seat: 0 }, prev: t.replay.head, last: bobs });
	}, 'BAD_CHAIN'],
	['a replayed entry', quietTable, (t) => t.entries[t.entries.length - 3], 'DUPLICATE'],
	['a replayed entry with its signature respelled (a new id for the same signature)', quietTable, (t) => {
		const entry = JSON.parse(t.entries[t.entries.length - 3]!) as Entry;
		return canonicalJson({ ...entry, sig: respell(entry.sig) });
	}, 'MALFORMED'],
	['an entry signed by alice under a respelling of her key (a second author id for one key)', quietTable, (t) => {
		const twin = { ...alice.identity, publicKey: respell(alice.key) };
		return signEntry(twin, { v: 1, game: GAME, kind: 'action', body: { type: 'passTurn', seat: 0 }, prev: t.replay.head, last: null });
	}, 'MALFORMED'],
	['an entry whose `prev` is an id respelled', quietTable, (t) => {
		return signEntry(alice.identity, { v: 1, game: GAME, kind: 'action', body: { type: 'passTurn', seat: 0 }, prev: respell(t.replay.head!), last: t.replay.lastOf(alice.key) });
	}, 'MALFORMED'],
	['an entry of another game', quietTable, () => resign({ game: 'aaaaaaaaaaaaaaaa', kind: 'action', body: { type: 'leave', seat: 0 }, prev: null, last: null }, alice), 'WRONG_GAME'],
	['a second create', quietTable, (t) => mallory.entry(t.replay, 'create', { options: options(2) }), 'NO_GAME'],
	['malformed JSON', quietTable, () => '{"v":1,"game":', 'MALFORMED'],
	['a non-object', quietTable, () => 42, 'MALFORMED'],
	['an oversized entry', quietTable, (t) => alice.entry(t.replay, 'action', { type: 'offer', seat: 0, note: 'x'.repeat(MAX_ENTRY_BYTES) } as never), 'OVERSIZED'],
	['an illegal action (the engine\u2019s code)', quietTable, (t) => {
		const state = t.replay.state!;
		const idle = state.players.find((p) => p.seat !== state.turn?.seat)!.seat;
		return [alice, bob][idle]!.entry(t.replay, 'action', { type: 'endTurn', seat: idle });
	}, (t) => {
		const state = t.replay.state!;
		const idle = state.players.find((p) => p.seat !== state.turn?.seat)!.seat;
		const result = step(state, { type: 'endTurn', seat: idle });
		return result.ok ? 'accepted?' : result.error.code;
	}],
	['a reveal with no randomness pending', quietTable, (t) => alice.entry(t.replay, 'reveal', { seat: 0, event: t.replay.event, value: alice.chains.get(0)!.reveal(1) }), 'BAD_REVEAL'],
	['a reveal that does not hash to the previous value', pendingTable, (t) => alice.entry(t.replay, 'reveal', { seat: 0, event: 0, value: stranger(0x11) }), 'BAD_REVEAL'],
	['the right reveal respelled (a revealer choosing among spellings would steer the seed)', pendingTable, (t) => {
		return alice.entry(t.replay, 'reveal', { seat: 0, event: 0, value: respell(alice.chains.get(0)!.reveal(1)) });
	}, 'MALFORMED'],
	['a reveal skipping a link', pendingTable, (t) => alice.entry(t.replay, 'reveal', { seat: 0, event: 0, value: alice.chains.get(0)!.reveal(2) }), 'BAD_REVEAL'],
	['a reveal for the wrong event', pendingTable, (t) => alice.entry(t.replay, 'reveal', { seat: 0, event: 1, value: alice.chains.get(0)!.reveal(1) }), 'BAD_REVEAL'],
	['a reveal for someone else\u2019s seat', pendingTable, (t) => mallory.entry(t.replay, 'reveal', { seat: 0, event: 0, value: alice.chains.get(0)!.reveal(1) }), 'NOT_SEAT_HOLDER'],
	['a chain renewal while randomness is pending', pendingTable, (t) => alice.entry(t.replay, 'commit', { seat: 0, chain: { tip: stranger(0xcd), length: 9 } }), 'BAD_COMMIT'],
	['a player action while randomness is pending', pendingTable, (t) => alice.entry(t.replay, 'action', { type: 'passTurn', seat: 0 }), 'RANDOMNESS_EXPECTED'],
];

describe('adversarial entries are refused identically by every peer, changing nothing', () => {
	for (const [name, makeTable, make, expected] of cases) {
		it(name, async () => {
			const table = makeTable();
			const live = table.replay;
			const bad = make(table);
			const code = typeof expected === 'string' ? expected : expected(table);
			const before = { hash: live.stateHash, seats: live.seats, event: live.event, accepted: live.accepted.length, export: canonicalJson(live.exportLog()) };
			const web = new ProtocolReplayer(GAME, { verifier: new Verifier(webcrypto.subtle as unknown as SubtleCrypto), checkpointInterval: 8 });
			const pure = new ProtocolReplayer(GAME);
			await web.prepare([...table.entries, bad]);
			web.sync([...table.entries, bad]);
			pure.sync([...table.entries, bad]);
			const refusal = live.append(bad);
			expect(refusal?.code).toBe(code);
			for (const peer of [web, pure]) {
				expect(peer.rejections).toEqual([refusal]);
				expect(peer.stateHash).toBe(before.hash);
			}
			expect({ hash: live.stateHash, seats: live.seats, event: live.event, accepted: live.accepted.length, export: canonicalJson(live.exportLog()) }).toEqual(before);
		});
	}
});

describe('reorders: a peer that already applied entries recomputes from a checkpoint', () => {
	it('any swap of two neighbouring entries gives the same result as replaying the new order from scratch', () => {
		const table = newTable(GAME, [alice, bob]);
		play(table, 60, 'reorder');
		const entries = table.entries;
		for (const k of [3, 9, 17, 30, entries.length - 2]) {
			const swapped = entries.slice();
			[swapped[k], swapped[k + 1]] = [swapped[k + 1]!, swapped[k]!];
			const live = new ProtocolReplayer(GAME, { checkpointInterval: 8 });
			live.sync(entries);
			live.sync(swapped);
			const fresh = new ProtocolReplayer(GAME);
			fresh.sync(swapped);
			expect(live.stateHash).toBe(fresh.stateHash);
			expect(live.rejections).toEqual(fresh.rejections);
			expect(canonicalJson(live.exportLog())).toBe(canonicalJson(fresh.exportLog()));
			// And back: the original order is restored exactly.
			live.sync(entries);
			expect(live.stateHash).toBe(table.replay.stateHash);
			expect(live.rejections).toEqual([]);
		}
	});
});
