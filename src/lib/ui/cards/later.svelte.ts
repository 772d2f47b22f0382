/**
 * Card texts (abilities.ts: abilities, special goals, what a Special does) for pages whose first
 * screen needs them only now and then, as the game page (a player's special goal, a card's
 * details). They are a chunk loaded once the page runs, not before it (issue 16), with the `cards`
 * area's English that abilities.ts names; French and Spanish come with their language's messages,
 * as card names do. Until the chunk is here `cardTextsLater` gives null and the caller shows less;
 * markup that read it draws again when it arrives (Svelte state), like words/later.svelte.ts.
 */
import type * as Abilities from './abilities.js';

let texts: typeof Abilities | null = $state.raw(null);
let loading: Promise<void> | null = null;

/** Starts loading the card texts (once); resolves when they are here. */
export function loadCardTexts(): Promise<void> {
	loading ??= import('./abilities.js').then((module) => {
		texts = module;
	});
	return loading;
}

/** The card texts once loaded; null (and the loading started) before. */
export function cardTextsLater(): typeof Abilities | null {
	if (texts === null) void loadCardTexts();
	return texts;
}

// In the browser the chunk is fetched as soon as the page runs, so a text is there when shown.
if (!import.meta.env.SSR) void loadCardTexts();
