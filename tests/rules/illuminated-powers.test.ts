/**
 * FR add-on article ("J'ai illuminé la Post Office"), the special powers: the Mafia's +3 to control
 * a Criminal group "as on the card" (its own attacks, FR Special Abilities), the Communist
 * Conspiracy's +3 on any attempt to control a Communist group, the Phone Company's look at any
 * player's Specials at any time (the grants of Computer Espionage), the Oil Companies' income of 1
 * for groups with none, and the Post Office naming a player who skips a turn (never the same
 * player twice in a row; never obliged).
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATED, illuminatiCard } from '../../src/lib/engine/cards/index.js';
import { attackOdds, legalActions, visibleGrants, type CardId, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { draw, expectRefused, expectSound, moneyOf, play, scenario, type PlayerSpec } from '../helpers/scenario.js';
import { passWindowAll } from '../helpers/specials.js';

const ALL = ILLUMINATED.map((card) => card.id);
const rules = { illuminated: ALL };

/** Seat 0 plays `illuminati` with the given groups; seats 1 and 2 each hold one group. */
function tableOf(illuminati: CardId, groups: PlayerSpec['groups'] = [], extra: { uncontrolled?: CardId[]; hands?: CardId[][] } = {}): GameState {
	return scenario({
		players: [
			{ illuminati, money: 10, groups, hand: extra.hands?.[0] ?? [] },
			{ illuminati: 'network', money: 10, groups: [{ card: 'kkk', side: 1 }], hand: extra.hands?.[1] ?? [] },
			{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'yuppies', side: 1 }], hand: extra.hands?.[2] ?? [] },
		],
		uncontrolled: extra.uncontrolled ?? [],
		rules,
	});
}

function abilityBonus(state: GameState, attacker: CardId, target: CardId, kind: 'control' | 'neutralize' | 'destroy' = 'control'): number {
	return attackOdds(state, { seat: 0, kind, attacker, target, aids: [] })
		.modifiers.filter((m) => m.source === 'ability')
		.reduce((sum, m) => sum + m.value, 0);
}

describe('Illuminated Mafia: +3 when the Illuminati card itself tries to control a Criminal group', () => {
	const state = tableOf('illuminated-mafia', [{ card: 'cia', side: 1 }], { uncontrolled: ['loan-sharks', 'democrats'] });
	it.each([
		['the Mafia card, a Criminal target, to control', 'illuminated-mafia', 'loan-sharks', 'control', 3],
		['the Mafia card, a non-Criminal target', 'illuminated-mafia', 'democrats', 'control', 0],
		['the Mafia card, a Criminal target, to neutralize', 'illuminated-mafia', 'loan-sharks', 'neutralize', 0],
		['another group of the structure, a Criminal target', 'cia', 'loan-sharks', 'control', 0],
	] as const)('%s: %s against %s (%s) gets +%i', (_what, attacker, target, kind, bonus) => {
		expect(abilityBonus(state, attacker, target, kind)).toBe(bonus);
	});
});

describe('Illuminated Communist Conspiracy: +3 on any attempt to control a Communist group', () => {
	const state = tableOf('illuminated-communist-conspiracy', [{ card: 'cia', side: 1 }], { uncontrolled: ['kgb', 'democrats'] });
	it.each([
		['the Illuminati card', 'illuminated-communist-conspiracy', 'kgb', 'control', 3],
		['another group of the structure', 'cia', 'kgb', 'control', 3],
		['a non-Communist target', 'cia', 'democrats', 'control', 0],
		['an attack to destroy', 'cia', 'kgb', 'destroy', 0],
	] as const)('%s: %s against %s (%s) gets +%i', (_what, attacker, target, kind, bonus) => {
		expect(abilityBonus(state, attacker, target, kind)).toBe(bonus);
	});
});

describe('Illuminated Phone Company: looks at any player\'s Specials, at any time, through the grants', () => {
	const hands = [[], ['swiss-bank-account', 'deep-agent'], ['slush-fund']];

	it('the look is granted to the viewer only, with the cards held; nothing else changes', () => {
		const state = tableOf('illuminated-phone-company', [{ card: 'cia', side: 1 }], { hands });
		const looked = play(state, { type: 'viewSpecials', seat: 0, player: 1 });
		expect(visibleGrants(looked, 0)).toEqual([{ viewer: 0, subject: { kind: 'hand', seat: 1, cards: ['swiss-bank-account', 'deep-agent'] }, at: state.accepted }]);
		expect(visibleGrants(looked, 1)).toEqual([]);
		expect(visibleGrants(looked, 2)).toEqual([]);
		expect({ ...looked, grants: [], accepted: 0 }).toEqual({ ...state, grants: [], accepted: 0 });
		expect(looked.turn!.acted).toBe(false);
	});

	it.each([
		['on another player\'s turn', (s: GameState) => ({ ...s, turn: { ...s.turn!, seat: 2 } })],
		['at the start of a turn', (s: GameState) => startTurn(s, 1)],
		['while a Special waits in its cancel window', (s: GameState) => play(s, { type: 'playSpecial', seat: 2, card: 'slush-fund' })],
	] as const)('allowed %s', (_when, at) => {
		const state = at(tableOf('illuminated-phone-company', [{ card: 'cia', side: 1 }], { hands }));
		const looked = play(state, { type: 'viewSpecials', seat: 0, player: 1 });
		expect(visibleGrants(looked, 0)).toHaveLength(1);
		expect(legalActions(state, 0).some((legal) => legal.action.type === 'viewSpecials')).toBe(true);
	});

	it.each([
		['by another Illuminati', 'network', 0, 2, 'NO_ABILITY'],
		['of oneself', 'illuminated-phone-company', 0, 0, 'NOT_APPLICABLE'],
	] as const)('refused %s', (_what, illuminati, seat, player, code) => {
		const state = scenario({
			players: [
				{ illuminati, money: 1, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: illuminati === 'network' ? 'illuminated-phone-company' : 'network', money: 1, groups: [{ card: 'kkk', side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', money: 1, groups: [{ card: 'yuppies', side: 1 }] },
			],
			rules,
		});
		expectRefused(state, { type: 'viewSpecials', seat, player }, code);
	});
});

describe('Illuminated Oil Companies: each controlled group with no income collects 1 MB', () => {
	/** Seat 0's income step: the CIA (income 0), the Post Office (printed -1: 0 and 1 MB upkeep),
	 * the Democrats (income 3); seat 1 holds the KGB (income 0). */
	function incomeOf(illuminati: CardId): GameState {
		const state = scenario({
			players: [
				{ illuminati, money: 0, groups: [{ card: 'cia', side: 0 }, { card: 'post-office', side: 1 }, { card: 'democrats', side: 2 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'kgb', side: 1 }] },
			],
			rules,
		});
		return passWindowAll(startTurn(state, 0));
	}

	it.each([
		['illuminated-oil-companies', 1],
		['bavarian-illuminati', 0],
	] as const)('%s: the CIA collects %i', (illuminati, floor) => {
		const after = incomeOf(illuminati);
		expect(moneyOf(after, 0, 'cia')).toBe(floor);
		// The Post Office's printed income is -1, not 0: no floor, and its upkeep is still paid.
		expect(moneyOf(after, 0, 'post-office')).toBe(0);
		expect(moneyOf(after, 0, illuminati)).toBe(illuminatiCard(illuminati).income - 1);
		expect(moneyOf(after, 0, 'democrats')).toBe(3);
		expect(moneyOf(after, 1, 'kgb')).toBe(0);
		expectSound(after);
	});
});

describe('Illuminated Post Office: names a player at the end of its turn, who skips their next turn', () => {
	/** Seat 0 is the Post Office, in its actions step; every seat holds a group. */
	function postOffice(): GameState {
		return scenario({
			players: [
				{ illuminati: 'illuminated-post-office', money: 0, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 0, groups: [{ card: 'kkk', side: 1 }] },
				{ illuminati: 'gnomes-of-zurich', money: 0, groups: [{ card: 'yuppies', side: 1 }] },
			],
			rules,
		});
	}

	/** Plays every other seat's turn (pass the start window, draw, end) until seat `seat` starts. */
	function untilTurnOf(state: GameState, seat: Seat): GameState {
		let current = state;
		for (let guard = 0; guard < 10 && !(current.turn!.seat === seat && current.phase.kind === 'turnStart'); guard++) {
			const mover = current.turn!.seat;
			current = passWindowAll(current);
			const request = current.random;
			if (request?.kind === 'draw') current = play(current, draw(...current.deck.slice(0, request.count)));
			current = play(current, { type: 'endTurn', seat: mover });
		}
		return current;
	}

	it('the named player loses the whole turn: counted as taken, no income, no draw', () => {
		const start = postOffice();
		const named = play(start, { type: 'skipPlayer', seat: 0, target: 1 });
		expect(named.turn!.step).toBe('ability');
		const next = play(named, { type: 'endTurn', seat: 0 });
		expect(next.turn!.seat).toBe(2);
		expect(next.phase.kind).toBe('turnStart');
		expect(next.players[1]!.turnsCompleted).toBe(start.players[1]!.turnsCompleted + 1);
		expect(moneyOf(next, 1, 'network')).toBe(0);
		expect(next.illuminated).toEqual({ skip: null, lastNamed: 1, destroyedBy: {} });
		expect(next.turnCount).toBe(start.turnCount + 2);
		expectSound(next);
	});

	it('not obliged: without naming anyone, the next turn is played', () => {
		const next = play(postOffice(), { type: 'endTurn', seat: 0 });
		expect(next.turn!.seat).toBe(1);
		expect(next.phase.kind).toBe('turnStart');
	});

	it.each([
		{ first: 1, second: 1, refused: 'NAMED_LAST_TIME' },
		{ first: 1, second: 2, refused: null },
		{ first: 2, second: 1, refused: null },
	] as const)('named $first, then $second at its next turn: refused $refused', ({ first, second, refused }) => {
		const named = play(postOffice(), { type: 'skipPlayer', seat: 0, target: first }, { type: 'endTurn', seat: 0 });
		const again = passWindowAll(untilTurnOf(named, 0));
		const actions = play(again, draw(again.deck[0]!));
		if (refused !== null) expectRefused(actions, { type: 'skipPlayer', seat: 0, target: second }, refused);
		else expect(play(actions, { type: 'skipPlayer', seat: 0, target: second }).illuminated?.skip).toBe(second);
		const offered = legalActions(actions, 0).filter((legal) => legal.action.type === 'skipPlayer').map((legal) => (legal.action as { target: Seat }).target);
		expect(offered).toEqual([1, 2].filter((seat) => seat !== first));
	});

	it.each([
		['itself', (s: GameState) => s, { type: 'skipPlayer', seat: 0, target: 0 }, 'NOT_APPLICABLE'],
		['twice in a turn', (s: GameState) => play(s, { type: 'skipPlayer', seat: 0, target: 1 }), { type: 'skipPlayer', seat: 0, target: 2 }, 'ABILITY_USED'],
		['on another player\'s turn', (s: GameState) => ({ ...s, turn: { ...s.turn!, seat: 1 } }), { type: 'skipPlayer', seat: 0, target: 2 }, 'NOT_YOUR_TURN'],
		['before its income is in', (s: GameState) => startTurn(s, 0), { type: 'skipPlayer', seat: 0, target: 1 }, 'WRONG_PHASE'],
		['by another Illuminati', (s: GameState) => ({ ...s, turn: { ...s.turn!, seat: 1 } }), { type: 'skipPlayer', seat: 1, target: 2 }, 'NO_ABILITY'],
	] as const)('refused: naming %s', (_what, at, action, code) => {
		expectRefused(at(postOffice()), action, code);
	});
});
