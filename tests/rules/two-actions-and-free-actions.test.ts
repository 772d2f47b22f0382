// The two-action limit and free actions (Basic Rules: Sequence of Play 3-4; Actions — "there are
// three types of actions: an attack, a money transfer, and moving a Group", "a player may elect to
// take no actions (not even free actions, free money transfers or special actions) and collect
// 5 MB", "actions cannot be saved for later turns"; Free Actions — dropping groups, aiding an
// attack, giving money or Specials, using a Special except Bribery, which is an action; ES Rules
// Summary, "Acciones normales" also lists giving away a group). Table-driven: each way of spending
// an action, each free action, and what either does to passing for 5 MB.
import { describe, expect, it } from 'vitest';
import { step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { dice, expectRefused, moneyOf, passAll, play } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';

/** Seat 0 (Bavarians, 20 MB): the Mafia (4 MB) east, the CIA west; Bribery and a Slush Fund in
 * hand. Seat 1 (Network): the Republicans. Hollywood and the Feminists are uncontrolled. */
function table(): GameState {
	return scenario({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: 20,
				hand: ['bribery', 'slush-fund'],
				groups: [
					{ card: 'mafia', side: 1, money: 4 },
					{ card: 'cia', side: 3 },
				],
			},
			{ illuminati: 'network', money: 5, groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood', 'feminists'],
	});
}

type Doing = (state: GameState) => GameState;

/** A failed attack: the Mafia against Hollywood, rolled 6+6. */
const failedAttack = (attacker: 'mafia' | 'cia' | 'bavarian-illuminati', target = 'hollywood'): Doing => (state) =>
	passAll(play(passAll(play(state, { type: 'attack', seat: 0, kind: 'control', attacker, target, aids: [] })), dice(6, 6)));
const actionTransfer: Doing = (state) => play(state, { type: 'transfer', seat: 0, mode: 'action', from: 'bavarian-illuminati', to: 'mafia', amount: 1 });
const moveCia: Doing = (state) => play(state, { type: 'move', seat: 0, card: 'cia', master: 'bavarian-illuminati', side: 0 });
const bribe: Doing = (state) =>
	passAll(play(state, { type: 'playSpecial', seat: 0, card: 'bribery', target: 'feminists', master: 'bavarian-illuminati', side: 2 }));
const dropCia: Doing = (state) => play(state, { type: 'drop', seat: 0, card: 'cia' });
const slushFund: Doing = (state) => passAll(play(state, { type: 'playSpecial', seat: 0, card: 'slush-fund' }));
const freeTransfer: Doing = (state) => play(state, { type: 'transfer', seat: 0, mode: 'free', from: 'bavarian-illuminati', to: 'mafia', amount: 1 });

const ACTIONS: readonly (readonly [string, Doing])[] = [
	['a failed attack', failedAttack('mafia')],
	['a money transfer as an action', actionTransfer],
	['moving a group', moveCia],
	['Bribery (a Special that is an action)', bribe],
];

describe('Actions: each costs one of the two', () => {
	it.each(ACTIONS)('%s leaves one action', (_name, doing) => {
		const after = doing(table());
		expect(after.turn?.actionsLeft).toBe(1);
	});

	it.each([
		['two attacks by different groups', failedAttack('mafia'), failedAttack('cia', 'feminists')],
		['an attack, then a transfer', failedAttack('mafia'), actionTransfer],
		['a move, then Bribery', moveCia, bribe],
		['two transfers', actionTransfer, actionTransfer],
	] as const)('after %s no third action of any kind is accepted', (_name, first, second) => {
		const after = second(first(table()));
		expect(after.turn?.actionsLeft).toBe(0);
		const third: Action[] = [
			{ type: 'attack', seat: 0, kind: 'neutralize', attacker: 'bavarian-illuminati', target: 'republicans', aids: [] },
			{ type: 'transfer', seat: 0, mode: 'action', from: 'bavarian-illuminati', to: 'cia', amount: 1 },
		];
		for (const action of third) expectRefused(after, action, 'NO_ACTIONS_LEFT');
		if (after.players[0]!.hand.includes('bribery')) {
			expectRefused(after, { type: 'playSpecial', seat: 0, card: 'bribery', target: 'hollywood', master: 'mafia', side: 0 }, 'NO_ACTIONS_LEFT');
		}
	});
});

describe('Free actions: they cost no action, before, between or after the two', () => {
	it.each([
		['dropping a group', dropCia],
		['playing a Slush Fund', slushFund],
	] as const)('%s leaves both actions', (_name, doing) => {
		expect(doing(table()).turn?.actionsLeft).toBe(2);
	});

	it('aiding is part of the attack it aids: one action for the attack and its aid', () => {
		const state = play(table(), { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'hollywood', aids: ['cia', 'bavarian-illuminati'] });
		expect(state.turn?.actionsLeft).toBe(1);
	});

	it('free actions after both actions are used: a drop and a Special are still accepted', () => {
		const spent = actionTransfer(actionTransfer(table()));
		expect(spent.turn?.actionsLeft).toBe(0);
		const after = slushFund(dropCia(spent));
		expect(after.players[0]!.structure.cia).toBeUndefined();
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(20 - 2 + 15);
	});

	it('actions cannot be saved: the unused one is gone when the turn ends, the next turn has two', () => {
		const state = play(actionTransfer(table()), { type: 'endTurn', seat: 0 });
		expect(state.turn?.seat).toBe(1);
		expect(state.turn?.actionsLeft).toBe(2);
	});
});

describe('Passing: no action at all, not even a free one, for 5 MB', () => {
	it('before anything: +5 MB to the Illuminati and the turn ends', () => {
		const before = table();
		const after = play(before, { type: 'passTurn', seat: 0 });
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(25);
		expect(after.turn?.seat).toBe(1);
		expect(after.players[0]!.turnsCompleted).toBe(before.players[0]!.turnsCompleted + 1);
	});

	it.each([
		...ACTIONS,
		['dropping a group (free action)', dropCia],
		['playing a Slush Fund (free action)', slushFund],
		['a free money transfer', freeTransfer],
	] as const)('after %s it is refused (CANNOT_PASS)', (_name, doing) => {
		expectRefused(doing(table()), { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
	});

	it('only on your own turn', () => {
		const result = step(table(), { type: 'passTurn', seat: 1 });
		expect(result.ok).toBe(false);
	});
});
