/**
 * One link of the mesh as the mesh sees it: its control channel (JSON messages), its WebRTC
 * connection if the mesh owns one, who is at the other end once their hello arrived, and
 * whom they are linked to. It notices the link dying: a channel closing, the connection
 * failing, or ICE staying disconnected for `dropAfterMs`.
 */
import type { ChannelTransport } from '../channel-transport.js';
import { releaseMessages, type RtcLink } from '../handshake/rtc.js';
import type { ControlMessage } from './messages.js';

/** manual: made by a handshake · relay: made through the mesh · webrtc: y-webrtc's (control only). */
export type LinkOrigin = 'manual' | 'relay' | 'webrtc';

export interface MeshLinkOptions {
	key: string;
	origin: LinkOrigin;
	/** The whole connection (manual, relay); null when only a control channel is ours (webrtc). */
	rtc: RtcLink | null;
	control: RTCDataChannel;
	/** The connection of a control-only link (y-webrtc's), for its DTLS fingerprints. */
	pc?: RTCPeerConnection;
	/** For relayed links: the peer id the other end must announce. */
	expectId?: string;
	dropAfterMs: number;
	onOpen(link: MeshLink): void;
	onMessage(link: MeshLink, data: unknown): void;
	onClose(link: MeshLink, reason: string): void;
}

/** Relayed signals accepted from one link per window (a burst cap, not a quota). */
const RELAY_BURST = 30;
const RELAY_WINDOW_MS = 10_000;

export class MeshLink {
	readonly key: string;
	readonly origin: LinkOrigin;
	readonly rtc: RtcLink | null;
	readonly control: RTCDataChannel;
	/** The WebRTC connection under this link, if known. */
	readonly pc: RTCPeerConnection | null;
	readonly expectId: string | undefined;
	/** Set by the other end's hello. */
	peerId: string | null = null;
	/** Whom the other end is linked to (its latest hello or peers message). */
	peersOfPeer = new Set<string>();
	transport: ChannelTransport | null = null;
	/** Replaced by a duplicate link, or closed by this device: its end is not a drop. */
	quiet = false;
	closed = false;
	readonly #options: MeshLinkOptions;
	readonly #cleanup: Array<() => void> = [];
	#relayTimes: number[] = [];
	#disconnectedTimer: ReturnType<typeof setTimeout> | null = null;

	constructor(options: MeshLinkOptions) {
		this.#options = options;
		this.key = options.key;
		this.origin = options.origin;
		this.rtc = options.rtc;
		this.control = options.control;
		this.pc = options.rtc?.pc ?? options.pc ?? null;
		this.expectId = options.expectId;
	}

	/** Starts listening: says hello if the channel is open, then reads what arrived so far. */
	start(): void {
		this.#listen(this.control, 'open', () => this.#options.onOpen(this));
		this.#listen(this.control, 'close', () => this.#end('control channel closed'));
		const rtc = this.rtc;
		if (rtc) {
			this.#listen(rtc.sync, 'close', () => this.#end('sync channel closed'));
			this.#listen(rtc.pc, 'connectionstatechange', () => {
				if (rtc.pc.connectionState === 'failed' || rtc.pc.connectionState === 'closed') {
					this.#end(`connection ${rtc.pc.connectionState}`);
				}
			});
			this.#listen(rtc.pc, 'iceconnectionstatechange', () => this.#iceChanged(rtc.pc));
		}
		if (this.control.readyState === 'open') this.#options.onOpen(this);
		this.#cleanup.push(releaseMessages(this.control, (data) => this.#options.onMessage(this, data)));
		if (rtc && (rtc.pc.connectionState === 'closed' || this.control.readyState === 'closed')) this.#end('closed before use');
	}

	get open(): boolean {
		return !this.closed && this.control.readyState === 'open';
	}

	/** Sends a control message if the channel is open; returns whether it was sent. */
	send(message: ControlMessage): boolean {
		if (!this.open) return false;
		try {
			this.control.send(JSON.stringify(message));
			return true;
		} catch (_error) {
			return false;
		}
	}

	/** Whether one more relayed signal from this link is within the burst cap. */
	allowRelay(now: number): boolean {
		this.#relayTimes = this.#relayTimes.filter((t) => now - t < RELAY_WINDOW_MS);
		if (this.#relayTimes.length >= RELAY_BURST) return false;
		this.#relayTimes.push(now);
		return true;
	}

	/** Closes the link (the whole connection if the mesh owns it, else its control channel). */
	close(reason = 'closed here'): void {
		if (this.closed) return;
		this.quiet = true;
		if (this.rtc) this.rtc.pc.close();
		else this.control.close();
		this.#end(reason);
	}

	#iceChanged(pc: RTCPeerConnection): void {
		if (pc.iceConnectionState === 'failed') return this.#end('ICE failed');
		if (pc.iceConnectionState === 'disconnected') {
			this.#disconnectedTimer ??= setTimeout(() => this.#end('ICE disconnected'), this.#options.dropAfterMs);
		} else if (this.#disconnectedTimer !== null) {
			clearTimeout(this.#disconnectedTimer);
			this.#disconnectedTimer = null;
		}
	}

	#end(reason: string): void {
		if (this.closed) return;
		this.closed = true;
		if (this.#disconnectedTimer !== null) clearTimeout(this.#disconnectedTimer);
		for (const off of this.#cleanup) off();
		this.transport?.destroy();
		if (this.rtc && this.rtc.pc.connectionState !== 'closed') this.rtc.pc.close();
		this.#options.onClose(this, reason);
	}

	#listen(target: EventTarget, type: string, listener: (event: Event) => void): void {
		target.addEventListener(type, listener);
		this.#cleanup.push(() => target.removeEventListener(type, listener));
	}
}
