/**
 * Frames y-webrtc messages (framing.ts). y-webrtc sends a first sync (sync step 2) as one data
 * channel message, and browsers refuse messages above 256 KiB (above ~16 KiB is already unsafe
 * across browsers): a log of ~2,000 entries would never reach a newcomer. `chunkPeer` patches one
 * simple-peer instance (a y-webrtc link) so that large messages travel deflated, in pieces.
 *
 * Wire format: a message of at most `maxChunk` bytes that is not deflated goes unchanged
 * (y-webrtc messages start with a message kind 0..4); any other becomes pieces that start with
 * PIECE_MORE, the last with PIECE_LAST (or PIECE_LAST_DEFLATED). Both sides must run this for
 * large messages; small ones stay compatible.
 */
import { frameReceiver, frameSender, MAX_CHUNK, splitFrames, type DropReason, type FrameTags } from './framing.js';

export const PIECE_MORE = 0xf1;
export const PIECE_LAST = 0xf2;
export const PIECE_LAST_DEFLATED = 0xf3;

const TAGS: FrameTags = { whole: null, more: PIECE_MORE, last: PIECE_LAST, lastDeflated: PIECE_LAST_DEFLATED };

/** The part of a simple-peer instance used here. */
export interface PeerLike {
	send(data: Uint8Array): void;
	emit(event: string | symbol, ...args: unknown[]): boolean;
}

const patched = new WeakSet<object>();

/** Splits one outgoing message into pieces, not deflated (or returns it alone if small enough). */
export function splitMessage(data: Uint8Array, maxChunk = MAX_CHUNK): Uint8Array[] {
	return splitFrames(data, TAGS, maxChunk);
}

/**
 * Patches a simple-peer instance once; returns false if it was already patched. `onDrop` hears
 * of every message from the peer that was dropped, and why.
 */
export function chunkPeer(peer: PeerLike, maxChunk = MAX_CHUNK, onDrop?: (reason: DropReason) => void): boolean {
	if (patched.has(peer)) return false;
	patched.add(peer);
	const send = peer.send.bind(peer);
	const emit = peer.emit.bind(peer);
	const receive = frameReceiver((whole) => emit('data', whole), TAGS, onDrop);
	peer.send = frameSender(send, TAGS, maxChunk);
	peer.emit = (event: string | symbol, ...args: unknown[]) => {
		if (event !== 'data' || !(args[0] instanceof Uint8Array)) return emit(event, ...args);
		receive(args[0]);
		return true;
	};
	return true;
}
