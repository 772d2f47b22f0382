// The relay mesh's rules, one mesh against test-driven far ends over in-memory channels
// (tests/net/handshake/fakes.ts): what it relays and what it refuses, hello checks, who offers,
// duplicate links, drops, and its Transport face. Real WebRTC meshes: handshake-node.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { ephemeralIdentity, helloSignedBy, newPeerId, signHello, signSignal, type MeshIdentity } from '../../src/lib/net/mesh/identity.js';
import { Mesh } from '../../src/lib/net/mesh/mesh.js';
import { MAX_CONTROL_MESSAGE, parseControlMessage, type SignalMessage } from '../../src/lib/net/mesh/messages.js';
import type { MeshReportCode } from '../../src/lib/net/mesh/reports.js';
import { channelPair, Endpoint, FakePc, FakePeerConnection, fixture } from './handshake/fakes.js';
import { MAX_ATTEMPTS_EACH_WAY } from '../../src/lib/net/mesh/relay.js';

const ROOM = '7KQ2MXH90D';
// Seven devices, each a key and a peer id bound to it, named in peer id order.
const devices = Array.from({ length: 7 }, () => {
	const identity = ephemeralIdentity();
	return { identity, id: newPeerId(identity.publicKey) };
}).sort((a, b) => (a.id < b.id ? -1 : 1));
const keyOf = new Map<string, MeshIdentity>(devices.map((d) => [d.id, d.identity]));
const [A, B, M, N, Q, Y, Z] = devices.map((d) => d.id) as [string, string, string, string, string, string, string];
// N is the mesh under test; A and B are lower than N, Y and Z higher; M and Q are others.
const SDP = fixture('wrtc-loopback-offer');
const meshes: Mesh[] = [];

function mesh(room = ROOM): Mesh {
	const game = createGameDoc('mesh-protocol-test');
	const m = new Mesh({ doc: game.doc, awareness: new Awareness(game.doc), room, RTCPeerConnection: FakePc, identity: keyOf.get(N)!, peerId: N });
	m.connect();
	meshes.push(m);
	return m;
}

/** A far end's signed hello (fingerprints '' unless given: fake connections have none). */
function hello(id: string, room = ROOM, peers: string[] = [], fingerprints: [string, string] = ['', '']) {
	return signHello(keyOf.get(id)!, { t: 'hello', v: 2, id, room, peers }, ...fingerprints);
}

// The first Ed25519 check builds @noble's tables (slow): done here, not inside a test's time budget.
helloSignedBy(hello(A), '', '');

/** A far end on a y-webrtc-style (control only) link. */
function controlLink(m: Mesh, key = `webrtc-${Math.random()}`): Endpoint {
	const [near, far] = channelPair('fnord-mesh');
	m.addControlChannel(near as unknown as RTCDataChannel, key);
	return new Endpoint(far);
}

/** A far end on a link with its own (fake) connection, as a handshake makes. */
function manualLink(m: Mesh, key: string, pc = new FakePeerConnection()): { end: Endpoint; pc: FakePeerConnection } {
	const [sync, farSync] = channelPair('fnord-sync');
	const [control, farControl] = channelPair('fnord-control');
	pc.channels.push(sync, control, farSync, farControl);
	m.addLink({ pc: pc as unknown as RTCPeerConnection, sync: sync as unknown as RTCDataChannel, control: control as unknown as RTCDataChannel, key });
	return { end: new Endpoint(farControl), pc };
}

const settle = () => new Promise((r) => setTimeout(r, 50)); // Ed25519 checks in pure JS: a few ms each
const unsigned = (over: Record<string, unknown> = {}) => ({ t: 'signal', sid: 'sid-0001', from: A, to: Z, hop: 0, kind: 'offer', sdp: SDP, ...over });
/** A signal signed by its `from` device (or by `signer`). */
function signal(over: Record<string, unknown> = {}, signer?: string, at = Date.now()): SignalMessage {
	const m = unsigned(over) as unknown as SignalMessage;
	const { hop, ...rest } = m;
	return { ...signSignal(keyOf.get(signer ?? m.from)!, ROOM, { ...rest, hop: 0, at }), hop };
}

/** Waits until `ready` holds (signature checks are pure JS: slower on a busy machine). */
async function until(ready: () => boolean, ms = 5000): Promise<void> {
	for (const end = Date.now() + ms; !ready() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
}

async function relayTriangle() {
	const m = mesh();
	const a = controlLink(m);
	const z = controlLink(m);
	a.say(hello(A));
	// Z says it is linked to B: offers from B relayed by Z are answered (one from a peer Z does not list is not).
	z.say(hello(Z, ROOM, [B]));
	await until(() => m.linkedPeers().length === 2 && a.of('peers').length > 0 && z.of('peers').length > 0);
	await settle();
	return { m, a, z };
}

afterEach(() => {
	for (const m of meshes.splice(0)) m.destroy();
	FakePeerConnection.created = [];
});

describe('control messages', () => {
	it.each([
		['a hello', hello(A, ROOM, [Z])],
		['a peers list', { t: 'peers', peers: [A, Z] }],
		['an offer', signal()],
		['a rejection', signal({ kind: 'reject', sdp: undefined, reason: 'no-route' })],
		['an unsigned offer (refused later, and counted)', unsigned()],
		['a goodbye', { t: 'bye' }]
	])('accepts %s', (_what, message) => {
		expect(parseControlMessage(JSON.stringify(message))).not.toHaveProperty('error');
	});

	it.each([
		['binary data', new Uint8Array(4), 'malformed'],
		['text that is not JSON', '{hello', 'malformed'],
		['an array', '[]', 'malformed'],
		['an unknown type', JSON.stringify({ t: 'gossip' }), 'malformed'],
		['a hello with a bad id', JSON.stringify({ ...hello(A), id: 'a b' }), 'malformed'],
		['a hello without a key', JSON.stringify({ t: 'hello', v: 2, id: A, room: ROOM, peers: [] }), 'malformed'],
		['a signal with a malformed signature', JSON.stringify({ ...signal(), sig: 'x' }), 'malformed'],
		['a peers list of 65', JSON.stringify({ t: 'peers', peers: Array.from({ length: 65 }, (_, i) => `peer-${i}00`) }), 'malformed'],
		['an offer without a description', JSON.stringify(unsigned({ sdp: undefined })), 'malformed'],
		['an offer whose description is not SDP', JSON.stringify(unsigned({ sdp: '<html>' })), 'malformed'],
		['a description above 8 KiB', JSON.stringify(unsigned({ sdp: 'v=0' + 'x'.repeat(8200) })), 'malformed'],
		['hop 2', JSON.stringify(unsigned({ hop: 2 })), 'malformed'],
		['an unknown rejection reason', JSON.stringify(unsigned({ kind: 'reject', reason: 'because' })), 'malformed'],
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
		expect(z.of('hello').at(-1)).toMatchObject({ t: 'hello', v: 2, id: N, room: ROOM, key: keyOf.get(N)!.publicKey });
	});

	it('forwards a signal one hop, marked as relayed', async () => {
		const { a, z } = await relayTriangle();
		const offer = signal();
		a.say(offer);
		await settle();
		expect(z.of('signal')).toEqual([{ ...offer, hop: 1 }]); // signature and all
	});

	it.each<[string, unknown, MeshReportCode]>([
		['speaking for someone else', signal({ from: M }), 'forged-message'],
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
		a.say(signal({ to: Q }));
		await settle();
		expect(a.of('signal')).toEqual([expect.objectContaining({ t: 'signal', sid: 'sid-0001', from: N, to: A, hop: 0, kind: 'reject', reason: 'no-route', key: keyOf.get(N)!.publicKey })]);
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
		['another game', hello(A, 'ZZZZZ00000'), 'wrong-room'],
		['this very device', hello(N), 'self-link'],
		['another protocol version', { ...hello(A), v: 1 }, 'incompatible'],
		['a peer id not bound to its key', { ...hello(A), key: keyOf.get(B)!.publicKey }, 'forged-message'],
		['a hello signed by another key', { ...hello(A), sig: hello(B).sig }, 'forged-message']
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
		a.say(hello(A));
		a.say(hello(A)); // a repeat is fine
		await settle();
		expect(m.linkedPeers()).toEqual([A]);
		a.say(hello(B));
		await settle();
		expect(m.reports.list('identity-mismatch')).toHaveLength(1);
		expect(m.linkedPeers()).toEqual([]);
	});
});

describe('who offers', () => {
	it('offers, through the peer that listed it, to a higher peer id only', async () => {
		const { a, z } = await relayTriangle();
		z.say({ t: 'peers', peers: [N, Y] });
		a.say({ t: 'peers', peers: [N, B] });
		await settle();
		expect(z.of('signal')).toEqual([expect.objectContaining({ from: N, to: Y, hop: 0, kind: 'offer', key: keyOf.get(N)!.publicKey })]);
		expect(a.of('signal')).toEqual([]);
	});

	it('answers a relayed offer from a lower peer id and refuses one from a higher', async () => {
		const { z } = await relayTriangle();
		z.say(signal({ from: B, to: N, hop: 1, sid: 'sid-low' }));
		z.say(signal({ from: Y, to: N, hop: 1, sid: 'sid-high' }));
		await settle();
		const bySid = Object.fromEntries(z.of('signal').map((m) => [m.sid, m]));
		expect(Object.keys(bySid).sort()).toEqual(['sid-high', 'sid-low']);
		expect(bySid['sid-high']).toMatchObject({ kind: 'reject', reason: 'wrong-initiator', from: N, to: Y });
		expect(bySid['sid-low']).toMatchObject({ kind: 'answer', from: N, to: B, hop: 0 });
	});
});

describe('links', () => {
	it.each([
		['the lower key first', ['key-1', 'key-2']],
		['the higher key first', ['key-2', 'key-1']]
	])('keeps the link with the lower key when two reach one peer (%s)', async (_what, keys) => {
		const m = mesh();
		const ends = keys.map((key) => manualLink(m, key));
		for (const { end } of ends) end.say(hello(A));
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
		end.say(hello(A));
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

describe('signed signals (a relay cannot speak for another device)', () => {
	// Z relays to N an offer that claims to come from B (lower than N: N would answer it).
	const relayed = (m: SignalMessage) => ({ ...m, hop: 1 });

	it('answers a relayed offer signed by its sender', async () => {
		const { m, z } = await relayTriangle();
		z.say(relayed(signal({ from: B, to: N })));
		await settle();
		expect(z.of('signal')).toEqual([expect.objectContaining({ kind: 'answer', from: N, to: B })]);
		expect(FakePeerConnection.created).toHaveLength(1);
		expect(m.reports.count('forged-message') + m.reports.count('unsigned-message') + m.reports.count('replayed-message')).toBe(0);
	});

	it.each<[string, () => unknown, MeshReportCode]>([
		['unsigned', () => relayed(unsigned({ from: B, to: N }) as unknown as SignalMessage), 'unsigned-message'],
		['signed by the relay with its own key, in the sender\'s name', () => relayed(signal({ from: B, to: N }, Z)), 'forged-message'],
		['signed by the relay, naming the sender\'s key', () => relayed({ ...signal({ from: B, to: N }, Z), key: keyOf.get(B)!.publicKey }), 'forged-message'],
		['with its description changed by the relay', () => relayed({ ...signal({ from: B, to: N }), sdp: SDP.replace(/a=fingerprint:.*/, 'a=fingerprint:sha-256 ' + '00:'.repeat(31) + '00') }), 'forged-message'],
		['signed 11 minutes ago', () => relayed(signal({ from: B, to: N }, undefined, Date.now() - 11 * 60_000)), 'replayed-message']
	])('refuses and counts a relayed offer %s: no answer, no connection', async (_what, make, code) => {
		const { m, z } = await relayTriangle();
		z.say(make());
		await settle();
		expect(z.of('signal')).toEqual([]);
		expect(FakePeerConnection.created).toHaveLength(0);
		expect(m.reports.count(code)).toBe(1);
		expect(m.reports.list(code)[0]).toMatchObject({ peer: B, via: Z });
		expect(m.linkedPeers()).toEqual([A, Z]); // the links stay
	});

	it('refuses and counts a replayed offer: the same signed offer again, through another relay too', async () => {
		const { m, a, z } = await relayTriangle();
		a.say({ t: 'peers', peers: [N, B] }); // A is linked to B too: its copy is a replay, not a stranger's
		await settle();
		const offer = relayed(signal({ from: B, to: N }));
		z.say(offer);
		await settle();
		z.say(offer);
		a.say(offer);
		await settle();
		expect(z.of('signal').filter((s) => s.kind === 'answer')).toHaveLength(1);
		expect(a.of('signal')).toEqual([]);
		expect(FakePeerConnection.created).toHaveLength(1);
		expect(m.reports.count('replayed-message')).toBe(2);
	});

	it('refuses a forged answer to its own offer: only the target\'s key may answer', async () => {
		const { m, z } = await relayTriangle();
		z.say({ t: 'peers', peers: [N, Y] });
		await settle();
		const offer = z.of('signal')[0]!;
		z.say(relayed(signal({ sid: offer.sid, from: Y, to: N, kind: 'answer' }, Z)));
		await settle();
		expect(m.reports.count('forged-message')).toBe(1);
		expect(FakePeerConnection.created[0]!.remoteDescription).toBeNull();
	});
});

describe('signed hellos (bound to the connection)', () => {
	const offer = fixture('wrtc-loopback-offer');
	const answer = fixture('wrtc-loopback-answer');
	const fingerprint = (sdp: string) => {
		const [, hash, value] = /^a=fingerprint:(\S+) (\S+)/m.exec(sdp)!;
		return `${hash!.toLowerCase()} ${value!.toUpperCase()}`;
	};

	function linkWithDescriptions(m: Mesh) {
		const pc = new FakePeerConnection();
		pc.localDescription = { type: 'offer', sdp: offer };
		pc.remoteDescription = { type: 'answer', sdp: answer };
		return manualLink(m, 'key-1', pc);
	}

	it('accepts a hello signed over both ends\' fingerprints and refuses one copied from another connection', async () => {
		expect(fingerprint(offer)).not.toBe(fingerprint(answer));
		const good = mesh();
		linkWithDescriptions(good).end.say(hello(A, ROOM, [], [fingerprint(answer), fingerprint(offer)]));
		await settle();
		expect(good.linkedPeers()).toEqual([A]);

		const copied = mesh();
		linkWithDescriptions(copied).end.say(hello(A, ROOM, [], ['', ''])); // as said on another link
		await settle();
		expect(copied.linkedPeers()).toEqual([]);
		expect(copied.reports.count('forged-message')).toBe(1);
	});

	it('names the game by its public id only: a version-2 room\'s secret is never sent', async () => {
		const code = '7KQ2MXH9ABCDEFGHJKMNPQRSH';
		const m = mesh(code);
		expect(m.publicRoom).toBe('2:7KQ2MXH9');
		const a = controlLink(m);
		a.say(hello(A, m.publicRoom));
		await settle();
		expect(m.linkedPeers()).toEqual([A]);
		expect(JSON.stringify(a.heard)).not.toContain('ABCDEFGHJKMNPQRS');
	});
});

describe('attempts a linked peer can make this device open (red team, session 12)', () => {
	it('a relayed offer from a peer its relay does not list is refused before any connection', async () => {
		const { m, z } = await relayTriangle();
		// A peer id lower than this device's (so it may offer), that Z never listed.
		let stranger = ephemeralIdentity();
		while (!(newPeerId(stranger.publicKey) < N)) stranger = ephemeralIdentity();
		const id = newPeerId(stranger.publicKey);
		keyOf.set(id, stranger);
		z.say({ ...signal({ from: id, to: N, sid: 'sid-stranger' }), hop: 1 });
		await settle();
		expect(FakePeerConnection.created).toHaveLength(0);
		expect(z.of('signal')).toEqual([expect.objectContaining({ kind: 'reject', reason: 'no-route', to: id })]);
		expect(m.reports.count('unexpected-message')).toBe(1);
	});

	it('lists of made-up peers open at most a few attempts at once, and no more than one a second after', async () => {
		const { z } = await relayTriangle();
		for (let round = 0; round < 5; round++) {
			const made = Array.from({ length: 64 }, () => newPeerId(ephemeralIdentity().publicKey)).filter((id) => id > N);
			z.say({ t: 'peers', peers: made });
			await settle();
		}
		expect(FakePeerConnection.created.length).toBeLessThanOrEqual(MAX_ATTEMPTS_EACH_WAY);
	});
});
