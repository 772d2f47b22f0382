/**
 * One relayed connection attempt between two devices that are not linked yet: the offering
 * side (the lower peer id) and the answering side. Descriptions are complete (ICE gathering
 * finished), so one offer and one answer suffice: no candidate trickling through the relay.
 */
import { HandshakeError } from '../handshake/errors.js';
import {
	completeLocalDescription,
	createLink,
	linkOpen,
	type PeerConnectionFactory,
	type RtcLink
} from '../handshake/rtc.js';

export interface AttemptOptions {
	RTCPeerConnection: PeerConnectionFactory;
	iceServers: RTCIceServer[];
	gatherTimeoutMs: number;
	/** From the offer made to an open link. */
	linkTimeoutMs: number;
}

export interface Attempt {
	readonly link: RtcLink;
	/** Resolves when both channels are open; rejects with a HandshakeError. */
	readonly opened: Promise<RtcLink>;
	/** Gives up (opened rejects with 'closed'); closes the connection unless it opened. */
	close(): void;
}

export interface OutgoingAttempt extends Attempt {
	readonly offerSdp: string;
	/** Applies the answer; throws a HandshakeError('malformed') if WebRTC refuses it. */
	accept(answerSdp: string): Promise<void>;
}

export interface IncomingAttempt extends Attempt {
	readonly answerSdp: string;
}

function track(link: RtcLink, options: AttemptOptions): Attempt {
	const cancel = new AbortController();
	let open = false;
	const opened = linkOpen(link, options.linkTimeoutMs, cancel.signal).then(
		() => {
			open = true;
			return link;
		},
		(error: unknown) => {
			link.pc.close();
			throw error;
		}
	);
	opened.catch(() => {}); // the owner may stop waiting
	return {
		link,
		opened,
		close: () => {
			cancel.abort();
			if (!open) link.pc.close();
		}
	};
}

export async function offer(options: AttemptOptions): Promise<OutgoingAttempt> {
	const link = createLink(options.RTCPeerConnection, options.iceServers);
	try {
		const offerSdp = await completeLocalDescription(link.pc, await link.pc.createOffer(), options.gatherTimeoutMs);
		return {
			...track(link, options),
			offerSdp,
			accept: async (answerSdp) => {
				try {
					await link.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
				} catch (error) {
					throw new HandshakeError('malformed', `answer refused by WebRTC: ${String(error)}`);
				}
			}
		};
	} catch (error) {
		link.pc.close();
		throw error;
	}
}

export async function answer(options: AttemptOptions, offerSdp: string): Promise<IncomingAttempt> {
	const link = createLink(options.RTCPeerConnection, options.iceServers);
	try {
		try {
			await link.pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
		} catch (error) {
			throw new HandshakeError('malformed', `offer refused by WebRTC: ${String(error)}`);
		}
		const answerSdp = await completeLocalDescription(link.pc, await link.pc.createAnswer(), options.gatherTimeoutMs);
		return { ...track(link, options), answerSdp };
	} catch (error) {
		link.pc.close();
		throw error;
	}
}
