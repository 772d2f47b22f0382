/**
 * The protocol layer's refusals (engine/result.ts gives the shape): its own codes, `PROTOCOL_ERROR_CODES`,
 * and, for an illegal action, the engine's rule code passed on unchanged.
 */
import type { Refusal, RuleErrorCode } from '../engine/index.js';
import { UNDO_ERROR_CODES } from './v2/undo-codes.js';
import { STAND_IN_ERROR_CODES } from './v2/stand-in-codes.js';
import { DECK_FORK_ERROR_CODES } from './v2/deck/fork.js';

/** Every code the protocol layer owns (the deck's are in deck/errors.ts). */
export const PROTOCOL_ERROR_CODES = [
	'MALFORMED',
	'OVERSIZED',
	'BAD_SIGNATURE',
	'DUPLICATE',
	'NO_GAME',
	'WRONG_GAME',
	'BAD_CHAIN',
	'EQUIVOCATION',
	'NOT_SEAT_HOLDER',
	'UNKNOWN_SEAT',
	'SEAT_TAKEN',
	'BAD_REVEAL',
	'BAD_COMMIT',
	'BAD_FORK',
	'WRONG_VERSION',
	'BAD_DEAL',
	'BAD_KEYS',
	'BAD_SHARE',
	'CHEATER',
	'GAME_FORFEITED',
	'BROKEN',
	'NOT_FORKER',
	'BAD_CARRY',
	'VOTE_ANSWERED',
	// A bot's join that seat `by` did not sign (bot-claim.ts; docs/protocol.md, "Computer players").
	'BOT_NOT_AUTHORIZED',
	// A join whose box key is no ristretto255 point or the identity (v2/entry-handlers.ts): nobody could seal to it.
	'BAD_BOX_KEY',
	// The secret deck's entries (v2/deck/handlers.ts; docs/deck.md); its cryptography's codes are deck/errors.ts's.
	'NO_DECK',
	'BAD_SHUFFLE',
	'NO_DRAW',
	'NOT_DRAWER',
	'SUBSTITUTED_CARD',
	'KEPT_A_GROUP',
	// A card said kept when the claims already made cover every Special still unseen: it must be shown.
	'MUST_SHOW',
	'FALSE_COMPLAINT',
	// Hidden Illuminati: a "no" or a statement found false when every Illuminati opened at the end (v2/illuminati/).
	'LIED_ABOUT_ILLUMINATI',
	// Undo: takebacks and the table's votes (v2/takeback.ts).
	...UNDO_ERROR_CODES,
	// Stand-ins for absent seats (v2/stand-in.ts).
	...STAND_IN_ERROR_CODES,
	// A fork of a secret-deck game after its first draw (v2/deck/fork.ts).
	...DECK_FORK_ERROR_CODES,
] as const;

export type ProtocolCode = (typeof PROTOCOL_ERROR_CODES)[number];

/** A refusal of an entry: a protocol code, or the engine's rule code for an illegal action. */
export type ProtocolRefusal = Refusal<ProtocolCode | RuleErrorCode>;

/** A protocol refusal (the entry handlers' `refuse`). */
export function protocolRefusal(code: ProtocolCode | RuleErrorCode, message: string): ProtocolRefusal {
	return { code, message };
}
