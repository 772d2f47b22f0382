/**
 * The card list's search and filters, as pure functions: a name in any language (case, accents
 * and punctuation ignored, so "cia" finds "C.I.A." and "societe" finds "La Société Discordante"),
 * the card type, and an alignment (or none).
 */
import { ALIGNMENTS, type Alignment, type Card } from '../../engine/cards/index.js';
import type { Locale } from '../i18n/index.js';
import { cardName } from '../words/names.js';
import { FRENCH_NAMES } from './names-fr.js';
import { SPANISH_NAMES } from './names-es.js';

export type KindFilter = 'all' | Card['kind'];
export type AlignmentFilter = 'all' | 'none' | Alignment;

export interface CardQuery {
	readonly text: string;
	readonly kind: KindFilter;
	readonly alignment: AlignmentFilter;
}

export const NO_QUERY: CardQuery = { text: '', kind: 'all', alignment: 'all' };

export const KIND_FILTERS: readonly KindFilter[] = ['all', 'illuminati', 'group', 'special'];
export const ALIGNMENT_FILTERS: readonly AlignmentFilter[] = ['all', ...ALIGNMENTS, 'none'];

/** Lower case, no accents, letters and digits only, words separated by one space. */
export function normalize(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[.]/g, '')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim();
}

export function alignmentsOfCard(card: Card): readonly Alignment[] {
	return card.kind === 'group' ? card.alignments : [];
}

/** Every name a card goes by: English, French where there is one (names-fr.ts), Spanish (names-es.ts). */
export function namesOf(card: Card): string[] {
	const spanish = Object.hasOwn(SPANISH_NAMES, card.id) ? SPANISH_NAMES[card.id]!.name : null;
	const french = Object.hasOwn(FRENCH_NAMES, card.id) ? FRENCH_NAMES[card.id]!.name : null;
	return [card.name, french, spanish].filter((name, i, all): name is string => name !== null && all.indexOf(name) === i);
}

function matchesText(card: Card, text: string): boolean {
	const words = normalize(text).split(' ').filter(Boolean);
	if (words.length === 0) return true;
	return namesOf(card).some((name) => {
		const haystack = normalize(name);
		return words.every((word) => haystack.includes(word));
	});
}

function matchesAlignment(card: Card, filter: AlignmentFilter): boolean {
	if (filter === 'all') return true;
	const alignments = alignmentsOfCard(card);
	return filter === 'none' ? alignments.length === 0 : alignments.includes(filter);
}

export function matchesQuery(card: Card, query: CardQuery): boolean {
	return (query.kind === 'all' || card.kind === query.kind) && matchesAlignment(card, query.alignment) && matchesText(card, query.text);
}

/** The cards that match, in the order of the deck (Illuminati, groups, Specials) and by name within each kind. */
export function filterCards(cards: readonly Card[], query: CardQuery, locale: Locale): Card[] {
	const order: Record<Card['kind'], number> = { illuminati: 0, group: 1, special: 2 };
	const collator = new Intl.Collator(locale, { sensitivity: 'base', ignorePunctuation: true });
	return cards
		.filter((card) => matchesQuery(card, query))
		.sort((a, b) => order[a.kind] - order[b.kind] || collator.compare(sortName(a, locale), sortName(b, locale)));
}

/** The display name without a leading article, for sorting ("The UFOs" among the U's). */
function sortName(card: Card, locale: Locale): string {
	return cardName(card.id, locale).replace(/^(the|les|le|la|l'|el|los|las)\s+|^l'/i, '');
}
