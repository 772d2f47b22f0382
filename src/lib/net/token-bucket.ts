/**
 * A token bucket: holds at most `burst` tokens, refills `perSecond` tokens a second, and a cost is
 * paid only when it can be paid in full. `perSecond: Infinity` never refuses.
 */
export class TokenBucket {
	readonly perSecond: number;
	readonly burst: number;
	#tokens: number;
	#at: number;

	constructor(perSecond: number, burst: number, now: number) {
		this.perSecond = perSecond;
		this.burst = burst;
		this.#tokens = burst;
		this.#at = now;
	}

	/** Tokens available at `now`. */
	level(now: number): number {
		if (this.perSecond === Infinity) return Infinity;
		if (now > this.#at) {
			this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#at) / 1000) * this.perSecond);
			this.#at = now;
		}
		return this.#tokens;
	}

	/** Whether `cost` tokens are available at `now` (nothing is taken). */
	has(cost: number, now: number): boolean {
		return this.level(now) >= cost;
	}

	/** Takes `cost` tokens, or all there are if fewer (never below zero). */
	take(cost: number, now: number): void {
		if (this.perSecond === Infinity) return;
		this.#tokens = Math.max(0, this.level(now) - cost);
	}
}
