/**
 * Explaining a refused action from the engine's error code. The panel never predicts a refusal:
 * it sends what the player chose and, when `step` says no, shows why in the player's language
 * (explainError, the errors area), with the engine's own sentence as the detail.
 */
import type { Result } from '$lib/engine/index.js';
import type { SessionRefusalCode } from '$lib/session/for-ui.js';
import { explainError } from '$lib/ui/errors/index.js';

/** What playing an action answers (a session's or a sandbox's): accepted, or refused with a code (engine/result.ts). */
export type ActResult = Result<object, SessionRefusalCode>;

export interface Explanation {
	readonly code: string;
	/** In the player's language (an unknown code still gets a sentence naming it). */
	readonly text: string;
	/** The engine's own sentence (English, technical), shown as a detail, its seats counted from 1. */
	readonly detail: string | null;
}

/**
 * The engine counts seats from 0 ("Seat 0's Illuminati hold 3 MB"); people count them from 1, as
 * every other line on screen does ("Seat 1"). The detail is renumbered so that both agree.
 */
export function seatsForPeople(message: string): string {
	return message.replace(/\b([Ss])eat (\d+)\b/g, (_, s: string, n: string) => `${s}eat ${Number(n) + 1}`);
}

export function explain(code: string, message: string): Explanation {
	return {
		code,
		// Read when shown, so the words replace the bare code if they arrive after the refusal (explainError).
		get text() {
			return explainError(code);
		},
		detail: message.trim() === '' ? null : seatsForPeople(message),
	};
}
