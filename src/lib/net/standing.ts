/**
 * Strikes and mutes of one peer (a link): `floodStrikes` strikes within
 * `strikeWindowMs` mute it; each mute lasts twice the one before, from `muteMs` up to `maxMuteMs`.
 */
export interface StandingLimits {
	floodStrikes: number;
	strikeWindowMs: number;
	muteMs: number;
	maxMuteMs: number;
}

export class Standing {
	/** Muted until this time (the caller's clock), or 0. */
	mutedUntil = 0;
	mutes = 0;
	#strikes = 0;
	#since: number;

	constructor(now: number) {
		this.#since = now;
	}

	isMuted(now: number): boolean {
		return now < this.mutedUntil;
	}

	/** Counts one strike; mutes when they reach the limit within the window. */
	strike(now: number, limits: StandingLimits): void {
		if (now - this.#since > limits.strikeWindowMs) {
			this.#strikes = 0;
			this.#since = now;
		}
		if (++this.#strikes >= limits.floodStrikes) this.mute(now, limits);
	}

	mute(now: number, limits: StandingLimits): void {
		this.mutedUntil = now + Math.min(limits.maxMuteMs, limits.muteMs * 2 ** this.mutes);
		this.mutes++;
		this.#strikes = 0;
		this.#since = now;
	}
}
