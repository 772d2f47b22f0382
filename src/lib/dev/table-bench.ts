/** Summary of a render benchmark's per-update times, in milliseconds. */
export interface BenchSummary {
	readonly count: number;
	readonly median: number;
	readonly p95: number;
	readonly max: number;
}

/** Nearest-rank percentiles of the times (an empty list gives zeros). */
export function benchSummary(times: readonly number[]): BenchSummary {
	const sorted = [...times].sort((a, b) => a - b);
	const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
	return { count: sorted.length, median: rank(0.5), p95: rank(0.95), max: sorted[sorted.length - 1] ?? 0 };
}
