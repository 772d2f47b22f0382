// One whole turn, step by step, with real entries (Basic Rules: Sequence of Play 1-6 — collect
// income, draw a card, two actions, free actions, two free money transfers, special-power actions;
// Income — the IRS taxes each other player 2 MB, a player with nothing pays nothing; the Post
// Office costs 1 MB; Attack to Control — the catch and the money moved onto it as part of the
// attack; Free Actions — dropping a group; the Gnomes of Zurich redistribute at the end). The bank
// ledger and every structure are checked after each step.
import { describe, expect, it } from 'vitest';
import { step, totalMoney, type Action, type GameState } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { draw, expectSound, moneyOf, passAll, play, rollAttack } from '../helpers/scenario.js';
import { world } from '../helpers/odds.js';

/** Seat 0, the Gnomes (10 MB): the IRS east, the Post Office south, the Mafia (2 MB) west.
 * Seat 1, the Network (5 MB), the Republicans (1 MB). Seat 2, the Bavarians (0 MB), the CIA. */
function table(): GameState {
	return world({
		players: [
			{
				illuminati: 'gnomes-of-zurich',
				money: 10,
				groups: [
					{ card: 'irs', side: 1 },
					{ card: 'post-office', side: 2 },
					{ card: 'mafia', side: 3, money: 2 },
				],
			},
			{ illuminati: 'network', money: 5, groups: [{ card: 'republicans', side: 1, money: 1 }] },
			{ illuminati: 'bavarian-illuminati', money: 0, groups: [{ card: 'cia', side: 1 }] },
		],
		uncontrolled: ['feminists'],
	});
}

/** The first side of the Mafia on which the catch is accepted. */
function placeCatch(state: GameState): GameState {
	for (const side of [0, 2, 3] as const) {
		const result = step(state, { type: 'placeCapture', seat: 0, side });
		if (result.ok) return result.state;
	}
	throw new Error('no side took the catch');
}

describe('Sequence of Play: a whole turn of the Gnomes of Zurich', () => {
	const states: Record<string, GameState> = {};
	const at = (name: string, state: GameState) => {
		states[name] = state;
		expectSound(state);
		return state;
	};

	it('1. income: the Illuminati and the Mafia collect, the Post Office costs the Illuminati 1, the IRS taxes', () => {
		const opened = at('opened', startTurn(table(), 0));
		expect(opened.phase.kind).toBe('turnStart');
		const income = at('income', passAll(opened));
		expect(moneyOf(income, 0, 'gnomes-of-zurich')).toBe(10 + 12 - 1);
		expect(moneyOf(income, 0, 'mafia')).toBe(2 + 6);
		// The Network holds money on two cards: it chooses; the Bavarians have none and owe nothing.
		expect(income.phase).toEqual({ kind: 'income', owing: [{ seat: 1, reason: 'tax', amount: 2 }] });
		const taxed = at('taxed', play(income, { type: 'pay', seat: 1, reason: 'tax', sources: [{ card: 'network', amount: 1 }, { card: 'republicans', amount: 1 }] }));
		expect(moneyOf(taxed, 0, 'irs')).toBe(2);
		expect(totalMoney(taxed.players[1]!)).toBe(4);
		expect(totalMoney(taxed.players[2]!)).toBe(0);
		expect(taxed.random).toEqual({ kind: 'draw', seat: 0, count: 1 });
	});

	it('2. draw: a group joins the uncontrolled groups', () => {
		const drawn = at('drawn', play(states.taxed!, draw('hollywood')));
		expect(drawn.uncontrolled).toEqual(['feminists', 'hollywood']);
		expect(drawn.turn).toMatchObject({ seat: 0, step: 'actions', actionsLeft: 2 });
	});

	it('3. first action: the Mafia, aided by the Gnomes (7), take the Feminists: 7 + 7 − 2 = 12', () => {
		const declared = play(states.drawn!, { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'feminists', aids: ['gnomes-of-zurich'] });
		const rolled = rollAttack(declared, 5, 5);
		expect(rolled.lastAttack).toMatchObject({ needed: 12, success: true });
		const placed = at('captured', placeCatch(rolled));
		expect(placed.players[0]!.structure.feminists?.master).toBe('mafia');
		// Part of the attack: money from the attacking group onto its catch, no action spent.
		const funded = at('funded', play(placed, { type: 'captureTransfer', seat: 0, amount: 3 }));
		expect([moneyOf(funded, 0, 'mafia'), moneyOf(funded, 0, 'feminists')]).toEqual([5, 3]);
		expect(funded.turn?.actionsLeft).toBe(1);
	});

	it('4. a free action between the two: dropping the Post Office costs nothing', () => {
		const dropped = at('dropped', play(states.funded!, { type: 'drop', seat: 0, card: 'post-office' }));
		expect(dropped.uncontrolled).toContain('post-office');
		expect(dropped.turn?.actionsLeft).toBe(1);
	});

	it('3. second action: a money transfer; then no third', () => {
		const moved = at('moved', play(states.dropped!, { type: 'transfer', seat: 0, mode: 'action', from: 'gnomes-of-zurich', to: 'irs', amount: 5 }));
		expect(moved.turn?.actionsLeft).toBe(0);
		const third = step(moved, { type: 'transfer', seat: 0, mode: 'action', from: 'gnomes-of-zurich', to: 'irs', amount: 1 });
		expect(third.ok ? 'ok' : third.error.code).toBe('NO_ACTIONS_LEFT');
	});

	it('5. two free transfers between adjacent groups, and no third', () => {
		const one = play(states.moved!, { type: 'transfer', seat: 0, mode: 'free', from: 'mafia', to: 'feminists', amount: 2 });
		const two = at('transfers', play(one, { type: 'transfer', seat: 0, mode: 'free', from: 'irs', to: 'gnomes-of-zurich', amount: 1 }));
		expect(two.turn?.step).toBe('transfers');
		const third = step(two, { type: 'transfer', seat: 0, mode: 'free', from: 'irs', to: 'gnomes-of-zurich', amount: 1 });
		expect(third.ok ? 'ok' : third.error.code).toBe('NO_FREE_TRANSFERS_LEFT');
	});

	it('6. the Gnomes move all their money onto the Illuminati, then the turn ends and the next seat begins', () => {
		const before = states.transfers!;
		const all = totalMoney(before.players[0]!);
		const action: Action = { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': all } };
		const gathered = at('gathered', play(before, action));
		expect(moneyOf(gathered, 0, 'gnomes-of-zurich')).toBe(all);
		for (const card of ['irs', 'mafia', 'feminists']) expect(moneyOf(gathered, 0, card)).toBe(0);
		const ended = at('ended', play(gathered, { type: 'endTurn', seat: 0 }));
		expect(ended.turn?.seat).toBe(1);
		expect(ended.phase.kind).toBe('turnStart');
		expect(ended.players[0]!.turnsCompleted).toBe(table().players[0]!.turnsCompleted + 1);
	});
});
