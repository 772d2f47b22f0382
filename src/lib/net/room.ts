/**
 * Room codes, the room names sent to signaling servers, and invite links.
 *
 * A room code (version 2) is an invitation: 25 Crockford base32 characters, shown as five groups
 * of five. The first 8 (40 bits) name the room, the next 16 (80 bits) are the room's secret, the
 * last is a check character. Only the named part reaches the signaling server (hashed into the
 * room name) and the protocol game id; the secret is y-webrtc's `password`, which encrypts every
 * signaling message (PBKDF2-SHA-256, 100,000 iterations, salted with the room name, then AES-GCM),
 * so whoever knows only the room name can neither read the signaling nor be answered.
 * Why 80 bits: docs/net.md ("Room codes").
 *
 * Older codes (version 1: 8 to 16 characters, the app made 10) have no secret: their games,
 * stored with them, still open, in rooms without a password.
 */
// The engine's own SHA-256 (the same digest): Home shows room codes, and @noble/hashes there cost
// the first page 6 KB gzipped (issue 16's budget).
import { sha256Hex } from '../engine/hash.js';

/** Crockford's base32: no I, L, O or U, so codes survive being read aloud or handwritten. */
export const ROOM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters that name the room (40 bits): public, in the room name and the game id. */
export const ROOM_PUBLIC_LENGTH = 8;
/** Characters of the room's secret (80 bits): never leaves the invitation and y-webrtc's key derivation. */
export const ROOM_SECRET_LENGTH = 16;
/** A version-2 code: public part, secret, one check character. */
export const ROOM_CODE_LENGTH = ROOM_PUBLIC_LENGTH + ROOM_SECRET_LENGTH + 1;
/** Version-1 codes (no secret) that stored games may still carry. */
export const LEGACY_MIN_LENGTH = 8;
export const LEGACY_MAX_LENGTH = 16;
/** Bounds for any room code in a binary format (handshake codes). */
export const ROOM_CODE_MIN_LENGTH = LEGACY_MIN_LENGTH;
export const ROOM_CODE_MAX_LENGTH = 32;
/** Prefixes of room names on a signaling server (versioned: changing one splits rooms). */
export const ROOM_NAME_PREFIX = 'fnord-v1-';
export const ROOM_NAME_PREFIX_V2 = 'fnord-v2-';
/** Fragment route of an invite link. */
export const INVITE_PREFIX = '#/join/';

/** Source of cryptographically random bytes, e.g. `(n) => crypto.getRandomValues(new Uint8Array(n))`. */
export type RandomBytes = (n: number) => Uint8Array;

/** Why typed text is not a room code. */
export type RoomCodeProblem = 'empty' | 'bad-character' | 'length' | 'typo';

export type RoomCodeReading =
	| { ok: true; code: string; version: 1 | 2; publicPart: string; secret: string | null }
	| { ok: false; problem: RoomCodeProblem };

/** A new version-2 room code (normalised). 32 symbols = 5 bits per byte: no modulo bias. */
export function newRoomCode(randomBytes: RandomBytes): string {
	const length = ROOM_CODE_LENGTH - 1;
	const bytes = randomBytes(length);
	if (bytes.length < length) throw new Error('newRoomCode: not enough random bytes');
	let body = '';
	for (let i = 0; i < length; i++) body += ROOM_CODE_ALPHABET[bytes[i]! & 31];
	return body + checkCharacter(body);
}

/**
 * Reads what a player typed. Case, spaces and dashes are ignored; O reads as 0 and I or L as 1
 * (Crockford). 25 characters must carry a matching check character (a typo is named as such).
 */
export function readRoomCode(input: string): RoomCodeReading {
	const cleaned = input
		.toUpperCase()
		.replace(/[\s-]/g, '')
		.replace(/O/g, '0')
		.replace(/[IL]/g, '1');
	if (cleaned === '') return { ok: false, problem: 'empty' };
	for (const ch of cleaned) if (!ROOM_CODE_ALPHABET.includes(ch)) return { ok: false, problem: 'bad-character' };
	if (cleaned.length === ROOM_CODE_LENGTH) {
		const body = cleaned.slice(0, -1);
		if (checkCharacter(body) !== cleaned.at(-1)) return { ok: false, problem: 'typo' };
		const publicPart = cleaned.slice(0, ROOM_PUBLIC_LENGTH);
		return { ok: true, code: cleaned, version: 2, publicPart, secret: body.slice(ROOM_PUBLIC_LENGTH) };
	}
	if (cleaned.length >= LEGACY_MIN_LENGTH && cleaned.length <= LEGACY_MAX_LENGTH) {
		return { ok: true, code: cleaned, version: 1, publicPart: cleaned, secret: null };
	}
	return { ok: false, problem: 'length' };
}

/** The normalised code from what a player typed, or null if it is not a room code. */
export function parseRoomCode(input: string): string | null {
	const reading = readRoomCode(input);
	return reading.ok ? reading.code : null;
}

export function isRoomCode(input: string): boolean {
	return parseRoomCode(input) !== null;
}

/** The room's secret (y-webrtc's password); null for a version-1 code. */
export function roomSecret(code: string): string | null {
	return requireReading(code).secret;
}

/**
 * What may be said about a room without letting anyone in: the public part of a version-2 code
 * ("2:" and its 8 characters), or a whole version-1 code (which has no secret).
 */
export function publicRoomId(code: string): string {
	const r = requireReading(code);
	return r.version === 2 ? `2:${r.publicPart}` : r.code;
}

/** For display: groups of five, e.g. "7KQ2M-XH90D-…". */
export function formatRoomCode(code: string): string {
	return requireReading(code).code.match(/.{1,5}/g)!.join('-');
}

/**
 * A name for the room that is safe to show anywhere (a game's default title, lists, exported
 * files): a version-2 code's public part, e.g. "7KQ2-MXH9"; a version-1 code whole.
 */
export function roomLabel(code: string): string {
	const r = requireReading(code);
	return r.version === 2 ? `${r.publicPart.slice(0, 4)}-${r.publicPart.slice(4)}` : formatRoomCode(r.code);
}

/**
 * The room name given to signaling servers. Version 2: prefix + hex SHA-256 of the public part
 * only (the secret is not an input). Version 1: prefix + hex SHA-256 of the whole code.
 */
export function roomName(code: string): string {
	const r = requireReading(code);
	if (r.version === 2) return ROOM_NAME_PREFIX_V2 + sha256Hex(`fnord room v2\u0000${r.publicPart}`);
	return ROOM_NAME_PREFIX + sha256Hex(`fnord room v1\u0000${r.code}`);
}

/** The fragment of an invite link: "#/join/<code>". */
export function inviteFragment(code: string): string {
	return INVITE_PREFIX + requireReading(code).code;
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

/**
 * The check character: the sum of α^(i+1)·c_i in GF(32) (x⁵ + x² + 1, α = x). α has order 31, so
 * any one changed character, and any two swapped ones, change the sum.
 */
export function checkCharacter(body: string): string {
	let sum = 0;
	let power = 1;
	for (const ch of body) {
		power = gfMul(power, 2);
		sum ^= gfMul(power, ROOM_CODE_ALPHABET.indexOf(ch));
	}
	return ROOM_CODE_ALPHABET[sum]!;
}

function gfMul(a: number, b: number): number {
	let product = 0;
	for (let i = 0; i < 5; i++) {
		if (b & 1) product ^= a;
		b >>= 1;
		a <<= 1;
		if (a & 32) a ^= 0b100101;
	}
	return product;
}

function requireReading(code: string): Extract<RoomCodeReading, { ok: true }> {
	const reading = readRoomCode(code);
	if (!reading.ok) throw new Error('not a room code');
	return reading;
}
