// Specials at the start of a turn and on the dead pile (Market Manipulation: "during the income
// segment of his turn ... double the income of all his groups; the IRS does not tax double and the
// Post Office does not pay double"; Senate Investigating Committee: "at the start of another
// player's turn, that player loses the whole turn"; Media Campaign: "a group comes back from the
// dead pile, uncontrolled; if Cthulhu destroyed it, its count is unaffected; destroyed again, it
// counts again"; Slush Fund, Swiss Bank Account: any time, into the Illuminati treasury).
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import type { GameState } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { dice, draw, expectRefused, moneyOf, play, scenario } from '../helpers/scenario.js';
import { expectSound, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

const income = (card: string) => {
	const data = CARDS[card]!;
	return data.kind === 'special' ? 0 : data.income;
};

/** The start of seat 0's turn. Seat 0 owns the IRS (with the Post Office under it) and the Oil
 * Companies; seats 1 and 2 hold money only in their Illuminati, so each tax pays itself. */
function irsTable(hand0: string[]): GameState {
	const state = scenario({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: 10,
				groups: [
					{ card: 'irs', side: 1 },
					{ card: 'post-office', master: 'irs', side: 0 },
					{ card: 'multinational-oil-companies', side: 2, money: 1 },
				],
				hand: hand0,
			},
			{ illuminati: 'network', money: 10, turnsCompleted: 1 },
			{ illuminati: 'gnomes-of-zurich', money: 10, turnsCompleted: 1, hand: ['senate-investigating-committee'] },
		],
	});
	return startTurn(state, 0);
}

describe('Market Manipulation: double income for your groups, not the IRS tax or the Post Office upkeep', () => {
	it.each([
		['without the card', false],
		['with Market Manipulation', true],
	] as const)('%s', (_what, doubled) => {
		const start = irsTable(['market-manipulation']);
		const played = doubled ? passChain(play(start, { type: 'playSpecial', seat: 0, card: 'market-manipulation' })) : start;
		const after = passWindowAll(played);
		const factor = doubled ? 2 : 1;
		// Illuminati: its income, less the Post Office's 1 MB (the IRS, its master, holds nothing then).
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(10 + factor * income('bavarian-illuminati') - 1);
		expect(moneyOf(after, 0, 'multinational-oil-companies')).toBe(1 + factor * income('multinational-oil-companies'));
		// The IRS collects 2 MB from each other player, doubled or not.
		expect(moneyOf(after, 0, 'irs')).toBe(4);
		expect(moneyOf(after, 1, 'network')).toBe(8);
		expect(moneyOf(after, 2, 'gnomes-of-zurich')).toBe(8);
		expect(after.random).toEqual({ kind: 'draw', seat: 0, count: 1 });
		expectSound(after);
	});

	it('the doubling lasts for this income only', () => {
		const start = irsTable(['market-manipulation']);
		const doubled = passWindowAll(passChain(play(start, { type: 'playSpecial', seat: 0, card: 'market-manipulation' })));
		const drawn = play(doubled, draw(doubled.deck[0]!));
		const next = play(drawn, { type: 'endTurn', seat: 0 });
		expect(next.phase).toEqual({ kind: 'turnStart', passed: [], doubleIncome: false });
	});
});

describe('Senate Investigating Committee: the player loses the whole turn', () => {
	it('no income, no draw, no actions: the next seat\'s turn begins', () => {
		const start = irsTable([]);
		const lost = passChain(play(start, { type: 'playSpecial', seat: 2, card: 'senate-investigating-committee' }));
		expect(lost.turn!.seat).toBe(1);
		expect(lost.phase.kind).toBe('turnStart');
		expect(moneyOf(lost, 0, 'bavarian-illuminati')).toBe(10);
		expect(moneyOf(lost, 2, 'gnomes-of-zurich')).toBe(10);
		expect(lost.players[0]!.turnsCompleted).toBe(start.players[0]!.turnsCompleted + 1);
		expect(lost.discard).toEqual(['senate-investigating-committee']);
		expectSound(lost);
	});

	it('only at the start of the turn: once income is collected it is too late (WRONG_PHASE)', () => {
		const collected = passWindowAll(irsTable([]));
		const drawn = play(collected, draw(collected.deck[0]!));
		expect(drawn.turn!.step).toBe('actions');
		expectRefused(drawn, { type: 'playSpecial', seat: 2, card: 'senate-investigating-committee' }, 'WRONG_PHASE');
	});

	it('cancelled by Secrets, the turn goes on: income follows when everyone passes', () => {
		const start = irsTable(['secrets-man-was-not-meant-to-know']);
		const answered = play(start, { type: 'playSpecial', seat: 2, card: 'senate-investigating-committee' }, { type: 'playSpecial', seat: 0, card: 'secrets-man-was-not-meant-to-know' });
		const kept = passChain(answered);
		expect(kept.turn!.seat).toBe(0);
		expect(kept.phase.kind).toBe('turnStart');
		expect(moneyOf(passWindowAll(kept), 0, 'irs')).toBe(4);
	});
});

describe('Media Campaign and the Servants of Cthulhu\'s count', () => {
	function cthulhu(): GameState {
		return scenario({
			players: [
				{ illuminati: 'servants-of-cthulhu', money: 10, groups: [{ card: 'cia', side: 1 }], kills: 3 },
				{ illuminati: 'network', money: 5, groups: [{ card: 'kkk', side: 1 }], hand: ['media-campaign'] },
			],
			dead: ['hollywood'],
		});
	}

	it('the revived group is uncontrolled, the count unchanged; destroyed again, it counts again', () => {
		const revived = passChain(play(cthulhu(), { type: 'playSpecial', seat: 1, card: 'media-campaign', target: 'hollywood' }));
		expect(revived.dead).toEqual([]);
		expect(revived.uncontrolled).toEqual(['hollywood']);
		expect(revived.players[0]!.kills).toBe(3);
		const attacked = play(revived, { type: 'attack', seat: 0, kind: 'destroy', attacker: 'cia', target: 'hollywood', aids: [] });
		const destroyed = passWindowAll(play(passSpendingAll(attacked), dice(1, 1)));
		expect(destroyed.dead).toEqual(['hollywood']);
		expect(destroyed.players[0]!.kills).toBe(4);
		expectSound(destroyed);
	});

	it('only a dead group: NOT_APPLICABLE for a controlled one', () => {
		expectRefused(cthulhu(), { type: 'playSpecial', seat: 1, card: 'media-campaign', target: 'cia' }, 'NOT_APPLICABLE');
	});
});

describe('Slush Fund and Swiss Bank Account at any time: in another player\'s turn, in any window', () => {
	it.each([
		['in the window at the start of a turn', (s: GameState) => startTurn(s, 0)],
		['in the actions step', (s: GameState) => s],
		['after a roll', (s: GameState) => play(passSpendingAll(play(s, { type: 'attack', seat: 0, kind: 'neutralize', attacker: 'multinational-oil-companies', target: 'democrats', aids: [] })), dice(2, 2))],
	])('%s', (_what, at) => {
		const state = at(table({ 3: ['slush-fund', 'swiss-bank-account'] }));
		const once = passChain(play(state, { type: 'playSpecial', seat: 3, card: 'slush-fund' }));
		const twice = passChain(play(once, { type: 'playSpecial', seat: 3, card: 'swiss-bank-account' }));
		expect(moneyOf(twice, 3, 'servants-of-cthulhu')).toBe(7 + 15 + 25);
		expect(twice.phase.kind).toBe(state.phase.kind);
		expect(twice.discard).toEqual(['slush-fund', 'swiss-bank-account']);
		expectSound(twice);
	});
});
