/**
 * The manual handshake: two devices with no server link by exchanging two short codes (QR code
 * or text). The host makes an invitation, the guest accepts it and shows an answer, the host
 * completes the invitation with that answer, and both get an open link (two data channels).
 *
 * Framework-free; the RTCPeerConnection constructor is injected. No signaling server, and no
 * ICE server unless given (default `[]`: only the devices' own addresses are offered).
 * Bad input throws a HandshakeError and changes nothing: an invitation survives a wrong answer.
 */
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { ChannelTransport, dataChannelBytes } from '../channel-transport.js';
import { parseRoomCode } from '../room.js';
import { bytesToHex } from './address.js';
import { decodeCode, encodeCode, NONCE_BYTES, type InvitationContent } from './codec.js';
import { HandshakeError } from './errors.js';
import {
	completeLocalDescription,
	createLink,
	linkOpen,
	randomBytes as cryptoRandomBytes,
	type PeerConnectionFactory,
	type RtcLink
} from './rtc.js';
import { buildSdp, parseSdp, type SdpCandidate } from './sdp.js';

export interface HandshakeOptions {
	RTCPeerConnection: PeerConnectionFactory;
	/** The game's room code. Required to invite; when set, invitations to other rooms are refused. */
	room?: string;
	/** Default []: no STUN or TURN server is contacted. */
	iceServers?: RTCIceServer[];
	/** Longest wait for ICE gathering; what was gathered by then is used. Default 4 s. */
	gatherTimeoutMs?: number;
	/** Host: from the answer applied to an open link. Default 30 s. */
	linkTimeoutMs?: number;
	/**
	 * Guest: from the answer made to an open link, the host's copying or scanning included.
	 * Default 10 min. (Chromium backs off its checks meanwhile: an answer pasted 10-40 s late
	 * links up to ~11 s after it is pasted; see docs/connectivity.md.)
	 */
	answerWaitMs?: number;
	/** How long the host accepts an answer to an invitation. Default 10 min. */
	invitationTtlMs?: number;
	/** Older invitations are refused by the guest (its clock may differ). Default TTL + 20 min. */
	invitationMaxAgeMs?: number;
	now?: () => number;
	randomBytes?: (n: number) => Uint8Array;
}

/** An open link made by hand. */
export interface ManualLink extends RtcLink {
	readonly role: 'host' | 'guest';
	readonly room: string;
	/** Same on both sides (the invitation's nonce): tells duplicate links apart. */
	readonly key: string;
}

export interface Invitation {
	/** Show as QR code and as text. */
	readonly text: string;
	readonly room: string;
	/** The nonce in hex; the link will carry the same key. */
	readonly key: string;
	readonly expiresAt: number;
	/** Addresses left out so the code fits one QR code. */
	readonly dropped: readonly SdpCandidate[];
	/** Resolves with the open link; rejects with a HandshakeError ('expired', 'ice-failed', ...). */
	readonly whenLinked: Promise<ManualLink>;
	cancel(): void;
}

export interface Acceptance {
	/** Show as QR code and as text, for the host to paste. */
	readonly answerText: string;
	/** The game the invitation is for. */
	readonly room: string;
	readonly whenLinked: Promise<ManualLink>;
	cancel(): void;
}

interface Pending {
	invitation: Invitation;
	link: RtcLink;
	expiresAt: number;
	answered: boolean;
	answer: (sdp: string) => Promise<void>;
	fail: (error: HandshakeError) => void;
}

const MINUTE = 60_000;

/** What an invitation says, without accepting it (e.g. to open its game first). */
export function readInvitation(text: string): { room: string; createdMinute: number } {
	const content = decodeCode(text, 'invitation') as InvitationContent;
	return { room: content.room, createdMinute: content.createdMinute };
}

export class Handshake {
	readonly #options: HandshakeOptions;
	readonly #room: string | null;
	readonly #pending = new Map<string, Pending>();
	/** Nonces no longer pending, and why, for specific errors. */
	readonly #finished = new Map<string, 'already-used' | 'expired'>();

	constructor(options: HandshakeOptions) {
		this.#options = options;
		const room = options.room === undefined ? null : parseRoomCode(options.room);
		if (options.room !== undefined && room === null) throw new TypeError(`not a room code: ${options.room}`);
		this.#room = room;
	}

	get #now(): number {
		return (this.#options.now ?? Date.now)();
	}

	get #gatherTimeout(): number {
		return this.#options.gatherTimeoutMs ?? 4000;
	}

	get #linkTimeout(): number {
		return this.#options.linkTimeoutMs ?? 30_000;
	}

	get #ttl(): number {
		return this.#options.invitationTtlMs ?? 10 * MINUTE;
	}

	/** Invitations waiting for an answer. */
	get pending(): number {
		return [...this.#pending.values()].filter((p) => !p.answered).length;
	}

	async createInvitation(): Promise<Invitation> {
		const room = this.#room;
		if (room === null) throw new TypeError('createInvitation needs the room option');
		const link = createLink(this.#options.RTCPeerConnection, this.#options.iceServers ?? []);
		try {
			const sdp = await completeLocalDescription(link.pc, await link.pc.createOffer(), this.#gatherTimeout);
			const nonce = (this.#options.randomBytes ?? cryptoRandomBytes)(NONCE_BYTES).slice(0, NONCE_BYTES);
			const now = this.#now;
			const { essentials } = parseSdp(sdp);
			const createdMinute = Math.floor(now / MINUTE) & 0xffff;
			const { text, dropped } = encodeCode({ kind: 'invitation', room, nonce, createdMinute, essentials });
			const key = bytesToHex(nonce);
			const expiresAt = now + this.#ttl;
			const cancel = new AbortController();
			let settle!: { resolve: () => void; reject: (e: HandshakeError) => void };
			const answered = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
			const whenLinked = answered
				.then(() => linkOpen(link, this.#linkTimeout, cancel.signal))
				.then((): ManualLink => {
					this.#pending.delete(key);
					return { ...link, role: 'host', room, key };
				})
				.catch((error: unknown) => {
					link.pc.close();
					this.#pending.delete(key);
					throw error;
				});
			whenLinked.catch(() => {}); // the caller may never wait for it
			const expiry = setTimeout(() => this.#expire(key), this.#ttl);
			const invitation: Invitation = {
				text,
				room,
				key,
				expiresAt,
				dropped,
				whenLinked,
				cancel: () => {
					this.#pending.delete(key);
					pending.fail(new HandshakeError('closed', 'cancelled'));
				}
			};
			const pending: Pending = {
				invitation,
				link,
				expiresAt,
				answered: false,
				answer: async (answerSdp) => {
					await link.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
					pending.answered = true;
					clearTimeout(expiry);
					this.#finished.set(key, 'already-used');
					settle.resolve();
				},
				fail: (error) => {
					clearTimeout(expiry);
					settle.reject(error);
					cancel.abort();
				}
			};
			this.#pending.set(key, pending);
			return invitation;
		} catch (error) {
			link.pc.close();
			throw error;
		}
	}

	#expire(key: string): void {
		const pending = this.#pending.get(key);
		if (!pending || pending.answered) return;
		this.#pending.delete(key);
		this.#finished.set(key, 'expired');
		pending.fail(new HandshakeError('expired'));
	}

	/**
	 * Applies the guest's answer to the invitation it answers, and returns that invitation (its
	 * `whenLinked` tells when the link opens). A bad answer throws and leaves every invitation
	 * as it was.
	 */
	async completeInvitation(answerText: string): Promise<Invitation> {
		const answer = decodeCode(answerText, 'answer');
		const key = bytesToHex(answer.nonce);
		const pending = this.#pending.get(key);
		if (!pending) throw new HandshakeError(this.#finished.get(key) ?? 'wrong-offer');
		if (pending.answered) throw new HandshakeError('already-used');
		if (this.#now > pending.expiresAt) {
			this.#expire(key);
			throw new HandshakeError('expired');
		}
		try {
			await pending.answer(buildSdp(answer.essentials, sessionId(answer.nonce)));
		} catch (error) {
			if (error instanceof HandshakeError) throw error;
			throw new HandshakeError('malformed', `refused by WebRTC: ${String(error)}`);
		}
		return pending.invitation;
	}

	/** Accepts an invitation: returns the answer to show the host. */
	async acceptInvitation(text: string): Promise<Acceptance> {
		const offer = decodeCode(text, 'invitation') as InvitationContent;
		if (this.#room !== null && offer.room !== this.#room) {
			throw new HandshakeError('wrong-room', `invitation to ${offer.room}, this game is ${this.#room}`);
		}
		const age = (((Math.floor(this.#now / MINUTE) - offer.createdMinute) % 0x10000) + 0x10000) % 0x10000;
		const maxAge = (this.#options.invitationMaxAgeMs ?? this.#ttl + 20 * MINUTE) / MINUTE;
		// An age above half the range is a creation time ahead of this clock: accepted.
		if (age > maxAge && age < 0x8000) throw new HandshakeError('expired', `${age} minutes old`);
		const link = createLink(this.#options.RTCPeerConnection, this.#options.iceServers ?? []);
		try {
			const offerSdp = buildSdp(offer.essentials, sessionId(offer.nonce));
			try {
				await link.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
			} catch (error) {
				throw new HandshakeError('malformed', `refused by WebRTC: ${String(error)}`);
			}
			const sdp = await completeLocalDescription(link.pc, await link.pc.createAnswer(), this.#gatherTimeout);
			const { essentials } = parseSdp(sdp);
			const { text: answerText } = encodeCode({ kind: 'answer', nonce: offer.nonce, essentials });
			const cancel = new AbortController();
			const key = bytesToHex(offer.nonce);
			const wait = this.#options.answerWaitMs ?? 10 * MINUTE;
			const whenLinked = linkOpen(link, wait, cancel.signal).then(
				(): ManualLink => ({ ...link, role: 'guest', room: offer.room, key }),
				(error: unknown) => {
					link.pc.close();
					throw error;
				}
			);
			whenLinked.catch(() => {});
			return { answerText, room: offer.room, whenLinked, cancel: () => cancel.abort() };
		} catch (error) {
			link.pc.close();
			throw error;
		}
	}

	/** Cancels every invitation still waiting for an answer. */
	close(): void {
		for (const [key, pending] of this.#pending) {
			this.#pending.delete(key);
			if (!pending.answered) pending.fail(new HandshakeError('closed', 'handshake closed'));
		}
	}
}

function sessionId(nonce: Uint8Array): string {
	return String(parseInt(bytesToHex(nonce), 16) + 1);
}

export interface LinkTransportOptions {
	doc: Y.Doc;
	awareness: Awareness;
	/** Id of the device at the other end, for peers(). */
	peerId: string;
	kind?: string;
}

/** A Transport syncing `doc` over a link's sync channel (call connect()). */
export function linkTransport(link: RtcLink, options: LinkTransportOptions): ChannelTransport {
	return new ChannelTransport({
		doc: options.doc,
		awareness: options.awareness,
		peerId: options.peerId,
		kind: options.kind ?? 'manual',
		channel: dataChannelBytes(link.sync),
		isDataChannel: true
	});
}
