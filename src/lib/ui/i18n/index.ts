/**
 * Internationalisation: `t('area.key', params)` in the current language.
 *
 * Messages live in `messages/<area>.ts` files, each `export default { en: {...}, fr: {...}, es: {...} }`
 * with flat keys; they are collected here by Vite's import.meta.glob, so adding an area needs no
 * registry edit. Pattern syntax: see format.ts. Own-written on purpose (no i18n library): the
 * first page has a 150 KB gzipped JS budget and we need only placeholders, plurals and select.
 *
 * A missing key or parameter never throws: `t` returns the key (or leaves `{param}` visible) and
 * tells the missing-message handlers (tests install one that fails; dev logs a warning).
 */
import { formatMessage, type Params } from './format.js';
import { isLocale, type Locale } from './locales.js';
import { localeState, writeLocale } from './locale.svelte.js';

export { LOCALES, isLocale, pickLocale, type Locale } from './locales.js';
export { formatNumber, placeholderNames, type Params } from './format.js';
export { localeState } from './locale.svelte.js';

export type AreaMessages = Readonly<Record<Locale, Readonly<Record<string, string>>>>;

// In the browser build every area holds English alone here (the default, loaded before the page
// runs) and another language is a chunk loaded when chosen (scripts/lib/messages-by-locale.mjs);
// tests and the server build see every language at once.
const modules = import.meta.glob<{ default: Partial<AreaMessages> }>('./messages/*.ts', { eager: true });
const later: Readonly<Record<Locale, Record<string, () => Promise<unknown>>>> = {
	en: {},
	fr: import.meta.glob('./messages/*.ts', { query: '?locale=fr' }),
	es: import.meta.glob('./messages/*.ts', { query: '?locale=es' }),
};
const areaName = (path: string): string => path.replace(/^.*\/|\.ts(\?.*)?$/g, '');

/** Every area by name ("common", "words", …), as loaded from messages/ (languages loaded so far). */
export const AREAS: Readonly<Record<string, AreaMessages>> = Object.fromEntries(
	Object.entries(modules).map(([path, mod]) => [areaName(path), { ...mod.default } as AreaMessages])
);

/** Whether a language's messages are here (always, except another language in the browser build). */
export function localeLoaded(locale: Locale): boolean {
	return Object.values(AREAS).every((area) => area[locale] !== undefined);
}

/** Loads a language's messages (one chunk per area) unless they are here already. */
export async function loadLocale(locale: Locale): Promise<void> {
	if (localeLoaded(locale)) return;
	await Promise.all(
		Object.entries(later[locale]).map(async ([path, load]) => {
			const mod = (await load()) as { default: Partial<AreaMessages> };
			const area = AREAS[areaName(path)] as Record<Locale, Readonly<Record<string, string>>> | undefined;
			if (area !== undefined && mod.default[locale] !== undefined) area[locale] = mod.default[locale];
		})
	);
}

export interface MissingMessage {
	readonly kind: 'missing-key' | 'missing-param' | 'bad-pattern';
	readonly key: string;
	readonly locale: Locale;
	readonly detail?: string;
}

type MissingHandler = (missing: MissingMessage) => void;
const missingHandlers = new Set<MissingHandler>();

/** Be told about every missing key or parameter; returns the function that stops it. */
export function onMissingMessage(handler: MissingHandler): () => void {
	missingHandlers.add(handler);
	return () => missingHandlers.delete(handler);
}

function reportMissing(missing: MissingMessage): void {
	if (missingHandlers.size === 0 && import.meta.env?.DEV) console.warn('i18n:', missing);
	for (const handler of missingHandlers) handler(missing);
}

/** The raw pattern for a key in a language, or undefined. */
export function lookup(key: string, locale: Locale): string | undefined {
	const dot = key.indexOf('.');
	if (dot < 0) return undefined;
	const messages = AREAS[key.slice(0, dot)]?.[locale];
	return messages && Object.hasOwn(messages, key.slice(dot + 1)) ? messages[key.slice(dot + 1)] : undefined;
}

export function hasMessage(key: string, locale: Locale = getLocale()): boolean {
	return lookup(key, locale) !== undefined;
}

/** Format a message in a given language without touching the current one. */
export function translate(locale: Locale, key: string, params?: Params): string {
	const pattern = lookup(key, locale);
	if (pattern === undefined) {
		reportMissing({ kind: 'missing-key', key, locale });
		return key;
	}
	return formatMessage(locale, pattern, params, (problem) =>
		reportMissing({ kind: problem.kind, key, locale, detail: problem.detail })
	);
}

/** The message for `key` in the current language (reactive in Svelte markup and $derived). */
export function t(key: string, params?: Params): string {
	return translate(localeState.current, key, params);
}

export function getLocale(): Locale {
	return localeState.current;
}

/** Switches the language: at once when its messages are here, else once they are loaded. */
export function setLocale(locale: Locale): Promise<void> {
	if (!isLocale(locale)) throw new Error(`unsupported locale: ${String(locale)}`);
	if (localeLoaded(locale)) {
		writeLocale(locale);
		return Promise.resolve();
	}
	return loadLocale(locale).then(() => writeLocale(locale));
}

/** The languages in their own names, for a language switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', fr: 'Français', es: 'Español' };
