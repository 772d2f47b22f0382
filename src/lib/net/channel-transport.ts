/**
 * A Transport over one already-open byte channel: the building block for links made without
 * y-webrtc (a manual offer/answer handshake shown as QR code or text, or a channel relayed by a
 * linked peer). It speaks the same sync messages as y-webrtc (ChannelSync), shares the awareness,
 * and frames large messages (framing.ts): a data channel message above ~16 KiB is unsafe across
 * browsers, and a 5,000-entry log is ~1.9 MB in one sync step 2.
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { ChannelSync, type ByteChannel } from './channel-sync.js';
import { frameReceiver, frameSender, MAX_CHUNK, type DropReason, type FrameTags } from './framing.js';
import type { UpdateGate } from './update-gate.js';
import {
	TransportEmitter,
	type PeerLink,
	type Transport,
	type TransportEvents,
	type TransportStatus
} from './transport.js';

export { MAX_CHUNK };

const TAGS: FrameTags = { whole: 0, more: 1, last: 2, lastDeflated: 3 };

/**
 * Wraps an ordered, reliable channel so messages of any size travel as pieces of at most
 * `maxChunk` bytes (one tag byte each), large ones deflated (framing.ts). A malformed sequence
 * is dropped, and `onDrop` hears why.
 */
export function chunkedChannel(raw: ByteChannel, maxChunk = MAX_CHUNK, onDrop?: (reason: DropReason) => void): ByteChannel {
	return {
		send: frameSender((piece) => raw.send(piece), TAGS, maxChunk),
		onMessage: (handler) => raw.onMessage(frameReceiver(handler, TAGS, onDrop))
	};
}

/** The part of RTCDataChannel used here. */
export interface DataChannelLike {
	binaryType: string;
	readonly readyState: string;
	send(data: Uint8Array<ArrayBuffer>): void;
	addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
	removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** An open RTCDataChannel as a (chunked) ByteChannel. */
export function dataChannelBytes(dc: DataChannelLike, maxChunk = MAX_CHUNK): ByteChannel {
	dc.binaryType = 'arraybuffer';
	const raw: ByteChannel = {
		send: (m) => {
			if (dc.readyState === 'open') dc.send(new Uint8Array(m));
		},
		onMessage: (handler) => {
			const listener = (event: { data: unknown }) => {
				if (event.data instanceof ArrayBuffer) handler(new Uint8Array(event.data));
			};
			dc.addEventListener('message', listener);
			return () => dc.removeEventListener('message', listener);
		}
	};
	return chunkedChannel(raw, maxChunk);
}

export interface ChannelTransportOptions {
	doc: Y.Doc;
	channel: ByteChannel;
	awareness: Awareness;
	/** Id of the peer at the other end (for peers()). */
	peerId: string;
	/** e.g. 'manual' or 'relay'. */
	kind?: string;
	/** Whether the channel is a real WebRTC data channel (a manual handshake's is). */
	isDataChannel?: boolean;
	/** Remote updates pass this gate (update-gate.ts). Default: the doc's shared gate; null: none. */
	updateGate?: UpdateGate | null;
}

export class ChannelTransport implements Transport {
	readonly kind: string;
	readonly awareness: Awareness;
	readonly #sync: ChannelSync;
	readonly #options: ChannelTransportOptions;
	readonly #events = new TransportEmitter();
	#status: TransportStatus = 'idle';

	constructor(options: ChannelTransportOptions) {
		this.#options = options;
		this.kind = options.kind ?? 'channel';
		this.awareness = options.awareness;
		this.#sync = new ChannelSync(options.doc, options.channel, options.awareness, { gate: options.updateGate, peer: options.peerId });
	}

	get status(): TransportStatus {
		return this.#status;
	}

	connect(): void {
		if (this.#status === 'destroyed') throw new Error('transport destroyed');
		if (this.#status === 'connected') return;
		this.#sync.start(); // sends sync step 1: a reconnect catches up both ways
		this.#set('connected');
		this.#events.emit('peers', this.peers());
	}

	disconnect(): void {
		if (this.#status !== 'connected') return;
		this.#sync.stop();
		this.#set('offline');
		this.#events.emit('peers', []);
	}

	destroy(): void {
		if (this.#status === 'destroyed') return;
		this.#sync.stop();
		this.#set('destroyed');
		this.#events.clear();
	}

	peers(): PeerLink[] {
		if (this.#status !== 'connected') return [];
		const via = this.#options.isDataChannel ? 'webrtc' : 'channel';
		return [{ id: this.#options.peerId, via, connected: true }];
	}

	hasDataChannel(): boolean {
		return this.#status === 'connected' && (this.#options.isDataChannel ?? false);
	}

	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void {
		return this.#events.on(event, listener);
	}

	#set(status: TransportStatus): void {
		if (status === this.#status) return;
		this.#status = status;
		this.#events.emit('status', status);
	}
}
