/**
 * Bytes as text that a QR code stores in alphanumeric mode (5.5 bits a character) and that
 * survives copy-paste: base41 over the QR alphanumeric set minus space, `%`, `/` and `+`.
 *
 * Like base45 (RFC 9285), two bytes become three characters (41³ = 68,921 ≥ 65,536) and a last
 * odd byte two (41² ≥ 256), least significant digit first. Unlike base45 it has no space (lost
 * by chat apps and line wrapping), no `%` or `/` or `+` (mangled in URLs), so a code can be
 * pasted with any whitespace and put in a link fragment as is.
 */
import { HandshakeError } from './errors.js';

export const BASE41_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*-.:';
const BASE = 41;
const DIGIT = new Map([...BASE41_ALPHABET].map((ch, i) => [ch, i]));

export function encodeBase41(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 2) {
		if (i + 1 < bytes.length) {
			let n = bytes[i]! * 256 + bytes[i + 1]!;
			for (let d = 0; d < 3; d++) {
				out += BASE41_ALPHABET[n % BASE];
				n = Math.floor(n / BASE);
			}
		} else {
			const n = bytes[i]!;
			out += BASE41_ALPHABET[n % BASE]! + BASE41_ALPHABET[Math.floor(n / BASE)]!;
		}
	}
	return out;
}

/** Strict: every character must be in the alphabet and every group in range. */
export function decodeBase41(text: string): Uint8Array {
	if (text.length % 3 === 1) throw new HandshakeError('truncated', `${text.length} characters`);
	const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
	let at = 0;
	for (let i = 0; i < text.length; i += 3) {
		const group = text.slice(i, i + 3);
		let n = 0;
		for (let d = group.length - 1; d >= 0; d--) {
			const digit = DIGIT.get(group[d]!);
			if (digit === undefined) {
				throw new HandshakeError('bad-character', `"${group[d]}" at ${i + d + 1}`);
			}
			n = n * BASE + digit;
		}
		if (group.length === 3) {
			if (n > 0xffff) throw new HandshakeError('checksum', `group ${group} out of range`);
			out[at++] = n >> 8;
			out[at++] = n & 0xff;
		} else {
			if (n > 0xff) throw new HandshakeError('checksum', `group ${group} out of range`);
			out[at++] = n;
		}
	}
	return out;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): catches every 1- and 2-byte change. */
export function crc16(bytes: Uint8Array): number {
	let crc = 0xffff;
	for (const byte of bytes) {
		crc ^= byte << 8;
		for (let bit = 0; bit < 8; bit++) {
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
		}
	}
	return crc;
}
