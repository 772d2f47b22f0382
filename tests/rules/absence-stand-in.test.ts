/**
 * Absence 'bot' (docs/bots.md, "Absence"): like 'passTurns', except that the absent seat's own turn
 * and its spending on an attack it makes or defends wait for a stand-in (a present seat's entry the
 * protocol checks against a deterministic bot). The engine only says when the game waits on it and
 * accepts the seat's entries then; everything else stays automatic.
 */
import { describe, expect, it } from 'vitest';
import { standInAwaited, type GameState } from '../../src/lib/engine/index.js';
import { optionsProblem } from '../../src/lib/engine/setup.js';
import { draw, expectRefused, passAll, play, playThrough, scenario, type PlayerSpec } from '../helpers/scenario.js';

const SPECS: readonly PlayerSpec[] = [
	{ illuminati: 'bavarian-illuminati', money: 6, groups: [{ card: 'kgb', side: 1, money: 2 }] },
	{ illuminati: 'network', money: 9, groups: [{ card: 'cia', side: 1, money: 1 }] },
	{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'mafia', side: 1 }] },
];

const vote = (seat: number, target: number) => ({ type: 'declareAbsent', seat, target }) as const;

/** Seat 1 voted absent by seats 0 and 2, under the given option, during seat 0's turn. */
function absentOne(absence: 'passTurns' | 'bot'): GameState {
	return play(scenario({ players: SPECS, rules: { absence }, turn: { seat: 0 }, uncontrolled: ['yuppies'] }), vote(0, 1), vote(2, 1));
}

/** Seat 1's turn has come (income and the draw done). */
function itsTurn(absence: 'passTurns' | 'bot'): GameState {
	const drawing = playThrough(absentOne(absence), { type: 'endTurn', seat: 0 });
	return passAll(play(drawing, draw('texas', 'pentagon')));
}

describe("Absence 'bot': the absent seat's turn waits for its stand-in", () => {
	it("under 'passTurns' the engine passes the turn; under 'bot' the turn waits in its actions step", () => {
		expect(itsTurn('passTurns').turn!.seat).toBe(2);
		const waiting = itsTurn('bot');
		expect(waiting.turn).toMatchObject({ seat: 1, step: 'actions' });
		expect(waiting.players[1]!.absent).toBe(true);
		expect(standInAwaited(waiting, 1)).toBe(true);
		expect(standInAwaited(waiting, 0)).toBe(false);
	});

	it('the engine takes the awaited seat\u2019s entries; passing ends its turn', () => {
		const waiting = itsTurn('bot');
		const after = play(waiting, { type: 'passTurn', seat: 1 });
		expect(after.turn!.seat).toBe(2);
		expect(after.players[1]!.turnsCompleted).toBe(waiting.players[1]!.turnsCompleted + 1);
	});

	it('not awaited (another seat\u2019s turn): its entries are refused SEAT_ABSENT', () => {
		const state = absentOne('bot');
		expect(standInAwaited(state, 1)).toBe(false);
		expectRefused(state, { type: 'passTurn', seat: 1 }, 'SEAT_ABSENT');
	});

	it('its attack is not called off: the stand-in spends or passes, then the dice', () => {
		const waiting = itsTurn('bot');
		const attacking = play(waiting, { type: 'attack', seat: 1, kind: 'control', attacker: 'network', target: 'yuppies', aids: [] });
		expect(attacking.phase.kind).toBe('attack');
		expect(standInAwaited(attacking, 1)).toBe(true);
		const others = play(attacking, { type: 'passSpending', seat: 0 }, { type: 'passSpending', seat: 2 });
		expect(others.phase.kind).toBe('attack');
		const passed = play(others, { type: 'passSpending', seat: 1 });
		expect(passed.random).toEqual({ kind: 'attackRoll' });
	});

	it('its spending as a defender waits for the stand-in; a window of another seat\u2019s attack does not', () => {
		const state = absentOne('bot');
		const defending = play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] }, { type: 'passSpending', seat: 0 }, { type: 'passSpending', seat: 2 });
		expect(defending.phase.kind).toBe('attack');
		expect(standInAwaited(defending, 1)).toBe(true);
		expect(play(defending, { type: 'passSpending', seat: 1 }).random).toEqual({ kind: 'attackRoll' });
		const elsewhere = play(state, { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'yuppies', aids: [] });
		expect(standInAwaited(elsewhere, 1)).toBe(false);
		expect(passAll(elsewhere).random).toEqual({ kind: 'attackRoll' });
	});

	it('returning ends the stand-in: the player plays its own turn again', () => {
		const back = play(itsTurn('bot'), { type: 'returnPresent', seat: 1 });
		expect(standInAwaited(back, 1)).toBe(false);
		expect(back.turn).toMatchObject({ seat: 1, step: 'actions' });
		expect(play(back, { type: 'passTurn', seat: 1 }).players[1]!.absent).toBe(false);
	});

	it('setup takes bot as an absence option and refuses an unknown one', () => {
		const options = { players: 3, illuminati: 'random', sandbox: false, rules: absentOne('bot').options.rules } as const;
		expect(optionsProblem(options)).toBeNull();
		expect(optionsProblem({ ...options, rules: { ...options.rules, absence: 'robot' as 'bot' } })).toMatch(/"bot"/);
	});
});
