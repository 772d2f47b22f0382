// Specials in attacks (Special Cards: "if two Specials are played and one contradicts the other
// (for example, Assassination and Murphy's Law), the last card played is the one that governs";
// Assassination / Murphy's Law: "immediately after a roll ... the roll becomes 2 / 12"; Automatic
// Failure: an 11 or 12 always fails; Attack to Destroy: "a group with no Power cannot be destroyed
// except by Whispering Campaign"; the card: "rolled against the target's Resistance, success
// destroys it; playing the card is not an action" (the attack is)).
import { describe, expect, it } from 'vitest';
import { attackOdds, type GameState } from '../../src/lib/engine/index.js';
import { dice, expectRefused, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neededNow, neutralizeDemocrats, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

const SECRETS = 'secrets-man-was-not-meant-to-know';

/** Seat 0's attack on the Democrats, rolled, in the window after the roll. Seat 1 holds Murphy's
 * Law, seat 2 Assassination, seat 3 Secrets. */
function rolled(a: number, b: number, spend = 0): GameState {
	let state = play(table({ 1: ['murphys-law'], 2: ['assassination'], 3: [SECRETS] }), neutralizeDemocrats());
	if (spend > 0) state = play(state, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: spend });
	return play(passSpendingAll(state), dice(a, b));
}

const ASSASSINATION = { type: 'playSpecial', seat: 2, card: 'assassination' } as const;
const MURPHY = { type: 'playSpecial', seat: 1, card: 'murphys-law' } as const;

describe("Assassination and Murphy's Law: the last one played governs", () => {
	it('the roll as played stands until the window after the roll closes', () => {
		const state = rolled(4, 4);
		expect(state.phase.kind).toBe('afterRoll');
		expect(attackOf(state).roll).toEqual([4, 4]);
		expect(state.lastAttack).toBeNull();
	});

	it.each([
		['Assassination, then Murphy\'s Law: 12, the attack fails', [ASSASSINATION, MURPHY], [6, 6], false],
		['Murphy\'s Law, then Assassination: 2, the attack succeeds', [MURPHY, ASSASSINATION], [1, 1], true],
	] as const)('%s', (_what, cards, roll, success) => {
		let state = rolled(3, 3);
		for (const card of cards) state = passChain(play(state, card));
		expect(attackOf(state).roll).toEqual(roll);
		expect(state.discard).toEqual(cards.map((c) => c.card));
		const done = passWindowAll(state);
		expect(done.lastAttack).toMatchObject({ roll, success });
		expect(done.players[1]!.structure.democrats === undefined).toBe(success);
		expectSound(done);
	});

	it('a later card reopens the window: everyone passes again before the result', () => {
		const state = play(rolled(3, 3), { type: 'passWindow', seat: 0 }, { type: 'passWindow', seat: 3 });
		const answered = passChain(play(state, ASSASSINATION));
		expect(answered.phase).toMatchObject({ kind: 'afterRoll', passed: [] });
	});

	it('Secrets cancelling Murphy\'s Law leaves the Assassination standing', () => {
		const state = passChain(play(rolled(3, 3), ASSASSINATION));
		const cancelled = passChain(play(state, MURPHY, { type: 'playSpecial', seat: 3, card: SECRETS }));
		expect(attackOf(cancelled).roll).toEqual([1, 1]);
		expect(passWindowAll(cancelled).lastAttack?.success).toBe(true);
	});

	it('Assassination may be played on any roll, by the attacker on its own roll too', () => {
		const state = play(table({ 0: ['assassination'] }), neutralizeDemocrats());
		const own = play(passSpendingAll(state), dice(6, 5));
		const saved = passWindowAll(passChain(play(own, { type: 'playSpecial', seat: 0, card: 'assassination' })));
		expect(saved.lastAttack).toMatchObject({ roll: [1, 1], success: true });
	});
});

describe('Automatic failure: an 11 or 12 fails even when 20 is needed', () => {
	const spendToTwenty = (state: GameState) => Math.max(0, 20 - neededNow(play(state, neutralizeDemocrats())));

	it.each([
		[[6, 5], false],
		[[6, 6], false],
		[[5, 5], true],
		[[4, 6], true],
	] as const)('rolled %j with 20 needed: success %s', (roll, success) => {
		const extra = spendToTwenty(table());
		expect(extra).toBeLessThanOrEqual(20);
		const state = rolled(roll[0], roll[1], extra);
		expect(neededNow(state)).toBe(20);
		const done = passWindowAll(state);
		expect(done.lastAttack).toMatchObject({ needed: 20, success });
		expectSound(done);
	});

	it("Murphy's Law turns a 2 into a 12, which fails whatever is needed", () => {
		const state = rolled(1, 1, spendToTwenty(table()));
		const done = passWindowAll(passChain(play(state, MURPHY)));
		expect(done.lastAttack).toMatchObject({ needed: 20, roll: [6, 6], success: false });
	});
});

describe('Whispering Campaign: destroy a group with no Power, against its Resistance', () => {
	const base = table({ 0: ['whispering-campaign'], 3: [SECRETS] });
	const whisper = { type: 'attack', seat: 0, kind: 'destroy', attacker: 'multinational-oil-companies', target: 'trekkies', aids: [], whispering: true } as const;
	const declared = play(base, whisper);

	it('the card waits in its cancel window; the attack uses an action, the card none', () => {
		expect(declared.chain?.plays).toEqual([{ seat: 0, cards: ['whispering-campaign'], effect: { kind: 'whispering' } }]);
		expect(declared.turn!.actionsLeft).toBe(1);
		expect(attackOf(declared).whispering).toBe(true);
		expectSound(declared);
	});

	it('the roll is made against the Resistance (not the Power), and success destroys the group', () => {
		const state = passChain(declared);
		const odds = attackOdds(state, attackOf(state));
		expect(odds.modifiers).toContainEqual({ source: 'resistance', card: 'trekkies', value: -4 });
		expect(odds.modifiers.some((m) => m.source === 'defendingPower')).toBe(false);
		expect(odds.needed).toBe(6 - 4);
		const done = passWindowAll(play(passSpendingAll(state), dice(1, 1)));
		expect(done.dead).toContain('trekkies');
		expect(done.uncontrolled).not.toContain('trekkies');
		expect(done.players[0]!.kills).toBe(1);
		expect(done.discard).toEqual(['whispering-campaign']);
		expectSound(done);
	});

	it('a failed roll leaves the group where it was', () => {
		const done = passWindowAll(play(passSpendingAll(passChain(declared)), dice(2, 1)));
		expect(done.lastAttack?.success).toBe(false);
		expect(done.uncontrolled).toContain('trekkies');
	});

	it('cancelled by Secrets, the attack never happened: its action and its group come back', () => {
		const cancelled = passChain(play(declared, { type: 'playSpecial', seat: 3, card: SECRETS }));
		expect(cancelled.phase.kind).toBe('turn');
		expect(cancelled.turn).toMatchObject({ actionsLeft: 2, acted: false });
		expect(cancelled.turn!.participated['multinational-oil-companies'] ?? 0).toBe(0);
		expect(cancelled.discard).toEqual(['whispering-campaign', SECRETS]);
		expect(cancelled.uncontrolled).toContain('trekkies');
		expectSound(cancelled);
		expect(play(cancelled, { ...whisper, whispering: undefined, kind: 'control' }).phase.kind).toBe('attack');
	});

	it.each([
		['a group with Power', { target: 'hollywood' }, 'NOT_APPLICABLE'],
		['an attack to control', { kind: 'control' }, 'NOT_APPLICABLE'],
		['an attack to neutralize', { kind: 'neutralize', target: 'democrats' }, 'NOT_APPLICABLE'],
		['with a Special discarded for privilege', { privilege: { kind: 'discard', card: SECRETS } }, 'NOT_IN_HAND'],
	] as const)('refused on %s: %s', (_what, extra, code) => {
		expectRefused(base, { ...whisper, ...extra }, code);
	});

	it('without the card, a powerless group cannot be destroyed (POWERLESS_TARGET), nor the card played alone', () => {
		expectRefused(table(), whisper, 'NOT_IN_HAND');
		expectRefused(table(), { ...whisper, whispering: undefined }, 'POWERLESS_TARGET');
		expectRefused(base, { type: 'playSpecial', seat: 0, card: 'whispering-campaign' }, 'NOT_APPLICABLE');
	});

	it('with the Bavarian privilege: paid at once, the card in its window, the attack privileged', () => {
		const state = play(base, { ...whisper, privilege: { kind: 'bavarian' } });
		expect(attackOf(state)).toMatchObject({ privileged: true, whispering: true, committed: true });
		expect(state.chain?.plays[0]!.effect.kind).toBe('whispering');
		expectSound(state);
	});

	it('with another Special discarded for privilege: both wait in one window (whispering-campaign-privileged.test.ts)', () => {
		const both = play(table({ 0: ['whispering-campaign', 'slush-fund'] }), { ...whisper, privilege: { kind: 'discard', card: 'slush-fund' } });
		expect(both.chain?.plays.map((p) => p.effect.kind)).toEqual(['whispering', 'privilege']);
	});
});
