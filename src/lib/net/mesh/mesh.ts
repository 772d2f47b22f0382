/**
 * The relay mesh: every device links directly to every other, though players made only one
 * handshake each. Linked devices tell each other whom they are linked to; for each pair not yet
 * linked, the lower peer id offers a WebRTC connection, and the offer and answer travel through
 * a device linked to both (messages.ts). Each link syncs the game's Y.Doc (a ChannelTransport
 * on its sync channel), so the mesh is a Transport like any other.
 *
 * Links made by y-webrtc can join as control-only links (companion.ts): they relay too, so a
 * device linked only by hand reaches devices that use a signaling server.
 * Peer ids are bound to Ed25519 keys (identity.ts): hellos are signed over the link's DTLS
 * fingerprints and signals by their sender, so a relay can neither speak for another device nor
 * change what it relays. Malformed, unsigned, forged, replayed or unexpected messages are dropped
 * and reported (`reports`, counted by `reports.count`).
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { parseRoomCode, publicRoomId } from '../room.js';
import { linkTransport } from '../handshake/handshake.js';
import { randomBytes, type PeerConnectionFactory, type RtcLink } from '../handshake/rtc.js';
import {
	TransportEmitter,
	type PeerLink,
	type Transport,
	type TransportEvents,
	type TransportStatus
} from '../transport.js';
import { ephemeralIdentity, fingerprintOf, helloSignedBy, newPeerId, peerIdMatchesKey, signHello, type MeshIdentity } from './identity.js';
import { MeshLink, type LinkOrigin } from './link.js';
import { isPeerId, MESH_PROTOCOL_VERSION, parseControlMessage, type ControlMessage } from './messages.js';
import { Relay, type RelayHost } from './relay.js';
import { MeshReports, type MeshReportCode } from './reports.js';
import { SignalCheck } from './signal-check.js';

export interface MeshOptions {
	doc: Y.Doc;
	awareness: Awareness;
	/** The game's room code: links to devices of another game are refused. */
	room: string;
	RTCPeerConnection: PeerConnectionFactory;
	/** Default []: no STUN or TURN server is contacted. */
	iceServers?: RTCIceServer[];
	/**
	 * This device's key in the mesh: in the app, its key in this game (the one that signs its log
	 * entries). Default: a random key for this mesh alone.
	 */
	identity?: MeshIdentity;
	/** This device's id in the mesh; must be bound to `identity` (default: a new one, identity.ts). */
	peerId?: string;
	gatherTimeoutMs?: number;
	/** A relayed connection that has not opened after this long fails. Default 15 s. */
	linkTimeoutMs?: number;
	/** Waits before retrying a failed relayed connection; then it gives up. */
	retryDelaysMs?: readonly number[];
	/** A link whose ICE stays disconnected this long is dropped. Default 10 s. */
	dropAfterMs?: number;
	/** A link that sends no hello this long after opening is closed. Default 10 s. */
	helloTimeoutMs?: number;
	now?: () => number;
}

/** How long goodbyes get before destroy() closes the connections. */
const BYE_GRACE_MS = 50;

/** One link, for diagnostics and the UI. */
export interface MeshLinkInfo {
	peer: string;
	origin: LinkOrigin;
	key: string;
	/** The sync channel (or, for a y-webrtc link, the control channel) is open. */
	open: boolean;
	/** The WebRTC connection state, for links the mesh owns. */
	connection: RTCPeerConnectionState | null;
}

export class Mesh implements Transport {
	readonly kind = 'mesh';
	readonly id: string;
	readonly room: string;
	/** What hellos and signatures name the game by: never the room's secret (room.ts publicRoomId). */
	readonly publicRoom: string;
	readonly awareness: Awareness;
	readonly reports = new MeshReports();
	readonly #options: MeshOptions;
	readonly #links = new Set<MeshLink>();
	/** Registered links that own a connection (manual, relay), by peer id. */
	readonly #direct = new Map<string, MeshLink>();
	/** Registered y-webrtc control links, by peer id. */
	readonly #companions = new Map<string, MeshLink>();
	readonly #relay: Relay;
	readonly #identity: MeshIdentity;
	readonly #events = new TransportEmitter();
	#status: TransportStatus = 'idle';
	#wanted = false;

	constructor(options: MeshOptions) {
		const room = parseRoomCode(options.room);
		if (room === null) throw new TypeError(`not a room code: ${options.room}`);
		this.#options = options;
		this.room = room;
		this.publicRoom = publicRoomId(room);
		this.awareness = options.awareness;
		this.#identity = options.identity ?? ephemeralIdentity();
		this.id = options.peerId ?? newPeerId(this.#identity.publicKey);
		if (!isPeerId(this.id) || !peerIdMatchesKey(this.id, this.#identity.publicKey)) throw new TypeError(`not a peer id of this key: ${this.id}`);
		const signals = new SignalCheck(this.publicRoom, this.#identity, () => this.#now());
		const status = () => this.#status;
		const host: RelayHost = {
			id: this.id,
			signals,
			get destroyed() {
				return status() === 'destroyed';
			},
			linked: (peer) => this.#linked(peer),
			route: (peer) => this.#direct.get(peer) ?? this.#companions.get(peer),
			known: () => this.#known(),
			addRelayed: (link, peer) => this.addLink(link, 'relay', peer),
			report: (code, detail, peer, via) => this.#report(code, detail, peer, via),
			now: () => this.#now(),
			newId: newAttemptId
		};
		this.#relay = new Relay(
			host,
			{
				RTCPeerConnection: options.RTCPeerConnection,
				iceServers: options.iceServers ?? [],
				gatherTimeoutMs: options.gatherTimeoutMs ?? 4000,
				linkTimeoutMs: options.linkTimeoutMs ?? 15_000
			},
			options.retryDelaysMs
		);
	}

	get status(): TransportStatus {
		return this.#status;
	}

	#now(): number {
		return (this.#options.now ?? Date.now)();
	}

	/** Adds a link made by a handshake (or any open RtcLink with a key both ends share). */
	addLink(link: RtcLink & { key: string }, origin: Exclude<LinkOrigin, 'webrtc'> = 'manual', expectId?: string): void {
		this.#add({ key: link.key, origin, rtc: link, control: link.control, expectId });
	}

	/** Adds a control-only channel on a connection owned by y-webrtc (companion.ts; `pc` for its fingerprints). */
	addControlChannel(control: RTCDataChannel, key: string, pc?: RTCPeerConnection): void {
		this.#add({ key, origin: 'webrtc', rtc: null, control, pc });
	}

	#add(init: { key: string; origin: LinkOrigin; rtc: RtcLink | null; control: RTCDataChannel; expectId?: string; pc?: RTCPeerConnection }): void {
		if (this.#status === 'destroyed') {
			if (init.rtc) init.rtc.pc.close();
			return;
		}
		let helloTimer: ReturnType<typeof setInterval> | null = null;
		const link: MeshLink = new MeshLink({
			...init,
			dropAfterMs: this.#options.dropAfterMs ?? 10_000,
			onOpen: (l) => {
				// Said again every second until the other end's hello arrives: on a y-webrtc
				// connection the other end may open its control channel after our first hello.
				const deadline = this.#now() + (this.#options.helloTimeoutMs ?? 10_000);
				this.#sayHello(l);
				helloTimer = setInterval(() => {
					if (l.peerId !== null || l.closed) clearInterval(helloTimer!);
					else if (this.#now() > deadline) this.#refuse(l, 'unexpected-message', 'no hello');
					else this.#sayHello(l);
				}, 1000);
			},
			onMessage: (l, data) => this.#receive(l, data),
			onClose: (l, reason) => {
				if (helloTimer !== null) clearInterval(helloTimer);
				this.#closed(l, reason);
			}
		});
		this.#links.add(link);
		link.start();
	}

	#sayHello(link: MeshLink): void {
		const [local, remote] = fingerprints(link);
		const hello = { t: 'hello' as const, v: MESH_PROTOCOL_VERSION, id: this.id, room: this.publicRoom, peers: this.linkedPeers() };
		link.send(signHello(this.#identity, hello, local, remote));
	}

	/** Peers this device is linked to: by its own connections or through y-webrtc. */
	linkedPeers(): string[] {
		return [...new Set([...this.#direct.keys(), ...this.#companions.keys()])].sort();
	}

	/** Every registered link (y-webrtc ones included). */
	links(): MeshLinkInfo[] {
		return [...this.#direct.values(), ...this.#companions.values()].map((link) => ({
			peer: link.peerId!,
			origin: link.origin,
			key: link.key,
			open: (link.rtc?.sync ?? link.control).readyState === 'open',
			connection: link.rtc?.pc.connectionState ?? null
		}));
	}

	/** Peers known through linked peers but not linked yet. */
	pendingPeers(): string[] {
		return [...this.#known().keys()].filter((p) => !this.#linked(p)).sort();
	}

	#linked(peer: string): boolean {
		return this.#direct.has(peer) || this.#companions.has(peer);
	}

	/** Linked peers by peer id through which each other peer was heard of. */
	#known(): Map<string, string[]> {
		const known = new Map<string, string[]>();
		for (const link of [...this.#direct.values(), ...this.#companions.values()]) {
			for (const peer of link.peersOfPeer) {
				if (peer === this.id) continue;
				known.set(peer, [...(known.get(peer) ?? []), link.peerId!]);
			}
		}
		return known;
	}

	#report(code: MeshReportCode, detail: string, peer?: string | null, via?: string | null): void {
		this.reports.add({ code, detail, peer: peer ?? undefined, via: via ?? undefined, at: this.#now() });
	}

	#refuse(link: MeshLink, code: MeshReportCode, detail: string): void {
		this.#report(code, detail, link.peerId ?? link.expectId);
		link.close(code);
	}

	#receive(link: MeshLink, data: unknown): void {
		if (link.closed) return;
		const message = parseControlMessage(data);
		if ('error' in message) {
			const code = message.error === 'oversized' ? 'oversized-message' : 'malformed-message';
			return this.#report(code, message.detail, link.peerId);
		}
		if (message.t === 'hello') return this.#hello(link, message);
		if (link.peerId === null) return this.#report('unexpected-message', `${message.t} before hello`);
		if (message.t === 'peers') {
			link.peersOfPeer = new Set(message.peers);
			this.#relay.reconcile();
		} else if (message.t === 'bye') {
			link.close('left');
			this.#dropped(link, 'left');
		} else this.#relay.handle(link, message);
	}

	#hello(link: MeshLink, hello: Extract<ControlMessage, { t: 'hello' }>): void {
		if (link.peerId !== null) {
			// A repeated hello (see onOpen) changes nothing, unless it claims another identity.
			if (hello.id !== link.peerId) this.#refuse(link, 'identity-mismatch', `${link.peerId} now says ${hello.id}`);
			return;
		}
		if (hello.v !== MESH_PROTOCOL_VERSION) return this.#refuse(link, 'incompatible', `mesh protocol ${hello.v}`);
		if (hello.room !== this.publicRoom) return this.#refuse(link, 'wrong-room', `peer plays ${hello.room}`);
		if (!peerIdMatchesKey(hello.id, hello.key)) return this.#refuse(link, 'forged-message', `hello: ${hello.id} is not bound to its key`);
		if (!helloSignedBy(hello, ...fingerprints(link))) return this.#refuse(link, 'forged-message', `hello from ${hello.id}: bad signature`);
		if (hello.id === this.id) return this.#refuse(link, 'self-link', 'linked to itself');
		if (link.expectId !== undefined && hello.id !== link.expectId) {
			return this.#refuse(link, 'identity-mismatch', `expected ${link.expectId}, got ${hello.id}`);
		}
		link.peerId = hello.id;
		link.peersOfPeer = new Set(hello.peers);
		// A relayed connection and y-webrtc's to one peer (the relay dialled while y-webrtc's link was
		// still opening: two RTCPeerConnections for one pair, docs/net.md): both ends keep y-webrtc's.
		if (link.origin === 'relay' && this.#companions.has(hello.id)) {
			this.#report('duplicate-link', `kept the y-webrtc link, closed relayed ${link.key}`, hello.id);
			return link.close('duplicate');
		}
		const relayed = link.origin === 'webrtc' ? this.#direct.get(hello.id) : undefined;
		if (relayed?.origin === 'relay') {
			this.#direct.delete(hello.id);
			this.#report('duplicate-link', `kept the y-webrtc link ${link.key}, closed relayed ${relayed.key}`, hello.id);
			relayed.close('duplicate');
		}
		const table = link.origin === 'webrtc' ? this.#companions : this.#direct;
		const existing = table.get(hello.id);
		// Two links to one peer (handshake and relay at once): both ends keep the lower key.
		if (existing && link.origin !== 'webrtc' && existing.key < link.key) {
			this.#report('duplicate-link', `kept ${existing.key}, closed ${link.key}`, hello.id);
			return link.close('duplicate');
		}
		table.set(hello.id, link);
		if (existing) {
			if (link.origin !== 'webrtc') this.#report('duplicate-link', `kept ${link.key}, closed ${existing.key}`, hello.id);
			existing.close('duplicate');
		}
		if (link.rtc) {
			link.transport = linkTransport(link.rtc, {
				doc: this.#options.doc,
				awareness: this.awareness,
				peerId: hello.id,
				kind: link.origin
			});
			if (this.#wanted) link.transport.connect();
		}
		this.#relay.linked(hello.id);
		this.#report('peer-linked', `${link.origin} link ${link.key}`, hello.id);
		this.#sayHello(link); // once more, in case the other end missed ours
		this.#changed();
	}

	#closed(link: MeshLink, reason: string): void {
		this.#links.delete(link);
		if (link.peerId === null) return;
		const table = link.origin === 'webrtc' ? this.#companions : this.#direct;
		if (table.get(link.peerId) !== link) return;
		table.delete(link.peerId);
		if (!link.quiet) this.#dropped(link, reason);
		this.#changed();
	}

	#dropped(link: MeshLink, reason: string): void {
		this.#report('peer-dropped', `${link.origin} link ${link.key}: ${reason}`, link.peerId);
	}

	/** Tells every linked peer whom this device is linked to, and looks for peers to link. */
	#changed(): void {
		if (this.#status === 'destroyed') return;
		const peers = this.linkedPeers();
		for (const link of this.#links) if (link.peerId !== null) link.send({ t: 'peers', peers });
		this.#events.emit('peers', this.peers());
		this.#updateStatus();
		this.#relay.reconcile();
	}

	// Transport

	connect(): void {
		if (this.#status === 'destroyed') throw new Error('transport destroyed');
		this.#wanted = true;
		for (const link of this.#direct.values()) link.transport?.connect();
		this.#updateStatus();
		this.#events.emit('peers', this.peers());
	}

	/** Pauses syncing; links stay open (a manual link could not be remade without the players). */
	disconnect(): void {
		if (!this.#wanted) return;
		this.#wanted = false;
		for (const link of this.#direct.values()) link.transport?.disconnect();
		this.#updateStatus();
		this.#events.emit('peers', []);
	}

	/** Says goodbye to every peer and closes every link. */
	destroy(): void {
		if (this.#status === 'destroyed') return;
		this.#setStatus('destroyed');
		this.#relay.close();
		const links = [...this.#links];
		for (const link of links) {
			link.quiet = true;
			link.send({ t: 'bye' });
		}
		// Closing at once could drop the goodbyes still queued.
		setTimeout(() => links.forEach((link) => link.close('destroyed')), BYE_GRACE_MS);
		this.#events.clear();
	}

	peers(): PeerLink[] {
		if (!this.#wanted || this.#status === 'destroyed') return [];
		return [...this.#direct].map(([id, link]) => ({ id, via: 'webrtc', connected: link.rtc?.sync.readyState === 'open' }));
	}

	hasDataChannel(): boolean {
		return this.peers().some((p) => p.connected);
	}

	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void {
		return this.#events.on(event, listener);
	}

	#updateStatus(): void {
		if (this.#status === 'destroyed') return;
		if (!this.#wanted) return this.#setStatus(this.#status === 'idle' ? 'idle' : 'offline');
		this.#setStatus(this.hasDataChannel() ? 'connected' : 'searching');
	}

	#setStatus(status: TransportStatus): void {
		if (status === this.#status) return;
		this.#status = status;
		this.#events.emit('status', status);
	}
}

/** This end's and the other end's DTLS fingerprints ('' where a connection has none, e.g. in tests). */
function fingerprints(link: MeshLink): [string, string] {
	const pc = link.pc;
	return [fingerprintOf(pc?.localDescription?.sdp), fingerprintOf(pc?.remoteDescription?.sdp)];
}

/** An attempt id: 16 base64url characters (96 random bits). */
function newAttemptId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
	return [...randomBytes(16)].map((b) => alphabet[b & 63]).join('');
}
