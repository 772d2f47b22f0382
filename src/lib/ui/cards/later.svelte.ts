/**
 * Card texts (abilities.ts: abilities, special goals, what a Special does) for pages whose first
 * screen needs them only now and then, as the game page (a player's special goal, a card's
 * details). They are a chunk loaded once the page runs, not before it (issue 16), with the `cards`
 * area's English that abilities.ts names; French and Spanish come with their language's messages,
 * as card names do. Until the chunk is here `cardTextsLater` gives null and the caller shows less;
 * markup that read it draws again when it arrives (i18n/later.svelte.ts).
 */
import { laterModule } from '../i18n/later.svelte.js';
import type * as Abilities from './abilities.js';

const texts = laterModule(() => import('./abilities.js'));

/** Starts loading the card texts (once); resolves when they are here. */
export const loadCardTexts = (): Promise<void> => texts.load();

/** The card texts once loaded; null (and the loading started) before. */
export const cardTextsLater = (): typeof Abilities | null => texts.current;

// In the browser the chunk is fetched as soon as the page runs, so a text is there when shown.
if (!import.meta.env.SSR) void loadCardTexts();
