import { afterEach, describe, expect, it } from 'vitest';
import {
	AREAS,
	LOCALES,
	getLocale,
	onMissingMessage,
	pickLocale,
	placeholderNames,
	setLocale,
	t,
	translate,
	type Locale,
	type MissingMessage
} from '../../src/lib/ui/i18n/index.js';
import { formatMessage } from '../../src/lib/ui/i18n/format.js';
import { LOCALE_STORAGE_KEY } from '../../src/lib/ui/i18n/locale.svelte.js';

describe('message areas', () => {
	it('collects the area files through import.meta.glob', () => {
		expect(Object.keys(AREAS)).toEqual(expect.arrayContaining(['common']));
	});

	for (const [area, messages] of Object.entries(AREAS)) {
		it(`area "${area}" has every key in all three languages with the same placeholders`, () => {
			const keys = new Set(LOCALES.flatMap((l) => Object.keys(messages[l] ?? {})));
			expect(keys.size).toBeGreaterThan(0);
			for (const key of keys) {
				const english = messages.en[key];
				expect(english, `${area}.${key} in en`).toBeTypeOf('string');
				for (const locale of LOCALES) {
					const text = messages[locale]?.[key];
					expect(text, `${area}.${key} in ${locale}`).toBeTypeOf('string');
					expect(text!.trim(), `${area}.${key} in ${locale} is empty`).not.toBe('');
					expect(placeholderNames(text!), `${area}.${key} placeholders in ${locale}`).toEqual(placeholderNames(english));
				}
			}
		});
	}
});

describe('formatting', () => {
	it.each([
		['{name} wins', { name: 'The UFOs' }, 'The UFOs wins'],
		['{a} and {b}', { a: 1, b: 'two' }, '1 and two'],
		['no placeholders', {}, 'no placeholders'],
		['{who, select, cia {spooks} other {someone}}', { who: 'cia' }, 'spooks'],
		['{who, select, cia {spooks} other {someone}}', { who: 'fbi' }, 'someone'],
		['{n, plural, one {# group of {owner}} other {# groups of {owner}}}', { n: 2, owner: 'X' }, '2 groups of X']
	])('formats %s with %j as %s', (pattern, params, expected) => {
		expect(formatMessage('en', pattern, params)).toBe(expected);
	});

	const CARDS = '{count, plural, =0 {none} one {# one} many {# many} other {# other}}';
	it.each<[Locale, number, string]>([
		['en', 0, 'none'],
		['en', 1, '1 one'],
		['en', 2, '2 other'],
		['en', 1000000, '1,000,000 other'],
		['fr', 0, 'none'], // "=0" wins over French "one"
		['fr', 1, '1 one'],
		['fr', 1.5, '1,5 one'], // French: 0 ≤ n < 2 is "one"
		['fr', 2, '2 other'],
		['fr', 1000000, '1\u202f000\u202f000 many'],
		['es', 1, '1 one'],
		['es', 2, '2 other'],
		['es', 1000000, '1.000.000 many']
	])('plural in %s for %d selects %s', (locale, count, expected) => {
		expect(formatMessage(locale, CARDS, { count })).toBe(expected);
	});

	it('French zero without "=0" is singular, English zero is plural', () => {
		const pattern = '{count, plural, one {# carte} other {# cartes}}';
		expect(formatMessage('fr', pattern, { count: 0 })).toBe('0 carte');
		expect(formatMessage('en', pattern, { count: 0 })).toBe('0 cartes');
	});

	it('finds placeholder names inside plural branches', () => {
		expect(placeholderNames('{a} {n, plural, one {# {b}} other {# {c}}}')).toEqual(['a', 'b', 'c', 'n']);
	});
});

describe('missing messages', () => {
	let stop = () => {};
	afterEach(() => stop());

	it('a missing key returns the key and is reported', () => {
		const seen: MissingMessage[] = [];
		stop = onMissingMessage((m) => seen.push(m));
		expect(translate('fr', 'common.no-such-key')).toBe('common.no-such-key');
		expect(translate('en', 'no-area-at-all')).toBe('no-area-at-all');
		expect(seen.map((m) => [m.kind, m.key, m.locale])).toEqual([
			['missing-key', 'common.no-such-key', 'fr'],
			['missing-key', 'no-area-at-all', 'en']
		]);
	});

	it('a missing parameter stays visible and is reported', () => {
		const seen: MissingMessage[] = [];
		stop = onMissingMessage((m) => seen.push(m));
		expect(translate('en', 'common.money')).toBe('{amount} MB');
		expect(translate('en', 'common.cards.count')).toBe('{count}');
		expect(seen.map((m) => [m.kind, m.detail])).toEqual([
			['missing-param', 'amount'],
			['missing-param', 'count']
		]);
	});
});

describe('locale switching', () => {
	afterEach(() => setLocale('en'));

	it.each<[Locale, string]>([
		['en', 'Language'],
		['fr', 'Langue'],
		['es', 'Idioma']
	])('t() follows setLocale(%s)', (locale, expected) => {
		setLocale(locale);
		expect(getLocale()).toBe(locale);
		expect(t('common.language')).toBe(expected);
	});

	it('refuses a language we do not have', () => {
		expect(() => setLocale('de' as Locale)).toThrow(/unsupported/);
		expect(getLocale()).toBe('en');
	});

	it('saves the choice in localStorage when there is one', () => {
		const store = new Map<string, string>();
		const fake = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
		(globalThis as { localStorage?: unknown }).localStorage = fake;
		try {
			setLocale('es');
			expect(store.get(LOCALE_STORAGE_KEY)).toBe('es');
		} finally {
			delete (globalThis as { localStorage?: unknown }).localStorage;
		}
	});

	it.each<[string[], Locale]>([
		[['fr-CA', 'en'], 'fr'],
		[['es_MX'], 'es'],
		[['de-DE', 'es-ES'], 'es'],
		[['de-DE'], 'en'],
		[[], 'en']
	])('picks the first supported browser language from %j: %s', (tags, expected) => {
		expect(pickLocale(tags)).toBe(expected);
	});
});
