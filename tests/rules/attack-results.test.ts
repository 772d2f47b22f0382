// What a roll does (Basic Rules: Attack to Control, results of the attack; Attack to Neutralize,
// rule 4; Attack to Destroy, rules 4 and 5). Money is conserved through every result: the bank's
// issued − returned always equals the money on the table.
import { describe, expect, it } from 'vitest';
import { waitingCards, type AttackKind, type CardId, type GameState } from '../../src/lib/engine/index.js';
import { structureProblems } from '../../src/lib/engine/structure.js';
import { expectRefused, moneyOf, play, rollAttack, scenario, type ScenarioSpec } from '../helpers/scenario.js';

function world(spec: ScenarioSpec): GameState {
	const state = scenario(spec);
	for (const player of state.players) expect(structureProblems(player.structure)).toEqual([]);
	return state;
}

/** Money on the table: every treasury, plus those travelling with cards still waiting to be placed. */
function expectMoneyConserved(state: GameState): void {
	let table = 0;
	for (const player of state.players) for (const card in player.structure) table += player.structure[card]!.money;
	if (state.phase.kind === 'placement') {
		const placement = state.phase.placement;
		for (const card of waitingCards(placement)) table += placement.money[card] ?? 0;
	}
	expect(state.bank.issued - state.bank.returned).toBe(table);
}

/** Declares, spends `spent` MB from the attacker's Illuminati, closes the window (everyone
 * passes), rolls, and closes the window after the roll. */
function resolve(state: GameState, kind: AttackKind, attacker: CardId, target: CardId, spent: number, roll: [number, number]): GameState {
	const declared = play(
		state,
		{ type: 'attack', seat: 0, kind, attacker, target, aids: [] },
		...(spent > 0 ? [{ type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: spent } as const] : []),
	);
	return rollAttack(declared, roll[0], roll[1]);
}

const SUCCEED: [number, number] = [1, 1];

// Seat 0: Bavarian Illuminati (0,0); Oil Companies east at (1,0), arrows open north, east,
// south; Yuppies south at (0,1). Seat 1, the Network: Republicans (1 link, 7 MB) with the
// Democrats on their arrow 0 (5 MB, holding Girlie Magazines on their arrow 3, 4 MB) and the KKK
// on their arrow 3 (3 MB); TV Preachers elsewhere.
const SPEC: ScenarioSpec = {
	players: [
		{
			illuminati: 'bavarian-illuminati',
			money: 30,
			groups: [
				{ card: 'multinational-oil-companies', side: 1, money: 4 },
				{ card: 'yuppies', side: 2, money: 2 },
			],
		},
		{
			illuminati: 'network',
			money: 6,
			groups: [
				{ card: 'republicans', side: 1, money: 7 },
				{ card: 'democrats', master: 'republicans', side: 0, money: 5 },
				{ card: 'kkk', master: 'republicans', side: 3, money: 3 },
				{ card: 'girlie-magazines', master: 'democrats', side: 3, money: 4 },
				{ card: 'tv-preachers', side: 2, money: 1 },
			],
		},
	],
	uncontrolled: ['hollywood', 'feminists'],
};
const state = world(SPEC);
// Oil 6 − resistance 4 − position 10 = −8: 10 MB make it 2.
const won = resolve(state, 'control', 'multinational-oil-companies', 'republicans', 10, SUCCEED);

describe('Attack to Control — a successful attack captures the group', () => {
	it('the catch waits for the attacker to choose one of the attacking group\'s open arrows', () => {
		expect(won.lastAttack).toMatchObject({ needed: 2, success: true });
		expect(won.phase.kind).toBe('placement');
		expect(won.players[1]!.structure['republicans']).toBeUndefined();
		expectMoneyConserved(won);
	});

	it.each([
		[3, 'the Oil Companies\' inward side'],
	] as const)('a side that is not an open arrow is refused: side %i (%s): ARROW_NOT_OPEN', (side) => {
		expectRefused(won, { type: 'placeCapture', seat: 0, side }, 'ARROW_NOT_OPEN');
	});

	it('only outgoing arrows carry a catch: the Yuppies (one arrow, side 2) cannot take it on sides 0 or 3', () => {
		const byYuppies = resolve(state, 'control', 'yuppies', 'hollywood', 10, SUCCEED);
		expect(byYuppies.phase.kind).toBe('placement');
		expectRefused(byYuppies, { type: 'placeCapture', seat: 0, side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(byYuppies, { type: 'placeCapture', seat: 0, side: 3 }, 'ARROW_NOT_OPEN');
		const placed = play(byYuppies, { type: 'placeCapture', seat: 0, side: 2 });
		expect(placed.players[0]!.structure['hollywood']).toMatchObject({ master: 'yuppies', side: 2 });
	});

	describe('its puppets come along, keeping their arrows', () => {
		// On the Oil Companies' east arrow the Republicans sit at (2,0), turned half around; their
		// arrow 0 then points south at (2,1) and their arrow 3 east at (3,0).
		const placed = play(won, { type: 'placeCapture', seat: 0, side: 1 });
		const structure = placed.players[0]!.structure;

		it('the captured group hangs on the chosen arrow, its inward arrow toward its new master', () => {
			expect(structure['republicans']).toMatchObject({ master: 'multinational-oil-companies', side: 1, x: 2, y: 0, rot: 2 });
		});

		it.each([
			['democrats', 'republicans', 0, 2, 1, 3],
			['kkk', 'republicans', 3, 3, 0, 2],
			['girlie-magazines', 'democrats', 3, 2, 2, 3],
		] as const)('%s stays on the arrow of %s it hung on (%i), now at (%i,%i) with rotation %i', (card, master, side, x, y, rot) => {
			expect(state.players[1]!.structure[card]).toMatchObject({ master, side });
			expect(structure[card]).toMatchObject({ master, side, x, y, rot });
		});

		it('the structure stays valid and the placement is over', () => {
			expect(placed.phase.kind).toBe('turn');
			expect(structureProblems(structure)).toEqual([]);
			expect(Object.keys(placed.players[1]!.structure).sort()).toEqual(['network', 'tv-preachers']);
			expect(Object.keys(structure).sort()).toEqual(
				['bavarian-illuminati', 'democrats', 'girlie-magazines', 'kkk', 'multinational-oil-companies', 'republicans', 'yuppies'],
			);
		});

		it.each([
			['republicans', 7, 3],
			['democrats', 5, 2],
			['kkk', 3, 1],
			['girlie-magazines', 4, 2],
		] as const)('half of each treasury, rounded down, comes along: %s %i MB → %i', (card, before, after) => {
			expect(moneyOf(state, 1, card)).toBe(before);
			expect(moneyOf(placed, 0, card)).toBe(after);
		});

		it('the other half goes to the bank', () => {
			// 10 MB spent, then 4 + 3 + 2 + 2 of the captured treasuries.
			expect(placed.bank.returned - state.bank.returned).toBe(10 + 4 + 3 + 2 + 2);
			expectMoneyConserved(placed);
		});
	});
});

describe('Attack to Control — captured puppets that collide with the attacker\'s cards', () => {
	// On the Oil Companies' south arrow the Republicans sit at (1,1), turned three quarters; their
	// arrow 0 would point west at (0,1), where the Yuppies are. Arrow 3 (the KKK) points at (1,2).
	const blocked = play(won, { type: 'placeCapture', seat: 0, side: 2 });

	it('the one that does not fit waits for placePuppet', () => {
		if (blocked.phase.kind !== 'placement') throw new Error('expected a placement');
		expect(blocked.phase.placement.queue[0]).toEqual({ card: 'democrats', master: 'republicans', side: 0 });
		expectMoneyConserved(blocked);
		expect(blocked.players[0]!.structure['republicans']).toMatchObject({ x: 1, y: 1, rot: 3 });
		expectRefused(blocked, { type: 'placePuppet', seat: 0, card: 'kkk', side: 2 }, 'NOT_APPLICABLE');
		expectRefused(blocked, { type: 'placePuppet', seat: 0, card: 'democrats', side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(blocked, { type: 'captureTransfer', seat: 0, amount: 1 }, 'WRONG_PHASE');
	});

	it('it may go on another open arrow of the same master', () => {
		const placed = play(blocked, { type: 'placePuppet', seat: 0, card: 'democrats', side: 2 });
		const structure = placed.players[0]!.structure;
		expect(structure['democrats']).toMatchObject({ master: 'republicans', side: 2, x: 2, y: 1, money: 2 });
		// Its own puppet follows, still on the Democrats' arrow 3.
		expect(structure['girlie-magazines']).toMatchObject({ master: 'democrats', side: 3, x: 3, y: 1, money: 2 });
		expect(structure['kkk']).toMatchObject({ master: 'republicans', side: 3, x: 1, y: 2, money: 1 });
		expect(structureProblems(structure)).toEqual([]);
		expect(placed.phase.kind).toBe('turn');
		expectMoneyConserved(placed);
		// The placement done, the attacking group may still move money onto its catch.
		const moved = play(placed, { type: 'captureTransfer', seat: 0, amount: 4 });
		expect(moneyOf(moved, 0, 'republicans')).toBe(3 + 4);
	});

	it('"another arrow" means an outgoing arrow: a side of the master without one is refused (ARROW_NOT_OPEN)', () => {
		// The Democrats (arrows 2 and 3 only) with Girlie Magazines on arrow 2, Recyclers on arrow 3,
		// captured onto the Oil Companies' north arrow: at (1,-1), arrow 2 points west at (0,-1),
		// where the CIA are; the Democrats' side 0 (no arrow) faces the empty cell (2,-1).
		const start = world({
			players: [
				{
					illuminati: 'bavarian-illuminati',
					money: 10,
					groups: [
						{ card: 'multinational-oil-companies', side: 1 },
						{ card: 'cia', side: 0 },
					],
				},
				{
					illuminati: 'network',
					groups: [
						{ card: 'democrats', side: 1 },
						{ card: 'girlie-magazines', master: 'democrats', side: 2 },
						{ card: 'recyclers', master: 'democrats', side: 3 },
						{ card: 'tv-preachers', side: 2 },
					],
				},
			],
		});
		const caught = play(resolve(start, 'control', 'multinational-oil-companies', 'democrats', 10, SUCCEED), { type: 'placeCapture', seat: 0, side: 0 });
		expect(caught.players[0]!.structure['democrats']).toMatchObject({ x: 1, y: -1, rot: 1 });
		if (caught.phase.kind !== 'placement') throw new Error('expected a placement');
		expect(caught.phase.placement.queue[0]).toMatchObject({ card: 'girlie-magazines', side: 2 });
		expectRefused(caught, { type: 'placePuppet', seat: 0, card: 'girlie-magazines', side: 0 }, 'ARROW_NOT_OPEN');
		expectRefused(caught, { type: 'placePuppet', seat: 0, card: 'girlie-magazines', side: 1 }, 'ARROW_NOT_OPEN');
	});

	it('or be dropped: it becomes uncontrolled with its own puppets, and their treasuries go to the bank', () => {
		const placed = play(blocked, { type: 'placePuppet', seat: 0, card: 'democrats', side: null });
		for (const card of ['democrats', 'girlie-magazines']) {
			expect(placed.players[0]!.structure[card]).toBeUndefined();
			expect(placed.uncontrolled).toContain(card);
		}
		// 10 spent; halves lost 4 + 3 + 2 + 2; the dropped halves 2 + 2.
		expect(placed.bank.returned - state.bank.returned).toBe(10 + 11 + 4);
		expect(placed.players[0]!.structure['kkk']).toMatchObject({ master: 'republicans', side: 3 });
		expect(placed.phase.kind).toBe('turn');
		expectMoneyConserved(placed);
	});
});

describe('Attack to Control — the attacking group may move money onto its catch right away', () => {
	const placed = play(won, { type: 'placeCapture', seat: 0, side: 1 });

	it('as part of the attack: no action is spent', () => {
		const moved = play(placed, { type: 'captureTransfer', seat: 0, amount: 4 });
		expect(moneyOf(moved, 0, 'multinational-oil-companies')).toBe(0);
		expect(moneyOf(moved, 0, 'republicans')).toBe(3 + 4);
		expect(moved.turn!.actionsLeft).toBe(placed.turn!.actionsLeft);
		expectMoneyConserved(moved);
	});

	it('not more than the attacking group holds: NOT_ENOUGH_MONEY', () => {
		expectRefused(placed, { type: 'captureTransfer', seat: 0, amount: 5 }, 'NOT_ENOUGH_MONEY');
	});

	it('only once', () => {
		const moved = play(placed, { type: 'captureTransfer', seat: 0, amount: 1 });
		expectRefused(moved, { type: 'captureTransfer', seat: 0, amount: 1 }, 'WRONG_PHASE');
	});

	it('refused after any other action', () => {
		const other = play(placed, { type: 'transfer', seat: 0, mode: 'free', from: 'bavarian-illuminati', to: 'yuppies', amount: 1 });
		expectRefused(other, { type: 'captureTransfer', seat: 0, amount: 1 }, 'WRONG_PHASE');
	});

	it('an uncontrolled catch brings no money, and the transfer works the same', () => {
		const caught = play(resolve(state, 'control', 'multinational-oil-companies', 'feminists', 0, SUCCEED), { type: 'placeCapture', seat: 0, side: 0 });
		expect(caught.uncontrolled).not.toContain('feminists');
		expect(caught.players[0]!.structure['feminists']).toMatchObject({ master: 'multinational-oil-companies', side: 0, money: 0 });
		const moved = play(caught, { type: 'captureTransfer', seat: 0, amount: 2 });
		expect(moneyOf(moved, 0, 'feminists')).toBe(2);
		expectMoneyConserved(moved);
	});
});

describe('Attack results — a failed attack changes nothing but the money spent', () => {
	it.each(['control', 'neutralize', 'destroy'] as const)('%s: the defending group stays where it was', (kind) => {
		const failed = resolve(state, kind, 'multinational-oil-companies', 'republicans', 3, [6, 6]);
		expect(failed.lastAttack).toMatchObject({ success: false });
		expect(failed.players[1]!.structure).toEqual(state.players[1]!.structure);
		expect(failed.players[0]!.kills).toBe(0);
		expect(failed.bank.returned).toBe(state.bank.returned + 3);
		expectMoneyConserved(failed);
	});
});

describe('Attack to Neutralize — rule 4: the target and all its puppets go uncontrolled, all their money to the bank', () => {
	// Oil 6 + 6 − 4 − 10 = −2: 4 MB make it 2.
	const neutralized = resolve(state, 'neutralize', 'multinational-oil-companies', 'republicans', 4, SUCCEED);

	it('the four cards leave the Network for the uncontrolled area', () => {
		expect(neutralized.lastAttack).toMatchObject({ needed: 2, success: true });
		for (const card of ['republicans', 'democrats', 'kkk', 'girlie-magazines']) {
			expect(neutralized.players[1]!.structure[card]).toBeUndefined();
			expect(neutralized.players[0]!.structure[card]).toBeUndefined();
			expect(neutralized.uncontrolled).toContain(card);
		}
		expect(neutralized.players[1]!.structure['tv-preachers']).toBeDefined();
		expect(neutralized.phase.kind).toBe('turn');
	});

	it('all 19 MB of their treasuries go to the bank, and no kill is counted', () => {
		expect(neutralized.bank.returned - state.bank.returned).toBe(4 + 7 + 5 + 3 + 4);
		expect(neutralized.players[0]!.kills).toBe(0);
		expectMoneyConserved(neutralized);
	});
});

describe('Attack to Destroy — rule 4: the target goes to the dead pile, its puppets become uncontrolled', () => {
	// Oil 6 − power 4 − position 10 = −8: 10 MB make it 2.
	const destroyed = resolve(state, 'destroy', 'multinational-oil-companies', 'republicans', 10, SUCCEED);

	it('the Republicans are dead; their puppets (and the puppets\' puppets) are uncontrolled, not destroyed', () => {
		expect(destroyed.lastAttack).toMatchObject({ needed: 2, success: true });
		expect(destroyed.dead).toContain('republicans');
		expect(destroyed.uncontrolled).not.toContain('republicans');
		expect(destroyed.uncontrolled).toEqual(expect.arrayContaining(['democrats', 'kkk', 'girlie-magazines']));
		expect(destroyed.dead).not.toContain('democrats');
		for (const card of ['republicans', 'democrats', 'kkk']) expect(destroyed.players[1]!.structure[card]).toBeUndefined();
	});

	it('the destroyer\'s kills go up by one and all the money of the four goes to the bank', () => {
		expect(destroyed.players[0]!.kills).toBe(state.players[0]!.kills + 1);
		expect(destroyed.bank.returned - state.bank.returned).toBe(10 + 7 + 5 + 3 + 4);
		expectMoneyConserved(destroyed);
	});

	it('rule 5: a player may destroy his own group (the Yuppies, no position bonus): it counts as a kill', () => {
		// Oil 6 − Yuppies' power 1 = 5.
		const own = resolve(state, 'destroy', 'multinational-oil-companies', 'yuppies', 0, [2, 3]);
		expect(own.lastAttack).toMatchObject({ needed: 5, success: true });
		expect(own.dead).toContain('yuppies');
		expect(own.players[0]!.structure['yuppies']).toBeUndefined();
		expect(own.players[0]!.kills).toBe(1);
		expect(own.bank.returned - state.bank.returned).toBe(2);
		expectMoneyConserved(own);
	});

	it('an uncontrolled group goes to the dead pile too', () => {
		// Oil 6 − Hollywood's power 2 = 4.
		const dead = resolve(state, 'destroy', 'multinational-oil-companies', 'hollywood', 0, [2, 2]);
		expect(dead.dead).toContain('hollywood');
		expect(dead.uncontrolled).not.toContain('hollywood');
		expect(dead.players[0]!.kills).toBe(1);
		expectMoneyConserved(dead);
	});
});
