/**
 * Lets devices linked by y-webrtc (through a signaling server) relay for devices that only have
 * manual links. On each open y-webrtc connection the mesh adds one pre-negotiated data channel
 * (id 1000: y-webrtc's own channel is 0 or 1) for its control messages; y-webrtc keeps syncing
 * the document on its own channel. Both ends must run this; a device that does not simply never
 * says hello, and the channel is closed after the hello timeout.
 *
 * y-webrtc does not tell when a connection opens, so connections are also looked for every
 * `pollMs`.
 */
import { holdMessages } from '../handshake/rtc.js';
import type { TransportEvents } from '../transport.js';
import type { Mesh } from './mesh.js';

export const COMPANION_CHANNEL = { label: 'fnord-mesh', id: 1000 } as const;

/** What this needs of a WebrtcTransport. */
export interface RtcConnectionSource {
	rtcConnections(): Array<{ id: string; pc: RTCPeerConnection }>;
	on(event: 'peers', listener: (value: TransportEvents['peers']) => void): () => void;
}

/** Starts adding y-webrtc connections to the mesh. Returns the stop function. */
export function relayThroughWebrtc(mesh: Mesh, source: RtcConnectionSource, pollMs = 500): () => void {
	const attached = new WeakSet<RTCPeerConnection>();
	const scan = () => {
		if (mesh.status === 'destroyed') return;
		for (const { id, pc } of source.rtcConnections()) {
			if (attached.has(pc) || pc.connectionState === 'closed') continue;
			attached.add(pc);
			let control: RTCDataChannel;
			try {
				control = pc.createDataChannel(COMPANION_CHANNEL.label, {
					negotiated: true,
					id: COMPANION_CHANNEL.id,
					ordered: true
				});
			} catch (_error) {
				continue; // closing meanwhile
			}
			holdMessages(control);
			mesh.addControlChannel(control, `webrtc-${id}`, pc);
		}
	};
	const off = source.on('peers', scan);
	const timer = setInterval(scan, pollMs);
	scan();
	return () => {
		off();
		clearInterval(timer);
	};
}
