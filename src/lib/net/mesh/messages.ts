/**
 * Mesh control messages: JSON text on a link's control channel. Every received message is
 * checked against this schema before anything acts on it; a message that fails is dropped and
 * reported (never thrown).
 *
 * - hello: sent once when a link opens: who I am (peer id and key, signed over both ends' DTLS
 *   fingerprints: identity.ts), which game (its public id: never the room's secret), whom I am
 *   linked to.
 * - peers: my direct links changed.
 * - signal: WebRTC signaling for two devices not yet linked, relayed by one linked to both.
 *   `hop` is 0 when sent, 1 once relayed: a relay forwards only hop-0 messages whose `from` is
 *   the device at its end of the link, so signals travel at most one relay (no loops), and
 *   a relay cannot be made to speak for someone else. Each signal is signed by its sender's key
 *   (`key`, `sig`, its time `at`): the receiver refuses unsigned, forged and replayed ones.
 * - bye: I am leaving (the others report it at once instead of waiting for the channel to die).
 */

import { isPublicKey, isSignature } from '../../protocol/index.js';

export const MESH_PROTOCOL_VERSION = 2;
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
	/** The game's public id (room.ts publicRoomId). */
	room: string;
	peers: string[];
	/** The sender's Ed25519 key (its peer id is bound to it) and signature. */
	key: string;
	sig: string;
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
	/** When the sender signed it (its clock, ms since 1970). */
	at?: number;
	/** The sender's key and signature (identity.ts); a receiver refuses a signal without them. */
	key?: string;
	sig?: string;
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
			if (m.v === MESH_PROTOCOL_VERSION && (!isPublicKey(m.key) || !isSignature(m.sig))) return bad('key');
			return { t: 'hello', v: m.v, id: m.id, room: m.room, peers: [...m.peers], key: String(m.key), sig: String(m.sig) };
		case 'peers':
			if (!isPeerList(m.peers)) return bad('peers');
			return { t: 'peers', peers: [...m.peers] };
		case 'signal': {
			if (!isPeerId(m.sid) || !isPeerId(m.from) || !isPeerId(m.to)) return bad('ids');
			if (m.hop !== 0 && m.hop !== 1) return bad('hop');
			const signed = signature(m);
			if (signed === null) return bad('signature');
			if (m.kind === 'offer' || m.kind === 'answer') {
				if (typeof m.sdp !== 'string' || m.sdp.length > MAX_RELAYED_SDP || !m.sdp.startsWith('v=0')) {
					return bad('sdp');
				}
				return { t: 'signal', sid: m.sid, from: m.from, to: m.to, hop: m.hop, kind: m.kind, sdp: m.sdp, ...signed };
			}
			if (m.kind === 'reject') {
				if (!REJECT_REASONS.includes(m.reason as RejectReason)) return bad('reason');
				const reason = m.reason as RejectReason;
				return { t: 'signal', sid: m.sid, from: m.from, to: m.to, hop: m.hop, kind: 'reject', reason, ...signed };
			}
			return bad('kind');
		}
		case 'bye':
			return { t: 'bye' };
		default:
			return { error: 'malformed', detail: `type ${String(m.t).slice(0, 20)}` };
	}
}

/** The signature fields, well formed or absent (an unsigned signal is refused later, and counted); null if malformed. */
function signature(m: Record<string, unknown>): { at?: number; key?: string; sig?: string } | null {
	if (m.key === undefined && m.sig === undefined && m.at === undefined) return {};
	if (!isPublicKey(m.key) || !isSignature(m.sig) || typeof m.at !== 'number' || !Number.isSafeInteger(m.at)) return null;
	return { at: m.at, key: m.key, sig: m.sig };
}

function isPeerList(value: unknown): value is string[] {
	return Array.isArray(value) && value.length <= MAX_LISTED_PEERS && value.every(isPeerId);
}
