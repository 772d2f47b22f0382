// "Your turn" (session/turn-alert.ts): when this device is wanted, and ringing once per turn or
// attack, never for a window that closes by itself.
import { describe, expect, it } from 'vitest';
import { step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { AlertTracker, turnAlert } from '../../src/lib/session/turn-alert.js';
import { neutralizeDemocrats, table } from '../helpers/specials.js';

function apply(state: GameState, action: Action): GameState {
	const result = step(state, action);
	if (!result.ok) throw new Error(`${action.type}: ${result.error.code}`);
	return result.state;
}

describe('when a seat is wanted', () => {
	const actions = table({ 2: ['slush-fund'] });
	const attack = apply(actions, neutralizeDemocrats());

	it('the active seat is wanted for its turn; the others are not', () => {
		expect(turnAlert(actions, [0])).toMatchObject({ kind: 'turn', seat: 0 });
		for (const seat of [1, 2, 3]) expect(turnAlert(actions, [seat])).toBeNull();
		expect(turnAlert(actions, [])).toBeNull();
	});

	it('the defender of an attack is wanted to defend; onlookers for a window, whatever they hold', () => {
		expect(turnAlert(attack, [1])).toMatchObject({ kind: 'defend', seat: 1 });
		expect(turnAlert(attack, [2])).toMatchObject({ kind: 'window', seat: 2 });
		expect(turnAlert(attack, [3])).toMatchObject({ kind: 'window', seat: 3 });
		expect(turnAlert(attack, [2])!.key).toBe(turnAlert(attack, [3])!.key);
	});

	it('a seat that passed the window is no longer wanted', () => {
		expect(turnAlert(apply(attack, { type: 'passSpending', seat: 3 }), [3])).toBeNull();
	});
});

describe('ringing once', () => {
	const actions = table();
	const attack = apply(actions, neutralizeDemocrats());

	it('a turn rings once however many states it goes through, a Special played in it included', () => {
		const tracker = new AlertTracker();
		expect(tracker.next(turnAlert(actions, [0])).ring).toBe(true);
		expect(tracker.next(turnAlert(actions, [0])).ring).toBe(false);
		expect(tracker.next(turnAlert(attack, [0])).ring).toBe(false); // its own attack's spending: a window
		expect(tracker.next(null).ring).toBe(false);
		expect(tracker.next(turnAlert(actions, [0])).ring).toBe(false);
	});

	it('an attack rings its defender once, even when a spend reopens its window', () => {
		const tracker = new AlertTracker();
		expect(tracker.next(turnAlert(attack, [1])).ring).toBe(true);
		const spent = apply(attack, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 2 });
		expect(turnAlert(spent, [1])!.kind).toBe('defend');
		expect(tracker.next(turnAlert(spent, [1])).ring).toBe(false);
	});

	it('a window that closes by itself never rings, but is shown', () => {
		const decision = new AlertTracker().next(turnAlert(attack, [3]));
		expect(decision).toMatchObject({ ring: false, alert: { kind: 'window' } });
	});

	it('the next turn of the same seat rings again', () => {
		const tracker = new AlertTracker();
		tracker.next(turnAlert(actions, [0]));
		const later = { ...actions, turnCount: actions.turnCount + 4 };
		expect(tracker.next(turnAlert(later, [0])).ring).toBe(true);
	});
});
