/**
 * Splits large y-webrtc messages. y-webrtc sends a first sync (sync step 2) as one data channel
 * message, and browsers refuse messages above 256 KiB (above ~16 KiB is already unsafe across
 * browsers): a log of ~2,000 entries never reaches a newcomer. `chunkPeer` patches one
 * simple-peer instance (a y-webrtc link) so that messages above `maxChunk` travel as pieces.
 *
 * Wire format: a message of at most `maxChunk` bytes goes unchanged (y-webrtc messages start with
 * a message kind 0..4); a larger one becomes pieces that start with PIECE_MORE, the last with
 * PIECE_LAST. Both sides must run this for large messages; small ones stay compatible.
 */
import { MAX_CHUNK } from './channel-transport.js';

export const PIECE_MORE = 0xf1;
export const PIECE_LAST = 0xf2;

/** The part of a simple-peer instance used here. */
export interface PeerLike {
	send(data: Uint8Array): void;
	emit(event: string | symbol, ...args: unknown[]): boolean;
}

const patched = new WeakSet<object>();

/** Splits one outgoing message into pieces (or returns it alone if small enough). */
export function splitMessage(data: Uint8Array, maxChunk = MAX_CHUNK): Uint8Array[] {
	if (data.length <= maxChunk) return [data];
	const body = maxChunk - 1;
	const pieces: Uint8Array[] = [];
	for (let at = 0; at < data.length; at += body) {
		const end = Math.min(data.length, at + body);
		const piece = new Uint8Array(end - at + 1);
		piece[0] = end === data.length ? PIECE_LAST : PIECE_MORE;
		piece.set(data.subarray(at, end), 1);
		pieces.push(piece);
	}
	return pieces;
}

/** Reassembles pieces; returns whole messages as they complete. */
export function joiner(): (piece: Uint8Array) => Uint8Array | null {
	let parts: Uint8Array[] = [];
	return (piece) => {
		const kind = piece[0];
		if (kind !== PIECE_MORE && kind !== PIECE_LAST) return piece;
		parts.push(piece.subarray(1));
		if (kind === PIECE_MORE) return null;
		const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
		let at = 0;
		for (const p of parts) {
			whole.set(p, at);
			at += p.length;
		}
		parts = [];
		return whole;
	};
}

/** Patches a simple-peer instance once; returns false if it was already patched. */
export function chunkPeer(peer: PeerLike, maxChunk = MAX_CHUNK): boolean {
	if (patched.has(peer)) return false;
	patched.add(peer);
	const send = peer.send.bind(peer);
	const emit = peer.emit.bind(peer);
	const join = joiner();
	peer.send = (data: Uint8Array) => {
		for (const piece of splitMessage(data, maxChunk)) send(piece);
	};
	peer.emit = (event: string | symbol, ...args: unknown[]) => {
		if (event !== 'data' || !(args[0] instanceof Uint8Array)) return emit(event, ...args);
		const whole = join(args[0]);
		return whole === null ? true : emit('data', whole);
	};
	return true;
}
