/**
 * Partial decryptions sealed to one seat (seal.ts), so that only that seat learns the card:
 *
 * - a draw: each of the other seats seals its partial decryption of the drawn position to the
 *   drawer (`sealPartial`, kind "partial"); the drawer opens them (`openSealed`), adds its own
 *   and combines any t (partial.ts). An absent seat is not needed as long as t seats answer.
 * - Computer Espionage and the like: a seat holding a card re-seals the t partials it combined to
 *   another seat (`revealTo`, kind "reveal"), which checks every proof and combines (`openReveal`):
 *   the proofs bind the partials to the position, so it learns the very card drawn there.
 *
 * The plaintext is a list of partial decryptions, each the seat (1 byte) and its 96-byte share.
 * A seal that opens to anything else (another seat's partial, a bad proof, garbage) is grounds for
 * a public complaint (complaint.ts).
 */
import { concatBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';
import type { Random } from '../coin/group.js';
import { checkIndex, fail, ok, type Result } from './errors.js';
import { combine, parsePartial, partialDecryption, PARTIAL_BYTES, verifyPartial, type PartialDecryption } from './partial.js';
import { openSealBytes, sealBytes, type Seal, type SealKind } from './seal.js';
import type { MaskedCard } from './masking.js';

const ENTRY = 1 + PARTIAL_BYTES;

/** Partials as plaintext: seat (1 byte) ‖ share (96 bytes) each. */
export function encodePartials(partials: readonly PartialDecryption[]): Result<Uint8Array> {
	const chunks: Uint8Array[] = [];
	for (const partial of partials) {
		const parsed = parsePartial(partial, 256);
		if (!parsed.ok) return parsed;
		chunks.push(Uint8Array.of(partial.seat), base64urlToBytes(partial.share, PARTIAL_BYTES)!);
	}
	return ok(concatBytes(...chunks));
}

/** The partials a plaintext lists, or BAD_PARTIAL when it is not a whole number of entries. */
export function decodePartials(plaintext: Uint8Array, sender: number): Result<PartialDecryption[]> {
	if (plaintext.length === 0 || plaintext.length % ENTRY !== 0) {
		return fail('BAD_PARTIAL', `seat ${sender}'s seal does not hold whole partial decryptions`, { seat: sender });
	}
	const out: PartialDecryption[] = [];
	for (let i = 0; i < plaintext.length; i += ENTRY) {
		out.push({ seat: plaintext[i]!, share: bytesToBase64url(plaintext.subarray(i + 1, i + ENTRY)) });
	}
	return ok(out);
}

/** What a seal's content must be, for a seal from `from` of kind `kind` about `card` at `position`. */
export interface ContentCheck {
	readonly game: string;
	readonly position: number;
	readonly card: MaskedCard;
	readonly shareKeys: readonly string[];
	/** The threshold (checked for kind "reveal"). */
	readonly t: number;
}

/**
 * The verified partials a seal's plaintext holds: for kind "partial" exactly one, the sender's
 * own; for kind "reveal" partials of at least t distinct seats, every one valid. Every fault is the
 * sender's: BAD_PARTIAL or BAD_PROOF naming the sender (the seat that sealed it).
 */
export function checkContent(kind: SealKind, from: number, plaintext: Uint8Array, c: ContentCheck): Result<PartialDecryption[]> {
	const at = { seat: from, position: c.position };
	const decoded = decodePartials(plaintext, from);
	if (!decoded.ok) return fail('BAD_PARTIAL', decoded.error.message, at);
	const partials = decoded.value;
	if (kind === 'partial' && (partials.length !== 1 || partials[0]!.seat !== from)) {
		return fail('BAD_PARTIAL', `seat ${from}'s seal does not hold its own partial decryption alone`, at);
	}
	const seats = new Set<number>();
	for (const partial of partials) {
		if (partial.seat >= c.shareKeys.length || seats.has(partial.seat)) {
			return fail('BAD_PARTIAL', `seat ${from}'s seal holds a partial of seat ${partial.seat}, unknown or repeated`, at);
		}
		seats.add(partial.seat);
		const verified = verifyPartial({ ...c, partial, shareKey: c.shareKeys[partial.seat]! });
		if (!verified.ok) {
			if (verified.error.code === 'BAD_INPUT') return verified;
			return fail(verified.error.code, `in seat ${from}'s seal: ${verified.error.message}`, at);
		}
	}
	if (kind === 'reveal' && seats.size < c.t) return fail('BAD_PARTIAL', `seat ${from}'s reveal holds ${seats.size} partial decryptions, not ${c.t}`, at);
	return ok(partials);
}

/**
 * Seat `seat`'s partial decryption of the masked card at `position`, sealed to the drawer `to`
 * (its box key `boxKey`). `random` feeds the proof's nonce and the seal's ephemeral key.
 */
export function sealPartial(p: {
	game: string;
	position: number;
	card: MaskedCard;
	seat: number;
	secret: bigint;
	to: number;
	boxKey: string;
	random: Random;
}): Result<Seal> {
	const partial = partialDecryption(p);
	if (!partial.ok) return partial;
	const plaintext = encodePartials([partial.value]);
	if (!plaintext.ok) return plaintext;
	return sealBytes({ ...p, kind: 'partial', from: p.seat, plaintext: plaintext.value });
}

/** The common checks of a seal its recipient `seat` opens: its kind, position and recipient. */
function addressed(seal: unknown, kind: SealKind, seat: number, position: number): Result<void> {
	const index = checkIndex(seat, 'the seat');
	if (!index.ok) return index;
	const s = seal as Partial<Seal> | null;
	if (typeof s !== 'object' || s === null) return fail('BAD_SEAL', 'a seal is an object');
	if (s.kind !== 'partial' && s.kind !== 'reveal') {
		return fail('BAD_SEAL', 'a seal is of kind partial or reveal', checkIndex(s.from, 'the sender').ok ? { seat: s.from } : {});
	}
	if (s.kind !== kind || s.to !== seat || s.position !== position) {
		return fail('BAD_INPUT', `this is not a ${kind} seal to seat ${seat} for position ${position}`);
	}
	return ok(undefined);
}

/**
 * The drawer's (seat `seat`, box key pair boxSecret/boxKey) opening of a "partial" seal for the
 * card at `position`: the sender's verified partial decryption, or BAD_SEAL (public fault),
 * SEAL_NOT_OPENED, BAD_PARTIAL or BAD_PROOF, each naming the sender. On the last three, complain
 * (complaint.ts) so everyone can see it.
 */
export function openSealed(p: ContentCheck & { seal: unknown; seat: number; boxSecret: bigint; boxKey: string }): Result<PartialDecryption> {
	const checked = addressed(p.seal, 'partial', p.seat, p.position);
	if (!checked.ok) return checked;
	const opened = openSealBytes(p);
	if (!opened.ok) return opened;
	const content = checkContent('partial', opened.value.parsed.seal.from, opened.value.plaintext, p);
	return content.ok ? ok(content.value[0]!) : content;
}

/**
 * Seat `seat` shows the card it holds at `position` to seat `to` alone: the t partials it combined
 * (its own included) re-sealed to `to`'s box key. The recipient checks every proof (openReveal).
 */
export function revealTo(p: {
	game: string;
	position: number;
	seat: number;
	partials: readonly PartialDecryption[];
	to: number;
	boxKey: string;
	random: Random;
}): Result<Seal> {
	if (!Array.isArray(p.partials) || p.partials.length === 0) return fail('BAD_INPUT', 'a reveal holds partial decryptions');
	const plaintext = encodePartials(p.partials);
	if (!plaintext.ok) return plaintext;
	return sealBytes({ ...p, kind: 'reveal', from: p.seat, plaintext: plaintext.value });
}

/**
 * Seat `seat`'s opening of a "reveal" seal: the card at `position` and the partials that prove it
 * (t distinct seats, every proof checked against shareKeys), or the seal's fault as in openSealed;
 * NOT_A_CARD when valid partials unmask no card (the deck was tampered with: the audit will say by whom).
 */
export function openReveal(
	p: ContentCheck & { seal: unknown; seat: number; boxSecret: bigint; boxKey: string }
): Result<{ card: number; partials: PartialDecryption[] }> {
	const checked = addressed(p.seal, 'reveal', p.seat, p.position);
	if (!checked.ok) return checked;
	const opened = openSealBytes(p);
	if (!opened.ok) return opened;
	const content = checkContent('reveal', opened.value.parsed.seal.from, opened.value.plaintext, p);
	if (!content.ok) return content;
	const card = combine({ card: p.card, partials: content.value, t: p.t, position: p.position });
	return card.ok ? ok({ card: card.value, partials: content.value }) : card;
}
