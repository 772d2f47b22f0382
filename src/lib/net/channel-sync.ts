/**
 * Syncs a Y.Doc (and optionally an awareness) over any duplex byte channel, with the y-protocols
 * sync messages (step 1 / step 2 / update) that y-webrtc also speaks.
 *
 * This is the transport-neutral core: the in-memory simulation uses it, and a later manual
 * offer/answer handshake (QR code, copy-paste) or a relay through linked peers only has to supply
 * a ByteChannel (e.g. an RTCDataChannel) to reuse it unchanged.
 *
 * Delivery may be delayed, reordered or duplicated: Yjs updates are idempotent and commutative,
 * and Yjs holds updates whose dependencies are missing until they arrive. Lost messages are
 * repaired by calling `resync()` (both sides send their state vector again), e.g. on reconnect.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import { filterAwarenessUpdate } from './awareness-filter.js';
import * as syncProtocol from 'y-protocols/sync';
import { isStep1, paddedHeader, PULL_ALL_MESSAGE, readGatedSyncMessage, Step1Pacer } from './gated-sync.js';
import { updateGateFor, type UpdateGate } from './update-gate.js';

/** A duplex channel of binary messages. */
export interface ByteChannel {
	send(message: Uint8Array): void;
	/** Registers the receiver. Returns the unsubscribe function. */
	onMessage(handler: (message: Uint8Array) => void): () => void;
}

/** Message kinds on the channel (same numbering as y-webrtc). */
export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;
/**
 * Ours, not y-webrtc's: "I (re)started, send me your state vector and presence". Without it a
 * one-sided reconnect would receive what it missed but never send what the other side missed.
 */
export const MESSAGE_SYNC_REQUEST = 16;

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] };

export interface ChannelSyncOptions {
	/** Remote updates pass this gate (update-gate.ts). Default: the doc's shared gate; null: none. */
	gate?: UpdateGate | null;
	/** The other end's id, for the gate's per-peer caps. Default: unique to this ChannelSync. */
	peer?: string;
}

let unnamed = 0;

export class ChannelSync {
	readonly doc: Y.Doc;
	readonly awareness: awarenessProtocol.Awareness | null;
	readonly #channel: ByteChannel;
	#unsubscribe: (() => void) | null = null;
	readonly #gate: UpdateGate | null;
	readonly #peer: string;
	#pacer: Step1Pacer | null = null;
	#requests: Step1Pacer | null = null;
	/** Messages that failed to decode (a broken or hostile peer); they are otherwise ignored. */
	errors = 0;

	constructor(doc: Y.Doc, channel: ByteChannel, awareness: awarenessProtocol.Awareness | null = null, options: ChannelSyncOptions = {}) {
		this.doc = doc;
		this.#channel = channel;
		this.awareness = awareness;
		this.#gate = options.gate === undefined ? updateGateFor(doc) : options.gate;
		this.#peer = options.peer ?? `channel-${++unnamed}`;
	}

	get running(): boolean {
		return this.#unsubscribe !== null;
	}

	/** Starts listening and forwarding, and sends our state vector (sync step 1). */
	start(): void {
		if (this.#unsubscribe) return;
		const offMessage = this.#channel.onMessage((m) => this.#receive(m));
		this.doc.on('update', this.#onDocUpdate);
		this.awareness?.on('update', this.#onAwarenessUpdate);
		const pacer = this.#gate ? new Step1Pacer(this.#gate, this.#peer, (message) => this.#receive(message, true)) : null;
		const requests = this.#gate ? new Step1Pacer(this.#gate, this.#peer, (message) => this.#receive(message, true), 'request') : null;
		this.#pacer = pacer;
		this.#requests = requests;
		const detach = this.#gate?.attach(
			this.#peer,
			() => this.#sendStateVector(),
			() => this.#channel.send(PULL_ALL_MESSAGE),
		);
		this.#unsubscribe = () => {
			detach?.();
			pacer?.stop();
			requests?.stop();
			offMessage();
			this.doc.off('update', this.#onDocUpdate);
			this.awareness?.off('update', this.#onAwarenessUpdate);
		};
		this.resync();
	}

	/**
	 * Sends sync step 1 and our awareness state (the other side answers with what we miss), and
	 * asks the other side for the same (so we answer with what it misses).
	 */
	resync(): void {
		this.#gate?.expectSync(this.#peer); // a sync we start: its step 2 is exempt from the gate's rates
		this.#sendStateVector();
		const request = encoding.createEncoder();
		encoding.writeVarUint(request, MESSAGE_SYNC_REQUEST);
		this.#channel.send(encoding.toUint8Array(request));
	}

	#sendStateVector(): void {
		const encoder = encoding.createEncoder();
		encoding.writeVarUint(encoder, MESSAGE_SYNC);
		syncProtocol.writeSyncStep1(encoder, this.doc);
		this.#channel.send(encoding.toUint8Array(encoder));
		if (this.awareness && this.awareness.getLocalState() !== null) {
			this.#sendAwareness([this.awareness.clientID]);
		}
	}

	/** Stops listening; remote awareness states learnt here are left to time out. */
	stop(): void {
		this.#unsubscribe?.();
		this.#unsubscribe = null;
	}

	#onDocUpdate = (update: Uint8Array, origin: unknown): void => {
		if (origin === this) return; // do not echo what this channel just delivered
		const encoder = encoding.createEncoder();
		encoding.writeVarUint(encoder, MESSAGE_SYNC);
		syncProtocol.writeUpdate(encoder, update);
		this.#channel.send(encoding.toUint8Array(encoder));
	};

	#onAwarenessUpdate = ({ added, updated, removed }: AwarenessChange, origin: unknown): void => {
		if (origin === this) return;
		this.#sendAwareness([...added, ...updated, ...removed]);
	};

	#sendAwareness(clients: number[]): void {
		if (!this.awareness || clients.length === 0) return;
		const encoder = encoding.createEncoder();
		encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
		encoding.writeVarUint8Array(
			encoder,
			awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients)
		);
		this.#channel.send(encoding.toUint8Array(encoder));
	}

	#receive(message: Uint8Array, paced = false): void {
		if (paddedHeader(message)) {
			this.#gate?.malformed(this.#peer, message.byteLength);
			this.errors++;
			return;
		}
		// A peer's step 1s are answered at the gate's pace (our answer may be the whole log), and its
		// sync requests and presence queries at their own (one byte bought a whole state vector).
		if (!paced && this.#pacer !== null && isStep1(message)) return this.#pacer.offer(message);
		if (!paced && this.#requests !== null && (message[0] === MESSAGE_SYNC_REQUEST || message[0] === MESSAGE_QUERY_AWARENESS)) return this.#requests.offer(message);
		try {
			const decoder = decoding.createDecoder(message);
			const kind = decoding.readVarUint(decoder);
			if (kind === MESSAGE_SYNC) {
				const reply = encoding.createEncoder();
				encoding.writeVarUint(reply, MESSAGE_SYNC);
				readGatedSyncMessage(decoder, reply, this.doc, this, this.#gate, this.#peer);
				// A reply holds more than its message kind only after a step 1 (it is a step 2).
				if (encoding.length(reply) > 1) this.#channel.send(encoding.toUint8Array(reply));

			} else if (kind === MESSAGE_AWARENESS && this.awareness) {
				// States it must not apply left out (awareness-filter.ts).
				const update = filterAwarenessUpdate(decoding.readVarUint8Array(decoder), this.awareness.clientID);
				if (update !== null) awarenessProtocol.applyAwarenessUpdate(this.awareness, update, this);
			} else if (kind === MESSAGE_SYNC_REQUEST) {
				this.#sendStateVector();
			} else if (kind === MESSAGE_QUERY_AWARENESS && this.awareness) {
				this.#sendAwareness([...this.awareness.getStates().keys()]);
			}
		} catch (_error) {
			this.errors++;
		}
	}
}
