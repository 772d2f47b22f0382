// Money in attacks and calling them off (Basic Rules: Attack to Control, Spending Money To
// Attack, Spending Money To Defend, continuous spending ("Gasto continuo"), Automatic Failure;
// Calling Off an Attack).
import { describe, expect, it } from 'vitest';
import { attackOdds, type AttackKind, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { structureProblems } from '../../src/lib/engine/structure.js';
import { dice, expectRefused, moneyOf, passAll, play, rollAttack, scenario, waitingSeats, type ScenarioSpec } from '../helpers/scenario.js';

function world(spec: ScenarioSpec): GameState {
	const state = scenario(spec);
	for (const player of state.players) expect(structureProblems(player.structure)).toEqual([]);
	return state;
}

function attack(kind: AttackKind, attacker: CardId, target: CardId, aids: CardId[] = []) {
	return { type: 'attack', seat: 0, kind, attacker, target, aids } as const;
}

function spend(seat: number, from: CardId, amount: number) {
	return { type: 'spend', seat, from, amount } as const;
}

/** A player who is neither attacker nor defender interferes from the Illuminati treasury. */
function interfere(seat: number, from: CardId, amount: number, side: 'for' | 'against') {
	return { type: 'spend', seat, from, amount, side } as const;
}

function pass(seat: number) {
	return { type: 'passSpending', seat } as const;
}

/** The bank ledger: what it issued minus what came back is exactly the money on the table. */
function expectMoneyConserved(state: GameState): void {
	let table = 0;
	for (const player of state.players) for (const card in player.structure) table += player.structure[card]!.money;
	expect(state.bank.issued - state.bank.returned).toBe(table);
}

function needed(state: GameState): number {
	if (state.phase.kind !== 'attack') throw new Error('no attack under way');
	return attackOdds(state, state.phase.attack).needed;
}

// Seat 0 attacks the Democrats, two links from the Network (seat 1). Seat 2 looks on.
const SPEC: ScenarioSpec = {
	players: [
		{
			illuminati: 'bavarian-illuminati',
			money: 10,
			groups: [
				{ card: 'multinational-oil-companies', side: 1, money: 6 },
				{ card: 'yuppies', side: 2, money: 4 },
			],
		},
		{
			illuminati: 'network',
			money: 8,
			groups: [
				{ card: 'republicans', side: 1, money: 5 },
				{ card: 'democrats', master: 'republicans', side: 0, money: 3 },
			],
		},
		{ illuminati: 'gnomes-of-zurich', money: 9, groups: [{ card: 'kkk', side: 1, money: 2 }] },
	],
	uncontrolled: ['hollywood'],
};
const state = world(SPEC);
const declared = play(state, attack('control', 'multinational-oil-companies', 'democrats'));
// The same attack with only attacker and defender at the table: no one else takes part in the
// spending, so the back-and-forth between the two is all there is.
const duel = play(world({ ...SPEC, players: SPEC.players.slice(0, 2) }), attack('control', 'multinational-oil-companies', 'democrats'));

describe('Spending Money To Attack: from the attacking group and the Illuminati only', () => {
	it('the attacking group and the Illuminati may spend, +1 per MB, and the money goes to the bank', () => {
		const before = needed(declared);
		const spent = play(declared, spend(0, 'multinational-oil-companies', 2), spend(0, 'bavarian-illuminati', 3));
		expect(needed(spent)).toBe(before + 5);
		expect(moneyOf(spent, 0, 'multinational-oil-companies')).toBe(4);
		expect(moneyOf(spent, 0, 'bavarian-illuminati')).toBe(7);
		expect(spent.bank.returned).toBe(declared.bank.returned + 5);
		expectMoneyConserved(spent);
	});

	it.each([
		['another group of the Power Structure (Yuppies)', 'yuppies'],
		['the defender\'s group', 'republicans'],
		['the target', 'democrats'],
	])('not from %s: NOT_ELIGIBLE', (_what, from) => {
		expectRefused(declared, spend(0, from, 1), 'NOT_ELIGIBLE');
	});

	it('not more than the treasury holds: NOT_ENOUGH_MONEY', () => {
		expectRefused(declared, spend(0, 'multinational-oil-companies', 7), 'NOT_ENOUGH_MONEY');
		expect(play(declared, spend(0, 'multinational-oil-companies', 6)).players[0]!.structure['multinational-oil-companies']!.money).toBe(0);
	});

	it('a whole number of MB, at least 1: BAD_AMOUNT', () => {
		expectRefused(declared, spend(0, 'multinational-oil-companies', 0), 'BAD_AMOUNT');
	});
});

describe('Spending Money To Defend: from the defending group (+2 resistance per MB) and the Illuminati (+1)', () => {
	it('the target\'s treasury counts double, the Illuminati\'s single, and both go to the bank', () => {
		const before = needed(declared);
		const spent = play(declared, spend(1, 'democrats', 2), spend(1, 'network', 3));
		expect(needed(spent)).toBe(before - 2 * 2 - 3);
		expect(moneyOf(spent, 1, 'democrats')).toBe(1);
		expect(moneyOf(spent, 1, 'network')).toBe(5);
		expect(spent.bank.returned).toBe(declared.bank.returned + 5);
		expectMoneyConserved(spent);
	});

	it.each(['neutralize', 'destroy'] as const)('the defender spends the same way against an attack to %s', (kind) => {
		const other = play(state, attack(kind, 'multinational-oil-companies', 'democrats'));
		const before = needed(other);
		const spent = play(other, spend(1, 'democrats', 1), spend(1, 'network', 1));
		expect(needed(spent)).toBe(before - 3);
		expectMoneyConserved(spent);
	});

	it('other groups of the defender cannot participate: NOT_ELIGIBLE', () => {
		expectRefused(declared, spend(1, 'republicans', 1), 'NOT_ELIGIBLE');
	});

	it('the defender cannot spend more than the treasury holds: NOT_ENOUGH_MONEY', () => {
		expectRefused(declared, spend(1, 'democrats', 4), 'NOT_ENOUGH_MONEY');
	});

	it('only if the defending group is controlled by another player: an uncontrolled target has no defender', () => {
		const onHollywood = play(state, attack('control', 'multinational-oil-companies', 'hollywood'));
		expect(onHollywood.phase).toMatchObject({ kind: 'attack', attack: { defender: null } });
		// No one spends as the defender: the Network may only interfere, +/-1 per MB like anyone else.
		expectRefused(onHollywood, spend(1, 'network', 1), 'NOT_ELIGIBLE');
		const before = needed(onHollywood);
		const against = play(onHollywood, interfere(1, 'network', 2, 'against'));
		expect(needed(against)).toBe(before - 2);
		expect(against.phase).toMatchObject({ attack: { defenderGroupSpent: 0, defenderIlluminatiSpent: 0 } });
		// Without a defender the attacker and the onlookers close the window.
		const attackerPassed = play(onHollywood, pass(0));
		expect(attackerPassed.random).toBeNull();
		expect(waitingSeats(attackerPassed)).toEqual([1, 2]);
		expect(play(attackerPassed, pass(1), pass(2)).random).toEqual({ kind: 'attackRoll' });
	});

	it('nor when a player destroys his own group', () => {
		const own = play(state, attack('destroy', 'multinational-oil-companies', 'yuppies'));
		expect(own.phase).toMatchObject({ kind: 'attack', attack: { defender: null } });
		expect(waitingSeats(own)).toEqual([0, 1, 2]);
		expect(play(own, pass(0), pass(1), pass(2)).random).toEqual({ kind: 'attackRoll' });
	});
});

describe('Continuous spending: attacker and defender go back and forth until neither will spend more', () => {
	// Attacker and defender alone (a 2-player game): the third seat's part is tested below.
	it('the dice wait until both have passed', () => {
		const onePass = play(duel, pass(0));
		expect(onePass.random).toBeNull();
		expect(play(onePass, pass(1)).random).toEqual({ kind: 'attackRoll' });
	});

	it('a spend after a pass reopens the window for the other side', () => {
		// The attacker spends and passes; the defender answers; the attacker may answer again.
		let current = play(duel, spend(0, 'multinational-oil-companies', 2), pass(0), spend(1, 'democrats', 1));
		expect(current.random).toBeNull();
		current = play(current, spend(0, 'bavarian-illuminati', 2), pass(1));
		expect(current.random).toBeNull();
		current = play(current, pass(0));
		expect(current.random).toEqual({ kind: 'attackRoll' });
		expect(current.phase).toMatchObject({ attack: { attackerSpent: 4, defenderGroupSpent: 1, defenderIlluminatiSpent: 0 } });
	});

	it('the defender\'s pass does not close the window if the attacker then spends', () => {
		const current = play(duel, pass(1), spend(0, 'multinational-oil-companies', 1), pass(0));
		expect(current.random).toBeNull();
		expect(play(current, pass(1)).random).toEqual({ kind: 'attackRoll' });
	});

	// Interference: every player still in the game may spend on an attack, so the window waits
	// for the onlookers too (it was attacker and defender only before issue 3).
	it('players who are neither attacker nor defender may interfere and must pass too', () => {
		const bothPassed = play(declared, pass(0), pass(1));
		expect(bothPassed.random).toBeNull();
		expect(waitingSeats(bothPassed)).toEqual([2]);
		expect(play(bothPassed, pass(2)).random).toEqual({ kind: 'attackRoll' });
	});

	it('an onlooker spends from the Illuminati treasury, +1 per MB for the attack or -1 against, and everyone answers again', () => {
		const before = needed(declared);
		expect(needed(play(declared, interfere(2, 'gnomes-of-zurich', 2, 'for')))).toBe(before + 2);
		const against = play(declared, pass(0), pass(1), interfere(2, 'gnomes-of-zurich', 3, 'against'));
		expect(needed(against)).toBe(before - 3);
		expect(moneyOf(against, 2, 'gnomes-of-zurich')).toBe(6);
		expectMoneyConserved(against);
		expect(against.random).toBeNull();
		expect(waitingSeats(against)).toEqual([0, 1, 2]);
		// Not from a group, and not without saying which side.
		expectRefused(declared, interfere(2, 'kkk', 1, 'for'), 'NOT_ELIGIBLE');
		expectRefused(declared, spend(2, 'gnomes-of-zurich', 1), 'NOT_ELIGIBLE');
	});

	it('the roll uses every MB spent: money is conserved through the result', () => {
		const rolled = rollAttack(play(declared, spend(0, 'multinational-oil-companies', 6), spend(1, 'democrats', 3)), 6, 5);
		expect(rolled.lastAttack).toMatchObject({ success: false, attackerSpent: 6, defenderGroupSpent: 3 });
		// Failed: the defending group stays where it was.
		expect(rolled.players[1]!.structure['democrats']).toMatchObject({ master: 'republicans', money: 0 });
		expectMoneyConserved(rolled);
	});
});

describe('Calling Off an Attack', () => {
	const aided = world({
		...SPEC,
		players: [
			{
				...SPEC.players[0]!,
				groups: [...SPEC.players[0]!.groups!, { card: 'cia', side: 3 }],
			},
			SPEC.players[1]!,
			SPEC.players[2]!,
		],
	});

	it('before any money is spent: the action is not used and the groups may take part again', () => {
		const declaredWithAid = play(aided, attack('control', 'multinational-oil-companies', 'democrats', ['cia']));
		expect(declaredWithAid.turn!.actionsLeft).toBe(1);
		const called = play(declaredWithAid, { type: 'callOff', seat: 0 });
		expect(called.phase.kind).toBe('turn');
		expect(called.turn!.actionsLeft).toBe(2);
		expect(called.turn!.participated['multinational-oil-companies'] ?? 0).toBe(0);
		expect(called.turn!.participated['cia'] ?? 0).toBe(0);
		expect(called.bank).toEqual(aided.bank);
		// The same groups attack again, in either role.
		expect(play(called, attack('control', 'cia', 'hollywood', ['yuppies'])).phase.kind).toBe('attack');
	});

	it('a called-off attack took no action, so the player may still pass for 5 MB', () => {
		const called = play(aided, attack('control', 'multinational-oil-companies', 'democrats'), { type: 'callOff', seat: 0 });
		expect(called.turn!.acted).toBe(false);
		const passed = play(called, { type: 'passTurn', seat: 0 });
		expect(passed.turn!.seat).not.toBe(0);
	});

	it('aid added with an aid entry is released too', () => {
		const called = play(aided, attack('control', 'multinational-oil-companies', 'democrats'), { type: 'aid', seat: 0, card: 'cia' }, { type: 'callOff', seat: 0 });
		expect(called.turn!.participated['cia'] ?? 0).toBe(0);
	});

	it('after a pass with no money spent, still possible', () => {
		expect(play(declared, pass(0), { type: 'callOff', seat: 0 }).phase.kind).toBe('turn');
	});

	it('once the attacker spent money: ALREADY_COMMITTED', () => {
		expectRefused(play(declared, spend(0, 'bavarian-illuminati', 1)), { type: 'callOff', seat: 0 }, 'ALREADY_COMMITTED');
	});

	it('once the defender spent money (the attack is made when another player spends): ALREADY_COMMITTED', () => {
		expectRefused(play(declared, spend(1, 'network', 1)), { type: 'callOff', seat: 0 }, 'ALREADY_COMMITTED');
	});

	it('only the attacker calls off: NOT_ATTACKER', () => {
		expectRefused(declared, { type: 'callOff', seat: 1 }, 'NOT_ATTACKER');
	});
});

describe('Automatic Failure: an 11 or 12 fails no matter how much Power', () => {
	// The Bavarian Illuminati (10) against Hollywood (resistance 0, uncontrolled), 10 MB spent: 20.
	const rich = world({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'comic-books', side: 1, money: 1 }] },
			{ illuminati: 'network', groups: [{ card: 'republicans', side: 1 }] },
		],
		uncontrolled: ['hollywood'],
	});
	// The other player looks on and passes.
	const twenty = play(rich, attack('control', 'bavarian-illuminati', 'hollywood'), spend(0, 'bavarian-illuminati', 10), pass(0), pass(1));

	it.each([
		[5, 6, false],
		[6, 6, false],
		[5, 5, true],
		[4, 6, true],
	])('needing 20, a roll of %i+%i succeeds: %s', (a, b, success) => {
		const rolled = passAll(play(twenty, dice(a, b)));
		expect(rolled.lastAttack).toMatchObject({ needed: 20, success });
		expect(rolled.uncontrolled.includes('hollywood')).toBe(!success);
	});

	// The Comic Books (1, no shared alignment with Hollywood) need 1; 1 MB more makes 2.
	it.each([
		[0, 1, 1, false],
		[1, 1, 1, true],
		[1, 1, 2, false],
	])('needing 1 plus %i MB spent, a roll of %i+%i succeeds: %s (2 succeeds when 2 or more is needed)', (spent, a, b, success) => {
		const declaredByComics = play(rich, attack('control', 'comic-books', 'hollywood'));
		const ready = play(declaredByComics, ...(spent > 0 ? [spend(0, 'comic-books', spent)] : []));
		const rolled = rollAttack(ready, a, b);
		expect(rolled.lastAttack).toMatchObject({ needed: 1 + spent, success });
	});
});
