// The rules help: every topic has a title and paragraphs in each language, every rule option is
// described with its default, engine facts are shown rather than restated, and no sentence of ours
// is lifted from a rulebook (no run of 8 words in common with any of them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, BASIC_GOAL_BY_PLAYERS, ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES } from '../../src/lib/engine/index.js';
import { AREAS, LOCALES, hasMessage, translate } from '../../src/lib/ui/i18n/index.js';
import { RULE_OPTION_NAMES, TOPICS, basicGoalRows, optionDefault, paragraphKeys, specialCards, specialGoals } from '../../src/lib/ui/rules/topics.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const RULEBOOKS = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'), '..', 'shared', 'rules');

describe('Rules help', () => {
	failOnMissingMessages();

	it.each(TOPICS.filter((topic) => topic !== 'options'))('topic %s has a title and at least one paragraph in every language', (topic) => {
		const keys = [`rules.${topic}.title`, ...paragraphKeys(topic)];
		expect(keys.length).toBeGreaterThan(1);
		for (const locale of LOCALES) for (const key of keys) expect(hasMessage(key, locale), `${key} in ${locale}`).toBe(true);
	});

	it('paragraphs come in number order', () => {
		expect(paragraphKeys('turn')).toEqual(['rules.turn.p1', 'rules.turn.p2', 'rules.turn.p3', 'rules.turn.p4', 'rules.turn.p5', 'rules.turn.p6']);
	});

	it('every rule option is described, with its default in words, in every language', () => {
		expect(RULE_OPTION_NAMES.sort()).toEqual(Object.keys(DEFAULT_RULES).sort());
		for (const name of RULE_OPTION_NAMES) {
			for (const locale of LOCALES) {
				expect(hasMessage(`rules.option.${name}`, locale), `${name} in ${locale}`).toBe(true);
				expect(optionDefault(name, locale)).not.toMatch(/^rules\./);
			}
		}
	});

	it('the basic goal table is the engine’s, and every Illuminati’s special goal and every Special card are listed', () => {
		expect(Object.fromEntries(basicGoalRows().map((row) => [row.players, row.groups]))).toEqual(BASIC_GOAL_BY_PLAYERS);
		for (const locale of LOCALES) {
			expect(specialGoals(locale).map((g) => g.id)).toEqual(ILLUMINATI.map((c) => c.id));
			const specials = specialCards(locale);
			expect(new Set(specials.map((s) => s.name)).size).toBe(specials.length);
			expect(specials.length).toBe(14); // 15 Special cards, Interference twice
		}
	});
});

/** Lower-case words of a text, accents kept, punctuation dropped. */
function words(text: string): string[] {
	return text.toLowerCase().replace(/[’']/g, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Card names are titles, not prose: they are cut out (replaced by a word no book has). */
const NAMES = ALL_CARDS.flatMap((card) => [card.name, card.nameFr ?? card.name])
	.map((name) => name.toLowerCase())
	.sort((a, b) => b.length - a.length);
function withoutNames(text: string): string {
	let out = text.replace(/’/g, "'").toLowerCase();
	for (const name of NAMES) out = out.split(name).join(' ¤ ');
	return out;
}

function shingles(list: readonly string[], size: number): Set<string> {
	const out = new Set<string>();
	for (let i = 0; i + size <= list.length; i++) out.add(list.slice(i, i + size).join(' '));
	return out;
}

describe('Our words, not the rulebooks’', () => {
	it('the rulebooks are where the project expects them', () => {
		expect(existsSync(RULEBOOKS)).toBe(true);
	});

	it.each(['rules', 'cards', 'errors', 'words'])('no 8-word run of the "%s" messages appears in a rulebook', (area) => {
		const books = readdirSync(RULEBOOKS)
			.filter((file) => file.endsWith('.txt'))
			.map((file) => shingles(words(readFileSync(join(RULEBOOKS, file), 'utf8')), 8));
		const copied: string[] = [];
		for (const locale of LOCALES) {
			for (const key of Object.keys(AREAS[area]![locale])) {
				for (const run of shingles(words(withoutNames(translate(locale, `${area}.${key}`, new Proxy({}, { get: () => 'x' })))), 8)) {
					if (books.some((book) => book.has(run))) copied.push(`${locale} ${area}.${key}: "${run}"`);
				}
			}
		}
		expect(copied).toEqual([]);
	});
});
