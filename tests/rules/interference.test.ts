// Interference (Basic Rules: Interference; Calling Off an Attack — "the attack is committed when
// another player spends money, either for or against the attack"; the Interference card: "the
// holder may interfere in a privileged attack; no other player may").
import { describe, expect, it } from 'vitest';
import { attackOdds, legalActions, type GameState } from '../../src/lib/engine/index.js';
import { spendingSeats, spendSources } from '../../src/lib/engine/privilege.js';
import { dice, expectRefused, moneyOf, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neededNow, neutralizeDemocrats, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

function interfere(seat: number, side: 'for' | 'against', amount: number, from?: string) {
	const illuminati = ['bavarian-illuminati', 'network', 'gnomes-of-zurich', 'servants-of-cthulhu'][seat]!;
	return { type: 'spend', seat, from: from ?? illuminati, amount, side } as const;
}

const pass = (seat: number) => ({ type: 'passSpending', seat }) as const;

describe('Interference: any other player spends from its Illuminati treasury, ±1 per MB', () => {
	const declared = play(table(), neutralizeDemocrats());

	it('every seat still in the game takes part in an ordinary attack\'s spending', () => {
		expect(spendingSeats(declared, attackOf(declared))).toEqual([0, 1, 2, 3]);
		expect(spendSources(declared, attackOf(declared), 2)).toEqual(['gnomes-of-zurich']);
		expect(spendSources(declared, attackOf(declared), 3)).toEqual(['servants-of-cthulhu']);
	});

	it('for the attacker: +1 per MB (interferenceFor); against: −1 per MB (interferenceAgainst); the money goes to the bank', () => {
		const before = neededNow(declared);
		const helped = play(declared, interfere(2, 'for', 3));
		expect(neededNow(helped)).toBe(before + 3);
		const opposed = play(helped, interfere(3, 'against', 2));
		expect(neededNow(opposed)).toBe(before + 1);
		const modifiers = attackOdds(opposed, attackOf(opposed)).modifiers;
		expect(modifiers).toContainEqual({ source: 'interferenceFor', value: 3 });
		expect(modifiers).toContainEqual({ source: 'interferenceAgainst', value: -2 });
		expect(moneyOf(opposed, 2, 'gnomes-of-zurich')).toBe(6);
		expect(moneyOf(opposed, 3, 'servants-of-cthulhu')).toBe(5);
		expect(opposed.bank.returned).toBe(declared.bank.returned + 5);
		expectSound(opposed);
	});

	it('a player may spend on both sides in turn; each MB counts where it was put', () => {
		const both = play(declared, interfere(2, 'for', 2), interfere(2, 'against', 1));
		expect(attackOf(both)).toMatchObject({ support: 2, opposition: 1 });
		expect(neededNow(both)).toBe(neededNow(declared) + 1);
	});

	it.each([
		['from another of its groups', interfere(2, 'for', 1, 'kkk'), 'NOT_ELIGIBLE'],
		['from another player\'s treasury', interfere(2, 'for', 1, 'servants-of-cthulhu'), 'NOT_ELIGIBLE'],
		['without saying whom it helps', { type: 'spend', seat: 2, from: 'gnomes-of-zurich', amount: 1 }, 'NOT_ELIGIBLE'],
		['more than the treasury holds', interfere(2, 'for', 10), 'NOT_ENOUGH_MONEY'],
		['zero MB', interfere(2, 'against', 0), 'BAD_AMOUNT'],
	] as const)('refused %s: %s', (_what, action, code) => {
		expectRefused(declared, action, code);
	});

	it('the attacker and the defender spend for their own side, without naming one', () => {
		expectRefused(declared, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 1, side: 'against' }, 'NOT_ELIGIBLE');
		expectRefused(declared, { type: 'spend', seat: 1, from: 'network', amount: 1, side: 'for' }, 'NOT_ELIGIBLE');
	});

	it('legalActions offers each other seat its Illuminati for either side, up to its treasury', () => {
		const spends = legalActions(declared, 3).filter((legal) => legal.action.type === 'spend');
		expect(spends).toEqual([
			{ action: interfere(3, 'for', 1), max: 7 },
			{ action: interfere(3, 'against', 1), max: 7 },
		]);
	});
});

describe('Calling Off an Attack: another player\'s spending commits the attack', () => {
	it.each(['for', 'against'] as const)('after seat 2 interferes %s it, callOff is refused', (side) => {
		const declared = play(table(), neutralizeDemocrats());
		expect(play(declared, { type: 'callOff', seat: 0 }).phase.kind).toBe('turn');
		const committed = play(declared, interfere(2, side, 1));
		expect(attackOf(committed).committed).toBe(true);
		expectRefused(committed, { type: 'callOff', seat: 0 }, 'ALREADY_COMMITTED');
		expectRefused(committed, { type: 'aid', seat: 0, card: 'bavarian-illuminati' }, 'ALREADY_COMMITTED');
	});
});

describe('Interference: the window closes when every eligible seat has passed since the last spend', () => {
	const declared = play(table(), neutralizeDemocrats());

	it('a spend reopens the window for everyone, the spender included', () => {
		const three = play(declared, pass(0), pass(1), pass(2));
		expect(three.random).toBeNull();
		const spent = play(three, interfere(3, 'for', 1));
		expect(attackOf(spent).passed).toEqual([]);
		const again = play(spent, pass(0), pass(1), pass(2));
		expect(again.random).toBeNull();
		expect(again.phase.kind).toBe('attack');
		const closed = play(again, pass(3));
		expect(closed.random).toEqual({ kind: 'attackRoll' });
	});

	it('in any order of passing', () => {
		expect(play(declared, pass(3), pass(1), pass(0), pass(2)).random).toEqual({ kind: 'attackRoll' });
	});

	it('a seat cannot pass twice since the last spend: NOT_APPLICABLE', () => {
		expectRefused(play(declared, pass(2)), pass(2), 'NOT_APPLICABLE');
	});

	it('a seat out of the game is not waited for, and may not spend', () => {
		// Seat 3 keeps only its Illuminati after its third turn: it is eliminated at the next entry.
		const lonely = table();
		const withoutGroups = {
			...lonely,
			players: lonely.players.map((p) => (p.seat === 3 ? { ...p, structure: { 'servants-of-cthulhu': p.structure['servants-of-cthulhu']! } } : p)),
			uncontrolled: [...lonely.uncontrolled, 'fbi'],
		};
		const declaredAfter = play(withoutGroups, neutralizeDemocrats());
		expect(declaredAfter.players[3]!.eliminated).toBe(true);
		expect(spendingSeats(declaredAfter, attackOf(declaredAfter))).toEqual([0, 1, 2]);
		expectRefused(declaredAfter, pass(3), 'NOT_ELIGIBLE');
		expectRefused(declaredAfter, interfere(3, 'for', 1), 'NOT_ELIGIBLE');
		expect(play(declaredAfter, pass(0), pass(1), pass(2)).random).toEqual({ kind: 'attackRoll' });
	});
});

describe('Interference decides the result: the final number counts every MB', () => {
	it('a roll one above the unaided number succeeds with 1 MB of support, and fails with 1 MB against', () => {
		const declared = play(table(), neutralizeDemocrats());
		const target = neededNow(declared) + 1;
		expect(target).toBeGreaterThanOrEqual(3);
		expect(target).toBeLessThanOrEqual(10);
		const a = Math.min(6, target - 1);
		const roll = [a, target - a] as const;
		const settle = (state: GameState) => passWindowAll(play(passSpendingAll(state), dice(roll[0], roll[1])));
		const helped = settle(play(declared, interfere(2, 'for', 1)));
		expect(helped.lastAttack).toMatchObject({ success: true, needed: target, support: 1 });
		expect(helped.players[1]!.structure.democrats).toBeUndefined();
		const plain = settle(declared);
		expect(plain.lastAttack).toMatchObject({ success: false, needed: target - 1 });
		expectSound(helped);
		expectSound(plain);
	});
});

describe('The Interference card: its holder alone may interfere in a privileged attack', () => {
	const privileged = (hands: Parameters<typeof table>[0]) => play(table(hands), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));

	it('once it resolves, the holder spends (for or against), and no one else', () => {
		const state = privileged({ 2: ['interference-1'] });
		const played = play(state, { type: 'playSpecial', seat: 2, card: 'interference-1' });
		// Every seat is asked before a privileged roll (any may abolish the privilege); only the holder interferes.
		expect(spendingSeats(played, attackOf(played))).toEqual([0, 1, 2, 3]);
		const resolved = passChain(played);
		expect(attackOf(resolved).interferers).toEqual([2]);
		expect(spendingSeats(resolved, attackOf(resolved))).toEqual([0, 1, 2, 3]);
		const spent = play(resolved, interfere(2, 'against', 4));
		expect(attackOf(spent).opposition).toBe(4);
		expectRefused(spent, interfere(3, 'for', 1), 'NOT_ELIGIBLE');
		expect(resolved.discard).toEqual(['interference-1']);
		expect(play(spent, pass(0), pass(1), pass(2)).random).toBeNull();
		expect(play(spent, pass(0), pass(1), pass(2), pass(3)).random).toEqual({ kind: 'attackRoll' });
		expectSound(spent);
	});

	it('a second Interference is refused: NOT_APPLICABLE (after), WINDOW_OPEN (while the first waits)', () => {
		const state = privileged({ 2: ['interference-1'], 3: ['interference-2'] });
		const played = play(state, { type: 'playSpecial', seat: 2, card: 'interference-1' });
		expectRefused(played, { type: 'playSpecial', seat: 3, card: 'interference-2' }, 'WINDOW_OPEN');
		expectRefused(passChain(played), { type: 'playSpecial', seat: 3, card: 'interference-2' }, 'NOT_APPLICABLE');
	});

	it('not by the attacker or the defender, not in an ordinary attack, not outside an attack: NOT_APPLICABLE', () => {
		const state = privileged({ 0: ['interference-1'], 1: ['interference-2'] });
		expectRefused(state, { type: 'playSpecial', seat: 0, card: 'interference-1' }, 'NOT_APPLICABLE');
		expectRefused(state, { type: 'playSpecial', seat: 1, card: 'interference-2' }, 'NOT_APPLICABLE');
		const ordinary = play(table({ 2: ['interference-1'] }), neutralizeDemocrats());
		expectRefused(ordinary, { type: 'playSpecial', seat: 2, card: 'interference-1' }, 'NOT_APPLICABLE');
		expectRefused(table({ 2: ['interference-1'] }), { type: 'playSpecial', seat: 2, card: 'interference-1' }, 'NOT_APPLICABLE');
	});

	it('when the privilege is abolished afterwards, everyone may interfere again', () => {
		const state = privileged({ 2: ['interference-1'], 3: ['deep-agent'] });
		const alone = passChain(play(state, { type: 'playSpecial', seat: 2, card: 'interference-1' }));
		const open = passChain(play(alone, { type: 'playSpecial', seat: 3, card: 'deep-agent' }));
		expect(spendingSeats(open, attackOf(open))).toEqual([0, 1, 2, 3]);
		expect(attackOf(play(open, interfere(3, 'for', 2))).support).toBe(2);
	});
});
