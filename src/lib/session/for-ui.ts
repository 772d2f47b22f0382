/**
 * What the UI needs from the layers below the session, without loading the session itself (yjs,
 * WebRTC, crypto): room codes as text, the table's rule options and refusal types, transport and
 * presence shapes, and whether a signaling server answers. The UI imports the engine and the
 * session only (tests/architecture/layers.test.ts); only the manual-handshake UI (ui/link) and the
 * network settings (ui/app/settings*.ts) reach net/ directly.
 */
export { INVITE_PREFIX, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, formatRoomCode, parseInvite, parseRoomCode, readRoomCode, roomLabel, type RoomCodeProblem } from '../net/room.js';
export { effectiveNetSettings, hostOf, isLocalHost } from '../net/settings.js';
export { unreachableSignaling } from '../net/signaling-status.js';
export type { MoreTimeNote, PresentPeer } from '../net/presence.js';
export type { PeerLink, Transport } from '../net/transport.js';
export type { ProtocolCode, ProtocolRejection, ProtocolRules } from '../protocol/index.js';
export { NEW_GAME_PROTOCOL_RULES } from '../protocol/rules.js';
export { PROTOCOL_ERROR_CODES } from '../protocol/refusal.js';
export { SESSION_ERROR_CODES, sessionRefused, type ActResult, type SessionCode, type SessionRefusal, type SessionRefusalCode } from './refusal.js';
export type { DeckErrorCode } from '../protocol/deck/index.js';
export type { ChatCode } from '../protocol/chat/text.js';
export { secretDeckForkProblem } from '../protocol/v2/deck/fork.js';
