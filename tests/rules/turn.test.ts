/**
 * Sequence of Play (Basic Rules): 1 income, 2 draw, 3-4 two actions (free actions any time),
 * 5 free money transfers, 6 special abilities (Gnomes, Bermuda); passing instead for 5 MB.
 * Income: the IRS and the Post Office. Group abilities: Orbital Mind Control Lasers, Recyclers.
 */
import { describe, expect, it } from 'vitest';
import { illuminatiCard, groupCard } from '../../src/lib/engine/cards/index.js';
import { alignmentsOf, legalActions, totalMoney, type Action, type GameState } from '../../src/lib/engine/index.js';
import { structureProblems } from '../../src/lib/engine/structure.js';
import { draw, expectRefused, moneyOf, passAll, play, scenario, waitingSeats } from '../helpers/scenario.js';

function checkInvariants(state: GameState): void {
	const held = state.players.reduce((sum, p) => sum + totalMoney(p), 0);
	expect(state.bank.issued - state.bank.returned).toBe(held);
	for (const p of state.players) expect(structureProblems(p.structure)).toEqual([]);
}

const endTurn = (seat: number): Action => ({ type: 'endTurn', seat });
/** Ends the turn and closes the window at the start of the next one: income and taxes follow. */
const nextTurn = (state: GameState, seat: number): GameState => passAll(play(state, endTurn(seat)));
const t = (seat: number, mode: 'action' | 'free', from: string, to: string, amount: number): Action => ({ type: 'transfer', seat, mode, from, to, amount });

/** Seat 0 (Bavarians with the KGB) is to act; seat 1 is whoever the test describes. */
function twoSeats(seat0Money: { illuminati?: number; kgb?: number }, seat1: Parameters<typeof scenario>[0]['players'][number]) {
	return scenario({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: seat0Money.illuminati ?? 10,
				groups: [{ card: 'kgb', side: 1, money: seat0Money.kgb ?? 0 }, { card: 'fbi', side: 2 }],
			},
			seat1,
		],
		uncontrolled: ['loan-sharks'],
	});
}

describe('Sequence of Play 1, Income: each controlled group collects its income', () => {
	it('the Illuminati and every controlled group collect; uncontrolled groups get nothing', () => {
		const before = twoSeats({}, {
			illuminati: 'gnomes-of-zurich',
			money: 3,
			groups: [
				{ card: 'mafia', side: 1, money: 2 },
				{ card: 'yuppies', master: 'mafia', side: 0, money: 0 },
				{ card: 'cia', side: 2, money: 1 },
			],
		});
		// The turn opens with a window every seat passes in; only then is income collected.
		const opened = play(before, endTurn(0));
		expect(opened.phase.kind).toBe('turnStart');
		expect(waitingSeats(opened)).toEqual([0, 1]);
		expect(opened.bank).toEqual(before.bank);
		const after = passAll(opened);
		expect(after.turn?.seat).toBe(1);
		expect(moneyOf(after, 1, 'gnomes-of-zurich')).toBe(3 + illuminatiCard('gnomes-of-zurich').income);
		expect(moneyOf(after, 1, 'mafia')).toBe(2 + groupCard('mafia').income);
		expect(moneyOf(after, 1, 'yuppies')).toBe(groupCard('yuppies').income);
		expect(moneyOf(after, 1, 'cia')).toBe(1);
		expect(after.bank.issued - before.bank.issued).toBe(12 + 6 + 5 + 0);
		expect(after.uncontrolled).toEqual(['loan-sharks']);
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(10);
		expect(after.random).toEqual({ kind: 'draw', seat: 1, count: 1 });
		checkInvariants(after);
	});
});

describe('Income: the IRS taxes each other player 2 MB on its owner\'s turn', () => {
	const irsOwner = { illuminati: 'network', money: 0, groups: [{ card: 'irs', side: 1, money: 0 }] } as const;

	it.each([
		{ name: 'pays 2 MB from its only treasury', illuminati: 10, paid: 2 },
		{ name: 'pays what it has when it has less', illuminati: 1, paid: 1 },
		{ name: 'pays nothing when broke', illuminati: 0, paid: 0 },
	])('a player with one treasury $name', ({ illuminati, paid }) => {
		const after = nextTurn(twoSeats({ illuminati }, irsOwner), 0);
		expect(after.phase.kind).toBe('turn');
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(illuminati - paid);
		expect(moneyOf(after, 1, 'irs')).toBe(paid);
		checkInvariants(after);
	});

	it('a player whose money is spread over several treasuries chooses where the tax comes from', () => {
		const owing = nextTurn(twoSeats({ illuminati: 1, kgb: 4 }, irsOwner), 0);
		expect(owing.phase).toEqual({ kind: 'income', owing: [{ seat: 0, reason: 'tax', amount: 2 }] });
		expect(owing.random).toBeNull();
		expectRefused(owing, t(1, 'action', 'network', 'irs', 1), 'WRONG_PHASE');
		expectRefused(owing, { type: 'pay', seat: 0, reason: 'tax', sources: [{ card: 'kgb', amount: 1 }] }, 'BAD_AMOUNT');
		expectRefused(owing, { type: 'pay', seat: 0, reason: 'tax', sources: [{ card: 'bavarian-illuminati', amount: 2 }] }, 'NOT_ENOUGH_MONEY');
		expectRefused(owing, { type: 'pay', seat: 0, reason: 'tax', sources: [{ card: 'irs', amount: 2 }] }, 'NOT_ELIGIBLE');
		expectRefused(owing, { type: 'pay', seat: 0, reason: 'upkeep', sources: [{ card: 'kgb', amount: 2 }] }, 'NOT_APPLICABLE');
		const paid = play(owing, { type: 'pay', seat: 0, reason: 'tax', sources: [{ card: 'bavarian-illuminati', amount: 1 }, { card: 'kgb', amount: 1 }] });
		expect(moneyOf(paid, 0, 'bavarian-illuminati')).toBe(0);
		expect(moneyOf(paid, 0, 'kgb')).toBe(3);
		expect(moneyOf(paid, 1, 'irs')).toBe(2);
		expect(paid.random).toEqual({ kind: 'draw', seat: 1, count: 2 });
		checkInvariants(paid);
	});

	it('every other player is taxed, the IRS owner is not', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'kgb', side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'irs', side: 1 }] },
				{ illuminati: 'society-of-assassins', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
		});
		const after = nextTurn(state, 0);
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(8);
		expect(moneyOf(after, 2, 'society-of-assassins')).toBe(3);
		expect(moneyOf(after, 1, 'irs')).toBe(4);
		expect(moneyOf(after, 1, 'gnomes-of-zurich')).toBe(12);
		checkInvariants(after);
	});
});

describe('Negotiations (ES/FR/v4, example 1): the IRS’s controller may excuse a player from the tax', () => {
	const three = () =>
		scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'kgb', side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'irs', side: 1 }] },
				{ illuminati: 'society-of-assassins', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
		});
	const waive = (seat: number, target: number): Action => ({ type: 'waiveTax', seat, target });
	/** The draw after income (a group from the deck, so no hand changes). */
	const drawn = (state: GameState): GameState => play(state, draw(state.deck.find((card) => card === 'hackers')!));
	/** Seat 1's turn begins: the window before its income. */
	const irsTurnStarts = () => play(three(), endTurn(0));
	/** Seat 2's turn begins, after seat 1's full turn. */
	const seat2TurnStarts = () => play(drawn(passAll(irsTurnStarts())), endTurn(1));

	it('as its turn begins it excuses seat 0: seat 0 pays nothing this turn, seat 2 still pays', () => {
		const starting = irsTurnStarts();
		expect(starting.phase.kind).toBe('turnStart');
		const waivers = (state: GameState) => legalActions(state, 1).filter((legal) => legal.action.type === 'waiveTax').map((legal) => legal.action);
		expect(waivers(starting)).toEqual([waive(1, 0), waive(1, 2)]);
		const excused = play(starting, waive(1, 0));
		expect(waivers(excused)).toEqual([waive(1, 2)]);
		const after = passAll(excused);
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(10);
		expect(moneyOf(after, 2, 'society-of-assassins')).toBe(3);
		expect(moneyOf(after, 1, 'irs')).toBe(2);
		checkInvariants(after);
		// Without the waiver both pay (the same turn, not excused).
		const taxed = passAll(starting);
		expect(moneyOf(taxed, 0, 'bavarian-illuminati')).toBe(8);
		expect(moneyOf(taxed, 1, 'irs')).toBe(4);
	});

	it('the waiver lasts that turn only: the next turn’s window starts with no one excused', () => {
		const excused = play(irsTurnStarts(), waive(1, 0));
		const next = seat2TurnStarts();
		expect(excused.phase.kind === 'turnStart' && excused.phase.taxWaived).toEqual([0]);
		expect(next.phase.kind === 'turnStart' && (next.phase.taxWaived ?? [])).toEqual([]);
	});

	it('it is no free action: the controller may still pass its turn for 5 MB', () => {
		const after = drawn(passAll(play(irsTurnStarts(), waive(1, 0))));
		expect(play(after, { type: 'passTurn', seat: 1 }).turn?.seat).toBe(2);
	});

	it.each([
		['by a player without the IRS, in the IRS’s turn', irsTurnStarts, waive(2, 0), 'NOT_YOUR_TURN'],
		['after income', () => drawn(passAll(irsTurnStarts())), waive(1, 0), 'WRONG_PHASE'],
		['in another player’s turn', seat2TurnStarts, waive(1, 0), 'NOT_YOUR_TURN'],
		['by a player without the IRS, in its own turn', seat2TurnStarts, waive(2, 0), 'NO_ABILITY'],
		['of itself', irsTurnStarts, waive(1, 1), 'NOT_IN_GAME'],
		['twice', () => play(irsTurnStarts(), waive(1, 0)), waive(1, 0), 'NOT_APPLICABLE'],
		['after passing the window', () => play(irsTurnStarts(), { type: 'passWindow', seat: 1 }), waive(1, 0), 'NOT_APPLICABLE'],
	] as const)('refused: %s', (_, before, action, code) => {
		expectRefused(before(), action, code);
	});
});

describe('Income: the Post Office costs 1 MB a turn, paid by its master or the Illuminati', () => {
	it('under the Illuminati, the Illuminati pay', () => {
		const after = nextTurn(twoSeats({}, { illuminati: 'gnomes-of-zurich', money: 3, groups: [{ card: 'post-office', side: 1, money: 2 }] }), 0);
		expect(moneyOf(after, 1, 'gnomes-of-zurich')).toBe(3 + 12 - 1);
		expect(moneyOf(after, 1, 'post-office')).toBe(2);
		checkInvariants(after);
	});

	it('under another group, the player picks the master or the Illuminati, never the Post Office itself', () => {
		const before = twoSeats({}, {
			illuminati: 'gnomes-of-zurich',
			money: 3,
			groups: [
				{ card: 'republicans', side: 1, money: 0 },
				{ card: 'post-office', master: 'republicans', side: 0, money: 5 },
			],
		});
		const owing = nextTurn(before, 0);
		expect(owing.phase).toEqual({ kind: 'income', owing: [{ seat: 1, reason: 'upkeep', amount: 1 }] });
		expectRefused(owing, { type: 'pay', seat: 1, reason: 'upkeep', sources: [{ card: 'post-office', amount: 1 }] }, 'NOT_ELIGIBLE');
		const paid = play(owing, { type: 'pay', seat: 1, reason: 'upkeep', sources: [{ card: 'republicans', amount: 1 }] });
		expect(moneyOf(paid, 1, 'republicans')).toBe(groupCard('republicans').income - 1);
		expect(moneyOf(paid, 1, 'gnomes-of-zurich')).toBe(15);
		expect(paid.random?.kind).toBe('draw');
		checkInvariants(paid);
	});
});

describe('Sequence of Play 2, Draw a card', () => {
	const seat1 = { illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'cia', side: 1 }] } as const;

	it('a group goes to the uncontrolled groups, a special to the drawer\'s hand', () => {
		const drawing = nextTurn(twoSeats({}, seat1), 0);
		expectRefused(drawing, t(1, 'action', 'gnomes-of-zurich', 'cia', 1), 'RANDOMNESS_EXPECTED');
		expectRefused(drawing, draw('cia'), 'BAD_RANDOMNESS');
		const group = play(drawing, draw('pentagon'));
		expect(group.uncontrolled).toContain('pentagon');
		expect(group.deck).not.toContain('pentagon');
		expect(group.turn?.step).toBe('actions');
		const special = play(drawing, draw('assassination'));
		expect(special.players[1]!.hand).toEqual(['assassination']);
		expect(special.uncontrolled).not.toContain('assassination');
		expect(special.deck).not.toContain('assassination');
	});

	it('the Network draws two', () => {
		const drawing = nextTurn(twoSeats({}, { ...seat1, illuminati: 'network' }), 0);
		expect(drawing.random).toEqual({ kind: 'draw', seat: 1, count: 2 });
		expectRefused(drawing, draw('pentagon'), 'BAD_RANDOMNESS');
		const after = play(drawing, draw('pentagon', 'bribery'));
		expect(after.uncontrolled).toContain('pentagon');
		expect(after.players[1]!.hand).toEqual(['bribery']);
	});

	it('an empty deck draws nothing; a deck of one gives the Network one card', () => {
		const empty = nextTurn({ ...twoSeats({}, seat1), deck: [] }, 0);
		expect(empty.random).toBeNull();
		expect(empty.turn).toMatchObject({ seat: 1, step: 'actions' });
		const one = nextTurn({ ...twoSeats({}, { ...seat1, illuminati: 'network' }), deck: ['pentagon'] }, 0);
		expect(one.random).toEqual({ kind: 'draw', seat: 1, count: 1 });
	});
});

describe('Sequence of Play 3-5: two actions, then two free transfers', () => {
	const base = () => twoSeats({ illuminati: 20 }, { illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'cia', side: 1 }] });

	it('two actions, then NO_ACTIONS_LEFT', () => {
		const state = play(base(), t(0, 'action', 'bavarian-illuminati', 'kgb', 1), t(0, 'action', 'kgb', 'bavarian-illuminati', 1));
		expect(state.turn!.actionsLeft).toBe(0);
		expectRefused(state, t(0, 'action', 'bavarian-illuminati', 'kgb', 1), 'NO_ACTIONS_LEFT');
		expectRefused(state, { type: 'move', seat: 0, card: 'kgb', master: 'bavarian-illuminati', side: 2 }, 'NO_ACTIONS_LEFT');
		checkInvariants(state);
	});

	it('two free transfers, then NO_FREE_TRANSFERS_LEFT', () => {
		const state = play(base(), t(0, 'free', 'bavarian-illuminati', 'kgb', 3), t(0, 'free', 'kgb', 'bavarian-illuminati', 1));
		expect(moneyOf(state, 0, 'kgb')).toBe(2);
		expectRefused(state, t(0, 'free', 'bavarian-illuminati', 'kgb', 1), 'NO_FREE_TRANSFERS_LEFT');
		checkInvariants(state);
	});

	it('steps run in order: a free transfer ends the actions step', () => {
		const state = play(base(), t(0, 'action', 'bavarian-illuminati', 'kgb', 1), t(0, 'free', 'bavarian-illuminati', 'kgb', 1));
		expect(state.turn!.step).toBe('transfers');
		expectRefused(state, t(0, 'action', 'bavarian-illuminati', 'kgb', 1), 'WRONG_PHASE');
		expectRefused(state, { type: 'move', seat: 0, card: 'kgb', master: 'bavarian-illuminati', side: 2 }, 'WRONG_PHASE');
		expectRefused(state, { type: 'endActions', seat: 0 }, 'WRONG_PHASE');
	});

	it('endActions moves to the transfers step with the free transfers still available', () => {
		const state = play(base(), { type: 'endActions', seat: 0 });
		expect(state.turn).toMatchObject({ step: 'transfers', freeTransfersLeft: 2 });
		expectRefused(state, t(0, 'action', 'bavarian-illuminati', 'kgb', 1), 'WRONG_PHASE');
		play(state, t(0, 'free', 'bavarian-illuminati', 'kgb', 1), t(0, 'free', 'bavarian-illuminati', 'kgb', 1));
	});

	it('only the player whose turn it is acts: NOT_YOUR_TURN', () => {
		expectRefused(base(), t(1, 'action', 'gnomes-of-zurich', 'cia', 0 + 1), 'NOT_YOUR_TURN');
		expectRefused(base(), { type: 'endTurn', seat: 1 }, 'NOT_YOUR_TURN');
		expectRefused(base(), { type: 'passTurn', seat: 1 }, 'NOT_YOUR_TURN');
		expectRefused(base(), { type: 'drop', seat: 1, card: 'cia' }, 'NOT_YOUR_TURN');
	});
});

describe('Actions: taking no action at all collects 5 MB instead', () => {
	const base = () => twoSeats({ illuminati: 20 }, { illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'cia', side: 1 }] });

	it('passing adds 5 MB to the Illuminati and ends the turn', () => {
		const before = base();
		const after = play(before, { type: 'passTurn', seat: 0 });
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(25);
		expect(after.players[0]!.turnsCompleted).toBe(before.players[0]!.turnsCompleted + 1);
		expect(after.turn!.seat).toBe(1);
		checkInvariants(after);
	});

	it.each<[string, Action]>([
		['an action', t(0, 'action', 'bavarian-illuminati', 'kgb', 1)],
		['a free transfer', t(0, 'free', 'bavarian-illuminati', 'kgb', 1)],
		['a free action (drop)', { type: 'drop', seat: 0, card: 'kgb' }],
		['ending the actions step', { type: 'endActions', seat: 0 }],
	])('after %s, passing is refused (CANNOT_PASS)', (_, first) => {
		expectRefused(play(base(), first), { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
	});
});

describe('Sequence of Play 6: the Gnomes of Zurich redistribute their money', () => {
	const gnomes = () =>
		scenario({
			players: [
				{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'mafia', side: 1, money: 4 }, { card: 'yuppies', master: 'mafia', side: 0, money: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
		});

	it('any split with the same total, once, and it closes the transfers', () => {
		const after = play(gnomes(), { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': 0, mafia: 0, yuppies: 15 } });
		expect(moneyOf(after, 0, 'yuppies')).toBe(15);
		expect(moneyOf(after, 0, 'gnomes-of-zurich')).toBe(0);
		expect(after.turn!.step).toBe('ability');
		checkInvariants(after);
		expectRefused(after, { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': 15 } }, 'ABILITY_USED');
		expectRefused(after, t(0, 'free', 'yuppies', 'mafia', 1), 'WRONG_PHASE');
		expectRefused(after, t(0, 'action', 'yuppies', 'mafia', 1), 'WRONG_PHASE');
		const next = nextTurn(after, 0);
		expect(next.turn!.seat).toBe(1);
	});

	it('a different total, or a card outside the structure, is refused', () => {
		expectRefused(gnomes(), { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': 16 } }, 'BAD_AMOUNT');
		expectRefused(gnomes(), { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': 14 } }, 'BAD_AMOUNT');
		expectRefused(gnomes(), { type: 'redistribute', seat: 0, treasuries: { 'gnomes-of-zurich': 10, cia: 5 } }, 'NOT_YOUR_GROUP');
	});

	it('other Illuminati have no such ability', () => {
		const state = play(nextTurn(gnomes(), 0), draw('pentagon', 'bribery'));
		expectRefused(state, { type: 'redistribute', seat: 1, treasuries: { network: 14 } }, 'NO_ABILITY');
	});
});

describe('Sequence of Play 6: the Bermuda Triangle reorganize their structure', () => {
	const bermuda = () =>
		scenario({
			players: [
				{ illuminati: 'bermuda-triangle', money: 10, groups: [{ card: 'mafia', side: 1, money: 4 }, { card: 'yuppies', master: 'mafia', side: 0, money: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
		});

	it('a valid new layout is taken, treasuries travel with their cards', () => {
		const after = play(bermuda(), {
			type: 'reorganize',
			seat: 0,
			layout: [
				{ card: 'yuppies', master: 'bermuda-triangle', side: 3 },
				{ card: 'mafia', master: 'yuppies', side: 2 },
			],
		});
		const s = after.players[0]!.structure;
		expect(s.yuppies).toMatchObject({ master: 'bermuda-triangle', side: 3, x: -1, y: 0, money: 1 });
		expect(s.mafia).toMatchObject({ master: 'yuppies', money: 4 });
		expect(after.turn!.step).toBe('ability');
		checkInvariants(after);
		expectRefused(after, { type: 'reorganize', seat: 0, layout: [{ card: 'yuppies', master: 'bermuda-triangle', side: 0 }, { card: 'mafia', master: 'bermuda-triangle', side: 1 }] }, 'ABILITY_USED');
	});

	it.each([
		['a group left out', [{ card: 'mafia', master: 'bermuda-triangle', side: 1 }]],
		['a puppet listed before its master', [{ card: 'yuppies', master: 'mafia', side: 0 }, { card: 'mafia', master: 'bermuda-triangle', side: 1 }]],
		['an arrow the master does not have', [{ card: 'mafia', master: 'bermuda-triangle', side: 1 }, { card: 'yuppies', master: 'mafia', side: 1 }]],
		['two cards on one arrow', [{ card: 'mafia', master: 'bermuda-triangle', side: 1 }, { card: 'yuppies', master: 'bermuda-triangle', side: 1 }]],
		['a group listed twice', [{ card: 'mafia', master: 'bermuda-triangle', side: 1 }, { card: 'mafia', master: 'bermuda-triangle', side: 2 }]],
		['a card outside the structure', [{ card: 'mafia', master: 'bermuda-triangle', side: 1 }, { card: 'cia', master: 'bermuda-triangle', side: 2 }]],
	] as const)('%s: BAD_LAYOUT', (_, layout) => {
		expectRefused(bermuda(), { type: 'reorganize', seat: 0, layout: layout as never }, 'BAD_LAYOUT');
	});

	it('an arrow blocked by another card of the new layout is refused', () => {
		// Mafia east of the Illuminati (turned 180°) points its side-0 arrow south into (1,1). CIA
		// south of the Illuminati (turned 270°) points its side-2 arrow east into (1,1) as well.
		const state = scenario({
			players: [
				{ illuminati: 'bermuda-triangle', groups: [{ card: 'mafia', side: 1 }, { card: 'cia', side: 2 }, { card: 'yuppies', master: 'mafia', side: 0 }, { card: 'fbi', master: 'cia', side: 3 }] },
				{ illuminati: 'network', groups: [{ card: 'kgb', side: 1 }] },
			],
		});
		checkInvariants(state);
		const head = [
			{ card: 'mafia', master: 'bermuda-triangle', side: 1 },
			{ card: 'cia', master: 'bermuda-triangle', side: 2 },
			{ card: 'yuppies', master: 'cia', side: 2 },
		] as const;
		expectRefused(state, { type: 'reorganize', seat: 0, layout: [...head, { card: 'fbi', master: 'mafia', side: 0 }] }, 'BAD_LAYOUT');
		const after = play(state, { type: 'reorganize', seat: 0, layout: [...head, { card: 'fbi', master: 'cia', side: 3 }] });
		expect(after.players[0]!.structure.yuppies).toMatchObject({ x: 1, y: 1 });
		checkInvariants(after);
	});
});

describe('Special Abilities (follow the card): Orbital Mind Control Lasers', () => {
	const lasers = () =>
		scenario({
			players: [
				{ illuminati: 'society-of-assassins', money: 10, groups: [{ card: 'orbital-mind-control-lasers', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
			uncontrolled: ['yuppies'],
		});

	it('one alignment of one other group changes until the end of the turn', () => {
		const edited = play(lasers(), { type: 'editAlignment', seat: 0, target: 'cia', op: 'reverse', alignment: 'Government' });
		expect(alignmentsOf(edited, 'cia').sort()).toEqual(['Communist', 'Violent']);
		expect(edited.turn!.acted).toBe(true);
		expectRefused(edited, { type: 'editAlignment', seat: 0, target: 'yuppies', op: 'add', alignment: 'Weird' }, 'ABILITY_USED');
		const next = nextTurn(edited, 0);
		expect(next.turn!.seat).toBe(1);
		expect(alignmentsOf(next, 'cia').sort()).toEqual(['Government', 'Violent']);
	});

	it.each([
		['add', 'yuppies', 'Weird', ['Conservative', 'Weird']],
		['remove', 'yuppies', 'Conservative', []],
	] as const)('%s on an uncontrolled group', (op, target, alignment, expected) => {
		const edited = play(lasers(), { type: 'editAlignment', seat: 0, target, op, alignment });
		expect(alignmentsOf(edited, target)).toEqual(expected);
	});

	it.each([
		['the Lasers themselves', { target: 'orbital-mind-control-lasers', op: 'add', alignment: 'Weird' }, 'NOT_APPLICABLE'],
		['an alignment it already has', { target: 'yuppies', op: 'add', alignment: 'Conservative' }, 'NOT_APPLICABLE'],
		['removing an alignment it lacks', { target: 'yuppies', op: 'remove', alignment: 'Weird' }, 'NOT_APPLICABLE'],
		['a group in the deck', { target: 'mafia', op: 'add', alignment: 'Weird' }, 'NOT_IN_PLAY'],
	] as const)('refused: %s', (_, edit, code) => {
		expectRefused(lasers(), { type: 'editAlignment', seat: 0, ...edit }, code);
	});

	it('reversing Criminal (no opposite) is refused', () => {
		const state = { ...lasers(), uncontrolled: ['yuppies', 'mafia'] };
		expectRefused(state, { type: 'editAlignment', seat: 0, target: 'mafia', op: 'reverse', alignment: 'Criminal' }, 'NOT_APPLICABLE');
	});

	it('a player without the Lasers cannot edit', () => {
		const other = play(nextTurn(lasers(), 0), draw('pentagon', 'bribery'));
		expectRefused(other, { type: 'editAlignment', seat: 1, target: 'yuppies', op: 'add', alignment: 'Weird' }, 'NO_ABILITY');
	});
});

describe('Special Abilities (follow the card): Recyclers pay 5 MB to draw a card', () => {
	const recyclers = (money: number) =>
		scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 10, groups: [{ card: 'recyclers', side: 1, money }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] },
			],
		});

	it('pays from the Recyclers\' own treasury, draws once a turn, and is not an action', () => {
		const asked = play(recyclers(7), { type: 'recycle', seat: 0 });
		expect(moneyOf(asked, 0, 'recyclers')).toBe(2);
		expect(asked.random).toEqual({ kind: 'draw', seat: 0, count: 1 });
		const drawn = play(asked, draw('kgb'));
		expect(drawn.uncontrolled).toContain('kgb');
		expect(drawn.turn).toMatchObject({ step: 'actions', actionsLeft: 2 });
		expectRefused(drawn, { type: 'recycle', seat: 0 }, 'ABILITY_USED');
		expectRefused(drawn, { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
		checkInvariants(drawn);
	});

	it('refused without 5 MB on the Recyclers or with an empty deck', () => {
		expectRefused(recyclers(4), { type: 'recycle', seat: 0 }, 'NOT_ENOUGH_MONEY');
		expectRefused({ ...recyclers(9), deck: [] }, { type: 'recycle', seat: 0 }, 'NOT_APPLICABLE');
	});
});
