/**
 * The hashes a session publishes for desync detection (desync.ts): after each accepted entry, the
 * chained hash of the accepted ids so far (`prefix`) and the engine's state hash there (computed
 * when first asked, kept by prefix).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { stateHash } from '../engine/index.js';
import type { AcceptedEntry } from '../protocol/index.js';
import type { HashPoint } from './desync.js';

export class HashTrail {
	#prefixes: string[] = [];
	#ids: string[] = [];
	readonly #hashes = new Map<string, string>();

	/** `hook`, for tests only, alters the hashes published (to prove the detector fires). */
	constructor(private readonly hook?: (accepted: number, hash: string) => string) {}

	/**
	 * Follows the accepted entries; true when one it had followed changed (a correction). `stable`:
	 * how many leading entries are known unchanged since the last call (version 2's final entries),
	 * so the work is in proportion to what changed, not to the log.
	 */
	follow(accepted: readonly AcceptedEntry[], stable = 0): boolean {
		let same = Math.max(0, Math.min(stable, accepted.length, this.#ids.length));
		while (same < accepted.length && same < this.#ids.length && accepted[same]!.id === this.#ids[same]) same++;
		const corrected = same < this.#ids.length;
		this.#ids.length = same;
		this.#prefixes.length = same;
		for (let i = same; i < accepted.length; i++) {
			const id = accepted[i]!.id;
			this.#ids.push(id);
			this.#prefixes.push(bytesToHex(sha256(utf8ToBytes(`${i === 0 ? '' : this.#prefixes[i - 1]}:${id}`))));
		}
		return corrected;
	}

	/** The prefix after `n` accepted entries (undefined beyond those followed). */
	prefix(n: number): string | undefined {
		return n >= 1 ? this.#prefixes[n - 1] : undefined;
	}

	/** The state hash published after `n` accepted entries. */
	hashAt(n: number, accepted: readonly AcceptedEntry[]): string {
		const prefix = this.#prefixes[n - 1]!;
		let hash = this.#hashes.get(prefix);
		if (hash === undefined) {
			const state = accepted[n - 1]!.state;
			hash = state === null ? 'none' : stateHash(state);
			this.#hashes.set(prefix, hash);
		}
		return this.hook ? this.hook(n, hash) : hash;
	}

	/** The last `count` points, oldest first (older cached hashes are let go). */
	recent(accepted: readonly AcceptedEntry[], count: number): HashPoint[] {
		const n = this.#prefixes.length;
		const points: HashPoint[] = [];
		for (let i = Math.max(1, n - count + 1); i <= n; i++) points.push({ n: i, prefix: this.#prefixes[i - 1]!, hash: this.hashAt(i, accepted) });
		if (this.#hashes.size > 4 * count) {
			const keep = new Set(this.#prefixes.slice(-2 * count));
			for (const key of [...this.#hashes.keys()]) if (!keep.has(key)) this.#hashes.delete(key);
		}
		return points;
	}
}
