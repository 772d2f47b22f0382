/**
 * The log's sentences (index.ts) for code on the game's first screen that needs them only now and
 * then: Undo's button and requests name the move to undo. They are a chunk loaded once the page
 * runs, not before it (issue 16): until it is here `describePartsLater` gives null and the caller
 * says something plainer, and code that read it runs again when it arrives (Svelte state).
 */
import type * as Words from './index.js';

let words: typeof Words | null = $state.raw(null);
let loading: Promise<void> | null = null;

/** Starts loading the sentences (once); resolves when they are here. */
export function loadWords(): Promise<void> {
	loading ??= import('./index.js').then((module) => {
		words = module;
	});
	return loading;
}

/** `describeParts` once the sentences are loaded; null (and the loading started) before. */
export function describePartsLater(...args: Parameters<typeof Words.describeParts>): ReturnType<typeof Words.describeParts> | null {
	if (words === null) {
		void loadWords();
		return null;
	}
	return words.describeParts(...args);
}
