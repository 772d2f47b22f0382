/**
 * A tiny seeded generator (mulberry32) for simulations and fuzz tests. Not for anything a player
 * relies on: game randomness comes from the protocol layer's commit-reveal.
 */
export interface Prng {
	/** The seed this generator started from. */
	readonly seed: number;
	/** Uniform float in [0, 1). */
	next(): number;
	/** Uniform integer in [0, n). */
	int(n: number): number;
	/** True with probability p. */
	chance(p: number): boolean;
	/** One element of a non-empty array. */
	pick<T>(items: readonly T[]): T;
	/** Fisher-Yates shuffle in place; returns the array. */
	shuffle<T>(items: T[]): T[];
}

export function createPrng(seed: number): Prng {
	let a = seed >>> 0;
	const next = (): number => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (n: number): number => {
		if (!Number.isInteger(n) || n < 1) throw new RangeError(`int(${n})`);
		return Math.floor(next() * n);
	};
	return {
		seed: seed >>> 0,
		next,
		int,
		chance: (p) => next() < p,
		pick: (items) => {
			if (items.length === 0) throw new RangeError('pick from an empty array');
			return items[int(items.length)] as (typeof items)[number];
		},
		shuffle: (items) => {
			for (let i = items.length - 1; i > 0; i--) {
				const j = int(i + 1);
				[items[i], items[j]] = [items[j] as (typeof items)[number], items[i] as (typeof items)[number]];
			}
			return items;
		}
	};
}
