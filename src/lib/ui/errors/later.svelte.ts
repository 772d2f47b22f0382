/**
 * The refusals' words (texts.ts) come in a chunk loaded once the page runs, not before it (issue 16),
 * like the card texts (ui/cards/later.svelte.ts). Until it is here `refusalTextsLater` gives null
 * and `explainError` says the bare code; markup that read it draws again when it arrives (Svelte
 * state). Tests that read the words first `await loadRefusalTexts()`.
 */
import type * as Texts from './texts.js';

let texts: typeof Texts | null = $state.raw(null);
let loading: Promise<void> | null = null;

/** Starts loading the refusals' words (once); resolves when they are here. */
export function loadRefusalTexts(): Promise<void> {
	loading ??= import('./texts.js').then((module) => {
		texts = module;
	});
	return loading;
}

/** The refusals' words once loaded; null (and the loading started) before. */
export function refusalTextsLater(): typeof Texts | null {
	if (texts === null) void loadRefusalTexts();
	return texts;
}

// In the browser the chunk is fetched as soon as the page runs, so the words are there by the first refusal.
if (!import.meta.env.SSR) void loadRefusalTexts();
