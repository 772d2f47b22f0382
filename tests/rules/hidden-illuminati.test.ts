/**
 * Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés"), rule options
 * hiddenIlluminati and hiddenIlluminatiBluff: the Illuminati are face down; an accusation is one
 * of the turn's two actions and no group's; a wrong one does nothing, a right one turns the card
 * face up; a player may use less than its Power and Income, or one more with the alternative rule
 * until identified; the UFOs identified keep their goal secret.
 */
import { describe, expect, it } from 'vitest';
import { accuseProblem, suspects } from '../../src/lib/engine/accusation.js';
import { illuminatiSeenBy, isFaceUp } from '../../src/lib/engine/hidden-illuminati.js';
import { attackOdds, goalCommitment, legalActions, parseLog, type Action, type GameState, type RuleOptions } from '../../src/lib/engine/index.js';
import { withDefaults } from '../../src/lib/engine/setup.js';
import { LOG_FORMAT, LOG_VERSION } from '../../src/lib/engine/log.js';
import { closeTurnStart, startTurn } from '../../src/lib/engine/turn.js';

/** `seat`'s next turn up to its income collected (no Specials in play to open the start window). */
const incomeOf = (state: GameState, seat: number): GameState => closeTurnStart(startTurn(state, seat));
import { expectRefused, expectSound, moneyOf, play, scenario } from '../helpers/scenario.js';

const HIDDEN: Partial<RuleOptions> = { hiddenIlluminati: true };
const BLUFF: Partial<RuleOptions> = { hiddenIlluminati: true, hiddenIlluminatiBluff: true };

/** Seat 0 the Bavarians, seat 1 the Network, seat 2 the Gnomes; seat 0's actions step. */
function table(rules: Partial<RuleOptions> = HIDDEN, seat1 = 'network'): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
			{ illuminati: seat1, money: 10, groups: [{ card: 'republicans', side: 1, money: 2 }] },
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'kgb', side: 1, money: 2 }] },
		],
		uncontrolled: ['yuppies', 'hollywood'],
		rules,
	});
}

const accuse = (target: number, illuminati: string, seat = 0): Action => ({ type: 'accuse', seat, target, illuminati });
const attackWithIlluminati: Action = { type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'yuppies', aids: [] };
const illuminatiPower = (state: GameState): number =>
	attackOdds(state, { seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'yuppies', aids: [], attackerSpent: 0, defenderGroupSpent: 0, defenderIlluminatiSpent: 0, support: 0, opposition: 0, whispering: false }).modifiers.find((m) => m.source === 'power')!.value;

describe('Hidden Illuminati: accusations', () => {
	it('an accusation costs one of the two actions and no group’s action', () => {
		const after = play(table(), accuse(1, 'discordian-society'));
		expect(after.turn!.actionsLeft).toBe(1);
		expect(after.turn!.participated).toEqual({});
		// Every group may still act: the Bavarians attack with their Illuminati, using the last action.
		const attacked = play(after, attackWithIlluminati);
		expect(attacked.phase.kind).toBe('attack');
		expectSound(attacked);
	});

	it('a wrong accusation changes nothing but the action spent', () => {
		const before = table();
		const after = play(before, accuse(1, 'discordian-society'));
		expect(isFaceUp(after, 1)).toBe(false);
		expect(after.hiddenIlluminati!.identified).toEqual([]);
		expect(after.hiddenIlluminati!.lastAccusation).toEqual({ seat: 0, target: 1, illuminati: 'discordian-society', right: false });
		expect({ ...after, turn: null, hiddenIlluminati: undefined, accepted: 0 }).toEqual({ ...before, turn: null, accepted: 0 });
	});

	it('a right accusation turns the card face up for the rest of the game', () => {
		const after = play(table(), accuse(1, 'network'));
		expect(isFaceUp(after, 1)).toBe(true);
		expect(illuminatiSeenBy(after, null, 1)).toBe('network');
		expect(illuminatiSeenBy(after, 2, 1)).toBe('network');
		expectRefused(after, accuse(1, 'network'), 'NOT_ELIGIBLE');
		// A card the accuser can see (its own, or one face up) is known elsewhere: it cannot be named.
		expectRefused(after, accuse(2, 'network'), 'NOT_ELIGIBLE');
		expectRefused(after, accuse(2, 'bavarian-illuminati'), 'NOT_ELIGIBLE');
		expect(isFaceUp(incomeOf(after, 1), 1)).toBe(true);
	});

	it('is made in the action phase of one’s own turn, with an action left, against another seat still face down', () => {
		expectRefused(table({}), accuse(1, 'network'), 'NOT_APPLICABLE');
		expectRefused(table(), accuse(0, 'network', 1), 'NOT_YOUR_TURN');
		expectRefused(table(), accuse(0, 'bavarian-illuminati'), 'NOT_ELIGIBLE');
		expectRefused(table(), accuse(1, 'cia'), 'UNKNOWN_CARD');
		expectRefused(play(table(), accuse(1, 'ufos'), accuse(2, 'ufos')), accuse(1, 'servants-of-cthulhu'), 'NO_ACTIONS_LEFT');
		const transfers = scenario({ ...tableSpec(), turn: { step: 'transfers' } });
		expectRefused(transfers, accuse(1, 'network'), 'WRONG_PHASE');
	});

	it('the accusations listed for a seat come from its own view, never from the hidden cards', () => {
		const accusations = (state: GameState) => legalActions(state, 0).filter((o) => o.action.type === 'accuse').map((o) => o.action);
		// Two tables that differ only in seat 1's face-down card list the same accusations.
		expect(accusations(table(HIDDEN, 'network'))).toEqual(accusations(table(HIDDEN, 'servants-of-cthulhu')));
		expect(suspects(table(), 0)).not.toContain('bavarian-illuminati');
		const identified = play(table(), accuse(1, 'network'));
		expect(suspects(identified, 0)).not.toContain('network');
		for (const action of accusations(identified)) expect(accuseProblem(identified, action as Extract<Action, { type: 'accuse' }>)).toBeNull();
		expect(accusations(identified).some((a) => (a as { target: number }).target === 1)).toBe(false);
	});
});

describe('Hidden Illuminati: what a seat sees', () => {
	it('each seat knows its own Illuminati; another seat or a spectator sees none face down', () => {
		const state = table();
		expect(illuminatiSeenBy(state, 1, 1)).toBe('network');
		expect(illuminatiSeenBy(state, 0, 1)).toBeNull();
		expect(illuminatiSeenBy(state, null, 1)).toBeNull();
		expect(illuminatiSeenBy(table({}), null, 1)).toBe('network');
	});

	it('the UFOs identified play face up, but their secret goal stays secret', () => {
		const state = table(HIDDEN, 'ufos');
		const committed = { ...state, players: state.players.map((p) => (p.seat === 1 ? { ...p, goalCommitment: goalCommitment('network', 'salt') } : p)) };
		const after = play(committed, accuse(1, 'ufos'));
		expect(illuminatiSeenBy(after, null, 1)).toBe('ufos');
		expect(after.players[1]!.revealedGoal).toBeNull();
		expect(after.players[1]!.goalCommitment).toBe(goalCommitment('network', 'salt'));
	});
});

describe('Hidden Illuminati: using less, or bluffing by one', () => {
	it('a face-down Illuminati may attack with less than its Power, never more without the bluff rule', () => {
		expectRefused(table(), { type: 'stateIlluminati', seat: 0, power: 11, income: 9 }, 'BAD_AMOUNT');
		expectRefused(table(), { type: 'stateIlluminati', seat: 0, power: 10, income: 10 }, 'BAD_AMOUNT');
		const stated = play(table(), { type: 'stateIlluminati', seat: 0, power: 8, income: 9 });
		expect(stated.turn!.actionsLeft).toBe(2);
		expect(illuminatiPower(stated)).toBe(8);
		expect(illuminatiPower(table())).toBe(10);
	});

	it('a face-down Illuminati collects the Income it stated', () => {
		const stated = play(table(), { type: 'stateIlluminati', seat: 0, power: 10, income: 6 });
		const before = moneyOf(stated, 0, 'bavarian-illuminati');
		const next = incomeOf(stated, 0);
		expect(moneyOf(next, 0, 'bavarian-illuminati') - before).toBe(6);
		expectSound(next);
	});

	it('with the alternative rule an unidentified Illuminati may overstate Power and Income by one, no more', () => {
		expectRefused(table(BLUFF), { type: 'stateIlluminati', seat: 0, power: 12, income: 9 }, 'BAD_AMOUNT');
		expectRefused(table(BLUFF), { type: 'stateIlluminati', seat: 0, power: 10, income: 11 }, 'BAD_AMOUNT');
		const bluffing = play(table(BLUFF), { type: 'stateIlluminati', seat: 0, power: 11, income: 10 });
		expect(illuminatiPower(bluffing)).toBe(11);
		const collected = incomeOf(bluffing, 0);
		expect(moneyOf(collected, 0, 'bavarian-illuminati') - moneyOf(bluffing, 0, 'bavarian-illuminati')).toBe(10);
		expectSound(collected);
	});

	it('once identified the bluff ends: the printed values apply and no statement is accepted', () => {
		const bluffing = play(table(BLUFF), { type: 'stateIlluminati', seat: 0, power: 11, income: 10 });
		// Seat 1 identifies the Bavarians in its own actions step.
		const seat1Turn: GameState = { ...bluffing, turn: { ...bluffing.turn!, seat: 1 } };
		const state = play(seat1Turn, accuse(0, 'bavarian-illuminati', 1));
		expect(isFaceUp(state, 0)).toBe(true);
		expect(state.hiddenIlluminati!.stated[0]).toBeUndefined();
		expect(illuminatiPower({ ...state, turn: { ...state.turn!, seat: 0 } })).toBe(10);
		const own = incomeOf(state, 0);
		expect(moneyOf(own, 0, 'bavarian-illuminati') - moneyOf(state, 0, 'bavarian-illuminati')).toBe(9);
		expectRefused({ ...state, turn: { ...state.turn!, seat: 0 } }, { type: 'stateIlluminati', seat: 0, power: 9, income: 9 }, 'NOT_APPLICABLE');
	});
});

describe('Hidden Illuminati: the options', () => {
	it('games without the option keep their canonical options; the log reads both fields and refuses the bluff alone', () => {
		expect(Object.keys(withDefaults({ players: 3 }).rules)).not.toContain('hiddenIlluminati');
		const log = (rules: object) => ({ format: LOG_FORMAT, version: LOG_VERSION, setup: { players: 3, illuminati: 'random', sandbox: false, rules }, entries: [] });
		expect(parseLog(log({})).ok).toBe(true);
		expect(parseLog(log({ hiddenIlluminati: true, hiddenIlluminatiBluff: true })).ok).toBe(true);
		const alone = parseLog(log({ hiddenIlluminatiBluff: true }));
		expect(alone.ok ? '' : alone.error).toContain('hiddenIlluminatiBluff needs rules.hiddenIlluminati');
		expect(parseLog(log({ hiddenIlluminati: 'yes' })).ok).toBe(false);
	});
});

function tableSpec() {
	return {
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10 },
			{ illuminati: 'network', money: 10 },
			{ illuminati: 'gnomes-of-zurich', money: 10 },
		],
		rules: HIDDEN,
	};
}
