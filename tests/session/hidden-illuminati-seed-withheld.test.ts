// The countdown reaches a seat that withholds its seeds at the end of a game with the secret deck
// and Hidden Illuminati (issue 13; docs/deck.md, "Hidden Illuminati"): three sessions with a fake
// clock; seat 2 leaves and goes silent, so it reveals neither its draw-deck seed nor its Illuminati
// seed once the others end the game. The table waits for both; after the countdown the others'
// devices vote by themselves, and seat 2 is named SEED_WITHHELD in both decks; the Illuminati deal
// opens with the cards shown only.
import { describe, expect, it } from 'vitest';
import { countdownNamesTheSilentSeat, drawnSecretDeckTable, expectBothWaitForTheSilentSeed, replayOf, silentSeatLeavesAndTheGameEnds } from './seed-withheld-table.js';

describe('Hidden Illuminati: withheld seeds at the end', { timeout: 180_000 }, () => {
	it('the table waits for the silent seat’s seeds of both decks; the others vote by themselves after the countdown; it is named SEED_WITHHELD in both', () => {
		const table = drawnSecretDeckTable('ILLSEEDWITHHELD'.padEnd(25, 'X'), { hiddenIlluminati: true });
		const [a, b] = table.sessions;
		expect(replayOf(a).core.deck?.steps.some((s) => s.seat === 2 && s.deck !== null)).toBe(true);
		expect(replayOf(a).core.illuminati?.steps.some((s) => s.seat === 2)).toBe(true);

		silentSeatLeavesAndTheGameEnds(table);
		const deck = () => replayOf(a).core.deck!;
		expect(deck().seeds.has(0) && deck().seeds.has(1)).toBe(true);
		const deal = () => replayOf(a).core.illuminati!;
		expect(deal().seeds.has(0) && deal().seeds.has(1)).toBe(true);
		expect(deal().opened).toBeNull();
		expect(deck().audit).toBeNull();
		expectBothWaitForTheSilentSeed(table);

		countdownNamesTheSilentSeat(table);
		expect(deal().faults.map((f) => [f.seat, f.code])).toEqual([[2, 'SEED_WITHHELD']]);
		expect(deal().opened).not.toBeNull();
		expect(a.stateHash).toBe(b.stateHash);
	});
});
