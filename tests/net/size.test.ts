// Measures what the log costs in Yjs: a 2,000-entry log of ~125-byte entries from 4 authors.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { readLog, wrapGameDoc } from '../../src/lib/net/doc.js';
import { createPrng } from '../../src/lib/net/prng.js';
import { SimNetwork } from '../../src/lib/net/sim.js';

function entry(author: number, n: number, prng: ReturnType<typeof createPrng>): string {
	// Signature-like hex noise keeps the entry from compressing unrealistically well.
	const sig = Array.from({ length: 32 }, () => prng.int(16).toString(16)).join('');
	const head = `{"v":1,"kind":"act","author":"k${author}","n":${n},"sig":"${sig}","body":"`;
	return head + 'b'.repeat(Math.max(0, 123 - head.length)) + '"}';
}

describe('log size in Yjs', () => {
	it('2,000 entries of ~125 bytes from 4 authors', () => {
		const prng = createPrng(2000);
		const sim = new SimNetwork({ peers: 4, seed: 2000, duplicateRate: 0 });
		let raw = 0;
		for (let n = 0; n < 2000; n++) {
			const author = prng.int(4);
			const e = entry(author, n, prng);
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
		const fresh = wrapGameDoc('sim-game', new Y.Doc());
		Y.applyUpdate(fresh.doc, Y.encodeStateAsUpdate(doc));
		const loaded = readLog(fresh);
		const loadMs = performance.now() - started;

		console.log(
			`2000 entries, avg ${(raw / 2000).toFixed(1)} B: Yjs update v1 ${v1} B (${(v1 / 2000).toFixed(1)} B/entry), ` +
				`v2 ${v2} B (${(v2 / 2000).toFixed(1)} B/entry), JSON array ${json} B, ` +
				`${sim.reorders()} reorders; cold load + read ${loadMs.toFixed(1)} ms`
		);
		expect(loaded).toEqual(sim.log(1));
		expect(v1 / 2000).toBeLessThan(160); // entry bytes plus a small per-item overhead
		sim.destroy();
	}, 30_000);
});
