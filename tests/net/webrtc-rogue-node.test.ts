// Real WebRTC between Node processes (@roamhq/wrtc, y-webrtc, our WebrtcTransport and signaling
// script, loopback only where a namespace can be made: isolated.ts): an invited rogue without an
// update gate floods 10,000 junk updates, deletes an entry, writes the meta map and another type,
// and pushes a number and a 5 MB string. The two honest peers' docs stay clean: no deletion, no
// other type, nothing but strings of at most 4096 bytes, the junk held to the author's burst; and
// they still sync with each other.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRoomCode } from '../../src/lib/net/room.js';
import { DEFAULT_UPDATE_LIMITS } from '../../src/lib/net/update-gate.js';
import { runIsolated } from './isolated.js';

interface HonestReport {
	name: string;
	honest: string[];
	junk: number;
	logLength: number;
	nonStrings: number;
	longest: number;
	deleteSetClients: number;
	sharedTypes: string[];
	metaSize: number;
	droppedUpdates: Record<string, number>;
}

describe('WebRTC in Node (loopback only): a rogue peer', () => {
	it('that floods and deletes leaves the honest peers\' documents clean, and they still sync', () => {
		const code = newRoomCode((n) => randomBytes(n));
		const r = runIsolated('tests/net/webrtc-node/rogue-run.ts', { timeout: 60_000, env: { ...process.env, FNORD_CODE: code } });
		const line = r.stdout.trim().split('\n').at(-1) ?? '';
		const summary = JSON.parse(line) as { ok: boolean; error?: string; rogue: { flood: number; floodMs: number }; peers: HonestReport[] };
		expect(summary.ok, `${summary.error ?? ''}\n${r.stderr}`).toBe(true);
		console.log(`rogue flood sent in ${summary.rogue.floodMs} ms; honest drops: ${JSON.stringify(summary.peers.map((p) => p.droppedUpdates))}`);
		for (const p of summary.peers) {
			expect(p.honest, p.name).toEqual(['after from alice', 'after from bob', 'entry from alice', 'entry from bob']);
			expect(p.deleteSetClients, p.name).toBe(0);
			expect(p.sharedTypes, p.name).toEqual(['log', 'meta']);
			expect(p.metaSize, p.name).toBe(0);
			expect(p.nonStrings, p.name).toBe(0);
			expect(p.longest, p.name).toBeLessThanOrEqual(4096);
			// The rogue's author burst, plus its refill over the few seconds of the test.
			expect(p.junk, p.name).toBeLessThanOrEqual(DEFAULT_UPDATE_LIMITS.updateBurst + 10 * DEFAULT_UPDATE_LIMITS.updatesPerSecond);
			const dropped = (p.droppedUpdates.rate ?? 0) + (p.droppedUpdates.muted ?? 0);
			expect(dropped, p.name).toBeGreaterThan(summary.rogue.flood - 500);
		}
		const [alice, bob] = summary.peers;
		expect(alice!.logLength).toBe(bob!.logLength);
	}, 65_000);
});
