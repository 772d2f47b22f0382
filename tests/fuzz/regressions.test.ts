/**
 * Fuzz failures, pinned so the bug stays fixed. A failing seed is first pinned as it is; when
 * later rule changes make the random player take another path from that seed, the failure is
 * kept as the explicit situation the seed had reached.
 */
import { describe, expect, it } from 'vitest';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { play, scenario } from '../helpers/scenario.js';

describe('Fuzz regressions', () => {
	it('seed inv102: the last player standing drops its last group; the game ends with no winner instead of giving an eliminated seat a turn', () => {
		const lastStanding = scenario({
			players: [
				{ illuminati: 'network', money: 3, groups: [{ card: 'republicans', side: 1 }] },
				{ illuminati: 'ufos', turnsCompleted: 3 },
			],
		});
		const alone = { ...lastStanding, players: lastStanding.players.map((p) => (p.seat === 1 ? { ...p, eliminated: true, structure: {} } : p)) };
		const after = play({ ...alone, outOfPlay: [...alone.outOfPlay, 'ufos'], bank: { issued: 3, returned: 0 } }, { type: 'drop', seat: 0, card: 'republicans' });
		expect(after.players[0]!.eliminated).toBe(true);
		expect(after.phase.kind).toBe('over');
		expect(after.winners).toEqual([]);
		expect(after.turn?.seat).toBe(0);
		expect(invariantProblems(after)).toEqual([]);
	});

	it('seed w4: a player leaving during its own turn-start window gets no income or draw afterwards', () => {
		const start = scenario({
			players: [
				{ illuminati: 'network', money: 5, turnsCompleted: 0 },
				{ illuminati: 'gnomes-of-zurich', money: 5, turnsCompleted: 0 },
				{ illuminati: 'ufos', money: 5, turnsCompleted: 0 },
			],
			turn: { seat: 1 },
		});
		const atTurnStart = { ...start, phase: { kind: 'turnStart' as const, passed: [], doubleIncome: false }, turn: { ...start.turn!, step: 'income' as const } };
		const left = play(atTurnStart, { type: 'leave', seat: 1 });
		expect(left.players[1]!.eliminated).toBe(true);
		expect(left.turn!.seat).toBe(2);
		expect(left.players[1]!.hand).toEqual([]);
		expect(invariantProblems(left)).toEqual([]);
	});
});
