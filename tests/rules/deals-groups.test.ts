/**
 * Transferring Groups (Basic Rules, Gifts and Trades; Spanish "Transferencia de Grupos"; French
 * "Transferts de groupes"): a group changes hands only on the turn of one of the two players,
 * each group moved costs the active player one action whichever way it moves, a group is given
 * only with the receiver's consent, and it arrives with its puppets and their treasuries, fitted
 * by the receiver as for moved or captured groups.
 */
import { describe, expect, it } from 'vitest';
import { legalActions, step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { accept, expectSound, offer, table } from '../helpers/deals.js';
import { expectRefused, moneyOf, play, scenario } from '../helpers/scenario.js';

const placeReceived = (seat: number, master: string, side: 0 | 1 | 2 | 3): Action => ({ type: 'placeReceived', seat, master, side });

function placementOf(state: GameState) {
	if (state.phase.kind !== 'placement') throw new Error(`expected a placement, not ${state.phase.kind}`);
	return state.phase.placement;
}

describe('Transferring Groups: each group exchanged is an action of the player whose turn it is', () => {
	it.each([
		['a group sold for money', offer(0, 1, { groups: ['cia'] }, { money: 4 }), 1],
		['a group bought with a Special', offer(0, 1, { specials: ['swiss-bank-account'] }, { groups: ['pentagon'] }), 1],
		['a trade of group for group costs two actions', offer(0, 1, { groups: ['cia'] }, { groups: ['pentagon'] }), 2],
		['two groups given at once', offer(0, 1, { groups: ['cia', 'mafia'] }), 2],
	] as const)('%s: %i action(s)', (_, deal, cost) => {
		const after = play(table(), deal, accept(1, 0));
		expect(after.turn!.actionsLeft).toBe(2 - cost);
		expect(after.turn!.acted).toBe(true);
		expectSound(after);
	});

	it('a trade of group for group needs both actions: with one left it is NO_ACTIONS_LEFT, at offer and at acceptance', () => {
		const trade = offer(0, 1, { groups: ['cia'] }, { groups: ['pentagon'] });
		const made = play(table(), trade);
		const oneLeft = play(made, { type: 'transfer', seat: 0, mode: 'action', from: 'bavarian-illuminati', to: 'cia', amount: 1 });
		expectRefused(oneLeft, accept(1, 0), 'NO_ACTIONS_LEFT');
		expectRefused(oneLeft, trade, 'NO_ACTIONS_LEFT');
		expect(step(oneLeft, offer(0, 1, { groups: ['cia'] }, { money: 1 })).ok).toBe(true);
	});

	it('the action is the active player\'s even when the other player offers the group', () => {
		const after = play(table(), offer(1, 0, { groups: ['pentagon'] }, { money: 3 }), accept(0, 0));
		expect(after.turn!.actionsLeft).toBe(1);
		expect(placementOf(after).seat).toBe(0);
	});

	it.each([
		['neither player is the active one', offer(1, 2, { groups: ['pentagon'] }), 'NOT_YOUR_TURN'],
		['the Illuminati can never be traded', offer(0, 1, { groups: ['bavarian-illuminati'] }), 'BAD_OFFER'],
		['a group the maker does not control', offer(0, 1, { groups: ['pentagon'] }), 'NOT_HELD'],
		['a group the receiver does not control', offer(0, 1, { money: 1 }, { groups: ['kkk'] }), 'NOT_HELD'],
		['an uncontrolled group', offer(0, 1, { money: 1 }, { groups: ['hollywood'] }), 'NOT_HELD'],
		['a puppet listed with its master (it goes along anyway)', offer(0, 1, { groups: ['mafia', 'yuppies'] }), 'BAD_OFFER'],
	] as const)('refused: %s', (_, deal, code) => {
		expectRefused(table(), deal, code);
	});

	it('only in the actions step: not during the free transfers at the end of the turn', () => {
		const made = play(table(), offer(0, 1, { groups: ['cia'] }, { money: 1 }));
		const later = play(made, { type: 'endActions', seat: 0 });
		expectRefused(later, accept(1, 0), 'WRONG_PHASE');
		expectRefused(later, offer(0, 1, { groups: ['cia'] }), 'WRONG_PHASE');
		// Money and Specials still change hands then.
		expect(step(later, offer(0, 1, { money: 1 })).ok).toBe(true);
	});

	it('a group moves only once it is accepted: a group gift needs the receiver\'s consent', () => {
		const made = play(table(), offer(0, 1, { groups: ['cia'] }));
		expect(made.players[0]!.structure.cia).toBeDefined();
		const declined = play(made, { type: 'declineOffer', seat: 1, offer: 0 });
		expect(declined.players[0]!.structure.cia).toBeDefined();
		expect(declined.turn!.actionsLeft).toBe(2);
		const withGroups = { type: 'give', seat: 0, to: 1, money: 0, specials: [], groups: ['cia'] } as unknown as Action;
		expectRefused(table(), withGroups, 'MALFORMED_ACTION');
	});
});

describe('Transferring Groups: the group arrives with its puppets and treasuries, placed by the receiver', () => {
	const accepted = play(table(), offer(0, 1, { groups: ['mafia'] }, { money: 2 }), accept(1, 0));

	it('the Mafia and the Yuppies leave seat 0 with their money, and wait for seat 1', () => {
		expect(accepted.players[0]!.structure.mafia).toBeUndefined();
		expect(accepted.players[0]!.structure.yuppies).toBeUndefined();
		const placement = placementOf(accepted);
		expect(placement.seat).toBe(1);
		expect(placement.awaitingRoot).toBe(true);
		expect(placement.money).toMatchObject({ mafia: 6, yuppies: 2 });
		expectSound(accepted);
	});

	it('the receiver picks any open arrow of its structure; the attacker\'s placeCapture will not do', () => {
		const options = legalActions(accepted, 1).filter((legal) => legal.action.type === 'placeReceived');
		expect(options.map((legal) => legal.action)).toEqual(
			expect.arrayContaining([placeReceived(1, 'network', 0), placeReceived(1, 'pentagon', 0)]),
		);
		for (const legal of options) expect(step(accepted, legal.action).ok).toBe(true);
		expect(legalActions(accepted, 0).some((legal) => legal.action.type === 'placeReceived')).toBe(false);
		expectRefused(accepted, placeReceived(0, 'bavarian-illuminati', 0), 'NOT_ELIGIBLE');
		expectRefused(accepted, placeReceived(1, 'network', 1), 'ARROW_NOT_OPEN');
		expectRefused(accepted, placeReceived(1, 'cia', 0), 'NOT_YOUR_GROUP');
		expectRefused(accepted, { type: 'placeCapture', seat: 1, side: 0 }, 'WRONG_PHASE');
	});

	it('placed on the Pentagon: the Yuppies follow on the Mafia\'s same arrow, treasuries intact', () => {
		const placed = play(accepted, placeReceived(1, 'pentagon', 0));
		const structure = placed.players[1]!.structure;
		expect(structure.mafia).toMatchObject({ master: 'pentagon', side: 0, money: 6 });
		expect(structure.yuppies).toMatchObject({ master: 'mafia', side: 0, money: 2 });
		expect(placed.phase.kind).toBe('turn');
		expect(placed.turn!.seat).toBe(0);
		expect(moneyOf(placed, 0, 'bavarian-illuminati')).toBe(22);
		expectSound(placed);
	});

	it('several groups in one exchange are placed one after another, each by its receiver', () => {
		const trade = play(table(), offer(0, 1, { groups: ['cia'] }, { groups: ['pentagon'] }), accept(1, 0));
		expect(placementOf(trade).seat).toBe(1);
		expect(placementOf(trade).queue[0]!.card).toBe('cia');
		const first = play(trade, placeReceived(1, 'network', 1));
		expect(placementOf(first).seat).toBe(0);
		expect(placementOf(first).queue[0]!.card).toBe('pentagon');
		expectSound(first);
		const done = play(first, placeReceived(0, 'bavarian-illuminati', 3));
		expect(done.phase.kind).toBe('turn');
		expect(Object.keys(done.players[0]!.structure).sort()).toEqual(['bavarian-illuminati', 'mafia', 'pentagon', 'yuppies']);
		expect(Object.keys(done.players[1]!.structure).sort()).toEqual(['cia', 'network']);
		expect(done.players[1]!.structure.cia!.money).toBe(1);
		expect(done.players[0]!.structure.pentagon!.money).toBe(3);
		expectSound(done);
	});
});

describe('Transferring Groups: overlaps are resolved by giving up cards, new or old', () => {
	/** Seat 1 holds the Boy Sprouts on the Pentagon's arrow 2, in the cell north-east of the Network. */
	function crowded(): GameState {
		return scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'mafia', side: 1, money: 6 }, { card: 'yuppies', master: 'mafia', side: 0, money: 2 }, { card: 'cia', side: 3 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'pentagon', side: 1, money: 3 }, { card: 'boy-sprouts', master: 'pentagon', side: 2 }] },
			],
		});
	}

	it('a puppet whose cell is taken waits for placePuppet: another arrow of its master, or uncontrolled', () => {
		const arrived = play(crowded(), offer(0, 1, { groups: ['mafia'] }), accept(1, 0), placeReceived(1, 'network', 0));
		const placement = placementOf(arrived);
		expect(placement.queue[0]).toMatchObject({ card: 'yuppies', master: 'mafia' });
		const sides = legalActions(arrived, 1).filter((legal) => legal.action.type === 'placePuppet').map((legal) => 'side' in legal.action && legal.action.side);
		expect(sides).toContain(null);
		const dropped = play(arrived, { type: 'placePuppet', seat: 1, card: 'yuppies', side: null });
		expect(dropped.uncontrolled).toContain('yuppies');
		expect(dropped.players[1]!.structure.mafia).toBeDefined();
		expect(dropped.players[1]!.structure['boy-sprouts']).toBeDefined();
		expect(dropped.bank.returned).toBe(crowded().bank.returned + 2);
		expectSound(dropped);
	});

	it('a receiver with no open arrow at all cannot fit the group: it goes uncontrolled with its puppets', () => {
		const full = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'mafia', side: 1, money: 6 }, { card: 'yuppies', master: 'mafia', side: 0, money: 2 }, { card: 'cia', side: 3 }] },
				{
					illuminati: 'network',
					money: 10,
					groups: ['boy-sprouts', 'nephews-of-god', 'punk-rockers', 'trekkies'].map((card, side) => ({ card, side: side as 0 | 1 | 2 | 3 })),
				},
			],
		});
		const after = play(full, offer(0, 1, { groups: ['mafia'] }, { money: 5 }), accept(1, 0));
		expect(after.phase.kind).toBe('turn');
		expect(after.uncontrolled).toEqual(expect.arrayContaining(['mafia', 'yuppies']));
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(25);
		expect(after.bank.returned).toBe(full.bank.returned + 8);
		expectSound(after);
	});
});

describe('Transferring Groups: a collision that cannot be avoided may be resolved by giving up an old card', () => {
	/** Seat 1: Big Media north of the Network, the Fiendish Fluoridators on its arrow 2 (north-west).
	 * The Fast Food Chains, received on the Network's arrow 3 (west), have one arrow, which points at
	 * the Fluoridators' cell: the Psychiatrists hanging on it fit nowhere. */
	function collision(): { before: GameState; arrived: GameState } {
		const before = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'fast-food-chains', side: 1, money: 6 }, { card: 'psychiatrists', master: 'fast-food-chains', side: 2, money: 2 }, { card: 'cia', side: 3 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'big-media', side: 0, money: 1 }, { card: 'fiendish-fluoridators', master: 'big-media', side: 2, money: 3 }] },
			],
		});
		return { before, arrived: play(before, offer(0, 1, { groups: ['fast-food-chains'] }), accept(1, 0), placeReceived(1, 'network', 3)) };
	}
	const placing = (state: GameState) => legalActions(state, 1).filter((legal) => legal.action.type === 'placePuppet' || legal.action.type === 'drop').map((legal) => legal.action);

	it('the receiver, off its turn, is offered the puppet or the old card in its way', () => {
		const { arrived } = collision();
		expect(arrived.turn!.seat).toBe(0);
		expect(placementOf(arrived).queue[0]).toMatchObject({ card: 'psychiatrists', master: 'fast-food-chains' });
		expect(placing(arrived)).toEqual([
			{ type: 'placePuppet', seat: 1, card: 'psychiatrists', side: null },
			{ type: 'drop', seat: 1, card: 'fiendish-fluoridators' },
		]);
	});

	it('giving up the old card: it goes uncontrolled, its money to the bank, and the puppet takes its cell', () => {
		const { before, arrived } = collision();
		const resolved = play(arrived, { type: 'drop', seat: 1, card: 'fiendish-fluoridators' });
		expect(resolved.phase.kind).toBe('turn');
		expect(resolved.uncontrolled).toContain('fiendish-fluoridators');
		const structure = resolved.players[1]!.structure;
		expect(structure['fiendish-fluoridators']).toBeUndefined();
		expect(structure.psychiatrists).toMatchObject({ master: 'fast-food-chains', side: 2, x: -1, y: -1, money: 2 });
		expect(resolved.bank.returned).toBe(before.bank.returned + 3);
		// Nothing of seat 0's turn is spent by the receiver's choice.
		expect(resolved.turn).toEqual(arrived.turn);
		expectSound(resolved);
	});

	it('giving up the new puppet instead still works', () => {
		const { arrived } = collision();
		const resolved = play(arrived, { type: 'placePuppet', seat: 1, card: 'psychiatrists', side: null });
		expect(resolved.uncontrolled).toContain('psychiatrists');
		expect(resolved.players[1]!.structure['fiendish-fluoridators']).toBeDefined();
		expectSound(resolved);
	});

	it.each([
		['another card than the one in the way', { type: 'drop', seat: 1, card: 'big-media' }, 'NOT_APPLICABLE'],
		['the giver', { type: 'drop', seat: 0, card: 'fiendish-fluoridators' }, 'NOT_ELIGIBLE'],
	] as const)('refused: %s', (_, action, code) => {
		expectRefused(collision().arrived, action, code);
	});

	it('an avoidable collision (another arrow of the master is open) offers no old card', () => {
		const crowded = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'mafia', side: 1, money: 6 }, { card: 'yuppies', master: 'mafia', side: 0, money: 2 }, { card: 'cia', side: 3 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'pentagon', side: 1, money: 3 }, { card: 'boy-sprouts', master: 'pentagon', side: 2 }] },
			],
		});
		const arrived = play(crowded, offer(0, 1, { groups: ['mafia'] }), accept(1, 0), placeReceived(1, 'network', 0));
		expect(placing(arrived).some((action) => action.type === 'drop')).toBe(false);
		expectRefused(arrived, { type: 'drop', seat: 1, card: 'boy-sprouts' }, 'NOT_APPLICABLE');
	});
});

describe('Transferring Groups: a player trading its last group is not out while the new one arrives', () => {
	it('seat 0 trades its only group for the Pentagon and keeps playing', () => {
		const lone = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'cia', side: 3, money: 1 }] },
				{ illuminati: 'network', money: 10, groups: [{ card: 'pentagon', side: 1, money: 3 }, { card: 'kkk', side: 3 }] },
			],
		});
		const traded = play(lone, offer(0, 1, { groups: ['cia'] }, { groups: ['pentagon'] }), accept(1, 0));
		expect(traded.players[0]!.eliminated).toBe(false);
		const done = play(traded, placeReceived(1, 'kkk', 2), placeReceived(0, 'bavarian-illuminati', 1));
		expect(done.players[0]!.eliminated).toBe(false);
		expect(done.players[0]!.structure.pentagon).toMatchObject({ master: 'bavarian-illuminati', side: 1, money: 3 });
		expectSound(done);
	});
});
