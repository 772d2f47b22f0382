/**
 * The session's refusals (engine/result.ts gives the shape). A session refuses with its own codes,
 * `SESSION_ERROR_CODES`, before anything reaches the log; it passes on the protocol's code when
 * the protocol refused the entry (or would: `NOT_SEAT_HOLDER`, `UNKNOWN_SEAT`, `SEAT_TAKEN`) and the
 * engine's rule code when the action is illegal (`ALREADY_VOTED` for a vote this device already cast).
 */
import type { Refusal, Refused, Result, RuleErrorCode } from '../engine/index.js';
import type { ProtocolCode } from '../protocol/refusal.js';

/** Every code the session layer owns. */
export const SESSION_ERROR_CODES = [
	/** The game's setup has not reached this device (its log has no accepted create or fork here). */
	'GAME_NOT_HERE',
	/** A game saved by an earlier version (or an imported copy): watched, stepped through, forked, not played on. */
	'READ_ONLY',
	/** An absence vote against a seat the table is not waiting for. */
	'NOT_AWAITED',
	/** A sealed offer with no box for this seat (sealed-offers.ts; its maker is named). */
	'BOX_MISSING',
	/** A sealed offer's box opens to something that is not terms. */
	'BAD_TERMS',
	/** A sealed offer's box holds other terms than its commitment. */
	'TERMS_MISMATCH',
	/** The chat stored on this device before it opened is still being read (chat.ts): send again in a moment. */
	'NOT_READY',
] as const;

export type SessionCode = (typeof SESSION_ERROR_CODES)[number];

/** A code a session may answer: its own, the protocol's, or the engine's. */
export type SessionRefusalCode = SessionCode | ProtocolCode | RuleErrorCode;

export type SessionRefusal = Refusal<SessionRefusalCode>;

/** What a session's act, claim, start and absence vote answer: the new entry's id, or a refusal. */
export type ActResult = Result<{ readonly id: string }, SessionRefusalCode>;

/** A refused ActResult. */
export function sessionRefused(code: SessionRefusalCode, message: string): Refused<SessionRefusalCode> {
	return { ok: false, error: { code, message } };
}
