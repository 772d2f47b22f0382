// Card texts in our words, built from the structured data: every card in every language, with the
// numbers of its abilities, goal or effect, and no missing message.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type Card } from '../../src/lib/engine/cards/index.js';
import { LOCALES } from '../../src/lib/ui/i18n/index.js';
import { cardTexts } from '../../src/lib/ui/cards/abilities.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

/** The numbers a card's text must mention: ability values and costs, goal thresholds, effect amounts. */
function numbersOf(card: Card): number[] {
	const out: number[] = [];
	const abilities = card.kind === 'special' ? [] : card.abilities;
	for (const ability of abilities) {
		for (const key of ['value', 'amount', 'cost', 'resistance'] as const) {
			const value = (ability as Record<string, unknown>)[key];
			if (typeof value === 'number') out.push(value);
		}
	}
	if (card.kind === 'illuminati') {
		const goal = card.goal as Record<string, unknown>;
		for (const key of ['threshold', 'count']) if (typeof goal[key] === 'number') out.push(goal[key] as number);
	}
	if (card.kind === 'special') {
		const effect = card.effect as Record<string, unknown>;
		for (const key of ['value', 'amount', 'bonus']) if (typeof effect[key] === 'number') out.push(effect[key] as number);
	}
	return out;
}

describe('Card texts', () => {
	failOnMissingMessages();

	it.each(ALL_CARDS.map((card) => [card.id, card] as const))('%s is described in every language with its numbers', (_id, card) => {
		const texts = LOCALES.map((locale) => cardTexts(card, locale).join(' '));
		const hasText = card.kind !== 'group' || card.abilities.length > 0;
		for (const text of texts) {
			expect(text.length > 0).toBe(hasText);
			expect(text).not.toMatch(/undefined|NaN|[{}]/);
			for (const n of numbersOf(card)) expect(text).toContain(String(n));
		}
		if (hasText) expect(new Set(texts).size).toBe(LOCALES.length);
	});
});
