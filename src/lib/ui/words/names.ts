/**
 * Names in sentences: cards by their name in the chosen language (the French one from
 * ui/cards/names-fr.ts where there is one, the Spanish one from ui/cards/names-es.ts, each loaded
 * with its language's messages: i18n's cardNameIn; else the English name),
 * players by their Illuminati, lists joined the way each language joins them, and the
 * grammatical number of a name so that French, Spanish and English verbs can agree with it.
 */
import { CARDS, type CardId } from '../../engine/cards/index.js';
import type { GameState, Seat } from '../../engine/index.js';
import { cardNameIn, translate, type Locale } from '../i18n/index.js';

/** The language a card's name is in, for this locale: its own where the data has one, else English. */
function nameLanguage(id: CardId, locale: Locale): 'en' | 'fr' | 'es' {
	if (locale === 'fr' && cardNameIn('fr', id) !== undefined) return 'fr';
	if (locale === 'es' && cardNameIn('es', id) !== undefined) return 'es';
	return 'en';
}

/** A card's name in a language (English where that language has none for it). */
export function cardName(id: CardId, locale: Locale): string {
	const card = CARDS[id];
	if (card === undefined) return id;
	const language = nameLanguage(id, locale);
	if (language === 'fr') return cardNameIn('fr', id)!;
	if (language === 'es') return cardNameIn('es', id)!;
	return card.name;
}

/** English irregulars and names whose last word misleads (a state is one; a band of men are many). */
const ENGLISH_NUMBER: Readonly<Record<string, 'one' | 'other'>> = { texas: 'one', 'the united nations': 'one', 'the men in black': 'other' };
/** Spanish names whose head word misleads (a state is one). */
const SPANISH_NUMBER: Readonly<Record<string, 'one' | 'other'>> = { texas: 'one' };

/**
 * 'one' or 'other', for choosing a verb form with `{xN, select, one {…} other {…}}`. The head of
 * the name decides: in French (and Spanish) the first word after an article, in English the last
 * word before "of", "for" or "in". A plain-text heuristic about names, not a game rule.
 */
export function nameNumber(name: string, nameLocale: 'en' | 'fr' | 'es'): 'one' | 'other' {
	const lower = name.toLowerCase();
	if (nameLocale === 'en' && ENGLISH_NUMBER[lower]) return ENGLISH_NUMBER[lower];
	if (nameLocale === 'es' && SPANISH_NUMBER[lower]) return SPANISH_NUMBER[lower];
	if (nameLocale === 'es') {
		if (/^(los|las) /.test(lower)) return 'other';
		const head = lower.replace(/^(el|la) /, '').split(/\s+/)[0] ?? '';
		return /[a-zñáéíóú][sx]$/.test(head) ? 'other' : 'one';
	}
	const words = lower.replace(/^(the|les|le|la|l')\s*/, '').split(/\s+/);
	if (lower.startsWith('les ')) return 'other';
	let head = words[0] ?? '';
	if (nameLocale === 'en') {
		const stop = words.findIndex((w) => ['of', 'for', 'in', 'man'].includes(w));
		head = words[(stop < 0 ? words.length : stop) - 1] ?? head;
	}
	return /[a-z][sx]$/.test(head) || head === 'illuminati' ? 'other' : 'one';
}

/** The name and its grammatical number as message parameters: { [key]: name, [key + 'N']: number }. */
export function cardParams(key: string, id: CardId, locale: Locale): Record<string, string> {
	const name = cardName(id, locale);
	return { [key]: name, [`${key}N`]: nameNumber(name, nameLanguage(id, locale)) };
}

/** A player: its Illuminati once dealt, else "Seat n" (seats count from 1 for people). */
export function playerParams(key: string, state: GameState, seat: Seat, locale: Locale): Record<string, string> {
	const illuminati = state.players[seat]?.illuminati ?? null;
	if (illuminati !== null) return cardParams(key, illuminati, locale);
	return { [key]: translate(locale, 'words.seat', { seat: seat + 1 }), [`${key}N`]: 'one' };
}

export function playerName(state: GameState, seat: Seat, locale: Locale): string {
	return playerParams('p', state, seat, locale).p!;
}

const listFormats = new Map<string, Intl.ListFormat>();

/** "A, B and C" / "A, B et C" / "A, B y C". */
export function joinList(items: readonly string[], locale: Locale): string {
	let format = listFormats.get(locale);
	if (!format) listFormats.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })));
	return format.format(items);
}

/**
 * French articles after "de" and "à" contract ("de Les Gnomes" → "des Gnomes", "à Le Réseau" →
 * "au Réseau"), and inside a sentence a name's article is written in lower case ("joue les
 * Ovnis"); card names keep their article, so the finished sentence is tidied here.
 */
export function contractFrench(text: string): string {
	// \b does not see "à" as a letter, so "à" is matched after a start or a space.
	return text
		.replace(/\bde Les /g, 'des ')
		.replace(/\bde Le /g, 'du ')
		.replace(/(^|\s)à Les /g, '$1aux ')
		.replace(/(^|\s)à Le /g, '$1au ')
		.replace(/\bde ([AEIOUÉÈaeiouéè])/g, "d'$1")
		.replace(/([a-zà-ÿ’']) (Les|Le|La) /g, (_, before: string, article: string) => `${before} ${article.toLowerCase()} `);
}

/**
 * Spanish articles after "de" and "a" contract ("de El Triángulo" → "del Triángulo", "a El" →
 * "al"), and inside a sentence a name's article is written in lower case ("juega con los OVNIs").
 */
export function contractSpanish(text: string): string {
	return text
		.replace(/(^|[\s(])de El /g, '$1del ')
		.replace(/(^|[\s(])a El /g, '$1al ')
		.replace(/([a-záéíóúñü,;:]) (Los|Las|La|El) /g, (_, before: string, article: string) => `${before} ${article.toLowerCase()} `);
}

/** A name ending in a full stop ("C.I.A.") at the end of a sentence gives one full stop, not two. */
export function tidyStops(text: string): string {
	return text.replace(/\.\.(?!\.)/g, '.');
}
