// Card data of the French add-on article (FR "J'ai illuminé la Post Office"): the five illuminated
// groups as Illuminati cards, with the Power, transferable Power and income the article prints,
// four outward arrows (How to Illuminate a card, 2), no alignment and no Resistance (1 and 3); the
// classic 106 cards are left as they were.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, CARDS, ILLUMINATED, ILLUMINATI, card, groupCard, illuminatiCard, isIlluminated } from '../../src/lib/engine/cards/index.js';
import { cardSummary } from '../../src/lib/engine/cards/summaries.js';

describe('FR add-on: the illuminated groups as Illuminati cards', () => {
	it.each([
		['illuminated-mafia', 'mafia', 8, 8, 8],
		['illuminated-phone-company', 'phone-company', 7, 7, 9],
		['illuminated-oil-companies', 'multinational-oil-companies', 7, 7, 11],
		['illuminated-post-office', 'post-office', 8, 8, 5],
		['illuminated-communist-conspiracy', 'international-communist-conspiracy', 9, 9, 7],
	] as const)('%s: made from %s, Power %i/%i, income %i, four outward arrows, no alignment or Resistance', (id, group, power, transferable, income) => {
		const data = illuminatiCard(id);
		expect(data).toMatchObject({ kind: 'illuminati', power, transferable, income, illuminates: group, arrows: { out: [0, 1, 2, 3] } });
		expect(groupCard(group).kind).toBe('group');
		expect('alignments' in data || 'resistance' in data).toBe(false);
		expect(isIlluminated(id)).toBe(true);
		expect(cardSummary(id)!.summary.length).toBeGreaterThan(0);
		expect(cardSummary(id)!.goal!.length).toBeGreaterThan(0);
	});

	it('the article announces six groups but describes five: the data has five, after the classic 106', () => {
		expect(ILLUMINATED).toHaveLength(5);
		expect(ALL_CARDS).toHaveLength(106);
		expect(ILLUMINATED.map((c) => c.index)).toEqual([106, 107, 108, 109, 110]);
		expect(ALL_CARDS.some((c) => isIlluminated(c.id))).toBe(false);
		// and the eight Hidden Illuminati stand-ins (cards/face-down.ts).
		expect(Object.keys(CARDS)).toHaveLength(106 + 5 + 8);
		for (const c of ILLUMINATED) expect(card(c.id)).toBe(c);
	});

	it('the classic Illuminati are not illuminated groups', () => {
		for (const c of ILLUMINATI) expect(isIlluminated(c.id)).toBe(false);
		expect(isIlluminated('mafia')).toBe(false);
		expect(isIlluminated('the-moon')).toBe(false);
	});
});
