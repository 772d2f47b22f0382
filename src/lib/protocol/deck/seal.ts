/**
 * Sealing bytes to one seat's box key (the per-game key pair B = G·b of ../coin/keys.ts): ECIES
 * over ristretto255 in the DHIES style (M. Abdalla, M. Bellare, P. Rogaway, "The oracle
 * Diffie–Hellman assumptions and an analysis of DHIES", CT-RSA 2001; SEC 1 §5.1 ECIES), built only
 * from audited primitives: noble's ristretto255, HKDF-SHA-256 (RFC 5869, @noble/hashes) and
 * XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha, @noble/ciphers).
 *
 *   e fresh, E = G·e, K = B·e (= E·b), info = transcript("fnord-v2:deck-seal", kind, game, from, to, position, E, B)
 *   key ‖ nonce = HKDF-SHA-256(ikm = K, salt = "fnord-v2:deck-seal", info, 32 + 24)
 *   ct = XChaCha20-Poly1305(key, nonce, aad = info).encrypt(plaintext)
 *   proof = Schnorr proof of knowledge of e (the coin module's proveKnowledge, tag "deck-seal")
 *           bound to kind, game, from, to, position, B and ct
 *   box = E ‖ proof (64 bytes) ‖ ct
 *
 * The key is fresh for every seal (a fresh e), so the derived nonce is never reused under a key.
 * The proof of knowledge of e is what makes complaints safe (complaint.ts, as the DKG's dealings
 * in ../coin/dkg.ts): a recipient who complains reveals K = E·b, and without the proof a cheater
 * could copy an honest sender's E (or E + G·r) into a bad seal of its own, and the complaint would
 * reveal the key of the honest seal too. With it, a seal's E is one its sender knows the logarithm
 * of, so a revealed K is something that sender could compute anyway.
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { decodePoint, Fn, mulSecret, pointBytes, pointFromBytes, randomScalar, transcript, type Point, type Random } from '../coin/group.js';
import { proveKnowledge, verifyKnowledge, type KnowledgeStatement } from '../coin/proofs.js';
import { checkGame, checkIndex, fail, ok, type Result } from './errors.js';
import { fixedBase } from './masking.js';

/** What a seal carries: one seat's partial decryption for the drawer, t partials re-sealed to
 * reveal a card to one seat, or a private offer's terms to one of its parties (session/sealed-offers.ts). */
/** `bot`: a computer player's seed, sealed to the players who may go on playing it (protocol/bot-claim.ts). */
export type SealKind = 'partial' | 'reveal' | 'offer' | 'bot';
const KINDS: readonly unknown[] = ['partial', 'reveal', 'offer', 'bot'];

/** A sealed message as posted in the log. */
export interface Seal {
	readonly kind: SealKind;
	/** The seat that sealed it. */
	readonly from: number;
	/** The only seat that can open it. */
	readonly to: number;
	/** The deck position it concerns. */
	readonly position: number;
	/** base64url(E ‖ proof ‖ ciphertext). */
	readonly box: string;
}

export interface ParsedSeal {
	readonly seal: Seal;
	readonly ephemeral: Point;
	readonly proof: Uint8Array;
	readonly ciphertext: Uint8Array;
}

const SALT = utf8ToBytes('fnord-v2:deck-seal');
/** Bytes before the ciphertext: E (32) and the proof of knowledge of e (c ‖ z, 64). */
const HEADER = 96;
/** Poly1305 tag bytes. */
const TAG = 16;
const FIELDS = 'box,from,kind,position,to';

function info(seal: Omit<Seal, 'box'>, game: string, ephemeral: Point, boxKey: Point): Uint8Array {
	return transcript(['fnord-v2:deck-seal', seal.kind, game, seal.from, seal.to, seal.position, ephemeral, boxKey]);
}

function knowledge(seal: Omit<Seal, 'box'>, game: string, ephemeral: Point, boxKey: Point, ciphertext: Uint8Array): KnowledgeStatement {
	return { tag: 'deck-seal', context: [seal.kind, game, seal.from, seal.to, seal.position, boxKey, ciphertext], points: [ephemeral] };
}

function cipher(shared: Point, context: Uint8Array) {
	const okm = hkdf(sha256, pointBytes(shared), SALT, context, 56);
	return xchacha20poly1305(okm.subarray(0, 32), okm.subarray(32), context);
}

/** A box key's point, or null when the text is not a canonical non-identity point. */
export function boxKeyPoint(text: unknown): Point | null {
	try {
		return decodePoint(text, 'the box key');
	} catch {
		return null;
	}
}

/** `plaintext` sealed from seat `from` to seat `to` (box key `boxKey`) about deck position `position`. */
export function sealBytes(p: {
	game: string;
	kind: SealKind;
	from: number;
	to: number;
	position: number;
	boxKey: string;
	plaintext: Uint8Array;
	random: Random;
}): Result<Seal> {
	const game = checkGame(p.game);
	if (!game.ok) return game;
	for (const [value, what] of [[p.from, 'the sender'], [p.to, 'the recipient'], [p.position, 'the position']] as const) {
		const index = checkIndex(value, what);
		if (!index.ok) return index;
	}
	if (!KINDS.includes(p.kind)) return fail('BAD_INPUT', 'a seal is of kind partial, reveal, offer or bot');
	const boxKey = boxKeyPoint(p.boxKey);
	if (boxKey === null) return fail('BAD_INPUT', 'the recipient\u2019s box key is not a canonical non-identity point');
	const e = randomScalar(p.random);
	const ephemeral = mulSecret(fixedBase(), e);
	const address = { kind: p.kind, from: p.from, to: p.to, position: p.position };
	const context = info(address, game.value, ephemeral, boxKey);
	const ciphertext = cipher(mulSecret(boxKey, e), context).encrypt(p.plaintext);
	const proof = proveKnowledge(knowledge(address, game.value, ephemeral, boxKey, ciphertext), [e], p.random);
	return ok({ ...address, box: bytesToBase64url(concatBytes(pointBytes(ephemeral), proof, ciphertext)) });
}

/**
 * The box of a seal with a chosen ephemeral scalar e and ciphertext, and its proof of knowledge of
 * e: what a sender who seals garbage posts (tests use it to make seals that do not open).
 */
export function proveSeal(p: { game: string; address: Omit<Seal, 'box'>; boxKey: string; ephemeral: bigint; ciphertext: Uint8Array; random: Random }): string {
	const boxKey = decodePoint(p.boxKey, 'the box key');
	const ephemeral = mulSecret(fixedBase(), p.ephemeral);
	const proof = proveKnowledge(knowledge(p.address, p.game, ephemeral, boxKey, p.ciphertext), [p.ephemeral], p.random);
	return bytesToBase64url(concatBytes(pointBytes(ephemeral), proof, p.ciphertext));
}

/**
 * The parts of a seal addressed to the seat whose box key is `boxKey`, when it is well formed and
 * its proof of knowledge of e holds for this game; else BAD_SEAL naming the sender (a fault anyone
 * can see: no complaint is needed, and none should be made, see above). BAD_INPUT for a bad game
 * id or box key.
 */
export function parseSeal(p: { game: string; seal: unknown; boxKey: string }): Result<ParsedSeal> {
	const game = checkGame(p.game);
	if (!game.ok) return game;
	const boxKey = boxKeyPoint(p.boxKey);
	if (boxKey === null) return fail('BAD_INPUT', 'the recipient\u2019s box key is not a canonical non-identity point');
	const s: unknown = p.seal;
	if (typeof s !== 'object' || s === null || Object.keys(s).sort().join() !== FIELDS) {
		return fail('BAD_SEAL', `a seal is an object with exactly the fields ${FIELDS.replaceAll(',', ', ')}`);
	}
	const { kind, from, to, position, box } = s as Record<string, unknown>;
	const sender = checkIndex(from, 'the sender');
	if (!sender.ok) return fail('BAD_SEAL', sender.error.message);
	const at = { seat: sender.value };
	if (!KINDS.includes(kind)) return fail('BAD_SEAL', 'a seal is of kind partial, reveal, offer or bot', at);
	const recipient = checkIndex(to, 'the recipient');
	const where = checkIndex(position, 'the position');
	if (!recipient.ok || !where.ok) return fail('BAD_SEAL', 'a seal names a recipient seat and a deck position', at);
	const bytes = typeof box === 'string' ? base64urlToBytes(box) : null;
	if (bytes === null || bytes.length <= HEADER + TAG || bytesToBase64url(bytes) !== box) {
		return fail('BAD_SEAL', `seat ${sender.value}'s seal is not canonical base64url of more than ${HEADER + TAG} bytes`, { ...at, position: where.value });
	}
	const ephemeral = pointFromBytes(bytes.subarray(0, 32));
	if (ephemeral === null || ephemeral.is0()) return fail('BAD_SEAL', `seat ${sender.value}'s seal has no valid ephemeral key`, { ...at, position: where.value });
	const seal = s as Seal;
	const proof = bytes.subarray(32, HEADER);
	const ciphertext = bytes.subarray(HEADER);
	if (!verifyKnowledge(knowledge(seal, game.value, ephemeral, boxKey, ciphertext), proof)) {
		return fail('BAD_SEAL', `seat ${sender.value}'s seal has no valid proof of knowledge of its ephemeral key`, { ...at, position: where.value });
	}
	return ok({ seal, ephemeral, proof, ciphertext });
}

/** The plaintext of a parsed seal from the shared point K (E·b), or null when authentication fails. */
export function openWithShared(p: { game: string; parsed: ParsedSeal; boxKey: Point; shared: Point }): Uint8Array | null {
	try {
		return cipher(p.shared, info(p.parsed.seal, p.game, p.parsed.ephemeral, p.boxKey)).decrypt(p.parsed.ciphertext);
	} catch {
		return null;
	}
}

/**
 * The plaintext of a seal, opened by its recipient with its box secret b (boxKey = G·b): BAD_SEAL
 * (see parseSeal), BAD_INPUT (a box secret that is not boxKey's), SEAL_NOT_OPENED (authentication
 * fails: the sender sealed something else, or to another key; complain, complaint.ts).
 */
export function openSealBytes(p: { game: string; seal: unknown; boxSecret: bigint; boxKey: string }): Result<{ parsed: ParsedSeal; plaintext: Uint8Array }> {
	const parsed = parseSeal(p);
	if (!parsed.ok) return parsed;
	if (typeof p.boxSecret !== 'bigint' || !Fn.isValidNot0(p.boxSecret)) return fail('BAD_INPUT', 'the box secret is in [1, ℓ)');
	const boxKey = boxKeyPoint(p.boxKey)!;
	if (!mulSecret(fixedBase(), p.boxSecret).equals(boxKey)) return fail('BAD_INPUT', 'the box key is not G·boxSecret');
	const { seal } = parsed.value;
	const plaintext = openWithShared({ game: p.game, parsed: parsed.value, boxKey, shared: mulSecret(parsed.value.ephemeral, p.boxSecret) });
	if (plaintext === null) {
		return fail('SEAL_NOT_OPENED', `seat ${seal.from}'s ${seal.kind} seal for position ${seal.position} does not open with seat ${seal.to}'s box key`, {
			seat: seal.from,
			position: seal.position
		});
	}
	return ok({ parsed: parsed.value, plaintext });
}
