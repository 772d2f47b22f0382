// Issue 16: the card popup covered the attack buttons (it was fixed to the screen's lower right
// corner, over the action panel). It now opens beside the card, inside the table's box.
import { describe, expect, it } from 'vitest';
import { placeDetails, type Box } from '../../src/lib/ui/table/details-place.js';

const table: Box = { top: 100, left: 20, width: 800, height: 1200 };
const size = { width: 336, height: 300 };
const box = (top: number, left: number, width = 80, height = 110): Box => ({ top, left, width, height });
const inside = (p: { top: number; left: number; width: number }, h = size.height) => p.top >= 0 && p.left >= 0 && p.left + p.width <= table.width && p.top + h <= table.height;
const overlaps = (a: Box, b: Box) => a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
const onScreen = (p: { top: number; left: number; width: number }) => ({ top: table.top + p.top, left: table.left + p.left, width: p.width, height: size.height });

describe('where a card’s details open', () => {
	it('below the card, aligned with it, when there is room', () => {
		const card = box(200, 100);
		const p = placeDetails(card, table, size, 900);
		expect(p).toEqual({ top: 200 + 110 - 100 + 6, left: 80, width: 336 });
		expect(overlaps(onScreen(p), card)).toBe(false);
	});

	it('above the card when below would leave the table or the screen', () => {
		for (const [card, viewport] of [
			[box(1100, 100), 2000], // near the table's foot
			[box(600, 100), 800], // near the screen's foot
		] as const) {
			const p = placeDetails(card, table, size, viewport);
			expect(p.top + size.height).toBeLessThanOrEqual(card.top - table.top);
			expect(overlaps(onScreen(p), card)).toBe(false);
		}
	});

	it('never leaves the table: not past its right edge, nor wider than it', () => {
		const p = placeDetails(box(200, 780, 60), table, size, 900);
		expect(inside(p)).toBe(true);
		const narrow: Box = { top: 0, left: 0, width: 300, height: 2000 };
		expect(placeDetails(box(50, 250, 40), narrow, size, 900)).toMatchObject({ left: 0, width: 300 });
	});

	it('so an action panel beside or below the table is never covered', () => {
		// Desktop: the panel is the column right of the table; phone: it comes after the table.
		const besides: Box = { top: 100, left: 840, width: 500, height: 1200 };
		const after: Box = { top: 1300, left: 20, width: 800, height: 900 };
		for (let top = 100; top <= 1190; top += 45) {
			for (let left = 20; left <= 740; left += 60) {
				const p = onScreen(placeDetails(box(top, left), table, size, 900));
				expect(overlaps(p, besides), `card at ${top},${left}`).toBe(false);
				expect(overlaps(p, after), `card at ${top},${left}`).toBe(false);
			}
		}
	});
});
