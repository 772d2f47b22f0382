/**
 * Mesh control messages: JSON text on a link's control channel. Every received message is
 * checked against this schema before anything acts on it; a message that fails is dropped and
 * reported (never thrown).
 *
 * - hello: sent once when a link opens: who I am, which game, whom I am linked to.
 * - peers: my direct links changed.
 * - signal: WebRTC signaling for two devices not yet linked, relayed by one linked to both.
 *   `hop` is 0 when sent, 1 once relayed: a relay forwards only hop-0 messages whose `from` is
 *   the device at its end of the link, so signals travel at most one relay (no loops), and
 *   a relay cannot be made to speak for someone else.
 * - bye: I am leaving (the others report it at once instead of waiting for the channel to die).
 */

export const MESH_PROTOCOL_VERSION = 1;
/** Largest control message accepted (characters). */
export const MAX_CONTROL_MESSAGE = 16 * 1024;
/** Largest relayed session description (a complete one is ~0.6 to 1.5 KB). */
export const MAX_RELAYED_SDP = 8 * 1024;
/** Most peers listed in one message. */
export const MAX_LISTED_PEERS = 64;

const ID = /^[A-Za-z0-9_-]{6,32}$/;

export type SignalKind = 'offer' | 'answer' | 'reject';
/** Why a relayed offer was refused. */
export type RejectReason = 'no-route' | 'already-linked' | 'wrong-initiator' | 'bad-sdp';
const REJECT_REASONS: readonly RejectReason[] = ['no-route', 'already-linked', 'wrong-initiator', 'bad-sdp'];

export interface HelloMessage {
	t: 'hello';
	v: number;
	id: string;
	room: string;
	peers: string[];
}

export interface PeersMessage {
	t: 'peers';
	peers: string[];
}

export interface SignalMessage {
	t: 'signal';
	/** One relayed connection attempt. */
	sid: string;
	from: string;
	to: string;
	hop: 0 | 1;
	kind: SignalKind;
	/** A complete session description (offer or answer). */
	sdp?: string;
	reason?: RejectReason;
}

export interface ByeMessage {
	t: 'bye';
}

export type ControlMessage = HelloMessage | PeersMessage | SignalMessage | ByeMessage;

export function isPeerId(value: unknown): value is string {
	return typeof value === 'string' && ID.test(value);
}

/** The message, or why it is refused. */
export function parseControlMessage(data: unknown): ControlMessage | { error: 'malformed' | 'oversized'; detail: string } {
	if (typeof data !== 'string') return { error: 'malformed', detail: 'not text' };
	if (data.length > MAX_CONTROL_MESSAGE) return { error: 'oversized', detail: `${data.length} characters` };
	let raw: unknown;
	try {
		raw = JSON.parse(data);
	} catch (_error) {
		return { error: 'malformed', detail: 'not JSON' };
	}
	if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'malformed', detail: 'not an object' };
	const m = raw as Record<string, unknown>;
	const bad = (detail: string) => ({ error: 'malformed' as const, detail: `${String(m.t)}: ${detail}` });
	switch (m.t) {
		case 'hello':
			if (typeof m.v !== 'number' || !Number.isInteger(m.v)) return bad('version');
			if (!isPeerId(m.id)) return bad('id');
			if (typeof m.room !== 'string' || m.room.length > 64) return bad('room');
			if (!isPeerList(m.peers)) return bad('peers');
			return { t: 'hello', v: m.v, id: m.id, room: m.room, peers: [...m.peers] };
		case 'peers':
			if (!isPeerList(m.peers)) return bad('peers');
			return { t: 'peers', peers: [...m.peers] };
		case 'signal': {
			if (!isPeerId(m.sid) || !isPeerId(m.from) || !isPeerId(m.to)) return bad('ids');
			if (m.hop !== 0 && m.hop !== 1) return bad('hop');
			if (m.kind === 'offer' || m.kind === 'answer') {
				if (typeof m.sdp !== 'string' || m.sdp.length > MAX_RELAYED_SDP || !m.sdp.startsWith('v=0')) {
					return bad('sdp');
				}
				return { t: 'signal', sid: m.sid, from: m.from, to: m.to, hop: m.hop, kind: m.kind, sdp: m.sdp };
			}
			if (m.kind === 'reject') {
				if (!REJECT_REASONS.includes(m.reason as RejectReason)) return bad('reason');
				const reason = m.reason as RejectReason;
				return { t: 'signal', sid: m.sid, from: m.from, to: m.to, hop: m.hop, kind: 'reject', reason };
			}
			return bad('kind');
		}
		case 'bye':
			return { t: 'bye' };
		default:
			return { error: 'malformed', detail: `type ${String(m.t).slice(0, 20)}` };
	}
}

function isPeerList(value: unknown): value is string[] {
	return Array.isArray(value) && value.length <= MAX_LISTED_PEERS && value.every(isPeerId);
}
