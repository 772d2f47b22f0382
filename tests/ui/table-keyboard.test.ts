// Arrow keys in a power structure (src/lib/ui/table/keyboard.ts): to the nearest card that way,
// straight ahead before aside, nowhere when no card lies that way.
import { describe, expect, it } from 'vitest';
import { nextSpot } from '../../src/lib/ui/table/keyboard.js';

//   col: 0 1 2
// row 0: A . B
// row 1: C D .
// row 2: . E .
const SPOTS = [
	{ id: 'A', col: 0, row: 0 },
	{ id: 'B', col: 2, row: 0 },
	{ id: 'C', col: 0, row: 1 },
	{ id: 'D', col: 1, row: 1 },
	{ id: 'E', col: 1, row: 2 },
];

describe('an arrow key moves to the nearest card that way', () => {
	it.each([
		['D', 'ArrowLeft', 'C'],
		['D', 'ArrowDown', 'E'],
		['C', 'ArrowRight', 'D'],
		['A', 'ArrowRight', 'B'],
		['A', 'ArrowDown', 'C'],
		['E', 'ArrowUp', 'D'],
		['B', 'ArrowLeft', 'A'],
		['E', 'ArrowLeft', 'C'],
		['B', 'ArrowDown', 'D'],
		['A', 'ArrowUp', null],
		['B', 'ArrowRight', null],
		['E', 'ArrowDown', null],
		['D', 'Enter', null],
	])('from %s, %s goes to %s', (from, key, to) => {
		const start = SPOTS.find((spot) => spot.id === from)!;
		expect(nextSpot(SPOTS, start, key)?.id ?? null).toBe(to);
	});
});
