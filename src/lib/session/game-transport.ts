/**
 * The network of an online game in the app: a relay Mesh always (devices linked by hand, and
 * the devices they bring), plus y-webrtc only when the settings list a signaling server. With
 * both, the mesh also relays over y-webrtc's connections (relayThroughWebrtc) and the session
 * sees them as one TransportGroup. Part of the lazily loaded runtime (runtime.ts).
 */
import type { Awareness } from 'y-protocols/awareness';
import { goalCommitment } from '../engine/index.js';
import type { PeerConnectionFactory } from '../net/handshake/index.js';
import { relayThroughWebrtc } from '../net/mesh/companion.js';
import { Mesh } from '../net/mesh/mesh.js';
import { effectiveNetSettings, type NetSettings } from '../net/settings.js';
import type { Transport } from '../net/transport.js';
import { TransportGroup } from '../net/transport-group.js';
import { WebrtcTransport } from '../net/webrtc.js';
import type { GameSession } from './index.js';

/** What a manual handshake for this mesh's game needs (same ICE servers as the mesh). */
export interface MeshConfig {
	readonly RTCPeerConnection: PeerConnectionFactory;
	readonly iceServers: RTCIceServer[];
}

const configs = new WeakMap<Mesh, MeshConfig>();

/** y-webrtc and the mesh; stops the relay poller with them. */
class WebrtcAndMesh extends TransportGroup {
	readonly #stopRelay: () => void;

	constructor(webrtc: WebrtcTransport, mesh: Mesh) {
		super([webrtc, mesh]);
		this.#stopRelay = relayThroughWebrtc(mesh, webrtc);
	}

	override destroy(): void {
		this.#stopRelay();
		super.destroy();
	}
}

/** The browser's RTCPeerConnection; a stand-in that fails on use where WebRTC is missing. */
function peerConnection(): PeerConnectionFactory {
	const Pc = (globalThis as { RTCPeerConnection?: PeerConnectionFactory }).RTCPeerConnection;
	if (Pc) return Pc;
	return class {
		constructor() {
			throw new Error('this browser has no WebRTC');
		}
	} as unknown as PeerConnectionFactory;
}

/** The app's transport maker (runtime.ts TransportMaker). */
export function gameTransport(session: GameSession, awareness: Awareness, net: NetSettings): Transport {
	const effective = effectiveNetSettings(net);
	const config: MeshConfig = { RTCPeerConnection: peerConnection(), iceServers: effective.iceServers };
	// The mesh's key is this device's key in the game (it signs its entries): peer ids are bound to seat keys.
	const mesh = new Mesh({ doc: session.game.doc, awareness, room: session.roomCode, identity: session.identity, ...config });
	configs.set(mesh, config);
	// Tools outside the product (end-to-end tests, benchmarks) may watch an online game: they define
	// this before the app starts (dev/link-hook.ts). The app defines nothing of its own here.
	const watch = (globalThis as { __fnordWatchGame?: (game: { session: GameSession; mesh: Mesh; goalCommitment: typeof goalCommitment }) => void }).__fnordWatchGame;
	watch?.({ session, mesh, goalCommitment });
	if (effective.signaling.length === 0) return mesh;
	// The room code's secret is the signaling password (WebrtcTransport takes it from the code).
	const webrtc = new WebrtcTransport({ doc: session.game.doc, code: session.roomCode, settings: net, awareness });
	return new WebrtcAndMesh(webrtc, mesh);
}

/** The mesh inside a game's transport (alone or in a group), or null. */
export function meshOf(transport: Transport | null): Mesh | null {
	if (transport instanceof Mesh) return transport;
	if (transport instanceof TransportGroup) return transport.members.find((m): m is Mesh => m instanceof Mesh) ?? null;
	return null;
}

/** How handshakes for `mesh` connect (the browser's WebRTC and the mesh's ICE servers). */
export function meshConfig(mesh: Mesh): MeshConfig {
	return configs.get(mesh) ?? { RTCPeerConnection: peerConnection(), iceServers: [] };
}
