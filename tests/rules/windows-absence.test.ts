/**
 * Windows and absent players (issue 3: windows close deterministically from the log alone): a
 * window waiting only for a seat that is then declared absent closes at once.
 */
import { describe, expect, it } from 'vitest';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { dice, play, scenario } from '../helpers/scenario.js';

const table = scenario({
	players: [
		{ illuminati: 'network', money: 10, groups: [{ card: 'cia', side: 1 }] },
		{ illuminati: 'bermuda-triangle', money: 10, groups: [{ card: 'kkk', side: 1 }] },
		{ illuminati: 'gnomes-of-zurich', money: 10, groups: [{ card: 'fbi', side: 1 }] },
	],
	uncontrolled: ['yuppies'],
	rules: { absence: 'passTurns' },
});

describe('Windows: a seat declared absent is not waited for', () => {
	it.each([
		{ window: 'the window after the roll', reach: (s: typeof table) => play(s, { type: 'passSpending', seat: 0 }, { type: 'passSpending', seat: 1 }, { type: 'passSpending', seat: 2 }, dice(1, 1), { type: 'passWindow', seat: 0 }, { type: 'passWindow', seat: 1 }) },
		{ window: 'the spending window', reach: (s: typeof table) => play(s, { type: 'passSpending', seat: 0 }, { type: 'passSpending', seat: 1 }) },
	])('$window closes when the last seat it waits for is declared absent', ({ reach }) => {
		const declared = play(table, { type: 'attack', seat: 0, kind: 'control', attacker: 'cia', target: 'yuppies', aids: [] });
		const waiting = reach(declared);
		const closedBy = play(waiting, { type: 'declareAbsent', seat: 0, target: 2 }, { type: 'declareAbsent', seat: 1, target: 2 });
		expect(closedBy.players[2]!.absent).toBe(true);
		expect(closedBy.phase.kind === 'afterRoll' || (closedBy.phase.kind === 'attack' && closedBy.random === null)).toBe(false);
		expect(invariantProblems(closedBy)).toEqual([]);
	});
});
