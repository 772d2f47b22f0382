/**
 * Room codes, the room names sent to signaling servers, and invite links.
 *
 * A room code is what players share (spoken, typed, in a link). The signaling server only ever
 * sees `roomName(code)`: a fixed prefix and the SHA-256 of the normalised code, so a server
 * operator learns neither the code nor which codes exist. The hash is not slow: a short code can
 * be brute-forced from its room name, so a room password (y-webrtc's `password`, which encrypts
 * signaling) is the protection against an eavesdropping server; entry signatures protect the game.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Crockford's base32: no I, L, O or U, so codes survive being read aloud or handwritten. */
export const ROOM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters = 50 bits. */
export const ROOM_CODE_LENGTH = 10;
export const ROOM_CODE_MIN_LENGTH = 8;
export const ROOM_CODE_MAX_LENGTH = 32;
/** Prefix of every room name on a signaling server (versioned: changing it splits rooms). */
export const ROOM_NAME_PREFIX = 'fnord-v1-';
/** Fragment route of an invite link. */
export const INVITE_PREFIX = '#/join/';

/** Source of cryptographically random bytes, e.g. `(n) => crypto.getRandomValues(new Uint8Array(n))`. */
export type RandomBytes = (n: number) => Uint8Array;

/** A new random room code (normalised form). 32 symbols = 5 bits per byte: no modulo bias. */
export function newRoomCode(randomBytes: RandomBytes, length = ROOM_CODE_LENGTH): string {
	if (!Number.isInteger(length) || length < ROOM_CODE_MIN_LENGTH || length > ROOM_CODE_MAX_LENGTH) {
		throw new RangeError(`room code length ${length}`);
	}
	const bytes = randomBytes(length);
	if (bytes.length < length) throw new Error('newRoomCode: not enough random bytes');
	let code = '';
	for (let i = 0; i < length; i++) code += ROOM_CODE_ALPHABET[bytes[i]! & 31];
	return code;
}

/**
 * The normalised code from what a player typed, or null if it is not a room code. Case, spaces and
 * dashes are ignored; O reads as 0 and I or L as 1 (Crockford).
 */
export function parseRoomCode(input: string): string | null {
	const cleaned = input
		.toUpperCase()
		.replace(/[\s-]/g, '')
		.replace(/O/g, '0')
		.replace(/[IL]/g, '1');
	if (cleaned.length < ROOM_CODE_MIN_LENGTH || cleaned.length > ROOM_CODE_MAX_LENGTH) return null;
	for (const ch of cleaned) if (!ROOM_CODE_ALPHABET.includes(ch)) return null;
	return cleaned;
}

export function isRoomCode(input: string): boolean {
	return parseRoomCode(input) !== null;
}

/** For display: groups of five, e.g. "7KQ2M-XH90D". */
export function formatRoomCode(code: string): string {
	const normal = requireCode(code);
	return normal.match(/.{1,5}/g)!.join('-');
}

/** The room name given to signaling servers: prefix + hex SHA-256 of the normalised code. */
export function roomName(code: string): string {
	const normal = requireCode(code);
	return ROOM_NAME_PREFIX + bytesToHex(sha256(utf8ToBytes(`fnord room v1\u0000${normal}`)));
}

/** The fragment of an invite link: "#/join/<code>". */
export function inviteFragment(code: string): string {
	return INVITE_PREFIX + requireCode(code);
}

/** An invite link: `base` (the app's URL; any fragment is replaced) + "#/join/<code>". */
export function inviteLink(base: string, code: string): string {
	const hash = base.indexOf('#');
	return (hash < 0 ? base : base.slice(0, hash)) + inviteFragment(code);
}

/** The room code in an invite link or fragment, or null. */
export function parseInvite(linkOrFragment: string): string | null {
	const at = linkOrFragment.indexOf(INVITE_PREFIX);
	if (at < 0) return null;
	const rest = linkOrFragment.slice(at + INVITE_PREFIX.length);
	let code = rest.split(/[/?&#]/, 1)[0] ?? '';
	try {
		code = decodeURIComponent(code);
	} catch (_error) {
		return null;
	}
	return parseRoomCode(code);
}

function requireCode(code: string): string {
	const normal = parseRoomCode(code);
	if (normal === null) throw new Error('not a room code');
	return normal;
}
