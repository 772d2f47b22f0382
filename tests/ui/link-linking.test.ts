// Linking by hand as the app drives it: every online game gets a relay mesh (and y-webrtc only
// when settings list a signaling server); the host's invitation survives wrong answers; the
// guest's answer links both; failures carry the net layer's code; closing the game ends the
// pending invitation. WebRTC is the scripted stand-in of tests/net/handshake/fakes.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { ephemeralIdentity, peerIdMatchesKey } from '../../src/lib/net/mesh/identity.js';
import { Mesh } from '../../src/lib/net/mesh/mesh.js';
import type { NetSettings } from '../../src/lib/net/settings.js';
import { TransportGroup } from '../../src/lib/net/transport-group.js';
import { WebrtcTransport } from '../../src/lib/net/webrtc.js';
import type { GameSession } from '../../src/lib/session/index.js';
import { gameTransport, meshConfig, meshOf } from '../../src/lib/session/game-transport.js';
import { linkingFor, SLOW_LINK_MS } from '../../src/lib/ui/link/linking.svelte.js';
import { FakePc, FakePeerConnection } from '../net/handshake/fakes.js';

const ROOM = '7KQ2MXH90D';
const OTHER_ROOM = 'QZ3N8W1KPA';
const SERVERLESS: NetSettings = { signaling: [], iceServers: [], allowPublic: false };

/** A device's game transport, as runtime.ts makes it (the session part it reads: doc, room, its key). */
function device(room = ROOM, net: NetSettings = SERVERLESS) {
	const game = createGameDoc(`game-${room}`);
	const identity = ephemeralIdentity();
	const session = { game, roomCode: room, identity } as unknown as GameSession;
	const transport = gameTransport(session, new Awareness(game.doc), net);
	const mesh = meshOf(transport)!;
	mesh.connect(); // (y-webrtc would look for its signaling server)
	expect(peerIdMatchesKey(mesh.id, identity.publicKey)).toBe(true); // its mesh id is bound to its game key
	return { transport, mesh };
}

/** Lets promise chains run. */
const flush = async () => {
	for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

const made: Array<{ transport: { destroy(): void } }> = [];
function track<T extends { transport: { destroy(): void } }>(d: T): T {
	made.push(d);
	return d;
}

beforeEach(() => {
	(globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection = FakePc;
	FakePeerConnection.script = {};
	FakePeerConnection.created = [];
});
afterEach(() => {
	vi.useRealTimers();
	for (const d of made.splice(0)) d.transport.destroy();
	delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
});

describe('the game transport', () => {
	it('with no signaling server in settings: the mesh alone, with the settings’ ICE servers (none)', () => {
		const { transport, mesh } = track(device());
		expect(transport).toBeInstanceOf(Mesh);
		expect(mesh).toBe(transport);
		expect(meshConfig(mesh).iceServers).toEqual([]);
	});

	it('with a signaling server: y-webrtc and the mesh as one group', () => {
		const net = { signaling: ['ws://127.0.0.1:4444'], iceServers: [{ urls: 'stun:192.168.1.1:3478' }], allowPublic: false };
		const { transport, mesh } = track(device(ROOM, net));
		expect(transport).toBeInstanceOf(TransportGroup);
		const members = (transport as TransportGroup).members;
		expect(members.map((m) => m.constructor)).toEqual([WebrtcTransport, Mesh]);
		expect(members[1]).toBe(mesh);
		expect(meshConfig(mesh).iceServers).toEqual([{ urls: ['stun:192.168.1.1:3478'] }]);
	});

	it('a public signaling server that is not allowed counts as none', () => {
		const net = { signaling: ['wss://signal.example.com'], iceServers: [], allowPublic: false };
		expect(track(device(ROOM, net)).transport).toBeInstanceOf(Mesh);
	});
});

describe('linking by hand', () => {
	it('host and guest link: invitation, wrong answers refused without losing it, then the answer links both', async () => {
		const host = linkingFor(track(device()).mesh).host;
		const guest = linkingFor(track(device()).mesh).guest;
		await host.invite();
		expect(host.phase).toBe('waiting');
		expect(host.code).toMatch(/^FI1/);
		expect(host.expiresAt).toBeGreaterThan(Date.now());

		expect(await host.answer('not a code')).toBe(false);
		expect(host.answerProblem?.code).toBe('not-a-code');
		expect(await host.answer(host.code)).toBe(false);
		expect(host.answerProblem?.code).toBe('wrong-kind');
		expect(host.phase).toBe('waiting');

		await guest.accept(host.code);
		expect(guest.phase).toBe('waiting');
		expect(guest.code).toMatch(/^FA1/);
		expect(await host.answer(guest.code.slice(0, -5))).toBe(false);
		expect(host.answerProblem?.code).toBe('truncated');
		expect(await host.answer(`  ${guest.code.toLowerCase()}\n`)).toBe(true);
		expect(host.answerProblem).toBeNull();
		expect(host.phase).toBe('linking');

		for (const pc of FakePeerConnection.created) pc.connect();
		await flush();
		expect([host.phase, guest.phase]).toEqual(['linked', 'linked']);
		expect([host.linked, guest.linked]).toEqual([1, 1]);
		// The same answer again: that invitation is used up.
		expect(await host.answer(guest.code)).toBe(false);
		expect(host.answerProblem?.code).toBe('already-used');
	});

	it('an invitation to another game is refused by the guest, with the code to explain it', async () => {
		const host = linkingFor(track(device(ROOM)).mesh).host;
		const guest = linkingFor(track(device(OTHER_ROOM)).mesh).guest;
		await host.invite();
		await guest.accept(host.code);
		expect(guest.phase).toBe('failed');
		expect(guest.failure?.code).toBe('wrong-room');
	});

	it('"linking…" turns slow after 15 s, and devices that cannot reach each other fail with ice-failed', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		const host = linkingFor(track(device()).mesh).host;
		const guest = linkingFor(track(device()).mesh).guest;
		await host.invite();
		await guest.accept(host.code);
		await host.answer(guest.code);
		expect([host.phase, host.slow]).toEqual(['linking', false]);
		vi.advanceTimersByTime(SLOW_LINK_MS - 1);
		expect(host.slow).toBe(false);
		vi.advanceTimersByTime(1);
		expect(host.slow).toBe(true);
		FakePeerConnection.created[0]!.setStates('failed', 'failed');
		await vi.advanceTimersByTimeAsync(0);
		expect([host.phase, host.slow, host.failure?.code]).toEqual(['failed', false, 'ice-failed']);
	});

	it('a new invitation replaces one nobody answered; closing the game closes its connection', async () => {
		const { transport, mesh } = device();
		const host = linkingFor(mesh).host;
		await host.invite();
		const first = host.code;
		await host.invite();
		expect(host.code).not.toBe(first);
		expect(FakePeerConnection.created[0]!.connectionState).toBe('closed');
		transport.destroy();
		await flush();
		expect(FakePeerConnection.created[1]!.connectionState).toBe('closed');
		expect(linkingFor(mesh).host).toBe(host);
	});
});
