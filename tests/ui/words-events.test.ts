// What follows an entry, told from the states around it: attack results (needed number, both
// dice, success or failure, and what happened to the target), income, eliminations, victory
// with the goal met, Special cards taking effect, and hidden cards kept hidden.
import { describe, expect, it } from 'vitest';
import { step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { describeLines } from '../../src/lib/ui/words/index.js';
import { play, passAll, scenario, dice } from '../helpers/scenario.js';
import { base } from './helpers/examples.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

failOnMissingMessages();

const name = (id: string) => CARDS[id]!.name;

/** The entry applied, with its English lines. */
function told(before: GameState, action: Action, viewer?: number): { after: GameState; lines: string[] } {
	const result = step(before, action);
	if (!result.ok) throw new Error(`${action.type} refused: ${result.error.code}`);
	return { after: result.state, lines: describeLines(before, action, result.state, 'en', { viewer }) };
}

/** Closes the after-roll window one pass at a time; returns the entry that settled the attack. */
function settle(state: GameState): { before: GameState; action: Action } {
	let current = state;
	for (;;) {
		const phase = current.phase;
		if (phase.kind !== 'afterRoll') throw new Error('no roll to settle');
		const seat = current.players.map((p) => p.seat).find((s) => !phase.passed.includes(s))!;
		const action: Action = { type: 'passWindow', seat };
		const next = play(current, action);
		if (next.phase.kind !== 'afterRoll') return { before: current, action };
		current = next;
	}
}

describe('Attack results', () => {
	const declared = play(base(), { type: 'attack', seat: 0, kind: 'control', attacker: 'multinational-oil-companies', target: 'yuppies', aids: ['cia'] });

	it.each([
		{ roll: [6, 6] as const, outcome: 'failure', caught: false },
		{ roll: [1, 1] as const, outcome: 'success', caught: true },
	])('a roll of $roll says the number needed, both dice and the $outcome', ({ roll, outcome, caught }) => {
		const rolled = play(passAll(declared), dice(roll[0], roll[1]));
		const { before, action } = settle(rolled);
		const { after, lines } = told(before, action);
		const needed = after.lastAttack!.needed;
		const total = roll[0] + roll[1];
		expect(lines).toContain(
			`${name('multinational-oil-companies')} (${name('bavarian-illuminati')}), aided by ${name('cia')}, attack to control ${name('yuppies')}: needs ${needed}, rolled ${total} (${roll[0]} + ${roll[1]}) — ${outcome}.`,
		);
		expect(lines.some((line) => line.includes('captured by'))).toBe(caught);
	});

	it.each([
		['neutralize', 'republicans', 'neutralized'],
		['destroy', 'republicans', 'destroyed'],
	] as const)('a successful attack to %s says the target is %s', (kind, target, word) => {
		const state = play(base(), { type: 'attack', seat: 0, kind, attacker: 'multinational-oil-companies', target, aids: [] }, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 20 });
		const { before, action } = settle(play(passAll(state), dice(1, 1)));
		const { after, lines } = told(before, action);
		expect(after.lastAttack!.success).toBe(true);
		expect(lines.join(' ')).toContain(`${name(target)} (${name('network')})`);
		expect(lines).toContain(`${name(target)} are ${word}${kind === 'neutralize' ? ' and become uncontrolled' : ''}.`);
		// The Network lost its only group after its third turn.
		expect(lines.at(-1)).toBe(`${name('network')} is eliminated.`);
	});
});

describe('Turns, income, eliminations and victory', () => {
	it('a new turn names its player; closing the turn-start window tells the income collected', () => {
		const ended = told(base(), { type: 'endTurn', seat: 0 });
		expect(ended.lines.at(-1)).toBe(`Turn ${ended.after.turnCount}: ${name('network')}.`);
		let state = ended.after;
		let last: string[] = [];
		for (const seat of [0, 1, 2]) {
			const previous = state;
			({ after: state, lines: last } = told(state, { type: 'passWindow', seat }));
			if (previous.phase.kind === 'turnStart' && state.phase.kind !== 'turnStart') break;
		}
		const gained = Object.values(state.players[1]!.structure).reduce((s, p) => s + p.money, 0) - Object.values(ended.after.players[1]!.structure).reduce((s, p) => s + p.money, 0);
		expect(gained).toBeGreaterThan(0);
		expect(last).toContain(`${name('network')} collects ${gained} MB of income.`);
	});

	it('a player left with only its Illuminati after its third turn is told eliminated', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 5, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'kgb', side: 1 }] },
				{ illuminati: 'ufos', money: 5, turnsCompleted: 3 },
			],
		});
		const { lines } = told(state, { type: 'endActions', seat: 0 });
		expect(lines).toContain(`${name('ufos')} are eliminated.`);
	});

	it('the last player standing wins, and the words say so', () => {
		const state = scenario({ players: [{ illuminati: 'network', money: 5, groups: [{ card: 'cia', side: 1 }] }, { illuminati: 'ufos', money: 5 }] });
		const left = told(state, { type: 'leave', seat: 1 });
		expect(left.lines).toEqual([`${name('ufos')} leave the game.`]);
		// Victory is checked at the end of the turn (Winning the Game).
		const { after, lines } = told(left.after, { type: 'endTurn', seat: 0 });
		expect(after.phase.kind).toBe('over');
		expect(lines).toEqual([`${name('network')} ends the turn.`, `${name('network')} is the last one standing and wins.`]);
	});

	it('a special goal met at the end of the turn is named with the win', () => {
		const state = scenario({
			players: [
				{ illuminati: 'gnomes-of-zurich', money: 160, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'kgb', side: 1 }] },
			],
		});
		const { after, lines } = told(state, { type: 'endTurn', seat: 0 });
		expect(after.winners).toEqual([0]);
		expect(lines.at(-1)).toMatch(new RegExp(`^${name('gnomes-of-zurich')} win by the special goal: .*150 MB`));
	});
});

describe('Special cards and hidden cards', () => {
	it('a Special taking effect when its cancel window closes is told', () => {
		let state = play(base(), { type: 'playSpecial', seat: 0, card: 'slush-fund' });
		let lines: string[] = [];
		for (const seat of [1, 2, 0]) if (state.chain !== null) ({ after: state, lines } = told(state, { type: 'passWindow', seat }));
		expect(lines).toContain(`${name('slush-fund')} takes effect.`);
	});

	it.each([
		[undefined, 'a Special card'],
		[1, 'a Special card'],
		[0, name('swiss-bank-account')],
	])('a drawn Special is named only to its drawer (viewer %s sees "%s")', (viewer, seen) => {
		const drawing = { ...base(), random: { kind: 'draw', seat: 0, count: 1 } as const, deck: ['swiss-bank-account'] };
		const { lines } = told(drawing, { type: 'fixed', cards: ['swiss-bank-account'] }, viewer);
		expect(lines[0]).toBe(`${name('bavarian-illuminati')} draw ${seen}.`);
	});
});
