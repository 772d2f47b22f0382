/**
 * The transport boundary: how a game document reaches other peers. The session sees only this
 * interface, so y-webrtc (with a signaling server), a manual offer/answer handshake (QR code,
 * copy-paste) and signaling relayed through already-linked peers are interchangeable, and
 * several transports can serve one Y.Doc at once (Yjs merges whatever arrives from any of them).
 *
 * Transports that carry a raw data channel (manual handshake, relay) should sync with
 * ChannelSync (channel-sync.ts), which speaks the same y-protocols messages as y-webrtc.
 */
import type { Awareness } from 'y-protocols/awareness';

/**
 * idle: never connected · searching: connecting, no peer yet · connected: at least one peer ·
 * offline: disconnected on request · destroyed: unusable.
 */
export type TransportStatus = 'idle' | 'searching' | 'connected' | 'offline' | 'destroyed';

export interface PeerLink {
	/** Transport-specific peer id (not a seat, not a key: seats are proven by signatures). */
	readonly id: string;
	/** webrtc: a data channel; broadcast: a tab of this browser (BroadcastChannel); channel: any other. */
	readonly via: 'webrtc' | 'broadcast' | 'channel';
	/** For webrtc: whether the data channel is open (links are listed before they open). */
	readonly connected: boolean;
}

export interface TransportEvents {
	status: TransportStatus;
	peers: readonly PeerLink[];
	/** The transport believes it has exchanged state with the peers it knows. */
	synced: boolean;
}

export interface Transport {
	/** e.g. 'webrtc', 'manual', 'relay'. */
	readonly kind: string;
	/** Presence of the people in the room (y-protocols awareness), shared with the session. */
	readonly awareness: Awareness;
	readonly status: TransportStatus;
	connect(): void;
	disconnect(): void;
	destroy(): void;
	/** Peers this transport links to, open or opening. */
	peers(): PeerLink[];
	/** True only when a real WebRTC data channel is open (not merely a same-browser tab). */
	hasDataChannel(): boolean;
	/** Subscribes to an event. Returns the unsubscribe function. */
	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void;
}

/** A tiny typed event hub for Transport implementations. */
export class TransportEmitter {
	readonly #listeners = new Map<keyof TransportEvents, Set<(value: never) => void>>();

	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void {
		let set = this.#listeners.get(event);
		if (!set) this.#listeners.set(event, (set = new Set()));
		set.add(listener as (value: never) => void);
		return () => set.delete(listener as (value: never) => void);
	}

	emit<K extends keyof TransportEvents>(event: K, value: TransportEvents[K]): void {
		for (const listener of [...(this.#listeners.get(event) ?? [])]) {
			(listener as (v: TransportEvents[K]) => void)(value);
		}
	}

	clear(): void {
		this.#listeners.clear();
	}
}
