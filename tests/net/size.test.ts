// Measures what the log costs in Yjs: 2,000 real signed entries (the protocol's encoding, typical
// bodies) from 4 authors, some appended concurrently.
import * as Y from 'yjs';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { readLog, wrapGameDoc } from '../../src/lib/net/doc.js';
import { createPrng } from '../../src/lib/dev/prng.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { generateIdentity, parseEntry, signEntry, type Bodies, type EntryKind } from '../../src/lib/protocol/index.js';

const GAME = 'Ab3_x9Qm-2LkPz7rT0vW1g'; // 16 bytes, as gameIdOf makes
const authors = [0, 1, 2, 3].map((n) => generateIdentity(sha256(new TextEncoder().encode(`size:${n}`))));
const value = (n: number) => sha256(new TextEncoder().encode(`value:${n}`));

/** Bodies in roughly the mix of a long 6-player game (gifts, passes, reveals, spending). */
function body(n: number, seat: number, prng: ReturnType<typeof createPrng>): { kind: EntryKind; body: Bodies[EntryKind] } {
	const r = prng.next();
	if (r < 0.45) return { kind: 'action', body: { type: 'give', seat, to: (seat + 1) % 4, money: 1, specials: [] } };
	if (r < 0.75) return { kind: 'action', body: { type: prng.pick(['passSpending', 'passWindow'] as const), seat } };
	if (r < 0.9) return { kind: 'reveal', body: { seat, event: n, value: Buffer.from(value(n)).toString('base64url') } };
	return { kind: 'action', body: { type: 'spend', seat, from: 'bavarian-illuminati', amount: 2, side: 'for' } };
}

describe('log size in Yjs', () => {
	it('2,000 signed entries from 4 authors cost under 400 bytes each, a few bytes above their text', () => {
		const prng = createPrng(2000);
		const sim = new SimNetwork({ peers: 4, seed: 2000, gameId: GAME, duplicateRate: 0 });
		const last: (string | null)[] = [null, null, null, null];
		let prev: string | null = null;
		let raw = 0;
		for (let n = 0; n < 2000; n++) {
			const author = prng.int(4);
			const e = signEntry(authors[author]!, { v: 1, game: GAME, ...body(n, author, prng), prev, last: last[author] ?? null });
			const parsed = parseEntry(e);
			if (!parsed.ok) throw new Error(parsed.message);
			prev = last[author] = parsed.id;
			raw += e.length;
			sim.append(author, e);
			if (prng.chance(0.5)) sim.flushAll(); // sometimes several entries are concurrent
		}
		sim.flushAll();
		const doc = sim.peers[0]!.game.doc;
		const v1 = Y.encodeStateAsUpdate(doc).byteLength;
		const v2 = Y.encodeStateAsUpdateV2(doc).byteLength;
		const json = JSON.stringify(readLog(sim.peers[0]!.game)).length;

		const started = performance.now();
		const fresh = wrapGameDoc(GAME, new Y.Doc());
		Y.applyUpdate(fresh.doc, Y.encodeStateAsUpdate(doc));
		const loaded = readLog(fresh);
		const loadMs = performance.now() - started;

		console.log(
			`2000 signed entries, avg ${(raw / 2000).toFixed(1)} B: Yjs update v1 ${v1} B (${(v1 / 2000).toFixed(1)} B/entry), ` +
				`v2 ${v2} B (${(v2 / 2000).toFixed(1)} B/entry), JSON array ${json} B, ` +
				`${sim.reorders()} reorders; cold load + read ${loadMs.toFixed(1)} ms`
		);
		expect(loaded).toEqual(sim.log(1));
		expect(v1 / 2000).toBeLessThan(400); // the budget for a signed entry in the log
		expect((v1 - raw) / 2000).toBeLessThan(12); // Yjs adds a small per-item overhead to the text
		sim.destroy();
	}, 30_000);
});
