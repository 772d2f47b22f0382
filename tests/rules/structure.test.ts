/**
 * The Power Structure (Basic Rules: Figure 2 and Strategy: The Power Structure, Figure 5; Spanish
 * "Estrategia: La Estructura de Poder"), Moving a Group ("Mover un Grupo") and Dropping Groups
 * ("Acciones gratuitas: Deshacerse de Grupos").
 */
import { describe, expect, it } from 'vitest';
import { groupCard } from '../../src/lib/engine/cards/index.js';
import { arrowStatus, openArrows, totalMoney, waitingCards, type CardId, type GameState, type Placement, type Side } from '../../src/lib/engine/index.js';
import { arrowCell, facing, occupantAt, outSides, placementOn, structureProblems, withCard } from '../../src/lib/engine/structure.js';
import { expectRefused, moneyOf, play, scenario } from '../helpers/scenario.js';

type Structure = Readonly<Record<CardId, Placement>>;
const NORTH = 0;
const EAST = 1;
const SOUTH = 2;
const WEST = 3;

/** Money on the table (treasuries, plus cards waiting to be placed) is what the bank paid out. */
function checkInvariants(state: GameState): void {
	let held = state.players.reduce((sum, p) => sum + totalMoney(p), 0);
	if (state.phase.kind === 'placement') {
		const placement = state.phase.placement;
		for (const card of waitingCards(placement)) held += placement.money[card] ?? 0;
	}
	expect(state.bank.issued - state.bank.returned).toBe(held);
	for (const p of state.players) expect(structureProblems(p.structure)).toEqual([]);
}

/** The outgoing arrow of a placed card that points in a world direction (from the card data and rotation). */
function sideFacing(structure: Structure, card: CardId, direction: number): Side {
	const placement = structure[card]!;
	const sides = outSides(card).filter((side) => facing(side, placement.rot) === direction);
	expect(sides, `${card} has one arrow pointing ${direction}`).toHaveLength(1);
	return sides[0]!;
}

const ILLUMINATI = 'bavarian-illuminati';

/** Figure 5, built arrow by arrow from the card data. */
function figure5(): GameState {
	let structure: Structure = { [ILLUMINATI]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: 0 } };
	const groups: { card: CardId; master: CardId; side: Side }[] = [];
	const add = (card: CardId, master: CardId, direction: number) => {
		const side = sideFacing(structure, master, direction);
		groups.push({ card, master, side });
		structure = withCard(structure, card, placementOn(structure, card, master, side, 0));
	};
	add('south-american-nazis', ILLUMINATI, EAST);
	add('kgb', 'south-american-nazis', NORTH);
	add('antiwar-activists', 'kgb', WEST);
	add('democrats', ILLUMINATI, SOUTH);
	add('congressional-wives', 'south-american-nazis', SOUTH);
	add('cycle-gangs', ILLUMINATI, WEST);
	return scenario({
		players: [
			{ illuminati: ILLUMINATI, money: 5, groups },
			{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] },
		],
	});
}

describe('Strategy: The Power Structure, Figure 5 (the bad structure)', () => {
	const state = figure5();
	const s = state.players[0]!.structure;

	it('lays out the same six groups as Figure 2, without overlaps', () => {
		expect(Object.keys(s).sort()).toEqual(
			[ILLUMINATI, 'antiwar-activists', 'congressional-wives', 'cycle-gangs', 'democrats', 'kgb', 'south-american-nazis'].sort(),
		);
		expect(s['antiwar-activists']).toMatchObject({ x: 0, y: -1, master: 'kgb' });
		expect(s['congressional-wives']).toMatchObject({ x: 1, y: 1 });
		checkInvariants(state);
	});

	it("the Illuminati's one unused arrow (north) is blocked by the Antiwar Activists", () => {
		const statuses = ([0, 1, 2, 3] as Side[]).map((side) => arrowStatus(s, ILLUMINATI, side));
		expect(statuses).toEqual(['blocked', 'used', 'used', 'used']);
		const cell = arrowCell(s[ILLUMINATI]!, 0);
		expect(occupantAt(s, cell.x, cell.y)).toBe('antiwar-activists');
		expect(openArrows(s, ILLUMINATI)).toEqual([]);
	});

	it("the Congressional Wives' one arrow is open", () => {
		expect(outSides('congressional-wives')).toHaveLength(1);
		expect(openArrows(s, 'congressional-wives')).toEqual([...outSides('congressional-wives')]);
	});

	it('the Democrats have two free arrows, but only the end one is open; the side one is blocked by the Congressional Wives', () => {
		const outs = outSides('democrats');
		expect(outs).toHaveLength(2);
		const end = ((groupCard('democrats').arrows.in + 2) % 4) as Side;
		const side = outs.find((o) => o !== end)!;
		expect(outs).toContain(end);
		expect(arrowStatus(s, 'democrats', end)).toBe('open');
		expect(arrowStatus(s, 'democrats', side)).toBe('blocked');
		const cell = arrowCell(s.democrats!, side);
		expect(occupantAt(s, cell.x, cell.y)).toBe('congressional-wives');
	});

	it('the rest of the figure: the Nazis and the KGB use all their arrows, the Cycle Gangs and Antiwar Activists have none', () => {
		for (const side of outSides('south-american-nazis')) expect(arrowStatus(s, 'south-american-nazis', side)).toBe('used');
		for (const side of outSides('kgb')) expect(arrowStatus(s, 'kgb', side)).toBe('used');
		expect(outSides('cycle-gangs')).toEqual([]);
		expect(outSides('antiwar-activists')).toEqual([]);
	});

	it('no group can be moved onto the blocked arrow', () => {
		expectRefused(state, { type: 'move', seat: 0, card: 'cycle-gangs', master: ILLUMINATI, side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(state, { type: 'move', seat: 0, card: 'cycle-gangs', master: 'democrats', side: sideFacing(s, 'democrats', EAST) }, 'ARROW_NOT_OPEN');
		const moved = play(state, { type: 'move', seat: 0, card: 'cycle-gangs', master: 'democrats', side: sideFacing(s, 'democrats', SOUTH) });
		expect(moved.players[0]!.structure['cycle-gangs']).toMatchObject({ master: 'democrats', x: 0, y: 2 });
		expect(arrowStatus(moved.players[0]!.structure, ILLUMINATI, WEST as Side)).toBe('open');
		checkInvariants(moved);
	});
});

/**
 * Bavarians: Mafia east (1,0) with the Yuppies on its south arrow (1,1) and the KKK below them
 * (2,1); CIA north (0,-1) with the FBI on its west arrow at (-1,-1).
 */
function movable(): GameState {
	return scenario({
		players: [
			{
				illuminati: ILLUMINATI,
				money: 5,
				groups: [
					{ card: 'mafia', side: 1, money: 4 },
					{ card: 'yuppies', master: 'mafia', side: 0, money: 3 },
					{ card: 'kkk', master: 'yuppies', side: 2, money: 2 },
					{ card: 'cia', side: 0, money: 1 },
					{ card: 'fbi', master: 'cia', side: 2, money: 0 },
				],
			},
			{ illuminati: 'network', money: 5, groups: [{ card: 'pentagon', side: 1 }] },
		],
	});
}

describe('Moving a Group: its puppets come along', () => {
	it('the layout of the test structure is as described', () => {
		const s = movable().players[0]!.structure;
		expect(s.yuppies).toMatchObject({ x: 1, y: 1 });
		expect(s.kkk).toMatchObject({ x: 2, y: 1 });
		expect(s.fbi).toMatchObject({ x: -1, y: -1 });
		checkInvariants(movable());
	});

	it('moving a group to an open arrow carries its puppets and treasuries, as one action', () => {
		const moved = play(movable(), { type: 'move', seat: 0, card: 'yuppies', master: 'cia', side: 0 });
		const s = moved.players[0]!.structure;
		expect(moved.phase.kind).toBe('turn');
		expect(s.yuppies).toMatchObject({ master: 'cia', side: 0, x: 1, y: -1, money: 3 });
		expect(s.kkk).toMatchObject({ master: 'yuppies', side: 2, money: 2 });
		expect(arrowStatus(s, 'mafia', 0)).toBe('open');
		expect(moved.turn!.actionsLeft).toBe(1);
		checkInvariants(moved);
	});

	it('a puppet that would overlap waits for placePuppet on another open arrow of the same master', () => {
		// Mafia to the west arrow: its south-facing side-0 arrow now points at (-1,-1), where the FBI sits.
		const waiting = play(movable(), { type: 'move', seat: 0, card: 'mafia', master: ILLUMINATI, side: 3 });
		expect(waiting.phase.kind).toBe('placement');
		expect(waiting.players[0]!.structure.mafia).toMatchObject({ x: -1, y: 0 });
		expect(waiting.players[0]!.structure.yuppies).toBeUndefined();
		checkInvariants(waiting);
		expectRefused(waiting, { type: 'transfer', seat: 0, mode: 'action', from: ILLUMINATI, to: 'cia', amount: 1 }, 'WRONG_PHASE');
		expectRefused(waiting, { type: 'placePuppet', seat: 0, card: 'kkk', side: 2 }, 'NOT_APPLICABLE');
		expectRefused(waiting, { type: 'placePuppet', seat: 0, card: 'yuppies', side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(waiting, { type: 'placePuppet', seat: 0, card: 'yuppies', side: 1 }, 'ARROW_NOT_OPEN');
		expectRefused(waiting, { type: 'placePuppet', seat: 1, card: 'yuppies', side: 2 }, 'NOT_YOUR_TURN');
		const placed = play(waiting, { type: 'placePuppet', seat: 0, card: 'yuppies', side: 2 });
		const s = placed.players[0]!.structure;
		expect(placed.phase.kind).toBe('turn');
		expect(s.yuppies).toMatchObject({ master: 'mafia', side: 2, x: -1, y: 1, money: 3 });
		expect(s.kkk).toMatchObject({ master: 'yuppies', money: 2 });
		checkInvariants(placed);
	});

	it('a puppet given no arrow (null) is lost: it and its puppets go uncontrolled, their money to the bank', () => {
		const before = movable();
		const waiting = play(before, { type: 'move', seat: 0, card: 'mafia', master: ILLUMINATI, side: 3 });
		const lost = play(waiting, { type: 'placePuppet', seat: 0, card: 'yuppies', side: null });
		const s = lost.players[0]!.structure;
		expect(s.yuppies).toBeUndefined();
		expect(s.kkk).toBeUndefined();
		expect(lost.uncontrolled).toEqual(expect.arrayContaining(['yuppies', 'kkk']));
		expect(lost.bank.returned - before.bank.returned).toBe(5);
		expect(moneyOf(lost, 0, 'mafia')).toBe(4);
		checkInvariants(lost);
	});

	it.each([
		['onto itself', 'mafia', 'mafia', 2],
		['onto its own puppet', 'mafia', 'yuppies', 2],
		['onto a puppet of its puppet', 'mafia', 'kkk', 0],
	] as const)('moving a group %s is refused (BAD_MOVE)', (_, card, master, side) => {
		expectRefused(movable(), { type: 'move', seat: 0, card, master, side }, 'BAD_MOVE');
	});

	it('other refusals: the Illuminati, an enemy card, a missing arrow, the arrow it is already on', () => {
		expectRefused(movable(), { type: 'move', seat: 0, card: ILLUMINATI, master: 'cia', side: 0 }, 'NOT_YOUR_GROUP');
		expectRefused(movable(), { type: 'move', seat: 0, card: 'cia', master: 'pentagon', side: 0 }, 'NOT_YOUR_GROUP');
		expectRefused(movable(), { type: 'move', seat: 0, card: 'fbi', master: 'kkk', side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(movable(), { type: 'move', seat: 0, card: 'fbi', master: 'cia', side: 2 }, 'BAD_MOVE');
	});
});

describe('Free Actions: Dropping Groups', () => {
	it('dropping is free: the group and its puppets go uncontrolled, their money to the bank', () => {
		const before = movable();
		const dropped = play(before, { type: 'drop', seat: 0, card: 'yuppies' });
		const s = dropped.players[0]!.structure;
		expect(s.yuppies).toBeUndefined();
		expect(s.kkk).toBeUndefined();
		expect(s.mafia).toBeDefined();
		expect(dropped.uncontrolled).toEqual(expect.arrayContaining(['yuppies', 'kkk']));
		expect(dropped.bank.returned - before.bank.returned).toBe(5);
		expect(dropped.turn!.actionsLeft).toBe(2);
		checkInvariants(dropped);
	});

	it('the Illuminati or another player\'s group cannot be dropped', () => {
		expectRefused(movable(), { type: 'drop', seat: 0, card: ILLUMINATI }, 'NOT_YOUR_GROUP');
		expectRefused(movable(), { type: 'drop', seat: 0, card: 'pentagon' }, 'NOT_YOUR_GROUP');
	});

	it('dropping, moving and placing keep every structure valid and every MB accounted for', () => {
		let state = movable();
		state = play(state, { type: 'move', seat: 0, card: 'mafia', master: ILLUMINATI, side: 3 });
		checkInvariants(state);
		state = play(state, { type: 'placePuppet', seat: 0, card: 'yuppies', side: 3 });
		checkInvariants(state);
		state = play(state, { type: 'drop', seat: 0, card: 'cia' });
		checkInvariants(state);
		state = play(state, { type: 'move', seat: 0, card: 'kkk', master: ILLUMINATI, side: 0 });
		checkInvariants(state);
		expect(Object.keys(state.players[0]!.structure).sort()).toEqual([ILLUMINATI, 'kkk', 'mafia', 'yuppies'].sort());
	});
});
