/**
 * A Transport over one already-open byte channel: the building block for links made without
 * y-webrtc (a manual offer/answer handshake shown as QR code or text, or a channel relayed by a
 * linked peer). It speaks the same sync messages as y-webrtc (ChannelSync), shares the awareness,
 * and splits large messages: a data channel message above ~16 KiB is unsafe across browsers,
 * and a 2,000-entry log is ~260 KB in one sync step 2.
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { ChannelSync, type ByteChannel } from './channel-sync.js';
import {
	TransportEmitter,
	type PeerLink,
	type Transport,
	type TransportEvents,
	type TransportStatus
} from './transport.js';

/** Largest piece sent on a data channel (safe in every browser). */
export const MAX_CHUNK = 16 * 1024;
const WHOLE = 0;
const MORE = 1;
const LAST = 2;

/**
 * Wraps an ordered, reliable channel so messages of any size travel as pieces of at most
 * `maxChunk` bytes (one header byte each). A malformed sequence is dropped.
 */
export function chunkedChannel(raw: ByteChannel, maxChunk = MAX_CHUNK): ByteChannel {
	const body = Math.max(1, maxChunk - 1);
	return {
		send(message) {
			if (message.length <= body) return raw.send(prefixed(WHOLE, message));
			for (let at = 0; at < message.length; at += body) {
				const end = Math.min(message.length, at + body);
				raw.send(prefixed(end === message.length ? LAST : MORE, message.subarray(at, end)));
			}
		},
		onMessage(handler) {
			let parts: Uint8Array[] = [];
			return raw.onMessage((piece) => {
				const kind = piece[0];
				const data = piece.subarray(1);
				if (kind === WHOLE) {
					parts = [];
					handler(data);
				} else if (kind === MORE) {
					parts.push(data);
				} else if (kind === LAST && parts.length > 0) {
					parts.push(data);
					handler(concat(parts));
					parts = [];
				} else parts = [];
			});
		}
	};
}

function prefixed(kind: number, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(data.length + 1);
	out[0] = kind;
	out.set(data, 1);
	return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const p of parts) {
		out.set(p, at);
		at += p.length;
	}
	return out;
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
		this.#sync = new ChannelSync(options.doc, options.channel, options.awareness);
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
