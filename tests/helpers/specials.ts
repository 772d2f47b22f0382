/**
 * Helpers for rule tests of windows, interference and Special cards: everyone passing the window
 * open now, and the invariants (every card in one place, money conserved) after an effect.
 */
import { expect } from 'vitest';
import { attackOdds, step, type Action, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import type { AttackAction } from '../../src/lib/engine/actions.js';
import type { AttackState, RuleOptions } from '../../src/lib/engine/types.js';
import { spendingSeats } from '../../src/lib/engine/privilege.js';
import { scenario, waitingSeats } from './scenario.js';

function apply(state: GameState, action: Action): GameState {
	const result = step(state, action);
	if (!result.ok) throw new Error(`${action.type} refused: ${result.error.code} ${result.error.message}`);
	return result.state;
}

/** Every seat still waited for passes the cancel window of the Specials just played. */
export function passChain(state: GameState): GameState {
	if (state.chain === null) throw new Error('no Special is waiting in its cancel window');
	let current = state;
	for (const seat of waitingSeats(state)) current = apply(current, { type: 'passWindow', seat });
	expect(current.chain).toBeNull();
	return current;
}

/** Every seat passes the after-roll or start-of-turn window (no chain may be open). */
export function passWindowAll(state: GameState): GameState {
	if (state.chain !== null) throw new Error('a chain is open: use passChain');
	const kind = state.phase.kind;
	if (kind !== 'afterRoll' && kind !== 'turnStart') throw new Error(`no window is open (phase ${kind})`);
	let current = state;
	for (const seat of waitingSeats(state)) current = apply(current, { type: 'passWindow', seat });
	expect(current.phase.kind).not.toBe(kind === 'afterRoll' ? 'afterRoll' : 'turnStart');
	return current;
}

/** Every seat of the attack's spending window passes; the dice are then asked for. */
export function passSpendingAll(state: GameState): GameState {
	if (state.phase.kind !== 'attack') throw new Error('no attack under way');
	const attack = state.phase.attack;
	let current = state;
	for (const seat of spendingSeats(state, attack)) {
		if (!attack.passed.includes(seat)) current = apply(current, { type: 'passSpending', seat });
	}
	expect(current.random).toEqual({ kind: 'attackRoll' });
	return current;
}

export { expectSound, waitingSeats } from './scenario.js';

/**
 * A four-seat table in the middle of seat 0's actions step. Seat 0 (Bavarian Illuminati) attacks
 * with the Multinational Oil Companies; seat 1 (the Network) owns the Republicans and, under them,
 * the Democrats; seats 2 (Gnomes of Zurich) and 3 (Servants of Cthulhu) look on. Hollywood and the
 * Trekkies (no Power) are uncontrolled, the Yuppies are dead. Hands are given per seat.
 */
export function table(hands: Partial<Record<Seat, CardId[]>> = {}, rules: Partial<RuleOptions> = {}): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'multinational-oil-companies', side: 1, money: 6 }], hand: hands[0] ?? [] },
			{
				illuminati: 'network',
				money: 8,
				groups: [
					{ card: 'republicans', side: 1, money: 5 },
					{ card: 'democrats', master: 'republicans', side: 0, money: 3 },
				],
				hand: hands[1] ?? [],
			},
			{ illuminati: 'gnomes-of-zurich', money: 9, groups: [{ card: 'kkk', side: 1, money: 2 }], hand: hands[2] ?? [] },
			{ illuminati: 'servants-of-cthulhu', money: 7, groups: [{ card: 'fbi', side: 1 }], hand: hands[3] ?? [] },
		],
		uncontrolled: ['hollywood', 'trekkies'],
		dead: ['yuppies'],
		rules,
	});
}

/** Seat 0's attack to neutralize the Democrats (seat 1 defends), with any extras. */
export function neutralizeDemocrats(extra: Partial<AttackAction> = {}): AttackAction {
	return { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'multinational-oil-companies', target: 'democrats', aids: [], ...extra };
}

/** The attack under way (in its spending window or after the roll). */
export function attackOf(state: GameState): AttackState {
	if (state.phase.kind !== 'attack' && state.phase.kind !== 'afterRoll') throw new Error(`no attack under way (phase ${state.phase.kind})`);
	return state.phase.attack;
}

/** The roll the attack under way needs (modifiers summed, before the 11/12 rule). */
export function neededNow(state: GameState): number {
	return attackOdds(state, attackOf(state)).needed;
}
