/**
 * Fuzz seeds that once failed, pinned so the bug stays fixed.
 */
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

describe('Fuzz regressions', () => {
	it.each([
		{
			name: 'the last player standing drops its last group: the game ends with no winner instead of giving an eliminated seat a turn',
			seed: 'inv102',
			players: 6,
			policy: 'uniform' as const,
		},
	])('$name (seed $seed)', ({ seed, players, policy }) => {
		const problems: string[] = [];
		const game = randomGame({
			players,
			seed,
			maxEntries: 600,
			policy,
			onStep: (state) => problems.push(...invariantProblems(state)),
		});
		expect(problems).toEqual([]);
		expect(game.state.phase.kind).toBe('over');
	});
});
