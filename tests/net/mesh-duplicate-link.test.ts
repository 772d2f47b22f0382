// Issue 16: two RTCPeerConnections for one pair of devices. With three pages on a signaling server,
// a device that hears of a peer through a third one (its peers list) dials it through the relay
// while y-webrtc's own link to that peer is still opening; both links then stay, and the page
// counts three links for two peers. Both ends now keep y-webrtc's link and close the relayed one,
// whichever says hello first.
import { afterEach, describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import { createGameDoc } from '../../src/lib/net/doc.js';
import { ephemeralIdentity, newPeerId, signHello } from '../../src/lib/net/mesh/identity.js';
import { Mesh } from '../../src/lib/net/mesh/mesh.js';
import { channelPair, Endpoint, FakePc, FakePeerConnection } from './handshake/fakes.js';

const ROOM = '7KQ2MXH90D';
const [me, peer] = [ephemeralIdentity(), ephemeralIdentity()];
const ME = newPeerId(me.publicKey);
const PEER = newPeerId(peer.publicKey);
const meshes: Mesh[] = [];

function mesh(): Mesh {
	const game = createGameDoc('mesh-duplicate-test');
	const m = new Mesh({ doc: game.doc, awareness: new Awareness(game.doc), room: ROOM, RTCPeerConnection: FakePc, identity: me, peerId: ME });
	m.connect();
	meshes.push(m);
	return m;
}

const helloFromPeer = () => signHello(peer, { t: 'hello', v: 2, id: PEER, room: ROOM, peers: [] }, '', '');

/** y-webrtc's link to the peer, with the mesh's control channel on it (companion.ts). */
function webrtcLink(m: Mesh): Endpoint {
	const [near, far] = channelPair('fnord-mesh');
	m.addControlChannel(near as unknown as RTCDataChannel, 'webrtc-y1');
	return new Endpoint(far);
}

/** A connection the relay made to the peer (its own RTCPeerConnection). */
function relayedLink(m: Mesh): { end: Endpoint; pc: FakePeerConnection } {
	const pc = new FakePeerConnection();
	const [sync, farSync] = channelPair('fnord-sync');
	const [control, farControl] = channelPair('fnord-control');
	pc.channels.push(sync, control, farSync, farControl);
	m.addLink({ pc: pc as unknown as RTCPeerConnection, sync: sync as unknown as RTCDataChannel, control: control as unknown as RTCDataChannel, key: 'relay-sid-1' }, 'relay', PEER);
	return { end: new Endpoint(farControl), pc };
}

async function until(ready: () => boolean, ms = 5000): Promise<void> {
	for (const end = Date.now() + ms; !ready() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 10));
}

afterEach(() => {
	for (const m of meshes.splice(0)) m.destroy();
	FakePeerConnection.created = [];
});

describe('one link per pair of devices', () => {
	it.each([
		['the relayed link says hello first', ['relay', 'webrtc']],
		['y-webrtc’s link says hello first', ['webrtc', 'relay']],
	] as const)('keeps y-webrtc’s link and closes the relayed one (%s)', async (_what, order) => {
		const m = mesh();
		const relayed = relayedLink(m);
		const webrtc = webrtcLink(m);
		for (const which of order) (which === 'relay' ? relayed.end : webrtc).say(helloFromPeer());
		await until(() => m.reports.list('duplicate-link').length > 0);
		expect(m.links().map((l) => [l.peer, l.origin])).toEqual([[PEER, 'webrtc']]);
		expect(relayed.pc.connectionState).toBe('closed');
		expect(relayed.end.channel.readyState).toBe('closed');
		expect(webrtc.channel.readyState).toBe('open');
		expect(m.peers()).toEqual([]); // the mesh syncs over no connection of its own for this peer
		expect(m.reports.list('peer-dropped')).toEqual([]);
	});
});
