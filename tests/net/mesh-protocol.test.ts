// The relay mesh's rules, one mesh against test-driven far ends over in-memory channels
// (tests/net/handshake/fakes.ts): what it relays and what it refuses, hello checks, who offers,
// duplicate links, drops, and its Transport face. Real WebRTC meshes: handshake-node.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { Mesh } from '../../src/lib/net/mesh/mesh.js';
import { MAX_CONTROL_MESSAGE, parseControlMessage } from '../../src/lib/net/mesh/messages.js';
import type { MeshReportCode } from '../../src/lib/net/mesh/reports.js';
import { channelPair, Endpoint, FakePc, FakePeerConnection, fixture } from './handshake/fakes.js';

const ROOM = '7KQ2MXH90D';
const N = 'nnnnnnnn'; // the mesh under test
const A = 'aaaaaaaa'; // lower than N
const Z = 'zzzzzzzz'; // higher than N
const SDP = fixture('wrtc-loopback-offer');
const meshes: Mesh[] = [];

function mesh(): Mesh {
	const game = createGameDoc('mesh-protocol-test');
	const m = new Mesh({ doc: game.doc, awareness: new Awareness(game.doc), room: ROOM, RTCPeerConnection: FakePc, peerId: N });
	m.connect();
	meshes.push(m);
	return m;
}

/** A far end on a y-webrtc-style (control only) link. */
function controlLink(m: Mesh, key = `webrtc-${Math.random()}`): Endpoint {
	const [near, far] = channelPair('fnord-mesh');
	m.addControlChannel(near as unknown as RTCDataChannel, key);
	return new Endpoint(far);
}

/** A far end on a link with its own (fake) connection, as a handshake makes. */
function manualLink(m: Mesh, key: string): { end: Endpoint; pc: FakePeerConnection } {
	const pc = new FakePeerConnection();
	const [sync, farSync] = channelPair('fnord-sync');
	const [control, farControl] = channelPair('fnord-control');
	pc.channels.push(sync, control, farSync, farControl);
	m.addLink({ pc: pc as unknown as RTCPeerConnection, sync: sync as unknown as RTCDataChannel, control: control as unknown as RTCDataChannel, key });
	return { end: new Endpoint(farControl), pc };
}

const settle = () => new Promise((r) => setTimeout(r, 20));
const signal = (over: Record<string, unknown> = {}) => ({ t: 'signal', sid: 'sid-0001', from: A, to: Z, hop: 0, kind: 'offer', sdp: SDP, ...over });

async function relayTriangle() {
	const m = mesh();
	const a = controlLink(m);
	const z = controlLink(m);
	a.hello(A, ROOM);
	z.hello(Z, ROOM);
	await settle();
	return { m, a, z };
}

afterEach(() => {
	for (const m of meshes.splice(0)) m.destroy();
	FakePeerConnection.created = [];
});

describe('control messages', () => {
	it.each([
		['a hello', { t: 'hello', v: 1, id: A, room: ROOM, peers: [Z] }],
		['a peers list', { t: 'peers', peers: [A, Z] }],
		['an offer', signal()],
		['a rejection', signal({ kind: 'reject', sdp: undefined, reason: 'no-route' })],
		['a goodbye', { t: 'bye' }]
	])('accepts %s', (_what, message) => {
		expect(parseControlMessage(JSON.stringify(message))).not.toHaveProperty('error');
	});

	it.each([
		['binary data', new Uint8Array(4), 'malformed'],
		['text that is not JSON', '{hello', 'malformed'],
		['an array', '[]', 'malformed'],
		['an unknown type', JSON.stringify({ t: 'gossip' }), 'malformed'],
		['a hello with a bad id', JSON.stringify({ t: 'hello', v: 1, id: 'a b', room: ROOM, peers: [] }), 'malformed'],
		['a peers list of 65', JSON.stringify({ t: 'peers', peers: Array.from({ length: 65 }, (_, i) => `peer-${i}00`) }), 'malformed'],
		['an offer without a description', JSON.stringify(signal({ sdp: undefined })), 'malformed'],
		['an offer whose description is not SDP', JSON.stringify(signal({ sdp: '<html>' })), 'malformed'],
		['a description above 8 KiB', JSON.stringify(signal({ sdp: 'v=0' + 'x'.repeat(8200) })), 'malformed'],
		['hop 2', JSON.stringify(signal({ hop: 2 })), 'malformed'],
		['an unknown rejection reason', JSON.stringify(signal({ kind: 'reject', reason: 'because' })), 'malformed'],
		['a message above 16 KiB', ' '.repeat(MAX_CONTROL_MESSAGE + 1), 'oversized']
	])('refuses %s', (_what, data, error) => {
		expect(parseControlMessage(data)).toMatchObject({ error });
	});
});

describe('relaying', () => {
	it('tells each linked peer whom it is linked to', async () => {
		const { a, z } = await relayTriangle();
		expect(a.of('peers').at(-1)).toEqual({ t: 'peers', peers: [A, Z] });
		expect(z.of('peers').at(-1)).toEqual({ t: 'peers', peers: [A, Z] });
	});

	it('forwards a signal one hop, marked as relayed', async () => {
		const { a, z } = await relayTriangle();
		a.say(signal());
		await settle();
		expect(z.of('signal')).toEqual([{ ...signal(), hop: 1 }]);
	});

	it.each<[string, unknown, MeshReportCode]>([
		['speaking for someone else', signal({ from: 'mmmmmmmm' }), 'forged-message'],
		['relaying a relayed signal', signal({ hop: 1 }), 'forged-message'],
		['not JSON', 'offer!', 'malformed-message'],
		['too large', 'x'.repeat(MAX_CONTROL_MESSAGE + 1), 'oversized-message']
	])('drops and reports a signal %s', async (_what, message, code) => {
		const { m, a, z } = await relayTriangle();
		a.say(message);
		await settle();
		expect(z.of('signal')).toEqual([]);
		expect(m.reports.list(code)).toHaveLength(1);
		expect(m.linkedPeers()).toEqual([A, Z]); // the link stays
	});

	it('answers a signal for a peer it is not linked to with a no-route rejection', async () => {
		const { m, a } = await relayTriangle();
		a.say(signal({ to: 'qqqqqqqq' }));
		await settle();
		expect(a.of('signal')).toEqual([{ t: 'signal', sid: 'sid-0001', from: N, to: A, hop: 0, kind: 'reject', reason: 'no-route' }]);
		expect(m.reports.list('no-route')).toHaveLength(1);
	});

	it('relays at most 30 signals from one link in a burst', async () => {
		const { m, a, z } = await relayTriangle();
		for (let i = 0; i < 31; i++) a.say(signal({ sid: `sid-${1000 + i}` }));
		await settle();
		expect(z.of('signal')).toHaveLength(30);
		expect(m.reports.list('rate-limited')).toHaveLength(1);
	});

	it('ignores everything but a hello before the hello', async () => {
		const m = mesh();
		const a = controlLink(m);
		a.say(signal({ to: N }));
		await settle();
		expect(m.reports.list('unexpected-message')).toHaveLength(1);
		expect(FakePeerConnection.created).toHaveLength(0);
	});
});

describe('hello', () => {
	it.each<[string, unknown, MeshReportCode]>([
		['another game', { t: 'hello', v: 1, id: A, room: 'ZZZZZ00000', peers: [] }, 'wrong-room'],
		['this very device', { t: 'hello', v: 1, id: N, room: ROOM, peers: [] }, 'self-link'],
		['another protocol version', { t: 'hello', v: 2, id: A, room: ROOM, peers: [] }, 'incompatible']
	])('closes a link to %s', async (_what, hello, code) => {
		const m = mesh();
		const a = controlLink(m);
		a.say(hello);
		await settle();
		expect(m.reports.list(code)).toHaveLength(1);
		expect(a.channel.readyState).toBe('closed');
		expect(m.linkedPeers()).toEqual([]);
	});

	it('closes a link whose peer changes identity', async () => {
		const m = mesh();
		const a = controlLink(m);
		a.hello(A, ROOM);
		a.hello(A, ROOM); // a repeat is fine
		await settle();
		expect(m.linkedPeers()).toEqual([A]);
		a.hello('bbbbbbbb', ROOM);
		await settle();
		expect(m.reports.list('identity-mismatch')).toHaveLength(1);
		expect(m.linkedPeers()).toEqual([]);
	});
});

describe('who offers', () => {
	it('offers, through the peer that listed it, to a higher peer id only', async () => {
		const { a, z } = await relayTriangle();
		z.say({ t: 'peers', peers: [N, 'yyyyyyyy'] });
		a.say({ t: 'peers', peers: [N, 'bbbbbbbb'] });
		await settle();
		expect(z.of('signal')).toEqual([expect.objectContaining({ from: N, to: 'yyyyyyyy', hop: 0, kind: 'offer' })]);
		expect(a.of('signal')).toEqual([]);
	});

	it('answers a relayed offer from a lower peer id and refuses one from a higher', async () => {
		const { z } = await relayTriangle();
		z.say(signal({ from: 'bbbbbbbb', to: N, hop: 1, sid: 'sid-low' }));
		z.say(signal({ from: 'yyyyyyyy', to: N, hop: 1, sid: 'sid-high' }));
		await settle();
		const bySid = Object.fromEntries(z.of('signal').map((m) => [m.sid, m]));
		expect(Object.keys(bySid).sort()).toEqual(['sid-high', 'sid-low']);
		expect(bySid['sid-high']).toMatchObject({ kind: 'reject', reason: 'wrong-initiator', from: N, to: 'yyyyyyyy' });
		expect(bySid['sid-low']).toMatchObject({ kind: 'answer', from: N, to: 'bbbbbbbb', hop: 0 });
	});
});

describe('links', () => {
	it.each([
		['the lower key first', ['key-1', 'key-2']],
		['the higher key first', ['key-2', 'key-1']]
	])('keeps the link with the lower key when two reach one peer (%s)', async (_what, keys) => {
		const m = mesh();
		const ends = keys.map((key) => manualLink(m, key));
		for (const { end } of ends) end.hello(A, ROOM);
		await settle();
		expect(m.links().map((l) => [l.peer, l.key])).toEqual([[A, 'key-1']]);
		expect(m.reports.list('duplicate-link')).toHaveLength(1);
		expect(m.reports.list('peer-dropped')).toHaveLength(0);
		expect(ends.find((_, i) => keys[i] === 'key-2')!.end.channel.readyState).toBe('closed');
	});

	it('reports a peer that says goodbye as left, and one whose channel closes as dropped', async () => {
		const { m, a, z } = await relayTriangle();
		a.say({ t: 'bye' });
		z.channel.close();
		await settle();
		const dropped = m.reports.list('peer-dropped').map((r) => [r.peer, r.detail.split(': ')[1]]);
		expect(dropped.sort()).toEqual([
			[A, 'left'],
			[Z, 'control channel closed']
		]);
		expect(m.linkedPeers()).toEqual([]);
	});

	it('is a Transport: connected with an open link, offline when disconnected, links kept', async () => {
		const m = mesh();
		expect(m.status).toBe('searching');
		const { end, pc } = manualLink(m, 'key-1');
		end.hello(A, ROOM);
		await settle();
		expect(pc.channels.every((c) => c.readyState === 'open')).toBe(true);
		expect(m.status).toBe('connected');
		expect(m.peers()).toEqual([{ id: A, via: 'webrtc', connected: true }]);
		m.disconnect();
		expect([m.status, m.peers(), m.linkedPeers()]).toEqual(['offline', [], [A]]);
		m.connect();
		expect(m.status).toBe('connected');
	});
});
