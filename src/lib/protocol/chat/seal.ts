/**
 * A message to one seat, sealed so that only the writer's seat and the recipient's seat can read
 * it: a KEM-DEM hybrid, each key wrap ECIES over ristretto255 in the DHIES style (Abdalla, Bellare,
 * Rogaway, CT-RSA 2001; SEC 1 §5.1), to each seat's box key (the key pair B = G·b of
 * ../coin/keys.ts that the seat named in its join, as the deck's seals, ../deck/seal.ts), from the
 * same audited primitives: noble's ristretto255, HKDF-SHA-256 (RFC 5869) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha, @noble/ciphers).
 *
 *   k random (32 bytes), n random (24 bytes), m = pad(text)
 *   ct = XChaCha20-Poly1305(k, n, aad = transcript("fnord-v2:chat-body", game, author, seat, to, seq, at)).encrypt(m)
 *   for slot i in [0: the writer's seat, 1: the recipient]: e_i fresh, E_i = G·e_i, K_i = B_i·e_i,
 *     info_i = transcript("fnord-v2:chat-key", game, author, seat, to, seq, at, i, E_i, B_i)
 *     key_i ‖ nonce_i = HKDF-SHA-256(ikm = K_i, salt = "fnord-v2:chat-seal", info_i, 56)
 *     w_i = XChaCha20-Poly1305(key_i, nonce_i, aad = info_i).encrypt(k)
 *   box = E_0 ‖ w_0 ‖ E_1 ‖ w_1 ‖ n ‖ ct
 *
 * Each wrap's key is fresh (a fresh e_i), so its derived nonce is never reused. Everything the
 * message states is bound (the aad), so a box copied into another message does not open. The
 * message's signature covers the box. No proof of knowledge of e_i is needed (the deck's seals
 * carry one for complaints; nothing here is ever complained about or judged by others).
 *
 * Padding: m = length (2 bytes, big-endian) ‖ UTF-8 text ‖ zeros, to the smallest of PAD_BUCKETS
 * that holds it, so a reader of the document learns only the bucket.
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { Fn, G, mulSecret, pointBytes, pointFromBytes, randomScalar, transcript, type Point, type Random } from '../coin/group.js';
import { boxKeyPoint } from '../deck/seal.js';
import type { PrivateMessage } from './message.js';
import { chatFail, chatOk, checkChatText, type ChatResult } from './text.js';

/** Plaintext sizes a private message is padded to (the largest holds 2 + 500 characters of 4 bytes). */
export const PAD_BUCKETS = [64, 256, 1024, 2048] as const;
const SALT = utf8ToBytes('fnord-v2:chat-seal');
const TAG = 16;
const WRAP = 32 + 32 + TAG;
const NONCE = 24;
const HEADER = 2 * WRAP + NONCE;

/** The sealed box's size for each bucket. */
export const SEALED_SIZES: readonly number[] = PAD_BUCKETS.map((b) => HEADER + b + TAG);

/** Where a message is going: every field its seal binds. */
export type SealAddress = Pick<PrivateMessage, 'game' | 'author' | 'seat' | 'to' | 'seq' | 'at'>;

const bound = (a: SealAddress) => [a.game, a.author, a.seat, a.to, a.seq, String(a.at)];

/** `text` padded to its bucket, or null when it is too long for the largest. */
export function padText(text: string): Uint8Array | null {
	const bytes = utf8ToBytes(text);
	const bucket = PAD_BUCKETS.find((b) => b >= bytes.length + 2);
	if (bucket === undefined) return null;
	const out = new Uint8Array(bucket);
	out[0] = bytes.length >> 8;
	out[1] = bytes.length & 255;
	out.set(bytes, 2);
	return out;
}

/** The text of a padded plaintext, or null when its length or padding is wrong. */
export function unpadText(padded: Uint8Array): string | null {
	if (padded.length < 2) return null;
	const n = (padded[0]! << 8) | padded[1]!;
	if (n + 2 > padded.length || padded.subarray(n + 2).some((b) => b !== 0)) return null;
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(padded.subarray(2, n + 2));
	} catch {
		return null;
	}
}

function wrapCipher(shared: Point, info: Uint8Array) {
	const okm = hkdf(sha256, pointBytes(shared), SALT, info, 56);
	return xchacha20poly1305(okm.subarray(0, 32), okm.subarray(32), info);
}

const wrapInfo = (a: SealAddress, slot: number, ephemeral: Point, boxKey: Point) => transcript(['fnord-v2:chat-key', ...bound(a), slot, ephemeral, boxKey]);
const bodyAad = (a: SealAddress) => transcript(['fnord-v2:chat-body', ...bound(a)]);

/**
 * The box of a message from `address.seat` (box key `fromBox`) to `address.to` (`toBox`): BAD_SEAL
 * when a box key is not a canonical point, MALFORMED or TOO_LONG for the text.
 */
export function sealChat(p: { address: SealAddress; text: string; fromBox: string; toBox: string; random: Random }): ChatResult<string> {
	const checked = checkChatText(p.text);
	if (!checked.ok) return checked;
	const keys = [boxKeyPoint(p.fromBox), boxKeyPoint(p.toBox)];
	if (keys.some((k) => k === null)) return chatFail('BAD_SEAL', 'a seat\u2019s box key is not a canonical ristretto255 point');
	const padded = padText(p.text);
	if (padded === null) return chatFail('TOO_LONG', 'the message does not fit the largest padding bucket');
	const contentKey = p.random(32);
	const nonce = p.random(NONCE);
	const ct = xchacha20poly1305(contentKey, nonce, bodyAad(p.address)).encrypt(padded);
	const wraps = keys.map((boxKey, slot) => {
		const e = randomScalar(p.random);
		const ephemeral = mulSecret(G, e);
		const wrapped = wrapCipher(mulSecret(boxKey!, e), wrapInfo(p.address, slot, ephemeral, boxKey!)).encrypt(contentKey);
		return concatBytes(pointBytes(ephemeral), wrapped);
	});
	return chatOk(bytesToBase64url(concatBytes(...wraps, nonce, ct)));
}

/** Whether a box's size is one a sealed message can have (anyone can check this). */
export function isSealedSize(box: string): boolean {
	const bytes = base64urlToBytes(box);
	return bytes !== null && SEALED_SIZES.includes(bytes.length);
}

/**
 * The text of a private message, opened by the writer's or the recipient's seat (`seat`) with its
 * box secret b: BAD_SEAL when `seat` is neither, when the box does not open with b (sealed to
 * another key, tampered, copied from another message) or holds no well-padded text; TOO_LONG or
 * MALFORMED when the text inside breaks the text rules.
 */
export function openChat(p: { message: PrivateMessage; seat: number; boxSecret: bigint }): ChatResult<string> {
	const m = p.message;
	const slot = p.seat === m.seat ? 0 : p.seat === m.to ? 1 : -1;
	if (slot < 0) return chatFail('BAD_SEAL', `seat ${p.seat} is not a party to this message`);
	if (typeof p.boxSecret !== 'bigint' || !Fn.isValidNot0(p.boxSecret)) return chatFail('BAD_SEAL', 'the box secret is in [1, ℓ)');
	const bytes = base64urlToBytes(m.box);
	if (bytes === null || !SEALED_SIZES.includes(bytes.length)) return chatFail('BAD_SEAL', 'the box is not a sealed message');
	const ephemeral = pointFromBytes(bytes.subarray(slot * WRAP, slot * WRAP + 32));
	if (ephemeral === null || ephemeral.is0()) return chatFail('BAD_SEAL', 'the box has no valid ephemeral key for this seat');
	const boxKey = mulSecret(G, p.boxSecret);
	let contentKey: Uint8Array;
	let padded: Uint8Array;
	try {
		contentKey = wrapCipher(mulSecret(ephemeral, p.boxSecret), wrapInfo(m, slot, ephemeral, boxKey)).decrypt(bytes.subarray(slot * WRAP + 32, (slot + 1) * WRAP));
		padded = xchacha20poly1305(contentKey, bytes.subarray(2 * WRAP, HEADER), bodyAad(m)).decrypt(bytes.subarray(HEADER));
	} catch {
		return chatFail('BAD_SEAL', `the box does not open with seat ${p.seat}\u2019s key (sealed to another key, tampered or copied)`);
	}
	const text = unpadText(padded);
	if (text === null) return chatFail('BAD_SEAL', 'the box holds no well-padded text');
	return checkChatText(text);
}
