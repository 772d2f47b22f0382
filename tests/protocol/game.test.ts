// A peer-to-peer game through signed entries: joins with chains, automatic reveals, chain renewal,
// and an export that `fnord replay` (the engine's replay) brings to the same state.
import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseLogText, replay, stateHash } from '../../src/lib/engine/index.js';
import { Verifier, type VerifyOffload } from '../../src/lib/protocol/crypto.js';
import { ProtocolReplayer } from '../../src/lib/protocol/v1/replayer.js';
import { device, newTable, play } from './game.js';

const GAME = '0123456789abcdef';

describe('a game played through entries', () => {
	for (const players of [2, 3, 4]) {
		it(`${players} seats (from 3 on, one device holds two seats: hot-seat): the export replays to the same state`, () => {
			const a = device('a');
			const b = device('b');
			const c = device('c');
			const holders = [a, b, a, c].slice(0, players);
			const table = newTable(GAME, holders, 12);
			expect(table.replay.seats).toEqual(holders.map((d) => d.key));
			play(table, 150, `game-${players}`, 12);
			const r = table.replay;
			expect(r.rejections).toEqual([]);
			expect(r.state!.random).toBeNull();
			expect(r.event).toBeGreaterThan(3);
			expect(r.state!.turnCount).toBeGreaterThan(2);
			// Chains of 12 links ran low and were renewed with 'commit' entries.
			expect(r.accepted.filter((e) => e.kind === 'commit').length).toBeGreaterThan(0);
			const log = parseLogText(JSON.stringify(r.exportLog()));
			expect(log.ok).toBe(true);
			if (!log.ok) return;
			expect(log.log.meta).toEqual({ game: GAME, source: 'fnord-p2p' });
			const replayed = replay(log.log);
			expect(replayed.rejected).toEqual([]);
			expect(stateHash(replayed.state)).toBe(r.stateHash);
		});
	}

	it('an independent peer verifying with WebCrypto reaches the same state hash', async () => {
		const table = newTable(GAME, [device('a'), device('b')]);
		play(table, 80, 'webcrypto');
		const peer = new ProtocolReplayer(GAME, { verifier: new Verifier(webcrypto.subtle as unknown as SubtleCrypto) });
		await peer.prepare(table.entries);
		peer.sync(table.entries);
		expect(peer.rejections).toEqual([]);
		expect(peer.stateHash).toBe(table.replay.stateHash);
	});

	it('prepare sends the signatures in slices as it parses, before any verdict is back, with the same verdicts', async () => {
		const table = newTable(GAME, [device('a'), device('b'), device('c'), device('d'), device('e')]);
		play(table, 400, 'slices');
		const forged = JSON.stringify({ ...JSON.parse(table.entries[40] as string), sig: JSON.parse(table.entries[41] as string).sig });
		const entries = [...table.entries.slice(0, 60), forged, ...table.entries.slice(60)];
		const subtle = webcrypto.subtle as unknown as SubtleCrypto;
		const batches: number[] = [];
		let answered = 0;
		let sentBeforeAnswer = 0;
		const offload: VerifyOffload = async (batch) => {
			batches.push(batch.length);
			if (answered === 0) sentBeforeAnswer = batches.length;
			await new Promise((r) => setTimeout(r, 5));
			const verdicts = await Promise.all(batch.map(async ({ key, sig, message }) => subtle.verify({ name: 'Ed25519' }, await subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify']), sig as Uint8Array<ArrayBuffer>, message as Uint8Array<ArrayBuffer>)));
			answered++;
			return verdicts;
		};
		const sliced = new ProtocolReplayer(GAME, { verifier: new Verifier(subtle, { offload }) });
		await sliced.prepare(entries);
		sliced.sync(entries);
		const plain = new ProtocolReplayer(GAME);
		plain.sync(entries);
		expect(entries.length).toBeGreaterThan(500);
		expect(batches.every((n) => n <= 250)).toBe(true);
		expect(batches.reduce((n, b) => n + b, 0)).toBe(entries.length);
		expect(sentBeforeAnswer).toBe(batches.length); // every slice left before the first verdict came back
		expect(sliced.rejections.map((r) => r.code)).toEqual(['BAD_SIGNATURE']);
		expect(sliced.rejections).toEqual(plain.rejections);
		expect(sliced.stateHash).toBe(plain.stateHash);
	});

	it('a stalled reveal leaves the randomness pending; the others can excuse it by majority', () => {
		const [a, b, c] = [device('a'), device('b'), device('c')];
		const table = newTable(GAME, [a, b, c]);
		const r = table.replay;
		expect(r.state!.random).not.toBeNull();
		// a and b reveal, c stalls: nothing is settled.
		for (const d of [a, b]) table.add(d.entry(r, 'reveal', d.dueReveals(r)[0]!));
		expect(r.event).toBe(0);
		expect(r.pendingReveals(c.key)).toHaveLength(1);
		expect(r.exportLog().entries).toEqual([]);
		// A vote from a (one of two other seats) is not a majority; b's vote makes one.
		table.add(a.entry(r, 'action', { type: 'declareAbsent', seat: 0, target: 2 }));
		expect(r.pendingReveals(c.key)).toHaveLength(1);
		table.add(b.entry(r, 'action', { type: 'declareAbsent', seat: 1, target: 2 }));
		// Excused: a and b reveal fresh links for a new event number, so no voter knew the outcome.
		expect(r.pendingReveals(c.key)).toEqual([]);
		expect(r.pendingReveals(a.key)).toEqual([{ seat: 0, event: 1, link: 2 }]);
		for (const d of [a, b]) table.add(d.entry(r, 'reveal', d.dueReveals(r)[0]!));
		expect(r.event).toBe(2);
		expect(r.exportLog().entries).toHaveLength(1);
		// c's late reveal for the old event is refused.
		expect(r.append(c.entry(r, 'reveal', { seat: 2, event: 0, value: c.chains.get(2)!.reveal(1) }))?.code).toBe('BAD_REVEAL');
	});
});
