/**
 * Explaining a refused action from the engine's error code. The panel never predicts a refusal:
 * it sends what the player chose and, when `step` says no, shows why in the player's language
 * (explainError, the errors area), with the engine's own sentence as the detail.
 */
import { explainError } from '$lib/ui/errors/index.js';

export type ActResult = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

export interface Explanation {
	readonly code: string;
	/** In the player's language (an unknown code still gets a sentence naming it). */
	readonly text: string;
	/** The engine's own sentence (English, technical), shown as a detail. */
	readonly detail: string | null;
}

export function explain(code: string, message: string): Explanation {
	return { code, text: explainError(code), detail: message.trim() === '' ? null : message };
}
