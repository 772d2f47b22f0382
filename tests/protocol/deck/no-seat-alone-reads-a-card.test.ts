// No seat's view decodes a card: a masked deck holds no card point in the clear and changes
// completely at every shuffle, and without t partial decryptions nothing combines. Interpolating
// fewer than t anyway (pretending the threshold is lower) unmasks a point that is no card, which
// shows the refusal is not a formality.
import { describe, expect, it } from 'vitest';
import { cardOf, combine, parseDeck, parseMasked } from '../../../src/lib/protocol/deck/index.js';
import { error, partialsOf, range, shuffledTable, subsets, value } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], [3, 2], [4, 3], [6, 5]];
const CARDS = range(10).map((i) => i * 11);

describe('no seat alone (nor t − 1 seats) reads a card', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "alone-${n}"): fewer than t partials refuse; interpolated anyway they give no card`, () => {
			const table = shuffledTable(n, t, CARDS, `alone-${n}`);
			for (const position of range(4)) {
				const card = table.deck[position]!;
				const all = partialsOf(table, position, range(n));
				for (const seats of subsets(n, t - 1)) {
					const partials = seats.map((s) => all[s]!);
					expect(error(combine({ card, partials, t, position }))).toMatchObject({ code: 'NOT_ENOUGH_PARTIALS', position });
					if (t > 2) expect(error(combine({ card, partials, t: t - 1, position })).code).toBe('NOT_A_CARD');
				}
				// One seat's partial on its own, taken as if it were the whole key: no card either.
				for (const seat of range(n)) expect(error(combine({ card, partials: [all[seat]!], t: 1 })).code).toBe('NOT_A_CARD');
				expect(value(combine({ card, partials: all.slice(0, t), t }))).toBe(value(combine({ card, partials: all.slice(n - t), t })));
			}
		});
	}

	it('no masked card of any step shows a card point, and every step re-masks every card', () => {
		const table = shuffledTable(4, 3, CARDS, 'alone-view');
		const halves = (deck: readonly string[]) => deck.map((c) => c.slice(0, 42));
		let seen = new Set(halves(table.open));
		for (const step of table.steps) {
			expect(value(parseDeck(step.deck)).length).toBe(CARDS.length);
			for (const text of step.deck) expect(cardOf(value(parseMasked(text)).c2)).toBeNull();
			for (const half of halves(step.deck)) expect(seen.has(half)).toBe(false);
			seen = new Set([...seen, ...halves(step.deck)]);
		}
	});

	it('a card of the open deck is not something to decrypt', () => {
		const table = shuffledTable(2, 2, CARDS, 'alone-open');
		expect(error(combine({ card: table.open[0]!, partials: partialsOf(table, 0, [0, 1]), t: 2 })).code).toBe('BAD_INPUT');
	});
});
