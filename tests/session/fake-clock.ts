// A clock for StallWatch tests: time moves only when the test says so.
import type { StallClock } from '../../src/lib/session/index.js';

/** Time that moves only when the test says so; timers run in order of their due time. */
export class FakeClock implements StallClock {
	time = 1_000_000;
	readonly #timers = new Map<number, { at: number; run: () => void }>();
	#next = 1;
	now(): number {
		return this.time;
	}
	setTimeout(run: () => void, ms: number): unknown {
		const id = this.#next++;
		this.#timers.set(id, { at: this.time + ms, run });
		return id;
	}
	clearTimeout(timer: unknown): void {
		this.#timers.delete(timer as number);
	}
	get pending(): number {
		return this.#timers.size;
	}
	/** Moves time on by `ms`, running every timer due meanwhile (and its effects, via `between`). */
	advance(ms: number, between: () => void = () => undefined): void {
		const end = this.time + ms;
		for (let runs = 0; ; runs++) {
			if (runs > 1000) throw new Error('timers keep firing');
			const due = [...this.#timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
			if (due === undefined) break;
			this.#timers.delete(due[0]);
			this.time = Math.max(this.time, due[1].at);
			due[1].run();
			between();
		}
		this.time = end;
	}
}
