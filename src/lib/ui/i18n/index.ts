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

const modules = import.meta.glob<{ default: AreaMessages }>('./messages/*.ts', { eager: true });

/** Every area by name ("common", "words", …), as loaded from messages/. */
export const AREAS: Readonly<Record<string, AreaMessages>> = Object.fromEntries(
	Object.entries(modules).map(([path, mod]) => [path.replace(/^.*\/|\.ts$/g, ''), mod.default])
);

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

export function setLocale(locale: Locale): void {
	if (!isLocale(locale)) throw new Error(`unsupported locale: ${String(locale)}`);
	writeLocale(locale);
}

/** The languages in their own names, for a language switcher. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', fr: 'Français', es: 'Español' };
