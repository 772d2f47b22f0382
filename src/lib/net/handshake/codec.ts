/**
 * The invitation and answer codes of the manual handshake: a session description's essentials
 * (sdp.ts) plus the game's room code and a nonce, in a few dozen bytes, as base41 text that
 * fits one QR code (version ≤ 10, level M: 311 alphanumeric characters).
 *
 * Text: `FI1` (invitation) or `FA1` (answer), the `1` being the format version, then base41 of:
 *
 *   length(1)  flags(1)  nonce(4)
 *   invitation only: roomLength(1) room(5 bits a character) createdMinute(2)
 *   fingerprint(32|48|64)  ufragLength(1) pwdLength(1) ufrag+pwd(6 bits a character)
 *   sctpPort(2, only if not 5000)  candidateCount(1)  candidates: tag(1) address(4|16) port(2)
 *   crc16(2) over the prefix's ASCII and every byte before it
 *
 * flags: bits 0-1 setup role, 2-3 fingerprint algorithm, 4 custom SCTP port. Candidate tag: bits
 * 0-1 address kind (IPv4, IPv6, mDNS uuid), 2-3 candidate type. Unused bits must be zero.
 * Decoding is strict and throws a HandshakeError with a specific code.
 */
import { ADDRESS_LENGTH, addressToBytes, bytesToAddress, type AddressKind } from './address.js';
import { HandshakeError } from './errors.js';
import {
	CANDIDATE_TYPES,
	DEFAULT_SCTP_PORT,
	FINGERPRINT_ALGORITHMS,
	FINGERPRINT_LENGTH,
	SETUP_ROLES,
	type SdpCandidate,
	type SdpEssentials
} from './sdp.js';
import { crc16, decodeBase41, encodeBase41 } from './text.js';
import { ROOM_CODE_ALPHABET, ROOM_CODE_MAX_LENGTH, ROOM_CODE_MIN_LENGTH } from '../room.js';

export type CodeKind = 'invitation' | 'answer';
export const CODE_VERSION = 1;
export const NONCE_BYTES = 4;
/** Alphanumeric capacity of a version-10 QR code at error correction level M. */
export const QR_V10_M_ALPHANUMERIC = 311;
const KIND_LETTER: Readonly<Record<CodeKind, string>> = { invitation: 'I', answer: 'A' };
const ADDRESS_KINDS: readonly AddressKind[] = ['ipv4', 'ipv6', 'mdns'];
const ICE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export interface InvitationContent {
	kind: 'invitation';
	/** The game's room code (normalised Crockford base32). */
	room: string;
	nonce: Uint8Array;
	/** Minutes since 1970, modulo 65,536 (about 45 days). */
	createdMinute: number;
	essentials: SdpEssentials;
}

export interface AnswerContent {
	kind: 'answer';
	/** The nonce of the invitation this answers. */
	nonce: Uint8Array;
	essentials: SdpEssentials;
}

export type CodeContent = InvitationContent | AnswerContent;

export interface EncodedCode {
	text: string;
	/** Candidates left out so the code fits (least useful first). */
	dropped: SdpCandidate[];
}

export function prefixOf(kind: CodeKind): string {
	return `F${KIND_LETTER[kind]}${CODE_VERSION}`;
}

/**
 * The code's text. Candidates are dropped (link-local IPv6, then loopback, then other IPv6,
 * then mDNS) until it has at most `maxChars` characters; throws 'too-large' if none would fit.
 */
export function encodeCode(content: CodeContent, maxChars = QR_V10_M_ALPHANUMERIC): EncodedCode {
	if (content.essentials.candidates.length === 0) throw new HandshakeError('no-candidates');
	let kept = [...content.essentials.candidates];
	const dropped: SdpCandidate[] = [];
	for (;;) {
		const bytes = toBytes(content, kept);
		const text = bytes ? prefixOf(content.kind) + encodeBase41(bytes) : null;
		if (text && text.length <= maxChars) return { text, dropped };
		if (kept.length <= 1) throw new HandshakeError('too-large', `${text?.length ?? 'over 380'} characters`);
		const victim = [...kept].sort((a, b) => usefulness(a) - usefulness(b))[0]!;
		kept = kept.filter((c) => c !== victim);
		dropped.push(victim);
	}
}

function usefulness(c: SdpCandidate): number {
	const a = c.address.toLowerCase();
	if (/^fe[89ab]/.test(a)) return 0;
	if (a === '::1' || a.startsWith('127.')) return 1;
	if (a.includes(':')) return 2;
	if (a.endsWith('.local')) return 3;
	return 4;
}

/** Parses a pasted or scanned code. Whitespace is ignored, and so is a link around the code. */
export function decodeCode(input: string, expected?: CodeKind): CodeContent {
	const text = input.replace(/\s+/g, '').replace(/^.*[/#=?&]/, '').toUpperCase();
	if (text.length === 0) throw new HandshakeError('empty');
	const kind = text[1] === 'I' ? 'invitation' : text[1] === 'A' ? 'answer' : null;
	if (text[0] !== 'F' || kind === null || text.length < 3) throw new HandshakeError('not-a-code');
	if (text[2] !== String(CODE_VERSION)) {
		if (/[0-9]/.test(text[2]!)) throw new HandshakeError('unsupported-version', `version ${text[2]}`);
		throw new HandshakeError('not-a-code');
	}
	if (expected && kind !== expected) throw new HandshakeError('wrong-kind', `got an ${kind}, expected an ${expected}`);
	const bytes = decodeBase41(text.slice(3));
	if (bytes.length < 2) throw new HandshakeError('truncated', 'no content');
	if (bytes.length < bytes[0]!) throw new HandshakeError('truncated', `${bytes.length} of ${bytes[0]} bytes`);
	if (bytes.length > bytes[0]!) throw new HandshakeError('malformed', `${bytes.length - bytes[0]!} extra bytes`);
	const body = bytes.subarray(0, bytes.length - 2);
	const sum = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
	if (crc16(concat(ascii(text.slice(0, 3)), body)) !== sum) throw new HandshakeError('checksum');
	return fromBytes(kind, new Reader(body.subarray(1)));
}

/** The code's bytes, or null above 255 (its length byte's limit). */
function toBytes(content: CodeContent, candidates: SdpCandidate[]): Uint8Array | null {
	const e = content.essentials;
	const w: number[] = [0]; // length, set at the end
	const customPort = e.sctpPort !== DEFAULT_SCTP_PORT;
	w.push(
		SETUP_ROLES.indexOf(e.setup) | (FINGERPRINT_ALGORITHMS.indexOf(e.fingerprint.algorithm) << 2) | (customPort ? 16 : 0)
	);
	if (content.nonce.length !== NONCE_BYTES) throw new RangeError('nonce length');
	w.push(...content.nonce);
	if (content.kind === 'invitation') {
		w.push(content.room.length, ...packBits(content.room, ROOM_CODE_ALPHABET, 5));
		w.push((content.createdMinute >> 8) & 0xff, content.createdMinute & 0xff);
	}
	w.push(...e.fingerprint.bytes, e.iceUfrag.length, e.icePwd.length);
	w.push(...packBits(e.iceUfrag + e.icePwd, ICE_ALPHABET, 6));
	if (customPort) w.push(e.sctpPort >> 8, e.sctpPort & 0xff);
	w.push(candidates.length);
	for (const c of candidates) {
		const address = addressToBytes(c.address);
		if (!address) throw new RangeError(`address ${c.address}`);
		w.push(ADDRESS_KINDS.indexOf(address.kind) | (CANDIDATE_TYPES.indexOf(c.type) << 2));
		w.push(...address.bytes, c.port >> 8, c.port & 0xff);
	}
	w[0] = w.length + 2;
	if (w[0] > 255) return null;
	const body = Uint8Array.from(w);
	const sum = crc16(concat(ascii(prefixOf(content.kind)), body));
	return concat(body, Uint8Array.of(sum >> 8, sum & 0xff));
}

function fromBytes(kind: CodeKind, r: Reader): CodeContent {
	const flags = r.byte();
	const setup = SETUP_ROLES[flags & 3];
	const algorithm = FINGERPRINT_ALGORITHMS[(flags >> 2) & 3];
	if (!setup || !algorithm || flags & 0xe0) throw new HandshakeError('malformed', `flags ${flags}`);
	const nonce = r.bytes(NONCE_BYTES);
	let room = '';
	let createdMinute = 0;
	if (kind === 'invitation') {
		const roomLength = r.byte();
		if (roomLength < ROOM_CODE_MIN_LENGTH || roomLength > ROOM_CODE_MAX_LENGTH) {
			throw new HandshakeError('malformed', `room code of ${roomLength} characters`);
		}
		room = unpackBits(r, roomLength, ROOM_CODE_ALPHABET, 5);
		createdMinute = (r.byte() << 8) | r.byte();
	}
	const fingerprint = { algorithm, bytes: r.bytes(FINGERPRINT_LENGTH[algorithm]) };
	const ufragLength = r.byte();
	const pwdLength = r.byte();
	if (ufragLength < 4 || pwdLength < 22) throw new HandshakeError('malformed', 'ICE credentials too short');
	const ice = unpackBits(r, ufragLength + pwdLength, ICE_ALPHABET, 6);
	const sctpPort = flags & 16 ? (r.byte() << 8) | r.byte() : DEFAULT_SCTP_PORT;
	if (sctpPort === 0) throw new HandshakeError('malformed', 'SCTP port 0');
	const count = r.byte();
	const candidates: SdpCandidate[] = [];
	for (let i = 0; i < count; i++) {
		const tag = r.byte();
		const addressKind = ADDRESS_KINDS[tag & 3];
		const type = CANDIDATE_TYPES[(tag >> 2) & 3];
		if (!addressKind || !type || tag & 0xf0) throw new HandshakeError('malformed', `candidate tag ${tag}`);
		const address = bytesToAddress(addressKind, r.bytes(ADDRESS_LENGTH[addressKind]));
		const port = (r.byte() << 8) | r.byte();
		if (port === 0) throw new HandshakeError('malformed', 'port 0');
		candidates.push({ address, port, type });
	}
	if (!r.done) throw new HandshakeError('malformed', 'bytes after the candidates');
	if (candidates.length === 0) throw new HandshakeError('no-candidates', 'the other device offered no address');
	const essentials: SdpEssentials = {
		iceUfrag: ice.slice(0, ufragLength),
		icePwd: ice.slice(ufragLength),
		fingerprint,
		setup,
		sctpPort,
		candidates
	};
	if (kind === 'answer') {
		if (setup === 'actpass') throw new HandshakeError('malformed', 'an answer cannot be actpass');
		return { kind, nonce, essentials };
	}
	if (setup !== 'actpass') throw new HandshakeError('malformed', `an invitation must be actpass, not ${setup}`);
	return { kind, room, nonce, createdMinute, essentials };
}

class Reader {
	#at = 0;
	readonly #bytes: Uint8Array;
	constructor(bytes: Uint8Array) {
		this.#bytes = bytes;
	}
	get done(): boolean {
		return this.#at === this.#bytes.length;
	}
	byte(): number {
		if (this.#at >= this.#bytes.length) throw new HandshakeError('malformed', 'content ends early');
		return this.#bytes[this.#at++]!;
	}
	bytes(n: number): Uint8Array {
		if (this.#at + n > this.#bytes.length) throw new HandshakeError('malformed', 'content ends early');
		this.#at += n;
		return this.#bytes.slice(this.#at - n, this.#at);
	}
}

/** Characters of `alphabet` at `bits` bits each, most significant first, zero-padded. */
function packBits(text: string, alphabet: string, bits: number): number[] {
	const out: number[] = [];
	let acc = 0;
	let held = 0;
	for (const ch of text) {
		const v = alphabet.indexOf(ch);
		if (v < 0 || v >= 1 << bits) throw new RangeError(`"${ch}" not encodable`);
		acc = (acc << bits) | v;
		held += bits;
		while (held >= 8) {
			held -= 8;
			out.push((acc >> held) & 0xff);
		}
		acc &= (1 << held) - 1;
	}
	if (held > 0) out.push((acc << (8 - held)) & 0xff);
	return out;
}

function unpackBits(r: Reader, count: number, alphabet: string, bits: number): string {
	const bytes = r.bytes(Math.ceil((count * bits) / 8));
	let out = '';
	let acc = 0;
	let held = 0;
	let at = 0;
	while (out.length < count) {
		while (held < bits) {
			acc = (acc << 8) | bytes[at++]!;
			held += 8;
		}
		held -= bits;
		out += alphabet[(acc >> held) & ((1 << bits) - 1)];
		acc &= (1 << held) - 1;
	}
	if (acc !== 0) throw new HandshakeError('malformed', 'padding bits set');
	return out;
}

function ascii(text: string): Uint8Array {
	return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
	const out = new Uint8Array(a.length + b.length);
	out.set(a);
	out.set(b, a.length);
	return out;
}
