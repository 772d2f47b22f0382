/**
 * Remote entries checked ahead of their replay. Their signatures go to the replayer's verifier in
 * one batch (WebCrypto, in Web Workers in the browser: pure-JS checks one by one are ~10x slower,
 * which dominated a long catch-up), and the session replays once every batch is back. A replay
 * before then (a local move) checks whatever is still waiting itself, so verdicts never depend
 * on timing: the session only gains speed from this.
 */
/** What checks signatures ahead: either protocol version's replayer. */
interface Prepares {
	prepare(raws: readonly unknown[]): Promise<void>;
}

/** Batches at least this large tell the session a check began (progress in the UI). */
const PROGRESS_MIN = 16;

export interface VerifyAheadHooks {
	/** A large batch began: `verifying` changed. */
	progress(): void;
	/** Every batch is back: time to replay. */
	settled(): void;
}

export class VerifyAhead {
	/** Log texts already handed to the verifier, or replayed without it. */
	readonly #seen = new Set<string>();
	#batches = 0;
	#verifying = 0;

	constructor(
		private readonly replayer: Prepares,
		/** Off without WebCrypto: the pure-JS path gains nothing from batches. */
		private readonly enabled: boolean,
		private readonly hooks: VerifyAheadHooks
	) {}

	/** An entry checked already (a stored log that `open` prepared). */
	known(raw: string): void {
		this.#seen.add(raw);
	}

	/** Entries waiting for their batch (a catch-up's progress). */
	get verifying(): number {
		return this.#verifying;
	}

	/** True while a batch is out: a replay now would check those entries itself. */
	get busy(): boolean {
		return this.#batches > 0;
	}

	/** Sends the entries of `log` not seen yet; true when the replay should wait for `settled`. */
	start(log: readonly string[]): boolean {
		if (!this.enabled) return false;
		const fresh = log.filter((raw) => !this.#seen.has(raw));
		if (fresh.length === 0) return false;
		for (const raw of fresh) this.#seen.add(raw);
		this.#batches++;
		this.#verifying += fresh.length;
		if (fresh.length >= PROGRESS_MIN) this.hooks.progress();
		void this.replayer
			.prepare(fresh)
			.catch(() => undefined) // the replay checks them itself
			.finally(() => {
				this.#batches--;
				this.#verifying -= fresh.length;
				if (this.#batches === 0) this.hooks.settled();
			});
		return true;
	}
}
