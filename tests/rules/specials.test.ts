// Special Cards (Basic Rules: Special Cards — "each Special may be used only once", "playing a
// Special is not an action unless the card says it is" (Bribery is), "after a card is used, it is
// discarded"; the card texts, French list "les 15 cartes spéciales"; Secrets Man Was Not Meant to
// Know: played after any other Special, for any purpose, cancels it, both cards are discarded).
// One table row per card played with playSpecial: when it may be played, its effect, its cost in
// actions, the discard, and its cancellation by Secrets. Whispering Campaign (played with an
// attack) is in specials-attacks.test.ts.
import { describe, expect, it } from 'vitest';
import { chainOutcome, legalActions, openArrows, step, type CardId, type GameState, type PlaySpecialAction, type RuleErrorCode } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { NEW_GAME_RULES } from '../../src/lib/engine/types.js';
import { dice, expectRefused, moneyOf, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neutralizeDemocrats, passChain, passSpendingAll, passWindowAll, table } from '../helpers/specials.js';

const SECRETS = 'secrets-man-was-not-meant-to-know';
type Hands = Parameters<typeof table>[0];

/** Seat 0's ordinary attack on the Democrats, rolled 3+3, in the window after the roll. */
const afterRoll = (hands: Hands) => play(passSpendingAll(play(table(hands), neutralizeDemocrats())), dice(3, 3));
const privileged = (hands: Hands) => play(table(hands), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
const ordinaryAttack = (hands: Hands) => play(table(hands), neutralizeDemocrats());
/** The start of seat 0's turn (the window before income). */
const turnStart = (hands: Hands) => startTurn(table(hands), 0);
const actions = (hands: Hands) => table(hands);

interface Row {
	readonly name: string;
	readonly card: CardId;
	readonly seat: number;
	readonly extra?: Partial<PlaySpecialAction>;
	/** A state where the card may be played. */
	readonly when: (hands: Hands) => GameState;
	/** Asserts the effect, from the state before the play to the state once its window closed. */
	readonly effect: (before: GameState, after: GameState) => void;
	/** Where it may not be played, and the code. */
	readonly refused: readonly (readonly [string, (hands: Hands) => GameState, Partial<PlaySpecialAction>, RuleErrorCode])[];
	readonly costsAction?: true;
}

const ROWS: readonly Row[] = [
	{
		name: 'Assassination: right after an attack roll, the dice count as 2',
		card: 'assassination',
		seat: 2,
		when: afterRoll,
		effect: (_before, after) => expect(attackOf(after).roll).toEqual([1, 1]),
		refused: [
			['in the actions step', actions, {}, 'WRONG_PHASE'],
			['before the roll, while money is spent', ordinaryAttack, {}, 'WRONG_PHASE'],
			['at the start of a turn', turnStart, {}, 'WRONG_PHASE'],
		],
	},
	{
		name: "Murphy's Law: right after an attack roll, the dice count as 12",
		card: 'murphys-law',
		seat: 1,
		when: afterRoll,
		effect: (_before, after) => expect(attackOf(after).roll).toEqual([6, 6]),
		refused: [
			['in the actions step', actions, {}, 'WRONG_PHASE'],
			['before the roll, while money is spent', ordinaryAttack, {}, 'WRONG_PHASE'],
		],
	},
	{
		name: 'Bribery: on your own turn, as an action, an uncontrolled group joins on an open arrow',
		card: 'bribery',
		seat: 0,
		extra: { target: 'hollywood', master: 'bavarian-illuminati', side: 0 },
		when: actions,
		costsAction: true,
		effect: (before, after) => {
			expect(after.players[0]!.structure.hollywood).toMatchObject({ master: 'bavarian-illuminati', side: 0, money: 0 });
			expect(after.uncontrolled).toEqual(before.uncontrolled.filter((card) => card !== 'hollywood'));
		},
		refused: [
			["on another player's turn", (hands) => ({ ...table(hands), turn: { ...table(hands).turn!, seat: 1 } }), {}, 'WRONG_PHASE'],
			['during an attack', ordinaryAttack, {}, 'WRONG_PHASE'],
			['with no action left', (hands) => ({ ...table(hands), turn: { ...table(hands).turn!, actionsLeft: 0 } }), {}, 'NO_ACTIONS_LEFT'],
			['on a controlled group', actions, { target: 'democrats' }, 'NOT_APPLICABLE'],
			['on a group not in play', actions, { target: 'cia' }, 'NOT_APPLICABLE'],
			['onto an occupied arrow', actions, { side: 1 }, 'ARROW_NOT_OPEN'],
			["onto another player's card", actions, { master: 'network' }, 'ARROW_NOT_OPEN'],
		],
	},
	{
		name: "Computer Espionage: at any time, see all of one player's Specials",
		card: 'computer-espionage',
		seat: 2,
		extra: { player: 3 },
		when: ordinaryAttack,
		effect: (_before, after) => expect(after.grants.map((g) => g.subject)).toEqual([{ kind: 'hand', seat: 3, cards: [SECRETS] }]),
		refused: [
			['on oneself', actions, { player: 2 }, 'NOT_APPLICABLE'],
			['naming both a player and a group', actions, { target: 'democrats' }, 'NOT_APPLICABLE'],
		],
	},
	{
		name: 'Computer Espionage: at any time, see the money on one group',
		card: 'computer-espionage',
		seat: 2,
		extra: { target: 'democrats' },
		when: turnStart,
		effect: (_before, after) => {
			expect(after.grants).toEqual([{ viewer: 2, subject: { kind: 'treasury', card: 'democrats', money: 3 }, at: expect.any(Number) }]);
		},
		refused: [
			['on an uncontrolled group', actions, { target: 'hollywood' }, 'NOT_APPLICABLE'],
			['on its own group', actions, { target: 'kkk' }, 'NOT_APPLICABLE'],
		],
	},
	{
		name: 'Deep Agent: once privilege is declared, the attack stops being privileged',
		card: 'deep-agent',
		seat: 2,
		when: privileged,
		effect: (_before, after) => expect(attackOf(after)).toMatchObject({ privileged: false, privilegeAbolished: true }),
		refused: [
			['in an ordinary attack', ordinaryAttack, {}, 'NOT_APPLICABLE'],
			['outside an attack', actions, {}, 'NOT_APPLICABLE'],
		],
	},
	...(['interference-1', 'interference-2'] as const).map(
		(card): Row => ({
			name: `Interference (${card}): its holder may interfere in a privileged attack`,
			card,
			seat: 2,
			when: privileged,
			effect: (_before, after) => expect(attackOf(after).interferers).toEqual([2]),
			refused: [
				['in an ordinary attack', ordinaryAttack, {}, 'NOT_APPLICABLE'],
				['outside an attack', actions, {}, 'NOT_APPLICABLE'],
			],
		}),
	),
	{
		name: 'Market Manipulation: in your own income step, your groups collect double income',
		card: 'market-manipulation',
		seat: 0,
		when: turnStart,
		effect: (_before, after) => expect(after.phase).toEqual({ kind: 'turnStart', passed: [], doubleIncome: true }),
		refused: [
			['in the actions step', actions, {}, 'WRONG_PHASE'],
			["at the start of another player's turn", (hands) => startTurn(table(hands), 1), {}, 'WRONG_PHASE'],
		],
	},
	{
		name: 'Media Campaign: at any time, a destroyed group comes back uncontrolled',
		card: 'media-campaign',
		seat: 2,
		extra: { target: 'yuppies' },
		when: afterRoll,
		effect: (before, after) => {
			expect(after.dead).toEqual(before.dead.filter((card) => card !== 'yuppies'));
			expect(after.uncontrolled).toEqual([...before.uncontrolled, 'yuppies']);
		},
		refused: [
			['on a group not dead', actions, { target: 'hollywood' }, 'NOT_APPLICABLE'],
			['without a group', actions, { target: undefined }, 'NOT_APPLICABLE'],
		],
	},
	{
		name: "Senate Investigating Committee: at the start of another player's turn, that player loses it",
		card: 'senate-investigating-committee',
		seat: 2,
		when: turnStart,
		effect: (before, after) => {
			expect(after.turn?.seat).toBe(1);
			expect(after.phase).toEqual({ kind: 'turnStart', passed: [], doubleIncome: false });
			expect(after.players[0]!.turnsCompleted).toBe(before.players[0]!.turnsCompleted + 1);
			expect(after.players[0]!.structure).toEqual(before.players[0]!.structure);
			expect(after.random).toBeNull();
		},
		refused: [
			['on its own turn', (hands) => startTurn(table(hands), 2), {}, 'WRONG_PHASE'],
			['in the actions step', actions, {}, 'WRONG_PHASE'],
		],
	},
	...([
		['slush-fund', 15],
		['swiss-bank-account', 25],
	] as const).map(
		([card, amount]): Row => ({
			name: `${card}: at any time, ${amount} MB into your Illuminati treasury`,
			card,
			seat: 2,
			when: privileged,
			effect: (before, after) => {
				expect(moneyOf(after, 2, 'gnomes-of-zurich')).toBe(moneyOf(before, 2, 'gnomes-of-zurich') + amount);
				expect(after.bank.issued).toBe(before.bank.issued + amount);
			},
			refused: [],
		}),
	),
	{
		name: 'White Collar Crime: at any time, rearrange all your treasuries and add 5 MB',
		card: 'white-collar-crime',
		seat: 2,
		extra: { treasuries: { 'gnomes-of-zurich': 1, kkk: 15 } },
		when: actions,
		effect: (before, after) => {
			expect(moneyOf(after, 2, 'gnomes-of-zurich')).toBe(1);
			expect(moneyOf(after, 2, 'kkk')).toBe(15);
			expect(after.bank.issued).toBe(before.bank.issued + 5);
		},
		refused: [
			['with 1 MB too many', actions, { treasuries: { 'gnomes-of-zurich': 2, kkk: 15 } }, 'BAD_AMOUNT'],
			['with 1 MB too few', actions, { treasuries: { 'gnomes-of-zurich': 0, kkk: 15 } }, 'BAD_AMOUNT'],
			['with a negative treasury', actions, { treasuries: { 'gnomes-of-zurich': -1, kkk: 17 } }, 'BAD_AMOUNT'],
			["with another player's group", actions, { treasuries: { 'gnomes-of-zurich': 1, democrats: 15 } }, 'NOT_YOUR_GROUP'],
			['without treasuries', actions, { treasuries: undefined }, 'BAD_AMOUNT'],
		],
	},
];

function hands(row: Row): Hands {
	return row.seat === 3 ? { 3: [row.card], 1: [SECRETS] } : { [row.seat]: [row.card], 3: [SECRETS] };
}

function playRow(row: Row, extra: Partial<PlaySpecialAction> = {}): PlaySpecialAction {
	return { type: 'playSpecial', seat: row.seat, card: row.card, ...row.extra, ...extra };
}

const secretsSeat = (row: Row) => (row.seat === 3 ? 1 : 3);

describe.each(ROWS)('$name', (row) => {
	const before = row.when(hands(row));
	const played = play(before, playRow(row));

	it('takes effect once everyone passed its cancel window, and is discarded', () => {
		expect(played.players[row.seat]!.hand).toEqual([]);
		expect(played.chain?.plays).toHaveLength(1);
		const after = passChain(played);
		row.effect(before, after);
		expect(after.discard).toEqual([row.card]);
		expect(after.players[row.seat]!.hand).toEqual([]);
		expectSound(played);
		expectSound(after);
	});

	it(row.costsAction ? 'costs one of the two actions' : 'is not an action', () => {
		const left = (state: GameState) => state.turn!.actionsLeft;
		expect(left(passChain(played))).toBe(left(before) - (row.costsAction ? 1 : 0));
	});

	it('Secrets Man Was Not Meant to Know cancels it: no effect, both cards discarded', () => {
		const cancelled = passChain(play(played, { type: 'playSpecial', seat: secretsSeat(row), card: SECRETS }));
		expect(cancelled.discard).toEqual([row.card, SECRETS]);
		expect(cancelled.players.map((p) => p.structure)).toEqual(before.players.map((p) => p.structure));
		expect(cancelled.players.map((p) => p.turnsCompleted)).toEqual(before.players.map((p) => p.turnsCompleted));
		expect(cancelled.uncontrolled).toEqual(before.uncontrolled);
		expect(cancelled.dead).toEqual(before.dead);
		expect(cancelled.bank).toEqual(before.bank);
		expect(cancelled.grants).toEqual([]);
		expect(cancelled.phase).toEqual(before.phase);
		expectSound(cancelled);
	});

	it('while it waits, other entries are refused (WINDOW_OPEN) and each seat passes once', () => {
		expectRefused(played, { type: 'endActions', seat: 0 }, 'WINDOW_OPEN');
		expectRefused(played, { type: 'transfer', seat: 0, mode: 'action', from: 'bavarian-illuminati', to: 'multinational-oil-companies', amount: 1 }, 'WINDOW_OPEN');
		const once = play(played, { type: 'passWindow', seat: 2 });
		expectRefused(once, { type: 'passWindow', seat: 2 }, 'NOT_APPLICABLE');
	});

	it('only from the hand: NOT_IN_HAND for a seat without it', () => {
		const other = row.seat === 1 ? 2 : 1;
		expectRefused(before, { ...playRow(row), seat: other }, 'NOT_IN_HAND');
	});

	it.each(row.refused.map(([where, state, extra, code]) => ({ where, state, extra, code })))('refused $where: $code', ({ state, extra, code }) => {
		expectRefused(state(hands(row)), playRow(row, extra), code);
	});
});

describe('Bribery cancelled by Secrets: the card was played as the action, which stays used', () => {
	it('Hollywood stays uncontrolled and one action is left', () => {
		const state = table({ 0: ['bribery'], 3: [SECRETS] });
		const played = play(state, { type: 'playSpecial', seat: 0, card: 'bribery', target: 'hollywood', master: 'bavarian-illuminati', side: 0 });
		const cancelled = passChain(play(played, { type: 'playSpecial', seat: 3, card: SECRETS }));
		expect(cancelled.uncontrolled).toContain('hollywood');
		expect(cancelled.turn).toMatchObject({ actionsLeft: 1, acted: true });
	});

	it('a bribed group can attack in the same turn (a newly controlled group may act at once)', () => {
		const bribed = passChain(play(table({ 0: ['bribery'] }), { type: 'playSpecial', seat: 0, card: 'bribery', target: 'hollywood', master: 'bavarian-illuminati', side: 0 }));
		expect(openArrows(bribed.players[0]!.structure, 'hollywood').length).toBeGreaterThan(0);
		const attacking = play(bribed, { type: 'attack', seat: 0, kind: 'control', attacker: 'hollywood', target: 'trekkies', aids: [] });
		expect(attackOf(attacking).attacker).toBe('hollywood');
		expect(attacking.turn!.actionsLeft).toBe(0);
	});
});

describe('Secrets Man Was Not Meant to Know answers only a card just played', () => {
	it('with nothing in the window: NOT_APPLICABLE', () => {
		expectRefused(table({ 3: [SECRETS] }), { type: 'playSpecial', seat: 3, card: SECRETS }, 'NOT_APPLICABLE');
		expectRefused(afterRoll({ 3: [SECRETS] }), { type: 'playSpecial', seat: 3, card: SECRETS }, 'NOT_APPLICABLE');
	});

	it('it names a play of the window: NOT_APPLICABLE beyond the last', () => {
		const played = play(table({ 2: ['slush-fund'], 3: [SECRETS] }), { type: 'playSpecial', seat: 2, card: 'slush-fund' });
		expectRefused(played, { type: 'playSpecial', seat: 3, card: SECRETS, cancels: 1 }, 'NOT_APPLICABLE');
	});

	it('its own player may cancel its own card (it answers "any other Special")', () => {
		const played = play(table({ 2: ['slush-fund', SECRETS] }), { type: 'playSpecial', seat: 2, card: 'slush-fund' }, { type: 'playSpecial', seat: 2, card: SECRETS });
		expect(moneyOf(passChain(played), 2, 'gnomes-of-zurich')).toBe(9);
	});
});

describe('Secrets on Secrets restores the card it cancelled (chain resolution)', () => {
	// The classic deck holds one Secrets card, so this chain can't arise in a game; the resolution
	// rule is still defined for it (each Secrets cancels its target unless it is itself cancelled).
	const card = (cards: string[], effect: Parameters<typeof chainOutcome>[0][number]['effect']) => ({ seat: 0, cards, effect });
	it.each([
		['a card alone', [card(['slush-fund'], { kind: 'gainMoney', amount: 15 })], [true]],
		['a card cancelled', [card(['slush-fund'], { kind: 'gainMoney', amount: 15 }), card(['s1'], { kind: 'cancel', target: 0 })], [false, true]],
		['Secrets cancelled by Secrets', [card(['slush-fund'], { kind: 'gainMoney', amount: 15 }), card(['s1'], { kind: 'cancel', target: 0 }), card(['s2'], { kind: 'cancel', target: 1 })], [true, false, true]],
		['three Secrets deep', [card(['slush-fund'], { kind: 'gainMoney', amount: 15 }), card(['s1'], { kind: 'cancel', target: 0 }), card(['s2'], { kind: 'cancel', target: 1 }), card(['s3'], { kind: 'cancel', target: 2 })], [false, true, false, true]],
		['a pair with one card cancelled', [card(['a', 'b'], { kind: 'abolishPrivilege' }), card(['s1'], { kind: 'cancel', target: 0 })], [false, true]],
		['a pair cancelled, then replaced', [card(['a', 'b'], { kind: 'abolishPrivilege' }), card(['s1'], { kind: 'cancel', target: 0 }), card(['c'], { kind: 'replace', target: 0 })], [true, true, true]],
		['a pair whose replacement is cancelled', [card(['a', 'b'], { kind: 'abolishPrivilege' }), card(['s1'], { kind: 'cancel', target: 0 }), card(['c'], { kind: 'replace', target: 0 }), card(['s2'], { kind: 'cancel', target: 2 })], [false, true, false, true]],
		['a pair whose cancelling Secrets is cancelled', [card(['a', 'b'], { kind: 'abolishPrivilege' }), card(['s1'], { kind: 'cancel', target: 0 }), card(['s2'], { kind: 'cancel', target: 1 })], [true, false, true]],
	] as const)('%s', (_what, plays, effective) => {
		expect(chainOutcome(plays as Parameters<typeof chainOutcome>[0]).effective).toEqual(effective);
	});
});

describe('legalActions offers only Specials that step accepts', () => {
	const ALL = ['assassination', 'bribery', 'computer-espionage', 'deep-agent', 'interference-1', 'market-manipulation', 'media-campaign', 'murphys-law', 'senate-investigating-committee', 'slush-fund', 'swiss-bank-account', 'whispering-campaign', 'white-collar-crime'];
	it.each([
		['the actions step', actions],
		['an ordinary attack', ordinaryAttack],
		['a privileged attack', privileged],
		['after the roll', afterRoll],
		['the start of a turn', turnStart],
	])('in %s, every seat holding every Special', (_what, at) => {
		const state = at({ 0: ALL.slice(0, 7), 2: ALL.slice(7), 3: [SECRETS, 'interference-2'] });
		let offered = 0;
		for (const seat of [0, 1, 2, 3]) {
			for (const legal of legalActions(state, seat)) {
				if (legal.action.type !== 'playSpecial' && legal.action.type !== 'abolishPrivilege') continue;
				offered++;
				const result = step(state, legal.action);
				expect(result.ok, JSON.stringify(legal.action)).toBe(true);
			}
		}
		expect(offered).toBeGreaterThan(0);
	});
});

describe('Sequence of Play: a Special played on your own turn is something done (no passing for 5 MB)', () => {
	it('after your own Slush Fund you cannot pass; after another player\'s you still can', () => {
		const mine = passChain(play(table({ 0: ['slush-fund'] }), { type: 'playSpecial', seat: 0, card: 'slush-fund' }));
		expectRefused(mine, { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
		const theirs = passChain(play(table({ 2: ['slush-fund'] }), { type: 'playSpecial', seat: 2, card: 'slush-fund' }));
		expect(moneyOf(play(theirs, { type: 'passTurn', seat: 0 }), 0, 'bavarian-illuminati')).toBe(25);
	});
});

describe('Actions: "not even free actions": a free action in any phase of your turn rules out passing for 5 MB (everyFreeActionCounts, new games)', () => {
	const STRICT = { everyFreeActionCounts: true };
	/** From the start of seat 0's turn to its actions step (the windows passed, a card drawn). */
	const toActions = (state: GameState) => {
		const opened = passWindowAll(state);
		return play(opened, { type: 'fixed', cards: [opened.deck[0]!], dice: [] });
	};
	const turnStart = (hands: Hands) => startTurn(table(hands, STRICT), 0);
	const ordinaryAttack = (hands: Hands) => play(table(hands, STRICT), neutralizeDemocrats());
	it.each([
		{ name: 'Market Manipulation played as your turn begins', done: () => toActions(passChain(play(turnStart({ 0: ['market-manipulation'] }), { type: 'playSpecial', seat: 0, card: 'market-manipulation' }))) },
		{ name: 'Slush Fund played as your turn begins', done: () => toActions(passChain(play(turnStart({ 0: ['slush-fund'] }), { type: 'playSpecial', seat: 0, card: 'slush-fund' }))) },
		{ name: 'Slush Fund played during your own attack, then called off', done: () => play(passChain(play(ordinaryAttack({ 0: ['slush-fund'] }), { type: 'playSpecial', seat: 0, card: 'slush-fund' })), { type: 'callOff', seat: 0 }) },
		{ name: 'a gift made during your own attack, then called off', done: () => play(ordinaryAttack({}), { type: 'give', seat: 0, to: 1, money: 3, specials: [] }, { type: 'callOff', seat: 0 }) },
		{ name: 'a Special discarded for privilege, the attack then called off', done: () => play(passChain(play(table({ 0: ['slush-fund'] }, STRICT), neutralizeDemocrats({ privilege: { kind: 'discard', card: 'slush-fund' } }))), { type: 'callOff', seat: 0 }) },
	])('$name: passing is refused', ({ done }) => {
		const state = done();
		expect(state.phase.kind).toBe('turn');
		expect(state.turn!.step).toBe('actions');
		expectRefused(state, { type: 'passTurn', seat: 0 }, 'CANNOT_PASS');
	});

	it('an attack called off with nothing else done leaves the turn passable', () => {
		const state = play(ordinaryAttack({}), { type: 'callOff', seat: 0 });
		expect(moneyOf(play(state, { type: 'passTurn', seat: 0 }), 0, 'bavarian-illuminati')).toBe(25);
	});

	it('without the option (logs from before it) a Special played as the turn begins still leaves it passable', () => {
		const played = passChain(play(startTurn(table({ 0: ['slush-fund'] }, { everyFreeActionCounts: false }), 0), { type: 'playSpecial', seat: 0, card: 'slush-fund' }));
		const state = toActions(played);
		expect(step(state, { type: 'passTurn', seat: 0 }).ok).toBe(true);
	});

	it('every new game sets the option', () => {
		expect(NEW_GAME_RULES.everyFreeActionCounts).toBe(true);
	});
});
