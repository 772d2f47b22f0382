/** The manual handshake (QR code or text, no server): see docs/connectivity.md. */
export { Handshake, linkTransport, readInvitation } from './handshake.js';
export type { Acceptance, HandshakeOptions, Invitation, LinkTransportOptions, ManualLink } from './handshake.js';
export { HANDSHAKE_ADVICE, HANDSHAKE_ERROR_CODES, HandshakeError, isHandshakeError } from './errors.js';
export type { HandshakeAdvice, HandshakeErrorCode } from './errors.js';
export { decodeCode, encodeCode, QR_V10_M_ALPHANUMERIC } from './codec.js';
export type { CodeContent, CodeKind } from './codec.js';
export type { PeerConnectionFactory, RtcLink } from './rtc.js';
