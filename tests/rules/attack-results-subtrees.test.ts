// What each kind of successful attack does to the target's puppets and treasuries, side by side
// (Basic Rules / ES: Attack to Control — captured puppets come along in the same positions, half
// of each captured treasury, rounded down, goes with them and the rest to the bank; Attack to
// Neutralize, rule 4 — the target and all its puppets go uncontrolled, all their money to the
// bank; Attack to Destroy, rule 4 — the target goes to the dead pile, its puppets are not
// destroyed but become uncontrolled; rule 5 — a player may destroy its own group, even the master
// of the attacking group, whose puppets then go uncontrolled too).
import { describe, expect, it } from 'vitest';
import { totalMoney, type AttackKind, type GameState } from '../../src/lib/engine/index.js';
import { expectSound, moneyOf, play, rollAttack } from '../helpers/scenario.js';
import { world as scenario } from '../helpers/odds.js';

/** Seat 0 (Bavarians, 40 MB) attacks with the Mafia. Seat 1 (Network) holds the Republicans
 * (5 MB) with, on their arrows, the Democrats (3 MB) and, under the Democrats, the Feminists
 * (1 MB), and the CIA elsewhere. Seat 2 (Gnomes) keeps the game going. */
function table(): GameState {
	return scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 40, groups: [{ card: 'mafia', side: 1 }] },
			{
				illuminati: 'network',
				money: 2,
				groups: [
					{ card: 'republicans', side: 1, money: 5 },
					{ card: 'democrats', master: 'republicans', side: 0, money: 3 },
					{ card: 'feminists', master: 'democrats', side: 2, money: 1 },
					{ card: 'cia', side: 2 },
				],
			},
			{ illuminati: 'gnomes-of-zurich', groups: [{ card: 'kkk', side: 1 }] },
		],
	});
}

/** The Mafia attack the Republicans with 30 MB from the Illuminati, rolled 1+1. */
function succeed(kind: AttackKind): GameState {
	const declared = play(table(), { type: 'attack', seat: 0, kind, attacker: 'mafia', target: 'republicans', aids: ['bavarian-illuminati'] }, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 30 });
	const done = rollAttack(declared, 1, 1);
	expect(done.lastAttack?.success).toBe(true);
	return done;
}

const SUBTREE = ['republicans', 'democrats', 'feminists'];

describe('A successful attack on a group with two levels of puppets', () => {
	it('control: the three cards come to the attacker with half of each treasury (5→2, 3→1, 1→0)', () => {
		const before = table();
		const placed = play(succeed('control'), { type: 'placeCapture', seat: 0, side: 2 });
		for (const card of SUBTREE) expect(placed.players[1]!.structure[card]).toBeUndefined();
		expect(placed.players[0]!.structure.republicans?.master).toBe('mafia');
		expect(placed.players[0]!.structure.democrats?.master).toBe('republicans');
		expect(placed.players[0]!.structure.feminists?.master).toBe('democrats');
		expect([moneyOf(placed, 0, 'republicans'), moneyOf(placed, 0, 'democrats'), moneyOf(placed, 0, 'feminists')]).toEqual([2, 1, 0]);
		expect(placed.bank.returned - before.bank.returned).toBe(30 + 3 + 2 + 1);
		expect(placed.players[0]!.kills).toBe(0);
		expectSound(placed);
	});

	it('neutralize: all three uncontrolled, all 9 MB to the bank, no victim', () => {
		const before = table();
		const done = succeed('neutralize');
		expect(done.uncontrolled).toEqual(expect.arrayContaining(SUBTREE));
		expect(done.dead).toEqual([]);
		expect(done.bank.returned - before.bank.returned).toBe(30 + 9);
		expect(done.players[0]!.kills).toBe(0);
		expectSound(done);
	});

	it('destroy: the Republicans dead, the Democrats and the Feminists uncontrolled, all 9 MB to the bank, one victim', () => {
		const before = table();
		const done = succeed('destroy');
		expect(done.dead).toEqual(['republicans']);
		expect(done.uncontrolled).toEqual(expect.arrayContaining(['democrats', 'feminists']));
		expect(done.uncontrolled).not.toContain('republicans');
		expect(done.bank.returned - before.bank.returned).toBe(30 + 9);
		expect(done.players[0]!.kills).toBe(1);
		expect(totalMoney(done.players[1]!)).toBe(2);
		expectSound(done);
	});
});

describe('Attack to Destroy, rule 5: destroying the master of the attacking group', () => {
	function own(): GameState {
		return scenario({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					money: 20,
					groups: [
						{ card: 'cia', side: 1, money: 4 },
						{ card: 'mafia', master: 'cia', side: 2, money: 3 },
						{ card: 'yuppies', side: 2 },
					],
				},
				{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
			],
		});
	}

	it('no position bonus for one\'s own group: 7 (Mafia) + 10 (aid) − 6 (CIA Power) − 4 (both Violent)', () => {
		const declared = play(own(), { type: 'attack', seat: 0, kind: 'destroy', attacker: 'mafia', target: 'cia', aids: ['bavarian-illuminati'] });
		const attack = declared.phase.kind === 'attack' ? declared.phase.attack : null;
		expect(attack?.defender).toBeNull();
		// Mafia (Criminal, Violent) against the CIA (Government, Violent): one identical, −4 to destroy.
		expect(rollAttack(declared, 3, 4).lastAttack?.needed).toBe(7 + 10 - 6 - 4);
	});

	it('success: the CIA is dead and its puppet, the attacking Mafia itself, goes uncontrolled with its money to the bank', () => {
		const before = own();
		const done = rollAttack(play(before, { type: 'attack', seat: 0, kind: 'destroy', attacker: 'mafia', target: 'cia', aids: ['bavarian-illuminati'] }), 1, 1);
		expect(done.dead).toEqual(['cia']);
		expect(done.uncontrolled).toContain('mafia');
		expect(Object.keys(done.players[0]!.structure).sort()).toEqual(['bavarian-illuminati', 'yuppies']);
		expect(done.bank.returned - before.bank.returned).toBe(4 + 3);
		expect(done.players[0]!.kills).toBe(1);
		expect(done.players[0]!.eliminated).toBe(false);
		expectSound(done);
	});
});
