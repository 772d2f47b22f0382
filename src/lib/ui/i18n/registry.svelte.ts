/**
 * The messages loaded so far, by area and language. Area files register here: in tests and the
 * server build all at once (i18n/index.ts), in the browser build each area file when a module that
 * uses one of its keys is loaded (scripts/lib/messages-by-locale.mjs adds the import), so a page
 * loads the messages of the code it runs and no other (issue 16).
 *
 * An area file may be one of several parts of an area: `actions.deals.ts` adds its keys to the
 * area `actions` (a key defined by two parts is an error).
 */
import type { Locale } from './locales.js';

export type AreaMessages = Readonly<Record<Locale, Readonly<Record<string, string>>>>;
type Messages = Record<string, string>;

const areas: Record<string, Partial<Record<Locale, Messages>>> = {};
/** Every area by name with the languages loaded so far (typed as complete: missing ones are undefined at run time). */
export const AREAS = areas as unknown as Readonly<Record<string, AreaMessages>>;

/** The area files registered so far by language (file names: `actions.deals.ts`). */
const filesIn: Record<string, Set<string>> = {};

/** Whether a language of an area file is here. */
export function fileLoaded(file: string, locale: Locale): boolean {
	return filesIn[locale]?.has(fileName(file)) === true;
}

const fileName = (path: string): string => path.replace(/^.*\/|\?.*$/g, '');

/** Bumped when an area arrives late, so markup that showed its keys draws again. */
export const arrivals = $state({ count: 0 });

/** The area a message file belongs to: `…/actions.deals.ts?locale=fr` → `actions`. */
export function areaOfFile(path: string): string {
	return path.replace(/^.*\/|\.ts(\?.*)?$/g, '').replace(/\..*$/, '');
}

/** Adds one area file's messages (one language or several) to its area. */
export function registerArea(file: string, messages: Partial<Record<Locale, Readonly<Messages>>>): void {
	const area = (areas[areaOfFile(file)] ??= {});
	for (const [locale, entries] of Object.entries(messages) as [Locale, Readonly<Messages>][]) {
		(filesIn[locale] ??= new Set()).add(fileName(file));
		const into = (area[locale] ??= {});
		for (const key of Object.keys(entries)) {
			if (Object.hasOwn(into, key) && into[key] !== entries[key]) throw new Error(`${file}: ${areaOfFile(file)}.${key} is defined twice`);
			into[key] = entries[key]!;
		}
	}
	arrivals.count++;
}

/**
 * Card names in a language the card data has no names in (Spanish: ui/cards/names-es.ts), by
 * language and card id. Loaded like a language's messages: with them (i18n/index.ts).
 */
const cardNames: Partial<Record<Locale, Readonly<Record<string, { readonly name: string }>>>> = {};

export function registerCardNames(locale: Locale, names: Readonly<Record<string, { readonly name: string }>>): void {
	cardNames[locale] = names;
}

export function cardNamesLoaded(locale: Locale): boolean {
	return cardNames[locale] !== undefined;
}

/** A card's name in a language from its names file, or undefined (no file, not loaded, or no name there). */
export function cardNameIn(locale: Locale, id: string): string | undefined {
	const names = cardNames[locale];
	return names !== undefined && Object.hasOwn(names, id) ? names[id]!.name : undefined;
}
