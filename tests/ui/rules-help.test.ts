// The rules help: every topic has a title and paragraphs in each language, every rule option is
// described with its default, engine facts are shown rather than restated, and no sentence of ours
// is lifted from a rulebook (no run of 8 words in common with any of them). The rulebooks are not
// in the project: their runs are, as fingerprints only (tests/fixtures/rulebook-shingles.txt,
// written by scripts/rule-fingerprints.mjs from ../shared/rules; run it when the rulebooks change).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, BASIC_GOAL_BY_PLAYERS, ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { LOG_BASE_RULES } from '../../src/lib/engine/index.js';
import { AREAS, LOCALES, hasMessage, translate } from '../../src/lib/ui/i18n/index.js';
import { RULE_OPTION_NAMES, TOPICS, basicGoalRows, optionDefault, paragraphKeys, specialCards, specialGoals } from '../../src/lib/ui/rules/topics.js';
import { HASH_DIGITS, RUN_WORDS, fingerprint, fingerprintsOf, parseFingerprints, shingles, words } from '../../scripts/lib/shingles.mjs';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { SPANISH_NAMES } from '../../src/lib/ui/cards/names-es.js';
import { FRENCH_NAMES } from '../../src/lib/ui/cards/names-fr.js';

const FINGERPRINTS = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'fixtures', 'rulebook-shingles.txt');

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
		// The named options: the later fixes (on in every game) are not a choice.
		expect(RULE_OPTION_NAMES.sort()).toEqual(Object.keys(LOG_BASE_RULES).sort());
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

/** Card names are titles, not prose: they are cut out (replaced by a word no book has). */
const NAMES = ALL_CARDS.flatMap((card) => [card.name, FRENCH_NAMES[card.id]?.name ?? card.name, SPANISH_NAMES[card.id]?.name ?? card.name])
	.map((name) => name.toLowerCase())
	.sort((a, b) => b.length - a.length);
function withoutNames(text: string): string {
	let out = text.replace(/’/g, "'").toLowerCase();
	for (const name of NAMES) out = out.split(name).join(' ¤ ');
	return out;
}

/** Our text of a message in one language, every parameter shown as 'x'. */
const message = (locale: (typeof LOCALES)[number], key: string) => translate(locale, key, new Proxy({}, { get: () => 'x' }));

/** The runs of an area's messages whose fingerprints are in `books`, as `locale area.key: "run"`. */
function copiedRuns(area: string, books: ReadonlySet<string>): string[] {
	const copied: string[] = [];
	for (const locale of LOCALES) {
		for (const key of Object.keys(AREAS[area]![locale])) {
			for (const run of shingles(words(withoutNames(message(locale, `${area}.${key}`))))) {
				if (books.has(fingerprint(run))) copied.push(`${locale} ${area}.${key}: "${run}"`);
			}
		}
	}
	return copied;
}

describe('Our words, not the rulebooks’', () => {
	const books = parseFingerprints(readFileSync(FINGERPRINTS, 'utf8'));

	it('the rulebooks’ fingerprints are in the project: tens of thousands of runs, hashes only', () => {
		expect(RUN_WORDS).toBe(8);
		expect(books.size).toBeGreaterThan(30_000);
		const shape = new RegExp(`^[0-9a-f]{${HASH_DIGITS}}$`);
		expect([...books].filter((f) => !shape.test(f))).toEqual([]);
	});

	it.each(['rules', 'cards', 'errors', 'words'])('no 8-word run of the "%s" messages appears in a rulebook', (area) => {
		expect(copiedRuns(area, books)).toEqual([]);
	});

	it('would catch a copied run: a rulebook holding one of our paragraphs (in capitals, with other words around it) flags it', () => {
		const ours = message('en', 'rules.turn.p1');
		const run = [...shingles(words(withoutNames(ours)))][0]!;
		expect(run.split(' ')).toHaveLength(8);
		// Not in the real rulebooks...
		expect(books.has(fingerprint(run))).toBe(false);
		// ...but in a book that copied the paragraph, whatever the case and punctuation around it.
		const book = fingerprintsOf(`CHAPTER ONE. THE TURN: ${ours.toUpperCase().replace(/'/g, '’')} AND SO ON, SAYS THE BOOK.`);
		expect(book.has(fingerprint(run))).toBe(true);
		expect(copiedRuns('rules', book)).toContain(`en rules.turn.p1: "${run}"`);
	});
});
