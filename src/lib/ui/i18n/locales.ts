/** The languages the interface speaks. English is the fallback for anything unknown. */
export const LOCALES = ['en', 'fr', 'es'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first supported language among the given tags ("fr-CA" → "fr"), else English.
 * Tags come from navigator.languages, best first.
 */
export function pickLocale(tags: readonly (string | null | undefined)[]): Locale {
	for (const tag of tags) {
		const primary = tag?.toLowerCase().split(/[-_]/)[0];
		if (isLocale(primary)) return primary;
	}
	return DEFAULT_LOCALE;
}
