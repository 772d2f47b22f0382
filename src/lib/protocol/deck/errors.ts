/**
 * Typed results of the deck: every function that takes data from the log (or from a caller)
 * answers `{ ok: true, value }` or `{ ok: false, error }` and never throws on bad input. An error
 * has a code, a message for people, and where it is known the seat at fault and the deck position.
 */
import type { Refusal, Result as Answer } from '../../engine/index.js';

export type DeckErrorCode =
	/** A parameter is not what the function takes (a seat index, a game id, a key, a seed's length). */
	| 'BAD_INPUT'
	/** A deck or a masked card is malformed: a length, an encoding, an identity point, a duplicate, a card in the clear. */
	| 'BAD_DECK'
	/** A shuffler's revealed seed does not match the commitment it published with its shuffle. */
	| 'BAD_SEED'
	/** Re-running a shuffle from its revealed seed does not give the deck the shuffler published. */
	| 'SHUFFLE_MISMATCH'
	/** A partial decryption is malformed (encoding, identity point, seat). */
	| 'BAD_PARTIAL'
	/** A partial decryption's Chaum–Pedersen proof does not hold. */
	| 'BAD_PROOF'
	/** Fewer than t partial decryptions from distinct seats. */
	| 'NOT_ENOUGH_PARTIALS'
	/** The unmasked point is not one of the 128 card points. */
	| 'NOT_A_CARD'
	/** A seal is malformed or its proof of knowledge of the ephemeral key fails: the sender's fault, seen by all. */
	| 'BAD_SEAL'
	/** A seal does not open with the recipient's box key (authentication fails): complain (complaint.ts). */
	| 'SEAL_NOT_OPENED';

export interface DeckError extends Refusal<DeckErrorCode> {
	/** The seat at fault, when one is known (the shuffler, the author of a partial, the sender of a seal). */
	readonly seat?: number;
	/** The deck position concerned, when there is one. */
	readonly position?: number;
}

/** The deck's answers in the shape every layer uses (engine/result.ts). */
export type Result<T> = Answer<{ readonly value: T }, DeckErrorCode, DeckError>;

export function ok<T>(value: T): Result<T> {
	return { ok: true, value };
}

export function fail<T = never>(code: DeckErrorCode, message: string, at: { seat?: number; position?: number } = {}): Result<T> {
	const error: DeckError = { code, message };
	if (at.seat !== undefined) Object.assign(error, { seat: at.seat });
	if (at.position !== undefined) Object.assign(error, { position: at.position });
	return { ok: false, error };
}

/** The failure of `result` (an error result) as a result of another type. */
export function relay<T>(result: { readonly ok: false; readonly error: DeckError }): Result<T> {
	return result;
}

/**
 * Runs `f`; a RangeError thrown by the coin module's strict decoders becomes a `code` result
 * (BAD_INPUT by default). Other errors are bugs and propagate.
 */
export function guard<T>(f: () => Result<T>, code: DeckErrorCode = 'BAD_INPUT', at: { seat?: number; position?: number } = {}): Result<T> {
	try {
		return f();
	} catch (error) {
		if (error instanceof RangeError) return fail(code, error.message, at);
		throw error;
	}
}

/** A game id (the context every hash and proof is bound to): a non-empty string. */
export function checkGame(game: unknown): Result<string> {
	return typeof game === 'string' && game.length > 0 ? ok(game) : fail('BAD_INPUT', 'the game id is a non-empty string');
}

/** A seat (or position) index in [0, limit). */
export function checkIndex(value: unknown, what: string, limit = 2 ** 31): Result<number> {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value < limit
		? ok(value)
		: fail('BAD_INPUT', `${what} must be an integer in [0, ${limit})`);
}
