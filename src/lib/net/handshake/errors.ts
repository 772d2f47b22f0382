/**
 * Why a manual handshake failed, as stable codes the UI translates, with the advice to give.
 * Bad input never consumes anything: an invitation stays valid after a wrong answer is pasted,
 * and decoding has no side effects.
 */

export const HANDSHAKE_ERROR_CODES = [
	// The pasted or scanned text
	'empty', // nothing pasted
	'not-a-code', // not a Fnord invitation or answer at all
	'bad-character', // a character that no code contains (detail: which one, where)
	'truncated', // shorter than its content says (a partial copy)
	'checksum', // a changed character (typo, damaged scan)
	'unsupported-version', // made by another version of the app
	'wrong-kind', // an answer where an invitation is expected, or the reverse
	'malformed', // well-formed text whose content makes no sense
	// Which game and which invitation
	'wrong-room', // an invitation to another game than the one expected
	'wrong-offer', // an answer to another invitation (or to one made before a reload)
	'already-used', // an answer to an invitation that is already linked
	'expired', // an invitation older than its lifetime
	// This device's own session description
	'no-candidates', // no network address to offer (no Wi-Fi, airplane mode), or none in the text
	'unsupported-sdp', // the browser's session description lacks something the code needs
	'too-large', // the addresses do not fit in one QR code even after dropping the least useful
	// Linking
	'ice-failed', // the devices could not reach each other (other network, client isolation)
	'dtls-failed', // they reached each other but the secure channel failed (a tampered code)
	'timeout', // nothing happened in time
	'closed' // cancelled, or the page closed the connection
] as const;

export type HandshakeErrorCode = (typeof HANDSHAKE_ERROR_CODES)[number];

/** What to tell the player, by code (the UI words it). */
export type HandshakeAdvice =
	| 'copy-again' // copy or scan the whole code again
	| 'use-answer' // paste the answer here (or the invitation there)
	| 'new-invitation' // ask the host for a fresh invitation
	| 'update-app' // both devices need the same app version
	| 'same-network' // same Wi-Fi; guest networks isolate devices: try a phone hotspot
	| 'connect-network' // join a Wi-Fi or a phone hotspot first
	| 'retry'; // simply try again

export const HANDSHAKE_ADVICE: Readonly<Record<HandshakeErrorCode, HandshakeAdvice>> = {
	empty: 'copy-again',
	'not-a-code': 'copy-again',
	'bad-character': 'copy-again',
	truncated: 'copy-again',
	checksum: 'copy-again',
	'unsupported-version': 'update-app',
	'wrong-kind': 'use-answer',
	malformed: 'copy-again',
	'wrong-room': 'new-invitation',
	'wrong-offer': 'new-invitation',
	'already-used': 'new-invitation',
	expired: 'new-invitation',
	'no-candidates': 'connect-network',
	'unsupported-sdp': 'update-app',
	'too-large': 'same-network',
	'ice-failed': 'same-network',
	'dtls-failed': 'new-invitation',
	timeout: 'same-network',
	closed: 'retry'
};

export class HandshakeError extends Error {
	readonly code: HandshakeErrorCode;
	/** Technical detail for logs (not for players). */
	readonly detail: string;

	constructor(code: HandshakeErrorCode, detail = '') {
		super(detail ? `${code}: ${detail}` : code);
		this.name = 'HandshakeError';
		this.code = code;
		this.detail = detail;
	}

	get advice(): HandshakeAdvice {
		return HANDSHAKE_ADVICE[this.code];
	}
}

export function isHandshakeError(error: unknown, code?: HandshakeErrorCode): error is HandshakeError {
	return error instanceof HandshakeError && (code === undefined || error.code === code);
}
