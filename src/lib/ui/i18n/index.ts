/**
 * Internationalisation: `t('area.key', params)` in the current language.
 *
 * Messages live in `messages/<area>.ts` files (or parts `<area>.<part>.ts`), each
 * `export default { en: {...}, fr: {...}, es: {...} }` with flat keys; they are found by Vite's
 * import.meta.glob (tests) or imported where their keys are named (browser build, see below and
 * docs/i18n.md), so adding an area or a part needs no registry edit. Pattern syntax: see format.ts. Own-written on purpose (no i18n library): the
 * first page has a 150 KB gzipped JS budget and we need only placeholders, plurals and select.
 *
 * A missing key or parameter never throws: `t` returns the key (or leaves `{param}` visible) and
 * tells the missing-message handlers (tests install one that fails; dev logs a warning).
 */
import { formatMessage, type Params } from './format.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales.js';
import { localeState, writeLocale } from './locale.svelte.js';
import { AREAS, areaOfFile, arrivals, cardNamesLoaded, fileLoaded, registerArea, registerCardNames, type AreaMessages } from './registry.svelte.js';

export { LOCALES, isLocale, pickLocale, type Locale } from './locales.js';
export { formatNumber, placeholderNames, type Params } from './format.js';
export { localeState } from './locale.svelte.js';

export { AREAS, cardNameIn, type AreaMessages } from './registry.svelte.js';

// Tests and the server build see every area in every language at once (the eager glob below). In
// the browser build (scripts/lib/messages-by-locale.mjs) the eager glob is left out: each area file
// holds English alone and registers itself when a module using its keys is loaded, so a page loads
// only the messages of its own code; another language is a chunk per area file, loaded when chosen.
const eagerModules = import.meta.glob<{ default: Partial<AreaMessages> }>('./messages/*.ts', { eager: true });
for (const [path, mod] of Object.entries(eagerModules)) registerArea(path, mod.default);
// Every area file's English, loaded only when a key of an area no loaded module named is missed
// (loadLate below; in the browser build one chunk of every area's English, so that the area files
// the code imports are merged into the chunks of that code, not one small chunk each).
const english: Record<string, () => Promise<unknown>> = import.meta.glob('./messages/*.ts');
const later: Readonly<Partial<Record<Locale, Record<string, () => Promise<unknown>>>>> = {
	fr: import.meta.glob('./messages/*.ts', { query: '?locale=fr' }),
	es: import.meta.glob('./messages/*.ts', { query: '?locale=es' }),
};
const AREA_NAMES = new Set(Object.keys(english).map(areaOfFile));

// Card names in a language the card data lacks (ui/cards/names-<locale>.ts: Spanish) come with that
// language's messages: all at once in tests and the server build (this eager glob, which the
// browser build leaves out like the one above), a chunk loaded with the language in the browser.
type CardNames = Readonly<Record<string, { readonly name: string }>>;
const eagerCardNames = import.meta.glob<CardNames>('../cards/names-*.ts', { eager: true, import: 'default' });
const laterCardNames = import.meta.glob<CardNames>('../cards/names-*.ts', { import: 'default' });
const cardNamesFile = (locale: Locale): string => `../cards/names-${locale}.ts`;
for (const [path, names] of Object.entries(eagerCardNames)) registerCardNames(path.replace(/^.*names-|\.ts$/g, '') as Locale, names);

/**
 * Whether a language's messages (and card names) are here: always, except another language in the
 * browser build. English always is: each area file's English comes with the code that names its
 * keys (browser build) or with the eager glob (tests, server build).
 */
export function localeLoaded(locale: Locale): boolean {
	if (locale === DEFAULT_LOCALE) return true;
	return Object.keys(english).every((path) => fileLoaded(path, locale)) && (laterCardNames[cardNamesFile(locale)] === undefined || cardNamesLoaded(locale));
}

/** Loads a language's messages (one chunk per area file) and card names unless they are here already. */
export async function loadLocale(locale: Locale): Promise<void> {
	if (localeLoaded(locale)) return;
	const loadCardNames = laterCardNames[cardNamesFile(locale)];
	if (locale === DEFAULT_LOCALE) return;
	await Promise.all([
		...Object.entries(later[locale] ?? {}).map(async ([path, load]) => {
			const mod = (await load()) as { default: Partial<AreaMessages> };
			if (mod.default[locale] !== undefined) registerArea(path, { [locale]: mod.default[locale] });
		}),
		loadCardNames === undefined || cardNamesLoaded(locale) ? undefined : loadCardNames().then((names) => registerCardNames(locale, names))
	]);
}

// An area file no loaded module named (a key built from a variable area name) is loaded when one
// of its area's keys is first missed; the key shows until it arrives, then `arrivals` draws it again.
const lateFiles = new Set<string>();
function loadLate(name: string): boolean {
	const files = Object.entries(english).filter(([path]) => areaOfFile(path) === name && !fileLoaded(path, 'en'));
	if (files.length === 0) return false;
	for (const [path, load] of files) {
		if (lateFiles.has(path)) continue;
		lateFiles.add(path);
		if (import.meta.env?.DEV) console.warn(`i18n: ${path} loaded late`);
		void load().then((mod) => registerArea(path, (mod as { default: Partial<AreaMessages> }).default));
	}
	return true;
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
	const name = key.slice(0, dot);
	const messages = AREAS[name]?.[locale];
	if (messages !== undefined && Object.hasOwn(messages, key.slice(dot + 1))) return messages[key.slice(dot + 1)];
	if (AREA_NAMES.has(name)) {
		void arrivals.count; // draws again once a part of the area arrives
		loadLate(name);
	}
	return undefined;
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
