// The rogue fuzz's vitest suite for some seeds (the fuzz itself is rogue-fuzz.ts).
import { describe, expect, it } from 'vitest';
import { fairBound, report, rogueFuzz, type Figures } from './rogue-fuzz.js';

/**
 * The fuzz's tests for some seeds: each seed plays games until `FNORD_ROGUE_EVENTS` (250) coins were
 * applied; then the rate of wanted coins over the file's seeds is held to the fair rate's 3-sigma
 * bound. FNORD_ROGUE_SEED=<seed> replays that one seed (in each fuzz file); FNORD_ROGUE_DEBUG=1 prints where two replays part ways.
 */
export function fuzzSeeds(name: string, seeds: readonly string[]): void {
	const only = process.env.FNORD_ROGUE_SEED;
	const events = Number(process.env.FNORD_ROGUE_EVENTS ?? 250);
	// With FNORD_ROGUE_SEED set, every fuzz file replays that one seed (debugging only).
	const list = only === undefined || only === '' ? seeds : [only];
	describe(`attack 9: the rogue fuzz (${name})`, () => {
		const all: Figures[] = [];
		it.each(list)('seed %s: honest peers stay equal, nothing final is lost, a fresh replay agrees, no coin is steered', (seed) => {
			console.log(`rogue fuzz: seed ${seed} (FNORD_ROGUE_SEED=${seed} replays it), ${events} coins`);
			const figures = rogueFuzz(seed, events);
			all.push(figures);
			console.log(report([figures]));
			expect(figures.events).toBeGreaterThanOrEqual(events);
			const { rate, sigma3 } = fairBound(figures.events);
			expect(Math.abs(figures.wanted / figures.events - rate), 'wanted rate minus the fair rate').toBeLessThanOrEqual(sigma3);
		}, 600_000);
		it(`the wanted rate over ${list.length > 1 ? 'these seeds' : 'the seed'} stays within 3 sigma of the fair rate`, () => {
			expect(all.length).toBe(list.length);
			const n = all.reduce((total, f) => total + f.events, 0);
			const wanted = all.reduce((total, f) => total + f.wanted, 0);
			console.log(report(all));
			const { rate, sigma3 } = fairBound(n);
			expect(Math.abs(wanted / n - rate)).toBeLessThanOrEqual(sigma3);
		});
	});
}
