// The countdown reaches a seat that withholds its shuffle seed at the end of a secret-deck game
// (issue 13; docs/deck.md, "The audit"): three sessions over linked Y.Docs with a fake clock; seat 2
// leaves and goes silent, so it never reveals its seed once the others end the game. The table
// waits for its seed; after the countdown the others' devices vote by themselves, it is named
// SEED_WITHHELD and the audit runs without it.
import { describe, expect, it } from 'vitest';
import { countdownNamesTheSilentSeat, drawnSecretDeckTable, expectBothWaitForTheSilentSeed, replayOf, silentSeatLeavesAndTheGameEnds } from './seed-withheld-table.js';

describe('Secret deck: a withheld seed at the end', { timeout: 180_000 }, () => {
	it('the table waits for the silent seat’s seed, the others vote by themselves after the countdown, and it is named SEED_WITHHELD', () => {
		const table = drawnSecretDeckTable('SEEDWITHHELD'.padEnd(25, 'X'));
		const [a, b] = table.sessions;
		expect(replayOf(a).core.deck?.steps.some((s) => s.seat === 2 && s.deck !== null)).toBe(true);

		silentSeatLeavesAndTheGameEnds(table);
		const deck = () => replayOf(a).core.deck!;
		expect(deck().seeds.has(0) && deck().seeds.has(1)).toBe(true);
		expect(deck().audit).toBeNull();
		expectBothWaitForTheSilentSeed(table);

		countdownNamesTheSilentSeat(table);
		expect(a.stateHash).toBe(b.stateHash);
	});
});
