// A card face shrinks a name instead of breaking it (issue 16): nameFit gives CardView's CSS the
// longest word and the whole length; presence dots come from the seat rows, by seat.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { nameFit } from '../../src/lib/ui/table/name-fit.js';
import { onlineSeats } from '../../src/lib/ui/table/presence.js';

describe('nameFit', () => {
	it('measures the longest word and the whole name in characters', () => {
		expect(nameFit('Intellectuals')).toEqual({ longest: 13, chars: 13 });
		expect(nameFit('The Servants of Cthulhu')).toEqual({ longest: 8, chars: 23 });
		expect(nameFit('Parent/Teacher Agglomeration')).toEqual({ longest: 14, chars: 28 });
	});

	it('counts letters, not UTF-16 units, and never answers zero', () => {
		expect(nameFit('Église')).toEqual({ longest: 6, chars: 6 });
		expect(nameFit('')).toEqual({ longest: 1, chars: 1 });
		expect(nameFit('  spaced   out ')).toEqual({ longest: 6, chars: 15 });
	});

	it('gives every card a positive measure', () => {
		for (const card of Object.values(CARDS)) {
			const fit = nameFit(card.name);
			expect(fit.longest, card.id).toBeGreaterThan(0);
			expect(fit.chars, card.id).toBeGreaterThanOrEqual(fit.longest);
		}
	});
});

describe('onlineSeats', () => {
	it('indexes presence by seat, whatever the rows’ order', () => {
		expect(onlineSeats([{ seat: 2, present: false }, { seat: 0, present: true }, { seat: 1, present: true }])).toEqual([true, true, false]);
	});

	it('leaves a seat with no row unknown (no dot)', () => {
		const online = onlineSeats([{ seat: 1, present: true }]);
		expect(online[0]).toBeUndefined();
		expect(online[1]).toBe(true);
	});
});
