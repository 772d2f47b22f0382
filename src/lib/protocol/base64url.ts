/**
 * base64url (RFC 4648 §5) without padding: how entries spell keys, signatures, entry ids and
 * hash-chain values (4 characters per 3 bytes instead of hex's 6). Decoding is strict, so every
 * byte string has exactly one accepted spelling: no padding, no characters outside the alphabet,
 * no impossible length, and the unused low bits of the last character must be zero.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Character code → 6-bit value, -1 outside the alphabet. */
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** The number of characters that encode `bytes` bytes. */
export function base64urlLength(bytes: number): number {
	return Math.ceil((bytes * 4) / 3);
}

export function bytesToBase64url(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 3) {
		const rest = bytes.length - i;
		const n = (bytes[i]! << 16) | ((rest > 1 ? bytes[i + 1]! : 0) << 8) | (rest > 2 ? bytes[i + 2]! : 0);
		out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
		if (rest > 1) out += ALPHABET[(n >> 6) & 63]!;
		if (rest > 2) out += ALPHABET[n & 63]!;
	}
	return out;
}

/** The bytes of canonical base64url text (of exactly `length` bytes when given), or null. */
export function base64urlToBytes(text: string, length?: number): Uint8Array | null {
	if (text.length % 4 === 1) return null;
	const size = Math.floor((text.length * 3) / 4);
	if (length !== undefined && size !== length) return null;
	const out = new Uint8Array(size);
	let buffer = 0;
	let bits = 0;
	let o = 0;
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		const value = code < 128 ? VALUES[code]! : -1;
		if (value < 0) return null;
		buffer = (buffer << 6) | value;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = buffer >> bits;
			buffer &= (1 << bits) - 1;
		}
	}
	// 0, 2 or 4 bits are left over; a canonical encoding leaves them zero.
	return buffer === 0 ? out : null;
}

/** Canonical base64url of exactly `bytes` bytes. */
export function isBase64url(value: unknown, bytes: number): value is string {
	return typeof value === 'string' && value.length === base64urlLength(bytes) && base64urlToBytes(value, bytes) !== null;
}
