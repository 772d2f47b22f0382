/**
 * The current language as Svelte 5 state. `t()` reads `localeState.current`, so any markup or
 * $derived that calls `t()` re-renders when the language changes.
 *
 * The choice is saved in localStorage (`fnord.locale`) when there is one; the first visit starts
 * from the browser's languages. Both are guarded so this module loads in node tests.
 */
import { DEFAULT_LOCALE, isLocale, pickLocale, type Locale } from './locales.js';

export const LOCALE_STORAGE_KEY = 'fnord.locale';

function storage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch (_) {
		return null; // access denied (privacy settings, sandboxed iframe)
	}
}

function initialLocale(): Locale {
	const saved = storage()?.getItem(LOCALE_STORAGE_KEY);
	if (isLocale(saved)) return saved;
	if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
	return pickLocale([...(navigator.languages ?? []), navigator.language]);
}

export const localeState = $state<{ current: Locale }>({ current: initialLocale() });

export function writeLocale(locale: Locale): void {
	localeState.current = locale;
	try {
		storage()?.setItem(LOCALE_STORAGE_KEY, locale);
	} catch (_) {
		// storage full or denied: the choice lasts for this page only
	}
	if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
