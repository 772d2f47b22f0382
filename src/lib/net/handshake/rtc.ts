/**
 * RTCPeerConnection plumbing shared by the manual handshake and the relay mesh: the two data
 * channels of a link, waiting for ICE gathering, and waiting for the link to open with a typed
 * failure. The RTCPeerConnection constructor is injected (the browser's, or @roamhq/wrtc's in
 * Node). Only `addEventListener` without options is used (@roamhq/wrtc supports no more).
 */
import { HandshakeError } from './errors.js';

export type PeerConnectionFactory = new (configuration?: RTCConfiguration) => RTCPeerConnection;

/**
 * Both channels are pre-negotiated (fixed ids, no in-band open message), so both sides create
 * them before the offer and they open with the association. Ids 0 and 1 are ours alone: these
 * connections carry nothing else.
 */
export const SYNC_CHANNEL = { label: 'fnord-sync', id: 0 } as const;
export const CONTROL_CHANNEL = { label: 'fnord-control', id: 1 } as const;

/** One WebRTC connection to one other device, with its two channels. */
export interface RtcLink {
	readonly pc: RTCPeerConnection;
	/** Yjs sync (wrap with dataChannelBytes + ChannelTransport). */
	readonly sync: RTCDataChannel;
	/** Mesh control messages (JSON text). */
	readonly control: RTCDataChannel;
}

export function createLink(Pc: PeerConnectionFactory, iceServers: RTCIceServer[]): RtcLink {
	const pc = new Pc({ iceServers });
	const sync = pc.createDataChannel(SYNC_CHANNEL.label, { negotiated: true, id: SYNC_CHANNEL.id, ordered: true });
	const control = pc.createDataChannel(CONTROL_CHANNEL.label, {
		negotiated: true,
		id: CONTROL_CHANNEL.id,
		ordered: true
	});
	sync.binaryType = 'arraybuffer';
	holdMessages(control);
	return { pc, sync, control };
}

/** Most messages held for a channel nobody listens to yet. */
const HELD_LIMIT = 256;
const held = new WeakMap<RTCDataChannel, { queue: unknown[]; listener: (event: Event) => void }>();

/**
 * Keeps a channel's messages until `releaseMessages`: a link may open, and its other end speak,
 * before the code that will read it (the mesh) is attached.
 */
export function holdMessages(channel: RTCDataChannel): void {
	if (held.has(channel)) return;
	const queue: unknown[] = [];
	const listener = (event: Event) => {
		if (queue.length < HELD_LIMIT) queue.push((event as MessageEvent).data);
	};
	channel.addEventListener('message', listener);
	held.set(channel, { queue, listener });
}

/** Attaches `handler` for every later message and hands it the held ones first, in order. */
export function releaseMessages(channel: RTCDataChannel, handler: (data: unknown) => void): () => void {
	const listener = (event: Event) => handler((event as MessageEvent).data);
	channel.addEventListener('message', listener);
	const hold = held.get(channel);
	if (hold) {
		channel.removeEventListener('message', hold.listener);
		held.delete(channel);
		for (const data of hold.queue) handler(data);
	}
	return () => channel.removeEventListener('message', listener);
}

/** Resolves when ICE gathering is complete, or after `timeoutMs` with what was gathered. */
export function gatheringComplete(pc: RTCPeerConnection, timeoutMs: number): Promise<void> {
	return new Promise((resolve) => {
		if (pc.iceGatheringState === 'complete') return resolve();
		const done = () => {
			clearTimeout(timer);
			pc.removeEventListener('icegatheringstatechange', check);
			resolve();
		};
		const check = () => {
			if (pc.iceGatheringState === 'complete') done();
		};
		const timer = setTimeout(done, timeoutMs);
		pc.addEventListener('icegatheringstatechange', check);
	});
}

/** The local description once gathering is complete (its candidates included). */
export async function completeLocalDescription(
	pc: RTCPeerConnection,
	description: RTCSessionDescriptionInit,
	gatherTimeoutMs: number
): Promise<string> {
	await pc.setLocalDescription(description);
	await gatheringComplete(pc, gatherTimeoutMs);
	const sdp = pc.localDescription?.sdp;
	if (!sdp) throw new HandshakeError('unsupported-sdp', 'no local description');
	return sdp;
}

/**
 * Resolves when both channels are open; rejects with 'ice-failed' (the devices cannot reach each
 * other), 'dtls-failed' (they can, but the secure channel failed), 'timeout' or 'closed'.
 * `cancel` (optional) rejects it with 'closed'.
 */
export function linkOpen(link: RtcLink, timeoutMs: number, cancel?: AbortSignal): Promise<void> {
	const { pc, sync, control } = link;
	return new Promise((resolve, reject) => {
		const listeners: Array<[EventTarget, string, () => void]> = [];
		const on = (target: EventTarget, type: string, f: () => void) => {
			target.addEventListener(type, f);
			listeners.push([target, type, f]);
		};
		const finish = (error?: HandshakeError) => {
			clearTimeout(timer);
			for (const [target, type, f] of listeners) target.removeEventListener(type, f);
			cancel?.removeEventListener('abort', aborted);
			if (error) reject(error);
			else resolve();
		};
		const check = () => {
			if (sync.readyState === 'open' && control.readyState === 'open') return finish();
			if (pc.iceConnectionState === 'failed') return finish(new HandshakeError('ice-failed'));
			if (pc.connectionState === 'failed') return finish(new HandshakeError('dtls-failed'));
			if (pc.connectionState === 'closed' || sync.readyState === 'closed' || control.readyState === 'closed') {
				return finish(new HandshakeError('closed'));
			}
		};
		const aborted = () => finish(new HandshakeError('closed', 'cancelled'));
		const timer = setTimeout(
			() => finish(new HandshakeError('timeout', `ICE ${pc.iceConnectionState}, connection ${pc.connectionState}`)),
			timeoutMs
		);
		if (cancel?.aborted) return aborted();
		cancel?.addEventListener('abort', aborted);
		on(pc, 'iceconnectionstatechange', check);
		on(pc, 'connectionstatechange', check);
		for (const channel of [sync, control]) {
			on(channel, 'open', check);
			on(channel, 'close', check);
		}
		check();
	});
}

/** Cryptographic random bytes (Web Crypto, in browsers and Node 20). */
export function randomBytes(n: number): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(n));
}
