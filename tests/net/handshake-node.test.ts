// The manual handshake and the relay mesh with real WebRTC (@roamhq/wrtc), each device its own
// Node process, no signaling server (except in the y-webrtc scenario) and no ICE server, inside a
// fresh network namespace that has only loopback where one can be made (isolated.ts), else
// directly on 127.0.0.1. The scenarios live in tests/net/handshake/scenarios.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshLinkInfo } from '../../src/lib/net/mesh/mesh.js';
import type { MeshReport } from '../../src/lib/net/mesh/reports.js';
import { runIsolated } from './isolated.js';

type Facts = Record<string, unknown> & {
	ids: Record<string, string>;
	links: Record<string, MeshLinkInfo[]>;
	logs: string[][];
};
const results = new Map<string, { ok: boolean; error?: string; facts: Facts }>();
let stderr = '';

function facts(scenario: string): Facts {
	const result = results.get(scenario);
	expect(result, `scenario ${scenario} did not run\n${stderr}`).toBeDefined();
	expect(result!.ok, `${result!.error}\n${stderr}`).toBe(true);
	return result!.facts;
}

/** Each named device holds an open, connected WebRTC link to each of `others`. */
function expectDirectLinks(f: Facts, device: string, others: string[]): void {
	for (const other of others) {
		const link = f.links[device]!.find((l) => l.peer === f.ids[other]);
		expect(link, `${device} -> ${other}`).toBeDefined();
		expect(link!.open, `${device} -> ${other} open`).toBe(true);
		if (link!.origin !== 'webrtc') expect(link!.connection).toBe('connected');
	}
}

describe('manual handshake and relay mesh over real WebRTC (loopback only)', () => {
	beforeAll(() => {
		const r = runIsolated('tests/net/handshake/scenarios.ts', { timeout: 170_000 });
		stderr = r.stderr;
		for (const line of r.stdout.split('\n').filter((l) => l.startsWith('{'))) {
			const parsed = JSON.parse(line) as { scenario: string; ok: boolean; error?: string; facts: Facts };
			results.set(parsed.scenario, parsed);
		}
	}, 180_000);

	it('links host and guest by one invitation and one answer (each fits a QR code up to version 10-M) and syncs a log both ways', () => {
		const f = facts('two-devices');
		for (const key of ['offerQrVersion', 'answerQrVersion']) expect(f[key] as number).toBeLessThanOrEqual(10);
		expectDirectLinks(f, 'host', ['guest']);
		expectDirectLinks(f, 'guest', ['host']);
		expect(f.links.host![0]!.origin).toBe('manual');
		expect(f.logs).toEqual([['from guest', 'from host'], ['from guest', 'from host']]);
		console.log(
			`handshake: offer ${f.offerChars as number} chars (QR v${f.offerQrVersion as number}), answer ${f.answerChars as number} chars (QR v${f.answerQrVersion as number}), answer pasted -> open channel ${(f.linkedMs as number).toFixed(1)} ms`
		);
	});

	it('links a third device by one handshake with the guest, then relays signaling so every pair has its own data channel', () => {
		const f = facts('three-devices');
		expectDirectLinks(f, 'a', ['b', 'c']);
		expectDirectLinks(f, 'b', ['a', 'c']);
		expectDirectLinks(f, 'c', ['a', 'b']);
		const ac = f.links.a!.find((l) => l.peer === f.ids.c)!;
		const ca = f.links.c!.find((l) => l.peer === f.ids.a)!;
		expect([ac.origin, ca.origin]).toEqual(['relay', 'relay']);
		expect(ac.key).toBe(ca.key);
		const all = ['from a', 'from b', 'from c'];
		expect(f.logs).toEqual([all, all, all]);
		console.log(`relay: third device in a full mesh ${(f.meshMs as number).toFixed(0)} ms after its handshake began`);
	});

	it('reports a crashed peer and a peer that left, and the others keep syncing over their own links', () => {
		const f = facts('dropped-peer');
		const crash = f.crashReports as MeshReport[][];
		const leave = f.leaveReports as MeshReport[][];
		expect(crash.map((r) => r.length)).toEqual([1, 1, 1]);
		expect(leave.map((r) => r.length)).toEqual([1, 1]);
		for (const r of leave) expect(r[0]!.detail).toMatch(/: left$/);
		expectDirectLinks(f, 'a', ['c']);
		expect(f.links.a!.map((l) => l.peer)).toEqual([f.ids.c]);
		expect(f.logs).toEqual([['after the crash', 'after the leave'], ['after the crash', 'after the leave']]);
		console.log(`crash noticed after ${(f.crashDetectedMs as number).toFixed(0)} ms`);
	});

	it('lets devices linked through a signaling server (y-webrtc) relay for a device linked only by hand', () => {
		const f = facts('webrtc-relay');
		expect(f.links.a!.find((l) => l.peer === f.ids.b)!.origin).toBe('webrtc');
		expectDirectLinks(f, 'a', ['b', 'c']);
		expectDirectLinks(f, 'c', ['a', 'b']);
		expect(f.links.c!.find((l) => l.peer === f.ids.a)!.origin).toBe('relay');
		const all = ['from a', 'from b', 'from c'];
		expect(f.logs).toEqual([all, all, all]);
	});

	// Chromium is required by the test command, as for the browser tests (README).
	it('links Chromium and Node both ways by codes alone (Chromium accepts our rebuilt descriptions, we read its own)', () => {
		const f = facts('chromium-interop');
		expect(f.skipped, 'Chromium is needed: /usr/bin/chromium, or set CHROMIUM').toBeUndefined();
		expect(f.toChromium).toBe('echo from node');
		expect(f.fromChromium).toBe('echo to chromium');
		for (const version of f.chromiumQrVersions as number[]) expect(version).toBeLessThanOrEqual(10);
	});

	it('gives a specific error for each wrong code, and the invitation still links afterwards', () => {
		const f = facts('bad-input');
		expect(f.errors).toEqual({
			completeWithNothing: 'empty',
			completeWithARoomCode: 'not-a-code',
			completeWithTheInvitation: 'wrong-kind',
			completeWithHalfTheAnswer: 'truncated',
			completeWithATypo: 'checksum',
			completeWithAnAnswerToAnother: 'wrong-offer',
			completeFromANewerApp: 'unsupported-version',
			acceptAnInvitationToAnotherGame: 'wrong-room',
			acceptAnAnswer: 'wrong-kind'
		});
		expect(f.message).toBe('ping');
		expect(f.secondCompletion).toBe('already-used');
	});
});
