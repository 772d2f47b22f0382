// The spending window of a privileged attack (Basic Rules: Interference — "Privileged" attacks;
// Special Cards — Deep Agent or two Specials abolish a privilege, Interference lets one player
// spend against it). With the rule option `privilegedWindowAsksAll` (every new game) the window
// waits for every seat still in the game, as every other window does, so a seat that may abolish
// the privilege or interfere alone has its chance before the roll, whoever passes first; the others
// still may not spend. Without it (logs from before it) the window waits only for the attacker, the
// defender and an Interference player (privilege.test.ts).
import { describe, expect, it } from 'vitest';
import { LOG_BASE_RULES, legalActions, makeLog, NEW_GAME_RULES, optionsProblem, parseLog, type GameState } from '../../src/lib/engine/index.js';
import { spendingSeats } from '../../src/lib/engine/privilege.js';
import { expectRefused, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neutralizeDemocrats, passChain, passSpendingAll, table } from '../helpers/specials.js';

const ASKS_ALL = { privilegedWindowAsksAll: true };
const PAIR = ['slush-fund', 'murphys-law'];

/** Seat 0 declares a Bavarian-privileged attack on seat 1's Democrats; seat 2 holds `hand2`. */
function privileged(hand2: string[] = [], rules: object = ASKS_ALL): GameState {
	return play(table({ 2: hand2 }, rules), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
}

function passes(state: GameState, ...seats: number[]): GameState {
	return seats.reduce((current, seat) => play(current, { type: 'passSpending', seat }), state);
}

describe('privilegedWindowAsksAll: a privileged attack waits for every seat before the roll', () => {
	it('every seat in the game is awaited; the onlookers may pass but not spend', () => {
		const state = privileged();
		expect(spendingSeats(state, attackOf(state))).toEqual([0, 1, 2, 3]);
		const options = legalActions(state, 2).filter((legal) => legal.action.type === 'spend' || legal.action.type === 'passSpending');
		expect(options.map((legal) => legal.action)).toEqual([{ type: 'passSpending', seat: 2 }]);
		expectRefused(state, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 1, side: 'against' }, 'NOT_ELIGIBLE');
		expectSound(state);
	});

	it('the attacker and the defender passing no longer roll the dice: the onlookers pass too', () => {
		const both = passes(privileged(), 0, 1);
		expect(both.random).toBeNull();
		expect(passes(both, 2).random).toBeNull();
		expect(passes(both, 2, 3).random).toEqual({ kind: 'attackRoll' });
	});

	it('a seat with two Specials abolishes the privilege after attacker and defender passed, then may spend against it', () => {
		const waiting = passes(privileged(PAIR), 0, 1);
		const abolish = legalActions(waiting, 2).find((legal) => legal.action.type === 'abolishPrivilege');
		expect(abolish?.action).toEqual({ type: 'abolishPrivilege', seat: 2, cards: PAIR });
		const abolished = passChain(play(waiting, abolish!.action));
		expect(attackOf(abolished)).toMatchObject({ privileged: false, privilegeAbolished: true, passed: [] });
		const against = play(abolished, { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 3, side: 'against' });
		expect(attackOf(against).opposition).toBe(3);
		expect(passSpendingAll(against).random).toEqual({ kind: 'attackRoll' });
	});

	it('without the option (older logs) the attacker and the defender close the window, as before', () => {
		const state = privileged(PAIR, { privilegedWindowAsksAll: false });
		expect(spendingSeats(state, attackOf(state))).toEqual([0, 1]);
		expect(passes(state, 0, 1).random).toEqual({ kind: 'attackRoll' });
	});

	it('an unprivileged attack waits for every seat either way', () => {
		const plain = play(table({}, ASKS_ALL), neutralizeDemocrats());
		expect(spendingSeats(plain, attackOf(plain))).toEqual([0, 1, 2, 3]);
	});
});

describe('privilegedWindowAsksAll in a game log', () => {
	const setup = (rules: object) => ({ players: 4, illuminati: 'random', sandbox: false, rules: { ...LOG_BASE_RULES, ...rules } });

	it('a log may carry it, and keeps it', () => {
		const parsed = parseLog(makeLog(setup(ASKS_ALL) as never, []));
		expect(parsed.ok && parsed.log.setup.rules.privilegedWindowAsksAll).toBe(true);
	});

	it('a log without it reads as off (the window of the logs before it)', () => {
		const parsed = parseLog(makeLog(setup({}) as never, []));
		expect(parsed.ok && parsed.log.setup.rules.privilegedWindowAsksAll).toBeUndefined();
	});

	it('it must be a boolean', () => {
		expect(optionsProblem(setup({ privilegedWindowAsksAll: 'yes' }) as never)).toBe('rules.privilegedWindowAsksAll must be a boolean');
		const parsed = parseLog(makeLog(setup({ privilegedWindowAsksAll: 1 }) as never, []));
		expect(parsed).toEqual({ ok: false, error: 'bad setup: rules.privilegedWindowAsksAll must be a boolean' });
	});

	it('every new game sets it', () => {
		expect(NEW_GAME_RULES.privilegedWindowAsksAll).toBe(true);
	});
});
