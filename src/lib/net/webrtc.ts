/**
 * Transport over y-webrtc: signaling servers from settings, ICE servers from settings (never
 * simple-peer's public defaults), the room name hashed from the room code's public part, the
 * code's secret as y-webrtc's password (it encrypts signaling and BroadcastChannel messages; a
 * message that does not decrypt is dropped and counted, signaling-guard.ts), and same-browser tabs
 * over BroadcastChannel.
 *
 * The provider is created on the first connect(), not in the constructor, so building a transport
 * contacts nothing. y-webrtc allows one provider per room name per JS realm; this class holds one.
 * When a signaling URL is the page origin's own, the first connect() first asks that origin for
 * TURN credentials (turn-credentials.ts, at most 3 s) and adds them to the ICE servers; they are
 * fetched again before they expire, for links made later.
 */
import type * as Y from 'yjs';
import { WebrtcProvider, type ProviderOptions } from 'y-webrtc';
import { Awareness } from 'y-protocols/awareness';
import type { DropReason } from './framing.js';
import { gatePeer } from './gated-sync.js';
import { chunkPeer, type PeerLike } from './peer-chunks.js';
import { roomName, roomSecret } from './room.js';
import { guardConnection, guardTopic, type SignalingConnLike, type SignalingRefusal } from './signaling-guard.js';
import { effectiveNetSettings, type NetSettings } from './settings.js';
import { watchSignaling } from './signaling-status.js';
import { credentialsUrlFor, fetchIceCredentials } from './turn-credentials.js';
import { updateGateFor, type UpdateDropReason, type UpdateGate } from './update-gate.js';
import {
	TransportEmitter,
	type PeerLink,
	type Transport,
	type TransportEvents,
	type TransportStatus
} from './transport.js';

/** The part of y-webrtc's WebrtcConn this transport uses. */
export interface ConnLike {
	readonly connected: boolean;
	/** The simple-peer instance (patched to split large messages). */
	readonly peer?: unknown;
	destroy(): void;
}

/** The part of y-webrtc's WebrtcProvider this transport uses (a test double can supply it). */
export interface ProviderLike {
	readonly room: {
		readonly webrtcConns: Map<string, ConnLike>;
		readonly bcConns: Set<string>;
	} | null;
	/** The signaling key (PBKDF2 of the password), null without one; y-webrtc's own. */
	readonly key?: PromiseLike<CryptoKey | null>;
	/** y-webrtc's signaling connections (shared by every room on one URL). */
	readonly signalingConns?: readonly SignalingConnLike[];
	connect(): void;
	disconnect(): void;
	destroy(): void;
	on(event: 'status', f: (e: { connected: boolean }) => void): void;
	on(event: 'synced', f: (e: { synced: boolean }) => void): void;
	on(event: 'peers', f: (e: { webrtcPeers: string[]; bcPeers: string[] }) => void): void;
}

export type ProviderFactory = (room: string, doc: Y.Doc, options: ProviderOptions) => ProviderLike;

export const createWebrtcProvider: ProviderFactory = (room, doc, options) =>
	new WebrtcProvider(room, doc, options);

export interface WebrtcTransportOptions {
	doc: Y.Doc;
	/** The room code players share: its public part, hashed, names the room; its secret is the password. */
	code: string;
	settings: NetSettings;
	/**
	 * Encrypts signaling and BroadcastChannel messages (PBKDF2 + AES-GCM in y-webrtc). Default: the
	 * room code's secret (none for a version-1 code). Every peer of a room must use the same.
	 */
	password?: string;
	/** Shared presence; created here if not given. */
	awareness?: Awareness;
	/**
	 * Open WebRTC data channels even to tabs of this browser (y-webrtc `filterBcConns: false`),
	 * e.g. to prove peer-to-peer play in a test. Default false: tabs talk over BroadcastChannel.
	 */
	forceWebrtc?: boolean;
	/** Extra simple-peer options, e.g. `{ wrtc }` in Node. `config.iceServers` always comes from settings. */
	peerOpts?: Record<string, unknown>;
	/**
	 * A WebRTC link that has not opened after this long (plus up to 50% random jitter) is dropped,
	 * so y-webrtc announces again and retries. Offers that cross ("glare") can otherwise leave both
	 * sides waiting forever (seen with @roamhq/wrtc in about 1 run in 10). 0 disables. Default 6000.
	 */
	connectTimeoutMs?: number;
	/**
	 * Frame messages above 16 KiB on WebRTC links (peer-chunks.ts: deflated, in pieces), so a first sync of a long
	 * log arrives. Every peer of a room must agree. Default true.
	 */
	chunkMessages?: boolean;
	/** Remote updates pass this gate (update-gate.ts). Default: the doc's shared gate; null: none (tests: a rogue). */
	updateGate?: UpdateGate | null;
	/** For tests: builds the provider. Defaults to y-webrtc's WebrtcProvider. */
	createProvider?: ProviderFactory;
	/** For tests: the jitter source (default Math.random). */
	random?: () => number;
	/**
	 * Where to fetch TURN credentials before connecting. Default: the page origin's
	 * /turn-credentials when a signaling URL is the origin's own /signal, else none; null: none.
	 */
	iceCredentialsUrl?: string | null;
	/** For tests: the fetch used for TURN credentials. */
	fetch?: typeof globalThis.fetch;
}

/** How often the stuck-link watchdog looks. */
const WATCHDOG_INTERVAL_MS = 1000;

export class WebrtcTransport implements Transport {
	readonly kind = 'webrtc';
	readonly awareness: Awareness;
	/** The room name given to signaling servers. */
	readonly roomName: string;
	/** Settings URLs dropped because they are public and not allowed. */
	readonly blocked: readonly string[];
	readonly #options: WebrtcTransportOptions;
	readonly #providerOptions: ProviderOptions;
	readonly #ownsAwareness: boolean;
	readonly #events = new TransportEmitter();
	#provider: ProviderLike | null = null;
	#status: TransportStatus = 'idle';
	#watchdog: ReturnType<typeof setInterval> | null = null;
	/** Unopened links and when the watchdog gives up on each. */
	readonly #deadlines = new Map<ConnLike, number>();
	readonly #watched = new WeakSet<object>();
	/** Links the watchdog dropped (diagnostics). */
	droppedLinks = 0;
	/** Messages from peers dropped as malformed, too large or not inflatable, by reason (diagnostics). */
	readonly droppedMessages: Partial<Record<DropReason, number>> = {};
	/** The gate remote updates pass (shared by every transport of the doc), or null. */
	readonly updateGate: UpdateGate | null;
	/** Signaling messages for this room refused because they do not decrypt with its key, by reason. */
	readonly refusedSignals: Partial<Record<SignalingRefusal, number>> = {};
	/**
	 * Why this transport cannot connect, or null: 'no-webcrypto' when the room has a password but
	 * the page has no crypto.subtle (a plain-http origin), which y-webrtc's encryption needs.
	 */
	readonly unavailable: 'no-webcrypto' | null;
	/** Where TURN credentials come from before connecting, or null. */
	readonly iceCredentialsUrl: string | null;
	#unguard: (() => void) | null = null;
	/** The ICE servers array handed to simple-peer (origin credentials are added to it in place). */
	readonly #iceServers: RTCIceServer[];
	readonly #settingsIce: number;
	/** Origin credentials: 'none' not fetched yet, a promise while fetching, 'ready' after. */
	#ice: 'none' | 'ready' | Promise<void> = 'none';
	#iceRefresh: ReturnType<typeof setTimeout> | null = null;
	/** connect() was called and not undone while the credentials were being fetched. */
	#wanted = false;

	constructor(options: WebrtcTransportOptions) {
		this.#options = options;
		this.updateGate = options.updateGate === undefined ? updateGateFor(options.doc) : options.updateGate;
		this.roomName = roomName(options.code);
		this.#ownsAwareness = options.awareness === undefined;
		this.awareness = options.awareness ?? new Awareness(options.doc);
		const effective = effectiveNetSettings(options.settings);
		this.blocked = effective.blocked;
		const extra = options.peerOpts ?? {};
		const extraConfig = (extra.config ?? {}) as Record<string, unknown>;
		this.#iceServers = [...effective.iceServers];
		this.#settingsIce = this.#iceServers.length;
		this.iceCredentialsUrl = options.iceCredentialsUrl === undefined ? credentialsUrlFor(effective.signaling) : options.iceCredentialsUrl;
		if (this.iceCredentialsUrl === null) this.#ice = 'ready';
		this.#providerOptions = {
			// Always explicit: y-webrtc's default is a public server.
			signaling: effective.signaling,
			awareness: this.awareness,
			filterBcConns: !(options.forceWebrtc ?? false),
			// Always explicit: simple-peer's default ICE servers are public STUN servers.
			peerOpts: { ...extra, config: { ...extraConfig, iceServers: this.#iceServers } }
		};
		const password = options.password ?? roomSecret(options.code);
		if (password) this.#providerOptions.password = password;
		this.unavailable = password && !globalThis.crypto?.subtle ? 'no-webcrypto' : null;
	}

	/** The options handed to y-webrtc (for diagnostics and tests; never contains defaults). */
	get providerOptions(): Readonly<ProviderOptions> {
		return this.#providerOptions;
	}

	/** Remote updates the gate dropped, by reason (every transport of this doc). */
	get droppedUpdates(): Partial<Record<UpdateDropReason, number>> {
		return this.updateGate?.dropped ?? {};
	}

	get status(): TransportStatus {
		return this.#status;
	}

	connect(): void {
		if (this.#status === 'destroyed') throw new Error('transport destroyed');
		if (this.unavailable !== null) return this.#setStatus('searching'); // finds no one: the UI says so
		if (this.#ice !== 'ready') {
			// TURN credentials from the page's origin first (a static host answers none).
			this.#wanted = true;
			if (this.#ice === 'none') {
				this.#ice = this.#loadIce().then(() => {
					this.#ice = 'ready';
					if (this.#wanted && this.#status !== 'destroyed') this.connect();
				});
			}
			return this.#setStatus('searching');
		}
		if (this.#provider === null) {
			const create = this.#options.createProvider ?? createWebrtcProvider;
			const provider = create(this.roomName, this.#options.doc, this.#providerOptions);
			if (provider.key && this.#providerOptions.password) {
				this.#unguard = guardTopic(this.roomName, provider.key, (reason) => (this.refusedSignals[reason] = (this.refusedSignals[reason] ?? 0) + 1));
			}
			provider.on('status', () => this.#update());
			// y-webrtc emits 'peers' right after creating a link, before its channel opens.
			provider.on('peers', () => {
				this.#patchLinks();
				this.#update(true);
			});
			provider.on('synced', ({ synced }) => this.#events.emit('synced', synced));
			this.#provider = provider;
		} else if (this.#status === 'offline') {
			this.#provider.connect();
		} else {
			return; // y-webrtc's connect() is not idempotent: it would add signaling connections twice
		}
		if (this.#unguard) for (const conn of this.#provider.signalingConns ?? []) guardConnection(conn);
		watchSignaling((this.#provider.signalingConns ?? []) as unknown as Parameters<typeof watchSignaling>[0]);
		this.#startWatchdog();
		this.#setStatus(this.#computeStatus(true));
	}

	#patchLinks(): void {
		for (const [id, conn] of this.#provider?.room?.webrtcConns ?? []) {
			const peer = conn.peer as (PeerLike & { once?: (event: string, f: () => void) => void }) | undefined;
			if (!peer || typeof peer.send !== 'function' || typeof peer.emit !== 'function') continue;
			if (this.updateGate) gatePeer(peer, this.updateGate, id, this.#options.doc, () => this.awareness.clientID); // before chunkPeer: it sees whole messages
			if (this.#options.chunkMessages !== false) chunkPeer(peer, undefined, (reason) => (this.droppedMessages[reason] = (this.droppedMessages[reason] ?? 0) + 1));
			// y-webrtc tells nothing when a link's channel opens or closes: watch the link itself.
			if (typeof peer.once === 'function' && !this.#watched.has(peer)) {
				this.#watched.add(peer);
				peer.once('connect', () => this.#update(true));
				peer.once('close', () => this.#update(true));
			}
		}
	}

	#startWatchdog(): void {
		const timeout = this.#options.connectTimeoutMs ?? 6000;
		if (timeout <= 0 || this.#watchdog !== null) return;
		const random = this.#options.random ?? Math.random;
		this.#watchdog = setInterval(() => {
			const conns = this.#provider?.room?.webrtcConns;
			if (!conns) return;
			const now = Date.now();
			const live = new Set(conns.values());
			for (const conn of this.#deadlines.keys()) {
				if (!live.has(conn) || conn.connected) this.#deadlines.delete(conn);
			}
			for (const conn of live) {
				if (conn.connected) continue;
				const deadline = this.#deadlines.get(conn);
				if (deadline === undefined) this.#deadlines.set(conn, now + timeout * (1 + random() / 2));
				else if (now >= deadline) {
					this.#deadlines.delete(conn);
					this.droppedLinks++;
					conn.destroy(); // y-webrtc removes it on 'close' and announces again
				}
			}
		}, WATCHDOG_INTERVAL_MS);
	}

	#stopWatchdog(): void {
		if (this.#watchdog !== null) clearInterval(this.#watchdog);
		this.#watchdog = null;
		this.#deadlines.clear();
	}

	/** Fetches origin credentials into the ICE servers, and again at half their lifetime. */
	async #loadIce(): Promise<void> {
		if (this.iceCredentialsUrl === null) return;
		const credentials = await fetchIceCredentials(this.iceCredentialsUrl, { fetch: this.#options.fetch });
		if (this.#status === 'destroyed') return;
		// In place: simple-peer copies the config when each link is made, so later links get these.
		this.#iceServers.splice(this.#settingsIce, this.#iceServers.length - this.#settingsIce, ...(credentials?.iceServers ?? []));
		if (credentials && credentials.ttl > 0) {
			this.#iceRefresh = setTimeout(() => void this.#loadIce(), Math.max(30, credentials.ttl / 2) * 1000 + 1000);
		}
	}

	disconnect(): void {
		this.#wanted = false;
		if (this.#provider === null && this.#ice !== 'ready' && this.#status === 'searching') return this.#setStatus('offline');
		if (this.#provider === null || this.#status === 'offline' || this.#status === 'destroyed') return;
		this.#provider.disconnect();
		this.#stopWatchdog();
		this.#setStatus('offline');
		this.#events.emit('peers', []);
	}

	destroy(): void {
		if (this.#status === 'destroyed') return;
		this.#stopWatchdog();
		if (this.#iceRefresh !== null) clearTimeout(this.#iceRefresh);
		this.#wanted = false;
		this.#provider?.destroy();
		this.#provider = null;
		this.#unguard?.();
		if (this.#ownsAwareness) this.awareness.destroy();
		this.#setStatus('destroyed');
		this.#events.clear();
	}

	peers(): PeerLink[] {
		const room = this.#provider?.room;
		if (!room || this.#status === 'offline' || this.#status === 'destroyed') return [];
		const links: PeerLink[] = [];
		for (const [id, conn] of room.webrtcConns) links.push({ id, via: 'webrtc', connected: conn.connected });
		for (const id of room.bcConns) links.push({ id, via: 'broadcast', connected: true });
		return links;
	}

	/**
	 * The RTCPeerConnection of each open WebRTC link (simple-peer's `_pc`, a y-webrtc internal:
	 * recheck on upgrades), for the relay mesh's control channel (mesh/companion.ts).
	 */
	rtcConnections(): Array<{ id: string; pc: RTCPeerConnection }> {
		const out: Array<{ id: string; pc: RTCPeerConnection }> = [];
		for (const [id, conn] of this.#provider?.room?.webrtcConns ?? []) {
			const pc = (conn.peer as { _pc?: RTCPeerConnection | null } | undefined)?._pc;
			if (conn.connected && pc) out.push({ id, pc });
		}
		return out;
	}

	hasDataChannel(): boolean {
		const room = this.#provider?.room;
		return room ? [...room.webrtcConns.values()].some((c) => c.connected) : false;
	}

	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void {
		return this.#events.on(event, listener);
	}

	#computeStatus(wanted: boolean): TransportStatus {
		if (!wanted) return 'offline';
		return this.peers().some((p) => p.connected) ? 'connected' : 'searching';
	}

	#update(peersChanged = false): void {
		if (this.#status === 'offline' || this.#status === 'destroyed') return;
		if (peersChanged) this.#events.emit('peers', this.peers());
		this.#setStatus(this.#computeStatus(true));
	}

	#setStatus(status: TransportStatus): void {
		if (status === this.#status) return;
		this.#status = status;
		this.#events.emit('status', status);
	}
}
