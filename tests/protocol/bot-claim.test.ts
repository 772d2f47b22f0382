// A computer player's seat claim: a version-2 join may carry `bot` ({ level, by, seeds, auth }); any
// other shape is refused at parsing, and version 1 knows no such field.
import { describe, expect, it } from 'vitest';
import { generateIdentity, parseEntry, signEntry } from '../../src/lib/protocol/index.js';
import { botClaimProblem } from '../../src/lib/protocol/bot-claim.js';

const identity = generateIdentity(new Uint8Array(32).fill(7));
const box = 'A'.repeat(42) + 'E';
const auth = 'A'.repeat(85) + 'A';
const join = (body: Record<string, unknown>) => parseEntry(signEntry(identity, { game: 'gameidgameidgameid12', kind: 'join', body: body as never, last: null, deps: ['B'.repeat(42) + 'E'] }));

describe('bot claims', () => {
	it('a join with a well-formed bot claim parses; without one it still does', () => {
		expect(join({ seat: 2, box }).ok).toBe(true);
		const parsed = join({ seat: 2, box, bot: { level: 'normal', by: 0, seeds: [{ seat: 0, box: 'abc' }], auth } });
		expect(parsed.ok).toBe(true);
	});

	it('refuses an unknown level, extra fields, too many or malformed boxes', () => {
		for (const bot of [
			{ level: 'expert', by: 0, seeds: [], auth },
			{ level: 'easy', by: 0, seeds: [] },
			{ level: 'easy', by: 0, seeds: [], auth: 'not a signature' },
			{ level: 'easy', by: 0, seeds: [], auth, owner: 'me' },
			{ level: 'easy', by: -1, seeds: [] },
			{ level: 'easy', by: 0, seeds: Array.from({ length: 9 }, (_, seat) => ({ seat, box: 'x' })) },
			{ level: 'easy', by: 0, seeds: [{ seat: 0, box: 'x'.repeat(600) }] },
			{ level: 'easy', by: 0, seeds: [{ seat: 0 }] },
			'normal',
		]) {
			expect(botClaimProblem(bot), JSON.stringify(bot)).not.toBeNull();
			const parsed = join({ seat: 2, box, bot });
			expect(parsed.ok, JSON.stringify(bot)).toBe(false);
		}
	});
});
