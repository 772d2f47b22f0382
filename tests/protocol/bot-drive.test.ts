// A takeover claim for a seated bot: a version-2 `botDrive` { seat, bot, after } (after: an entry
// id); any other shape is refused at parsing, and version 1 has no such kind.
import { describe, expect, it } from 'vitest';
import { generateIdentity, parseEntry, signEntry } from '../../src/lib/protocol/index.js';

const identity = generateIdentity(new Uint8Array(32).fill(9));
const id = 'C'.repeat(42) + 'E';
const drive = (body: Record<string, unknown>) => parseEntry(signEntry(identity, { game: 'gameidgameidgameid12', kind: 'botDrive', body: body as never, last: id, deps: ['B'.repeat(42) + 'E'] }));

describe('bot takeover claims', () => {
	it('a well-formed claim parses', () => {
		const parsed = drive({ seat: 0, bot: 3, after: id });
		expect(parsed.ok).toBe(true);
		expect(parsed.ok && parsed.entry.kind).toBe('botDrive');
	});
	it('refuses a claim without an entry id to take over from, with extra or missing fields, or negative seats', () => {
		for (const body of [{ seat: 0, bot: 3, after: 'x' }, { seat: 0, bot: 3 }, { seat: 0, bot: 3, after: id, level: 'hard' }, { seat: -1, bot: 3, after: id }, { seat: 0, bot: 1.5, after: id }]) {
			const parsed = drive(body);
			expect(parsed.ok, JSON.stringify(body)).toBe(false);
			expect(!parsed.ok && parsed.code).toBe('MALFORMED');
		}
	});
});
