/**
 * Private offers sealed to their two parties (issue 13, "Secrets that stay secret"; protocol
 * version 2 online games). The log carries only the parties, a salted commitment to the terms and
 * boxes only the two parties can open (the session seals them: session/sealed-offers.ts); the
 * engine stores the commitment alone. Accepting reveals the exchange (what the rules make public:
 * Gifts and Trades, the exchange is made at once, in the open) with its salt, and the engine checks
 * it against the commitment before it checks and makes the exchange. A promise for later (the
 * note) stays secret even then: the commitment covers only its digest under a salt of its own.
 *
 * The commitment is SHA-256 over canonical JSON, the very code the secret goals use (hash.ts,
 * setup.ts `goalCommitment`): sha256("offer:" ‖ from ‖ ":" ‖ to ‖ ":" ‖ canonical terms ‖ ":" ‖ salt).
 */
import { canonicalJson, sha256Hex } from './hash.js';
import type { OfferSide, Seat } from './types.js';

/** What an acceptance reveals: the exchange, the salt, and the note's digest ('' for no note). */
export interface RevealedTerms {
	readonly give: OfferSide;
	readonly take: OfferSide;
	/** 32 lowercase hex digits or more (16 random bytes). */
	readonly salt: string;
	readonly note: string;
}

/** What the parties' boxes hold: the whole offer, with the note in clear and its salt. */
export interface SealedTerms {
	readonly give: OfferSide;
	readonly take: OfferSide;
	readonly note: string | null;
	readonly salt: string;
	readonly noteSalt: string;
}

/** The digest standing for a note in the commitment ('' when there is none). */
export function noteDigest(note: string | null, noteSalt: string): string {
	return note === null || note === '' ? '' : sha256Hex(`offer-note:${note}:${noteSalt}`);
}

/** What the log holds for a private offer from `from` to `to` with these terms. */
export function offerCommitment(from: Seat, to: Seat, terms: Omit<RevealedTerms, 'salt'>, salt: string): string {
	const shown = { give: terms.give, take: terms.take, note: terms.note };
	return sha256Hex(`offer:${from}:${to}:${canonicalJson(shown)}:${salt}`);
}

/** The terms an acceptance reveals for a box's content. */
export function revealedTerms(sealed: SealedTerms): RevealedTerms {
	return { give: sealed.give, take: sealed.take, salt: sealed.salt, note: noteDigest(sealed.note, sealed.noteSalt) };
}

/** Whether revealed terms match the commitment a private offer from `from` to `to` was made with. */
export function matchesCommitment(from: Seat, to: Seat, terms: RevealedTerms, commitment: string): boolean {
	return offerCommitment(from, to, terms, terms.salt) === commitment;
}
