/**
 * Explaining a refused action from the engine's error code. The panel never predicts a refusal:
 * it sends what the player chose and, when `step` says no, shows why in the player's language
 * (the code's explanation where one exists, with the engine's own sentence as the detail).
 */
import { hasMessage, t } from '$lib/ui/i18n/index.js';

export type ActResult = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

export interface Explanation {
	readonly code: string;
	/** In the player's language when the code has a message; else the engine's sentence. */
	readonly text: string;
	/** The engine's own sentence (English), shown as a detail when `text` is a translation. */
	readonly detail: string | null;
}

/** The explanation for a refusal: `errors.<CODE>` (the i18n errors area) when it exists. */
export function explain(code: string, message: string): Explanation {
	const key = `errors.${code}`;
	if (hasMessage(key)) return { code, text: t(key), detail: message };
	return { code, text: message, detail: null };
}
