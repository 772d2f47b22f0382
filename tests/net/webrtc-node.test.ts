// Real WebRTC between two Node processes (@roamhq/wrtc) through y-webrtc and our WebrtcTransport,
// with our signaling script, inside a fresh network namespace that has only loopback where one
// can be made (isolated.ts), else directly on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { newRoomCode, roomName } from '../../src/lib/net/room.js';
import { runIsolated } from './isolated.js';

interface PeerResult {
	name: string;
	ms: number;
	log: string[];
	dataChannel: boolean;
	logLength: number;
	droppedLinks: number;
	present: string[];
	roomName: string;
	signaling: string[];
}

describe('WebRTC in Node (loopback only)', () => {
	it('two peers sync over an open data channel, a 2,500-entry log included', () => {
		// Alice starts with 2,500 entries: ~320 KB in one first sync, above the 256 KiB a data
		// channel message may carry, so this also proves that large messages are framed.
		const r = runIsolated('tests/net/webrtc-node/run.ts', { timeout: 40_000, env: { ...process.env, FNORD_PRELOAD: '2500' } });
		const line = r.stdout.trim().split('\n').at(-1) ?? '';
		const summary = JSON.parse(line) as { ok: boolean; error?: string; peers: PeerResult[] };
		expect(summary.ok, `${summary.error ?? ''}\n${r.stderr}`).toBe(true);
		const [a, b] = summary.peers;
		console.log(
			`WebRTC in Node: synced in ${a!.ms} / ${b!.ms} ms, links dropped by the watchdog: ${a!.droppedLinks + b!.droppedLinks}`
		);
		for (const p of summary.peers) {
			expect(p.dataChannel).toBe(true);
			expect(p.log).toEqual(['entry from alice', 'entry from bob']);
			expect(p.logLength).toBe(2502);
			expect(p.present).toEqual(['alice', 'bob']);
			expect(p.roomName).toBe(roomName('7KQ2MXH90D'));
			expect(p.signaling).toEqual(['ws://127.0.0.1:4455']);
		}
	}, 45_000);

	it('only invited peers get in: a stranger with the room name, or with a wrong secret, gets no data channel and no entry', () => {
		const code = newRoomCode((n) => randomBytes(n));
		const r = runIsolated('tests/net/webrtc-node/invite.ts', { timeout: 40_000, env: { ...process.env, FNORD_CODE: code } });
		const line = r.stdout.trim().split('\n').at(-1) ?? '';
		const summary = JSON.parse(line) as {
			ok: boolean;
			error?: string;
			peers: (PeerResult & { refusedSignals: Record<string, number> })[];
			strangers: { mode: string; roomName: string; dataChannels: number; logLength: number; refusedSignals: Record<string, number> }[];
		};
		expect(summary.ok, `${summary.error ?? ''}\n${r.stderr}`).toBe(true);
		const name = roomName(code);
		for (const p of summary.peers) {
			expect(p.dataChannel).toBe(true);
			expect(p.log).toEqual(['entry from alice', 'entry from bob']); // no stranger's entry
			expect(p.logLength).toBe(2);
			expect(p.present).toEqual(['alice', 'bob']);
			expect(p.roomName).toBe(name);
		}
		// The strangers' announcements reached the invited peers and were refused unread.
		const refused = summary.peers.map((p) => p.refusedSignals);
		console.log(`invited peers refused signaling messages: ${JSON.stringify(refused)}`);
		expect(refused.some((r) => (r['not-encrypted'] ?? 0) > 0)).toBe(true);
		expect(refused.some((r) => (r['wrong-key'] ?? 0) > 0)).toBe(true);
		for (const s of summary.strangers) {
			expect(s.roomName, s.mode).toBe(name); // the same room on the server
			expect(s.dataChannels, s.mode).toBe(0);
			expect(s.logLength, s.mode).toBe(1); // its own entry only
		}
	}, 45_000);
});
