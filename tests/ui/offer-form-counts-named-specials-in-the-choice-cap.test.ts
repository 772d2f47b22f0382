// The offer form's "Special cards of their choice" (ui/actions/deals.ts, OfferForm.svelte) next to
// Specials the offer names: the engine wants the receiver to hold the named cards and those of its
// choice together (engine/offer-choice.ts enoughSpecialsProblem), so the form offers exactly the
// counts the engine accepts for the draft, and a draft whose named cards grow is cut to fit. Before,
// the cap was what the receiver holds, named cards ignored: the form let a player ask for a count
// the engine then refused (NOT_HELD).
import { describe, expect, it } from 'vitest';
import { step, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { anySpecialsCounts, emptyOffer, fitAnySpecials, formOffer } from '../../src/lib/ui/actions/deals.js';
import { side, tableWithTwoSpecials } from '../helpers/deals.js';

/** Seat 2 holding four Specials (one in hand, three face down, as the secret deck counts them). */
function withFour(): GameState {
	const state = tableWithTwoSpecials();
	return { ...state, players: state.players.map((p) => (p.seat === 2 ? { ...p, hand: ['murphys-law'], hidden: [3, 7, 9] } : p)) };
}

/** The offer seat 0's form makes to `to`, asking for `named` and `count` of its choice, for 1 MB. */
const made = (state: GameState, to: number, named: CardId[], count: number) =>
	formOffer(state, 0, { ...emptyOffer(to), take: side({ specials: named, anySpecials: count }) }, to, { give: 1, take: 0 })!;

describe('Specials of the receiver’s choice next to Specials the offer names', () => {
	it('the form’s counts leave room for the named cards', () => {
		const state = tableWithTwoSpecials();
		expect(anySpecialsCounts(state, 1, [])).toEqual([0, 1, 2]);
		expect(anySpecialsCounts(state, 1, ['slush-fund'])).toEqual([0, 1]);
		expect(anySpecialsCounts(state, 1, ['slush-fund', 'murphys-law'])).toEqual([0]);
		expect(anySpecialsCounts(withFour(), 2, ['murphys-law'])).toEqual([0, 1, 2, 3]);
		expect(anySpecialsCounts(withFour(), 2, ['murphys-law', 'deep-agent'])).toEqual([0, 1, 2]);
	});

	it('every count the form offers is one the engine accepts, and one more is refused', () => {
		const cases: [GameState, number, CardId[]][] = [
			[tableWithTwoSpecials(), 1, []],
			[tableWithTwoSpecials(), 1, ['slush-fund']],
			[tableWithTwoSpecials(), 1, ['slush-fund', 'murphys-law']],
		];
		for (const [state, to, named] of cases) {
			const counts = anySpecialsCounts(state, to, named);
			for (const count of counts) expect(step(state, made(state, to, named, count)).ok, `${named.join()} + ${count}`).toBe(true);
			const over = { ...made(state, to, named, 0), take: side({ specials: named, anySpecials: counts.length }) };
			expect(step(state, over)).toMatchObject({ ok: false, error: { code: 'NOT_HELD' } });
		}
	});

	it('a draft whose named cards grow is cut to fit, and the offer made from it is accepted', () => {
		const state = tableWithTwoSpecials();
		expect(fitAnySpecials(state, 1, side({ anySpecials: 2, specials: ['slush-fund'] }))).toEqual(side({ anySpecials: 1, specials: ['slush-fund'] }));
		expect(fitAnySpecials(state, 1, side({ anySpecials: 2, specials: ['slush-fund', 'murphys-law'] }))).toEqual(side({ specials: ['slush-fund', 'murphys-law'] }));
		expect(fitAnySpecials(state, 1, side({ anySpecials: 1 }))).toEqual(side({ anySpecials: 1 }));
		const action = made(state, 1, ['slush-fund'], 2);
		expect(action.take.anySpecials).toBe(1);
		expect(step(state, action).ok).toBe(true);
	});
});
