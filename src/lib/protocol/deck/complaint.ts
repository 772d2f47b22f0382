/**
 * Publicly verifiable complaints against a seal (the pattern of the DKG's complaints,
 * ../coin/complaint.ts). The recipient of a seal that does not open, or opens to a bad partial
 * decryption, reveals the shared point K = E·b of that one seal with a Chaum–Pedersen proof
 * (CRYPTO '92, Fiat–Shamir; the coin module's proveDleq, tag "deck-seal-complaint") that
 * log_G(B) = log_E(K). Anyone can then derive the seal's key, open it and check its content
 * (sealed.ts, checkContent): if the proof holds and the seal does not open or its content is bad,
 * the sender cheated; otherwise the complaint is false. A complaint discloses that seal's content
 * only (the box secret b stays secret, and the seal's proof of knowledge of e keeps K from opening
 * any other seal, see seal.ts).
 */
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import { decodePoint, encodePoint, G, Fn, mulSecret, type Point, type Random } from '../coin/group.js';
import { proveDleq, verifyDleq, type DleqStatement } from '../coin/proofs.js';
import { fail, ok, type Result } from './errors.js';
import { fixedBase } from './masking.js';
import type { PartialDecryption } from './partial.js';
import { boxKeyPoint, openWithShared, parseSeal, type ParsedSeal, type Seal, type SealKind } from './seal.js';
import { checkContent, decodePartials, type ContentCheck } from './sealed.js';

/** Seat `to`'s public complaint against the seal from seat `from` about position `position`. */
export interface SealComplaint {
	readonly kind: SealKind;
	readonly from: number;
	readonly to: number;
	readonly position: number;
	/** K = E·b_to, the seal's shared point (43 characters). */
	readonly shared: string;
	/** The Chaum–Pedersen proof (c ‖ z) that log_G(B_to) = log_E(K): 64 bytes, 86 characters. */
	readonly proof: string;
}

export type SealVerdict = 'sender-cheated' | 'false-complaint';

const FIELDS = 'from,kind,position,proof,shared,to';

function statement(game: string, seal: Seal, boxKey: Point, ephemeral: Point, shared: Point): DleqStatement {
	return { tag: 'deck-seal-complaint', context: [game, seal.kind, seal.from, seal.to, seal.position, seal.box], g1: G, h1: boxKey, g2: ephemeral, h2: shared };
}

/**
 * The complaint of a seal's recipient (box key pair boxSecret/boxKey). Refused (BAD_SEAL) for a
 * seal that is malformed or lacks its proof of knowledge: that is a public fault needing no
 * complaint, and revealing K for it could open another sender's seal. Complain only about a seal
 * that openSealed or openReveal refused with SEAL_NOT_OPENED, BAD_PARTIAL or BAD_PROOF: a complaint
 * about a good seal is judged false and discloses its content.
 */
export function complainSeal(p: { game: string; seal: unknown; boxSecret: bigint; boxKey: string; random: Random }): Result<SealComplaint> {
	const parsed = parseSeal(p);
	if (!parsed.ok) return parsed;
	if (typeof p.boxSecret !== 'bigint' || !Fn.isValidNot0(p.boxSecret)) return fail('BAD_INPUT', 'the box secret is in [1, ℓ)');
	const boxKey = boxKeyPoint(p.boxKey)!;
	if (!mulSecret(fixedBase(), p.boxSecret).equals(boxKey)) return fail('BAD_INPUT', 'the box key is not G·boxSecret');
	const { seal, ephemeral } = parsed.value;
	const shared = mulSecret(ephemeral, p.boxSecret);
	const proof = proveDleq(statement(p.game, seal, boxKey, ephemeral, shared), p.boxSecret, p.random);
	const { kind, from, to, position } = seal;
	return ok({ kind, from, to, position, shared: encodePoint(shared), proof: bytesToBase64url(proof) });
}

/** The box key of the seat a seal names as its recipient (boxKeys: every seat's published box key), or null. */
function recipientKey(seal: unknown, boxKeys: readonly string[]): { text: string; point: Point } | null {
	const to = typeof seal === 'object' && seal !== null ? (seal as { to?: unknown }).to : undefined;
	if (!Array.isArray(boxKeys) || typeof to !== 'number' || !Number.isSafeInteger(to) || to < 0 || to >= boxKeys.length) return null;
	const text = boxKeys[to];
	const point = boxKeyPoint(text);
	return point === null ? null : { text: text!, point };
}

/**
 * What a complaint opens: null when it does not hold (malformed, naming another seal, or its proof
 * fails), else the seal's plaintext, or 'not-opened' when the revealed K does not open it.
 */
function opened(game: string, parsed: ParsedSeal, boxKey: Point, complaint: unknown): Uint8Array | 'not-opened' | null {
	const { seal, ephemeral } = parsed;
	const c: unknown = complaint;
	if (typeof c !== 'object' || c === null || Object.keys(c).sort().join() !== FIELDS) return null;
	const { kind, from, to, position, shared: sharedText, proof: proofText } = c as Record<string, unknown>;
	if (kind !== seal.kind || from !== seal.from || to !== seal.to || position !== seal.position) return null;
	let shared: Point;
	try {
		shared = decodePoint(sharedText, 'the shared point');
	} catch {
		return null;
	}
	const proof = typeof proofText === 'string' ? base64urlToBytes(proofText, 64) : null;
	if (proof === null || !verifyDleq(statement(game, seal, boxKey, ephemeral, shared), proof)) return null;
	return openWithShared({ game, parsed, boxKey, shared }) ?? 'not-opened';
}

/**
 * Anyone's verdict on a complaint about `seal` (as posted in the log by seat seal.from), given the
 * box keys every seat published (the seal's recipient seal.to's is used) and what its content must be (the masked card at the
 * position, the share keys, t). 'sender-cheated' when the seal itself is malformed or unproven
 * (parseSeal), or when the complaint's proof holds and the seal does not open with the revealed K
 * or opens to a bad content; 'false-complaint' otherwise, including a complaint naming another
 * seal or position, a malformed complaint, or a recipient without a valid box key (the seal can
 * then not be judged). Deterministic; never throws.
 */
export function judgeSealComplaint(p: ContentCheck & { seal: unknown; complaint: unknown; boxKeys: readonly string[] }): SealVerdict {
	const recipient = recipientKey(p.seal, p.boxKeys);
	if (recipient === null || typeof p.game !== 'string') return 'false-complaint';
	const parsed = parseSeal({ game: p.game, seal: p.seal, boxKey: recipient.text });
	if (!parsed.ok) return parsed.error.code === 'BAD_SEAL' ? 'sender-cheated' : 'false-complaint';
	if (parsed.value.seal.position !== p.position) return 'false-complaint';
	const plaintext = opened(p.game, parsed.value, recipient.point, p.complaint);
	if (plaintext === null) return 'false-complaint';
	if (plaintext === 'not-opened') return 'sender-cheated';
	const content = checkContent(parsed.value.seal.kind, parsed.value.seal.from, plaintext, p);
	if (content.ok) return 'false-complaint';
	return content.error.code === 'BAD_INPUT' ? 'false-complaint' : 'sender-cheated';
}

/**
 * The partials a seal holds, as anyone sees them once a complaint holds (for showing the bad
 * partial): the decoded list, or null when the complaint does not hold or the seal does not open
 * (or does not hold whole partials) with the revealed K.
 */
export function openedByComplaint(p: { game: string; seal: unknown; complaint: unknown; boxKeys: readonly string[] }): PartialDecryption[] | null {
	const recipient = recipientKey(p.seal, p.boxKeys);
	if (recipient === null) return null;
	const parsed = parseSeal({ game: p.game, seal: p.seal, boxKey: recipient.text });
	if (!parsed.ok) return null;
	const plaintext = opened(p.game, parsed.value, recipient.point, p.complaint);
	if (plaintext === null || plaintext === 'not-opened') return null;
	const partials = decodePartials(plaintext, parsed.value.seal.from);
	return partials.ok ? partials.value : null;
}
