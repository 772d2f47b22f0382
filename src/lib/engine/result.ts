/**
 * The one shape of a refusal across layers. A function that can refuse its input answers
 * `{ ok: true, ...value }` or `{ ok: false, error: { code, message } }` and never throws on bad input.
 * Each layer owns its codes (a string union it defines and exports): the engine RuleErrorCode, the
 * protocol ProtocolCode, the deck DeckErrorCode, the session SessionCode. A layer may pass on a lower
 * layer's code unchanged; it never defines a code of its own with a name a lower layer uses.
 * This module lives in the engine because the engine is the lowest layer, so every layer can import it.
 */

/** Why an input was refused: a stable code (typed by the layer that owns it) and a sentence for logs. */
export interface Refusal<C extends string = string> {
	readonly code: C;
	readonly message: string;
}

/** A refused result; `E` may extend the refusal with details (the deck adds the seat at fault). */
export interface Refused<C extends string = string, E extends Refusal<C> = Refusal<C>> {
	readonly ok: false;
	readonly error: E;
}

/** An accepted result carries its fields beside `ok` (`{ ok: true, state }`, `{ ok: true, value }`). */
export type Accepted<T extends object = object> = { readonly ok: true } & T;

export type Result<T extends object, C extends string, E extends Refusal<C> = Refusal<C>> = Accepted<T> | Refused<C, E>;

/** A refused result with `code` and `message`. */
export function refuse<C extends string>(code: C, message: string): Refused<C> {
	return { ok: false, error: { code, message } };
}
