/**
 * The refusals' words (texts.ts) come in a chunk loaded once the page runs, not before it (issue 16),
 * like the card texts (ui/cards/later.svelte.ts). Until it is here `refusalTextsLater` gives null
 * and `explainError` says the bare code; markup that read it draws again when it arrives
 * (i18n/later.svelte.ts). Tests that read the words first `await loadRefusalTexts()`.
 */
import { laterModule } from '../i18n/later.svelte.js';
import type * as Texts from './texts.js';

const texts = laterModule(() => import('./texts.js'));

/** Starts loading the refusals' words (once); resolves when they are here. */
export const loadRefusalTexts = (): Promise<void> => texts.load();

/** The refusals' words once loaded; null (and the loading started) before. */
export const refusalTextsLater = (): typeof Texts | null => texts.current;

// In the browser the chunk is fetched as soon as the page runs, so the words are there by the first refusal.
if (!import.meta.env.SSR) void loadRefusalTexts();
