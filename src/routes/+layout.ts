import { getLocale, loadLocale } from '$lib/ui/i18n/index.js';

export const prerender = true;
export const ssr = false;

// A language other than English is a chunk of its own: it is here before any page draws a word.
export const load = async (): Promise<void> => loadLocale(getLocale());
