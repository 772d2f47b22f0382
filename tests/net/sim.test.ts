import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { createPrng } from '../../src/lib/dev/prng.js';

/** A ~125-byte entry string, unique per (peer, n). */
function entry(peer: number, n: number): string {
	const head = JSON.stringify({ v: 1, kind: 'act', author: `seat${peer}`, n });
	return head + 'x'.repeat(Math.max(0, 125 - head.length));
}

describe('simulated network', () => {
	it('syncs four peers with concurrent appends', () => {
		const sim = new SimNetwork({ peers: 4, seed: 1 });
		for (let n = 0; n < 5; n++) for (let p = 0; p < 4; p++) sim.append(p, entry(p, n));
		sim.flushAll();
		const logs = sim.logs();
		expect(logs[0]).toHaveLength(20);
		for (const log of logs) expect(log).toEqual(logs[0]);
		sim.destroy();
	});

	it('a partitioned peer keeps playing alone and catches up after heal', () => {
		const sim = new SimNetwork({ peers: 4, seed: 2, duplicateRate: 0.3 });
		sim.append(0, 'start');
		sim.flushAll();
		sim.disconnect(3);
		sim.append(0, 'a');
		sim.append(3, 'offline');
		sim.flushAll();
		expect(sim.log(1)).toEqual(['start', 'a']);
		expect(sim.log(3)).toEqual(['start', 'offline']);
		sim.reconnect(3);
		sim.flushAll();
		for (const log of sim.logs()) expect(log).toEqual(sim.log(0));
		expect(sim.log(0)).toHaveLength(3);
		expect(sim.stats.dropped).toBeGreaterThan(0);
		sim.destroy();
	});

	it('delivers out of order and duplicates with the same seed the same way', () => {
		const run = () => {
			const sim = new SimNetwork({ peers: 4, seed: 99, duplicateRate: 0.5, maxDelay: 10 });
			for (let n = 0; n < 10; n++) {
				sim.append(n % 4, entry(n % 4, n));
				sim.tick();
			}
			sim.flushAll();
			const out = { logs: sim.logs(), stats: { ...sim.stats }, reorders: sim.reorders() };
			sim.destroy();
			return out;
		};
		const first = run();
		expect(run()).toEqual(first);
		expect(first.stats.duplicated).toBeGreaterThan(0);
		expect(first.stats.outOfOrder).toBeGreaterThan(0);
	});

	it('has a deterministic prng', () => {
		const a = createPrng(5);
		const b = createPrng(5);
		const xs = Array.from({ length: 20 }, () => a.int(1000));
		expect(Array.from({ length: 20 }, () => b.int(1000))).toEqual(xs);
		expect(new Set(xs).size).toBeGreaterThan(15);
		expect(a.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
	});
});
