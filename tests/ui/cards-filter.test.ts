// The card list's search and filters (ui/cards/filter.ts), proved on the real deck.
import { describe, expect, it } from 'vitest';
import { ALIGNMENTS, ALL_CARDS, CARDS, type Card } from '../../src/lib/engine/cards/index.js';
import { ALIGNMENT_FILTERS, KIND_FILTERS, NO_QUERY, filterCards, normalize, type CardQuery } from '../../src/lib/ui/cards/filter.js';
import { FRENCH_NAMES } from '../../src/lib/ui/cards/names-fr.js';

const ids = (cards: readonly Card[]) => cards.map((card) => card.id);
const find = (query: Partial<CardQuery>, locale: 'en' | 'fr' | 'es' = 'en') => ids(filterCards(ALL_CARDS, { ...NO_QUERY, ...query }, locale));

describe('Card search by name, in any language', () => {
	it.each([
		['cia', 'cia'], // punctuation ignored: "C.I.A."
		['C.I.A.', 'cia'],
		['gnomes', 'gnomes-of-zurich'], // English name
		['triangle des bermudes', 'bermuda-triangle'], // French name
		['societe discordante', 'discordian-society'], // accents ignored
		['SOCIÉTÉ DISCORDANTE', 'discordian-society'], // case ignored
		['bavière illuminati', 'bavarian-illuminati'], // words in any order
	])('"%s" finds %s', (text, id) => {
		expect(find({ text })).toContain(id);
	});

	it('finds nothing for a name no card has', () => {
		expect(find({ text: 'no such card anywhere' })).toEqual([]);
	});

	it('an empty or blank search keeps every card', () => {
		expect(find({ text: '   ' })).toHaveLength(ALL_CARDS.length);
	});

	it('every card is found by its own English and French names', () => {
		for (const card of ALL_CARDS) {
			expect(find({ text: card.name }), card.name).toContain(card.id);
			const french = FRENCH_NAMES[card.id]?.name;
			if (french !== undefined) expect(find({ text: french }), french).toContain(card.id);
		}
	});

	it.each([
		['C.I.A.', 'cia'],
		['Société des  Assassins!', 'societe des assassins'],
		['Tobacco & Liquor', 'tobacco liquor'],
	])('normalize(%j) is %j', (text, expected) => {
		expect(normalize(text)).toBe(expected);
	});
});

describe('Card filters', () => {
	it.each(KIND_FILTERS.filter((k) => k !== 'all'))('type %s keeps exactly the cards of that type', (kind) => {
		const expected = ALL_CARDS.filter((card) => card.kind === kind).map((card) => card.id);
		expect(find({ kind }).sort()).toEqual(expected.sort());
	});

	it.each(ALIGNMENTS)('alignment %s keeps exactly the groups with it', (alignment) => {
		const expected = ALL_CARDS.filter((card) => card.kind === 'group' && card.alignments.includes(alignment)).map((card) => card.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(find({ alignment }).sort()).toEqual(expected.sort());
	});

	it('"no alignment" keeps the Illuminati, the Specials and groups without one', () => {
		const found = filterCards(ALL_CARDS, { ...NO_QUERY, alignment: 'none' }, 'en');
		expect(found.every((card) => card.kind !== 'group' || card.alignments.length === 0)).toBe(true);
		expect(found.some((card) => card.kind === 'illuminati')).toBe(true);
	});

	it('filters combine: a Weird group whose name has "fans"', () => {
		const found = find({ text: 'fans', kind: 'group', alignment: 'Weird' });
		expect(found.length).toBeGreaterThan(0);
		for (const id of found) {
			const card = CARDS[id]!;
			expect(card.kind === 'group' && card.alignments.includes('Weird') && /fans/i.test(card.name)).toBe(true);
		}
	});

	it('every alignment filter is offered, plus all and none', () => {
		expect(ALIGNMENT_FILTERS).toEqual(['all', ...ALIGNMENTS, 'none']);
	});
});

describe('Card order', () => {
	it('Illuminati first, then groups, then Specials', () => {
		const kinds = filterCards(ALL_CARDS, NO_QUERY, 'en').map((card) => card.kind);
		expect(kinds.indexOf('group')).toBe(kinds.lastIndexOf('illuminati') + 1);
		expect(kinds.indexOf('special')).toBe(kinds.lastIndexOf('group') + 1);
	});

	it.each(['en', 'fr'] as const)('by name within a type in %s, leading articles ignored', (locale) => {
		const illuminati = filterCards(ALL_CARDS, { ...NO_QUERY, kind: 'illuminati' }, locale).map((card) =>
			(locale === 'fr' ? (FRENCH_NAMES[card.id]?.name ?? card.name) : card.name).replace(/^(The|Les|Le|La) /, ''),
		);
		expect(illuminati).toEqual([...illuminati].sort((a, b) => a.localeCompare(b, locale, { sensitivity: 'base' })));
	});
});
