/**
 * Where remote Yjs updates enter a game doc, each through the doc's UpdateGate: sync messages
 * read by ChannelSync (`readGatedSyncMessage`, in place of y-protocols' readSyncMessage) and
 * y-webrtc links (`gatePeer` patches a simple-peer instance, like peer-chunks.ts, so y-webrtc
 * only ever reads admitted updates). y-webrtc's BroadcastChannel path is not gated: it links
 * tabs of this browser and origin, which run this same gate on what they receive.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import type { PeerLike } from './peer-chunks.js';
import type { UpdateGate } from './update-gate.js';
import { filterAwarenessUpdate } from './awareness-filter.js';

/** y-protocols' sync message kind, first varuint of a y-webrtc / ChannelSync message. */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;

/**
 * Reads one sync message (after its kind): a step 1 writes our step 2 into `reply`; a step 2 or
 * an update is applied, with `origin`, only if `gate` admits it (no gate: always). Throws on a
 * message that does not decode.
 */
export function readGatedSyncMessage(
	decoder: decoding.Decoder,
	reply: encoding.Encoder,
	doc: Y.Doc,
	origin: unknown,
	gate: UpdateGate | null,
	peer: string
): void {
	let type: number;
	let update: Uint8Array;
	try {
		type = decoding.readVarUint(decoder);
		if (type === syncProtocol.messageYjsSyncStep1) {
			syncProtocol.readSyncStep1(decoder, reply, doc);
			return;
		}
		if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) {
			throw new Error(`unknown sync message type ${type}`);
		}
		update = decoding.readVarUint8Array(decoder);
	} catch (error) {
		gate?.malformed(peer);
		throw error;
	}
	if (gate !== null && gate.admit(peer, update, { step2: type === syncProtocol.messageYjsSyncStep2 }) !== 'apply') return;
	Y.applyUpdate(doc, update, origin);
	gate?.settle(peer);
}

/** Our sync step 1 (state vector), as a whole message. */
export function syncStep1Message(doc: Y.Doc): Uint8Array {
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, MESSAGE_SYNC);
	syncProtocol.writeSyncStep1(encoder, doc);
	return encoding.toUint8Array(encoder);
}

/**
 * Whether a message's kind (or a sync message's type) is written in more bytes than it needs: lib0
 * reads `0x80 0x00` as 0 too, so such a message passed the byte checks here (presence filter,
 * step 1 pace) and then read as what they look for (review, session 15). No honest encoder writes
 * one; it is refused as malformed. An empty message likewise.
 */
export function paddedHeader(message: Uint8Array): boolean {
	return message.length === 0 || message[0]! >= 0x80 || (message[0] === MESSAGE_SYNC && (message[1] ?? 0) >= 0x80);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Whether `message` (a whole y-webrtc / ChannelSync message) is a sync step 1. */
export function isStep1(message: Uint8Array): boolean {
	return message[0] === MESSAGE_SYNC && message[1] === syncProtocol.messageYjsSyncStep1;
}

/**
 * Answers one peer's sync step 1s at the gate's pace (UpdateGate.answerDelay): our answer may be
 * the whole log, so a peer asking again and again gets a few at once and then one every few
 * seconds; a step 1 over the pace waits (only the latest is kept) and is answered when allowed,
 * so an honest peer's last question is always answered.
 */
export class Step1Pacer {
	#latest: Uint8Array | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;

	constructor(
		private readonly gate: UpdateGate,
		private readonly peer: string,
		private readonly answer: (message: Uint8Array) => void,
		private readonly kind: 'step1' | 'request' = 'step1',
	) {}

	offer(message: Uint8Array): void {
		const wait = this.gate.answerDelay(this.peer, this.kind);
		if (wait === 0) {
			this.answer(message);
			return;
		}
		// A waiting pull (an empty state vector: everything) is not replaced by a narrower step 1.
		if (this.#latest === null || !sameBytes(this.#latest, PULL_ALL_MESSAGE)) this.#latest = message;
		this.#timer ??= setTimeout(() => {
			this.#timer = null;
			const latest = this.#latest;
			this.#latest = null;
			if (latest !== null) this.offer(latest);
		}, wait);
	}

	stop(): void {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
		this.#latest = null;
	}
}

/** A sync step 1 with an empty state vector (no clients: one varuint 0): the answer is everything
 * the peer holds (a pull, UpdateGate.pullAll). Written by hand: a Y.Doc made at module load would
 * draw random bytes (its client id) on every page, before anything else. */
export const PULL_ALL_MESSAGE = (() => {
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, MESSAGE_SYNC);
	encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep1);
	encoding.writeVarUint8Array(encoder, Uint8Array.of(0));
	return encoding.toUint8Array(encoder);
})();

/** A step 2 that brings nothing: what y-webrtc reads instead of a dropped step 2 (it still marks the link synced). */
const EMPTY_STEP2 = (() => {
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, MESSAGE_SYNC);
	encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
	encoding.writeVarUint8Array(encoder, Y.encodeStateAsUpdate(new Y.Doc()));
	return encoding.toUint8Array(encoder);
})();

const gated = new WeakSet<object>();

/**
 * Patches one y-webrtc link's simple-peer instance (`peerId`: y-webrtc's id of the remote peer)
 * so every sync update it receives passes `gate` first. Apply it before `chunkPeer`, so it sees
 * whole messages. Its first step 1 (y-webrtc sends it when the link opens) makes the answering
 * step 2 exempt from the rates; the gate can ask it to sync again. Returns false if already patched.
 */
export function gatePeer(peer: PeerLike, gate: UpdateGate, peerId: string, doc: Y.Doc, ownAwareness: (() => number | null) | null = null): boolean {
	if (gated.has(peer)) return false;
	gated.add(peer);
	const send = peer.send.bind(peer);
	const emit = peer.emit.bind(peer);
	let opened = false;
	peer.send = (data: Uint8Array) => {
		if (!opened && data[0] === MESSAGE_SYNC && data[1] === syncProtocol.messageYjsSyncStep1) {
			opened = true;
			gate.expectSync(peerId);
		}
		send(data);
	};
	const sendSafely = (message: () => Uint8Array) => () => {
		try {
			peer.send(message());
		} catch (_error) {
			// the link is closing
		}
	};
	const detach = gate.attach(
		peerId,
		sendSafely(() => syncStep1Message(doc)),
		sendSafely(() => PULL_ALL_MESSAGE),
	);
	const pacer = new Step1Pacer(gate, peerId, (message) => emit('data', message));
	peer.emit = (event: string | symbol, ...args: unknown[]) => {
		if (event === 'close') {
			detach();
			pacer.stop();
		}
		const data = args[0];
		if (event !== 'data' || !(data instanceof Uint8Array)) return emit(event, ...args);
		if (paddedHeader(data)) {
			gate.malformed(peerId, data.byteLength);
			return true;
		}
		// Presence: states it must not apply left out (awareness-filter.ts).
		if (data[0] === MESSAGE_AWARENESS) {
			const kept = filterAwarenessMessage(data, ownAwareness?.() ?? null);
			return kept === null ? true : emit('data', kept);
		}
		const verdict = admitMessage(data, gate, peerId);
		if (verdict === 'drop') return true;
		if (verdict === 'step1') {
			pacer.offer(data);
			return true;
		}
		const result = emit('data', verdict === 'empty-step2' ? EMPTY_STEP2 : data);
		if (verdict === 'admitted') gate.settle(peerId);
		return result;
	};
	return true;
}

/** An awareness message with its update filtered (filterAwarenessUpdate), or null to drop it. */
function filterAwarenessMessage(message: Uint8Array, own: number | null): Uint8Array | null {
	let update: Uint8Array;
	try {
		const decoder = decoding.createDecoder(message);
		decoding.readVarUint(decoder);
		update = decoding.readVarUint8Array(decoder);
	} catch {
		return null;
	}
	const kept = filterAwarenessUpdate(update, own);
	if (kept === null) return null;
	if (kept === update) return message;
	const encoder = encoding.createEncoder();
	encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
	encoding.writeVarUint8Array(encoder, kept);
	return encoding.toUint8Array(encoder);
}

type Verdict = 'pass' | 'step1' | 'admitted' | 'drop' | 'empty-step2';

/** Looks into a y-webrtc message: sync updates go through the gate, anything else passes. */
function admitMessage(message: Uint8Array, gate: UpdateGate, peer: string): Verdict {
	let type: number;
	let update: Uint8Array;
	try {
		const decoder = decoding.createDecoder(message);
		if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return 'pass';
		type = decoding.readVarUint(decoder);
		if (type === syncProtocol.messageYjsSyncStep1) return 'step1';
		if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate) throw new Error('unknown sync message');
		update = decoding.readVarUint8Array(decoder);
	} catch (_error) {
		gate.malformed(peer, message.byteLength);
		return 'drop';
	}
	const step2 = type === syncProtocol.messageYjsSyncStep2;
	if (gate.admit(peer, update, { step2 }) === 'apply') return 'admitted';
	return step2 ? 'empty-step2' : 'drop'; // dropped, or nothing new in it
}
