// Seeded convergence fuzz over sessions: 4-6 peers, each a GameSession holding one seat, play random
// legal moves while the simulated network delays, reorders, duplicates and partitions delivery,
// then heals. Every peer must end with the state hash of one fresh replay of the final log, the
// desync detector must stay silent, and real reorders must have happened (counted).
// Re-run one seed with FNORD_SESSION_SEED=<n> npx vitest run tests/session/fuzz.test.ts
// (FNORD_SESSION_STEPS=<n> for longer games).
import { describe, expect, it } from 'vitest';
import { fuzzGame, type FuzzResult } from './sim-game.js';

const fixed = process.env.FNORD_SESSION_SEED;
const STEPS = Number(process.env.FNORD_SESSION_STEPS ?? 800);
const SEEDS = fixed ? [Number(fixed)] : Array.from({ length: 8 }, (_, i) => 17 + i * 7907);

describe('session convergence fuzz', () => {
	it(`every peer ends with the state of a single replay of the final log (${SEEDS.length} seeds)`, () => {
		const results: FuzzResult[] = [];
		for (const seed of SEEDS) {
			const { result, sessions, sim } = fuzzGame(seed, STEPS);
			for (const s of sessions) expect(s.desyncs, `seed ${seed}`).toEqual([]);
			expect(sessions.every((s) => s.automaticRefused < 3)).toBe(true);
			results.push(result);
			sessions.forEach((s) => s.destroy());
			sim.destroy();
		}
		console.table(results);
		const reorders = results.reduce((sum, r) => sum + r.reorders, 0);
		expect(reorders, 'the fuzz must produce real reorders').toBeGreaterThan(0);
		expect(results.reduce((sum, r) => sum + r.corrections, 0), 'reorders that changed accepted entries').toBeGreaterThan(0);
		expect(results.every((r) => r.peers >= 4)).toBe(true);
		expect(results.reduce((sum, r) => sum + r.accepted, 0)).toBeGreaterThan(SEEDS.length * 50);
	}, 240_000);
});
