import { describe, expect, it } from 'vitest';
import { moneyMoves } from '../../src/lib/ui/table/money-moves.js';

const money = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('money moving on the table', () => {
	it('a transfer moves its amount from the payer to the payee', () => {
		expect(moneyMoves(money({ a: 10, b: 2, c: 5 }), money({ a: 4, b: 8, c: 5 }))).toEqual([{ from: 'a', to: 'b', amount: 6 }]);
	});

	it('income comes from the bank and spending goes to it', () => {
		expect(moneyMoves(money({ a: 3, b: 7 }), money({ a: 9, b: 4 }))).toEqual([
			{ from: 'b', to: 'a', amount: 3 },
			{ from: null, to: 'a', amount: 3 },
		]);
		expect(moneyMoves(money({ a: 3 }), money({ a: 1 }))).toEqual([{ from: 'a', to: null, amount: 2 }]);
		expect(moneyMoves(money({ a: 3, b: 0 }), money({ a: 8, b: 2 }))).toEqual([
			{ from: null, to: 'a', amount: 5 },
			{ from: null, to: 'b', amount: 2 },
		]);
	});

	it('pairs payers and payees of the same amount first', () => {
		const moves = moneyMoves(money({ a: 10, b: 10, c: 0, d: 0 }), money({ a: 5, b: 7, c: 3, d: 5 }));
		expect(moves).toContainEqual({ from: 'a', to: 'd', amount: 5 });
		expect(moves).toContainEqual({ from: 'b', to: 'c', amount: 3 });
		expect(moves).toHaveLength(2);
	});

	it('a card that arrives or leaves moves nothing, and no change moves nothing', () => {
		expect(moneyMoves(money({ a: 4 }), money({ a: 4, b: 9 }))).toEqual([]);
		expect(moneyMoves(money({ a: 4, b: 9 }), money({ a: 4 }))).toEqual([]);
	});

	it('keeps at most the given number of moves, largest first', () => {
		const before = money(Object.fromEntries([...'abcdefgh'].map((c) => [c, 0])));
		const after = money(Object.fromEntries([...'abcdefgh'].map((c, i) => [c, i + 1])));
		const moves = moneyMoves(before, after, 3);
		expect(moves.map((move) => move.amount)).toEqual([8, 7, 6]);
	});
});
