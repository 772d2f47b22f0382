/**
 * Transferring Money (Basic Rules; Spanish "Transferir dinero"): a group may move any part of its
 * treasury to an adjacent group (its master or its puppet), as an action or as one of the two
 * free transfers; successive transfers move money two or more groups in a turn. The Federal
 * Reserve may send money to any group of its structure. The bank ledger always balances.
 */
import { describe, expect, it } from 'vitest';
import { totalMoney, type Action, type GameState } from '../../src/lib/engine/index.js';
import { structureProblems } from '../../src/lib/engine/structure.js';
import { expectRefused, moneyOf, passAll, play, scenario } from '../helpers/scenario.js';

function checkInvariants(state: GameState): void {
	const held = state.players.reduce((sum, p) => sum + totalMoney(p), 0);
	expect(state.bank.issued - state.bank.returned).toBe(held);
	for (const p of state.players) expect(structureProblems(p.structure)).toEqual([]);
}

const t = (from: string, to: string, amount: number, mode: 'action' | 'free' = 'action', seat = 0): Action => ({ type: 'transfer', seat, mode, from, to, amount });

/** Gnomes: Mafia east with Yuppies below it and the KKK below them; CIA west; Federal Reserve north. */
function structure(): GameState {
	return scenario({
		players: [
			{
				illuminati: 'gnomes-of-zurich',
				money: 20,
				groups: [
					{ card: 'mafia', side: 1, money: 6 },
					{ card: 'yuppies', master: 'mafia', side: 0, money: 1 },
					{ card: 'kkk', master: 'yuppies', side: 2, money: 0 },
					{ card: 'cia', side: 3, money: 2 },
					{ card: 'federal-reserve', side: 0, money: 8 },
				],
			},
			{ illuminati: 'network', money: 5, groups: [{ card: 'pentagon', side: 1, money: 3 }] },
		],
	});
}

describe('Transferring Money: only between adjacent groups (master and puppet)', () => {
	it.each([
		['Illuminati to puppet', 'gnomes-of-zurich', 'mafia'],
		['puppet to Illuminati', 'mafia', 'gnomes-of-zurich'],
		['master to puppet', 'mafia', 'yuppies'],
		['puppet to master', 'yuppies', 'mafia'],
	] as const)('%s is allowed', (_, from, to) => {
		const before = structure();
		const after = play(before, t(from, to, 1));
		expect(moneyOf(after, 0, from)).toBe(moneyOf(before, 0, from) - 1);
		expect(moneyOf(after, 0, to)).toBe(moneyOf(before, 0, to) + 1);
		expect(totalMoney(after.players[0]!)).toBe(totalMoney(before.players[0]!));
		checkInvariants(after);
	});

	it.each([
		['two puppets of the same master', 'mafia', 'cia'],
		['a grandmaster and its grand-puppet', 'mafia', 'kkk'],
		['the Illuminati and a group two links away', 'gnomes-of-zurich', 'yuppies'],
		['a group to the Federal Reserve it does not touch', 'cia', 'federal-reserve'],
	] as const)('%s: NOT_ADJACENT', (_, from, to) => {
		expectRefused(structure(), t(from, to, 1), 'NOT_ADJACENT');
		expectRefused(structure(), t(from, to, 1, 'free'), 'NOT_ADJACENT');
	});

	it('money never crosses into another player\'s structure by a transfer', () => {
		expectRefused(structure(), t('gnomes-of-zurich', 'pentagon', 1), 'NOT_YOUR_GROUP');
		expectRefused(structure(), t('federal-reserve', 'pentagon', 1), 'NOT_YOUR_GROUP');
		expectRefused(structure(), t('gnomes-of-zurich', 'loan-sharks', 1), 'NOT_YOUR_GROUP');
	});

	it('whole MB only, and no more than the treasury holds', () => {
		expectRefused(structure(), t('cia', 'gnomes-of-zurich', 3), 'NOT_ENOUGH_MONEY');
		expectRefused(structure(), t('cia', 'gnomes-of-zurich', 0), 'BAD_AMOUNT');
		expectRefused(structure(), { ...t('cia', 'gnomes-of-zurich', 1), amount: 1.5 } as Action, 'MALFORMED_ACTION');
		expectRefused(structure(), t('cia', 'cia', 1), 'NOT_ADJACENT');
		const all = play(structure(), t('cia', 'gnomes-of-zurich', 2));
		expect(moneyOf(all, 0, 'cia')).toBe(0);
	});
});

describe('Transferring Money: the Federal Reserve reaches any group of its structure', () => {
	it.each(['kkk', 'yuppies', 'cia', 'gnomes-of-zurich'])('Federal Reserve to %s', (to) => {
		const after = play(structure(), t('federal-reserve', to, 3));
		expect(moneyOf(after, 0, 'federal-reserve')).toBe(5);
		expect(moneyOf(after, 0, to)).toBe(moneyOf(structure(), 0, to) + 3);
		checkInvariants(after);
	});

	it('as a free transfer too', () => {
		const after = play(structure(), t('federal-reserve', 'kkk', 8, 'free'));
		expect(moneyOf(after, 0, 'kkk')).toBe(8);
		checkInvariants(after);
	});
});

describe('Transferring Money: successive transfers move money two or more groups in a turn', () => {
	it('Illuminati -> Mafia -> Yuppies -> KKK with two actions and a free transfer', () => {
		const after = play(structure(), t('gnomes-of-zurich', 'mafia', 10), t('mafia', 'yuppies', 16), t('yuppies', 'kkk', 16, 'free'));
		expect(moneyOf(after, 0, 'kkk')).toBe(16);
		expect(moneyOf(after, 0, 'gnomes-of-zurich')).toBe(10);
		expect(moneyOf(after, 0, 'mafia')).toBe(0);
		expect(after.turn).toMatchObject({ step: 'transfers', actionsLeft: 0, freeTransfersLeft: 1 });
		checkInvariants(after);
	});

	it('two free transfers alone carry money two links', () => {
		const after = play(structure(), t('gnomes-of-zurich', 'mafia', 5, 'free'), t('mafia', 'yuppies', 11, 'free'));
		expect(moneyOf(after, 0, 'yuppies')).toBe(12);
		checkInvariants(after);
	});
});

describe('The bank ledger: issued - returned always equals the money on the table', () => {
	it('through transfers, a drop, a pass, and the next player\'s income', () => {
		let state = structure();
		checkInvariants(state);
		state = play(state, t('gnomes-of-zurich', 'mafia', 4), t('mafia', 'yuppies', 5, 'free'));
		checkInvariants(state);
		const returnedBefore = state.bank.returned;
		state = play(state, { type: 'drop', seat: 0, card: 'yuppies' });
		expect(state.bank.returned - returnedBefore).toBe(6);
		checkInvariants(state);
		state = play(state, { type: 'endTurn', seat: 0 });
		checkInvariants(state);
		// The window at the start of the next turn closes; income follows.
		state = passAll(state);
		checkInvariants(state);
		state = play(state, { type: 'fixed', cards: ['kgb', 'bribery'] }, { type: 'passTurn', seat: 1 });
		expect(moneyOf(state, 1, 'network')).toBe(5 + 9 + 5);
		checkInvariants(state);
	});
});
