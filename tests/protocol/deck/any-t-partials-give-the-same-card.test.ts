// Any t of the n seats can unmask a card, so an absent seat never stalls a draw: every t-subset of
// valid partial decryptions combines to the same card (d_j = C1·x_j is unique; only its proof
// varies), more than t give it too, and fresh proofs change nothing.
import { describe, expect, it } from 'vitest';
import { combine, verifyReveal } from '../../../src/lib/protocol/deck/index.js';
import { partialsOf, range, shuffledTable, subsets, value } from './support.js';

const CASES: [n: number, t: number][] = [[2, 2], [3, 2], [4, 3], [5, 4], [6, 5], [8, 7], [5, 3]];

describe('any t partial decryptions give the same card', () => {
	for (const [n, t] of CASES) {
		it(`n = ${n}, t = ${t} (seed "any-${n}-${t}"): every t-subset of seats reveals one card; all n do too`, () => {
			const table = shuffledTable(n, t, [3, 14, 15, 92, 65], `any-${n}-${t}`);
			const { game, dkg } = table;
			for (const position of [0, 4]) {
				const card = table.deck[position]!;
				const all = partialsOf(table, position, range(n));
				const again = partialsOf(table, position, range(n), 'other nonces');
				const pick = (from: typeof all, seats: number[]) => seats.map((s) => from[s]!);
				const cards = new Set(
					subsets(n, t).map((seats) => value(verifyReveal({ game, position, card, partials: pick(all, seats), shareKeys: dkg.group.shareKeys, t })))
				);
				expect(cards.size).toBe(1);
				const [number] = cards;
				expect([3, 14, 15, 92, 65]).toContain(number);
				expect(value(verifyReveal({ game, position, card, partials: all, shareKeys: dkg.group.shareKeys, t }))).toBe(number);
				expect(value(combine({ card, partials: [...pick(again, range(t).reverse())], t }))).toBe(number);
				// The point of each partial is the same; only the proof differs.
				expect(again.map((p) => p.share.slice(0, 42))).toEqual(all.map((p) => p.share.slice(0, 42)));
				expect(again.map((p) => p.share)).not.toEqual(all.map((p) => p.share));
			}
		});
	}
});
