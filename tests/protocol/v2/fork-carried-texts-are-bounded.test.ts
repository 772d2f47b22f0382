// The pool of carried texts: texts a carry of the forker lists are kept for good; at most
// MAX_UNLISTED_TEXTS others, the oldest dropped first (and handed back, so the replayer forgets
// them and a later sync can bring them again).
import { describe, expect, it } from 'vitest';
import { CarriedTexts, MAX_UNLISTED_TEXTS, type CarriedText } from '../../../src/lib/protocol/v2/carried.js';

/** A stand-in for a checked text: the pool only keys and keeps it. */
const text = (id: string) => ({ ok: true, id, text: `text ${id}` }) as unknown as CarriedText;

describe('carried texts', () => {
	it(`keep at most ${MAX_UNLISTED_TEXTS} texts no carry lists, dropping the oldest first, never a listed one`, () => {
		const pool = new CarriedTexts();
		expect(pool.list(['wanted-0', 'wanted-1'])).toBe('wanted-0');
		expect(pool.add('raw wanted-0', text('wanted-0'))).toEqual([]);
		for (let i = 0; i < MAX_UNLISTED_TEXTS; i++) expect(pool.add(`raw ${i}`, text(`junk-${i}`))).toEqual([]);
		expect(pool.add('raw late', text('late'))).toEqual(['raw 0']);
		expect(pool.add('raw wanted-1', text('wanted-1'))).toEqual([]);
		expect(pool.get('junk-0')).toBeNull();
		expect(pool.get('wanted-0')?.id).toBe('wanted-0');
		expect(pool.list(['wanted-0', 'wanted-1'])).toBeNull();
		// Listing an unlisted text keeps it for good: the flood drops others.
		expect(pool.list(['junk-1'])).toBeNull();
		expect(pool.add('raw later', text('later'))).toEqual([]);
		expect(pool.add('raw latest', text('latest'))).toEqual(['raw 2']);
		expect(pool.get('junk-1')?.id).toBe('junk-1');
		expect(pool.size).toBe(MAX_UNLISTED_TEXTS + 3);
	});
});
