/**
 * Desync detection. Every session publishes, for its last few accepted entries, the hash of the
 * accepted entry ids so far (`prefix`) and the engine's state hash there. Two peers whose
 * prefixes agree replayed the same accepted entries, so their states must agree: a different
 * state hash at an equal prefix is a desync, reported with the first accepted entry where the
 * states differ. Peers that are merely behind or hold a differently ordered log (not yet synced)
 * have different prefixes and are never compared, so the detector cannot fire on ordinary lag.
 */
import type { Awareness } from 'y-protocols/awareness';

/** One accepted-entry count of a peer: after `n` accepted entries, with `prefix`, the state was `hash`. */
export interface HashPoint {
	readonly n: number;
	readonly prefix: string;
	readonly hash: string;
}

export interface HashReport {
	/** Any id that tells peers apart on the board (transport peer id, awareness client id). */
	readonly peer: string;
	readonly game: string;
	/** Accepted entries so far. */
	readonly accepted: number;
	readonly stateHash: string | null;
	/** The last few accepted counts (a small ring), oldest first. */
	readonly recent: readonly HashPoint[];
}

/** Where sessions publish their hashes: awareness in the browser, a shared object in node tests. */
export interface HashBoard {
	publish(report: HashReport): void;
	/** The latest report of every other peer. */
	others(): HashReport[];
	/** Called when another peer publishes. Returns the unsubscribe function. */
	subscribe(listener: () => void): () => void;
	destroy?(): void;
}

/** A desync: the same accepted entries, different states. */
export interface Desync {
	readonly peer: string;
	/** Accepted entries at the first divergence: the n-th accepted entry is where states differ. */
	readonly accepted: number;
	/** Index in the log (Y.Array) of that entry, and its id. */
	readonly index: number;
	readonly id: string;
	readonly mine: string;
	readonly theirs: string;
}

/** In-memory board shared by simulated peers: `view(peer)` is one peer's HashBoard. */
export class MemoryHashBoard {
	readonly #reports = new Map<string, HashReport>();
	readonly #listeners = new Map<string, Set<() => void>>();

	view(peer: string): HashBoard {
		return {
			publish: (report) => {
				this.#reports.set(peer, { ...report, peer });
				for (const [other, set] of this.#listeners) if (other !== peer) for (const f of [...set]) f();
			},
			others: () => [...this.#reports.entries()].filter(([p]) => p !== peer).map(([, r]) => r),
			subscribe: (listener) => {
				let set = this.#listeners.get(peer);
				if (!set) this.#listeners.set(peer, (set = new Set()));
				set.add(listener);
				return () => set.delete(listener);
			},
			destroy: () => {
				this.#reports.delete(peer);
				this.#listeners.delete(peer);
			}
		};
	}
}

const FIELD = 'fnordHash';

/** Points a report may hold (desync-watch.ts publishes HASH_RING = 16). */
const MAX_POINTS = 16;
const HEX64 = /^[0-9a-f]{64}$/;

function isPoint(value: unknown): value is HashPoint {
	const p = value as HashPoint | null;
	return typeof p === 'object' && p !== null && Number.isSafeInteger(p.n) && p.n >= 1 && typeof p.prefix === 'string' && HEX64.test(p.prefix) && typeof p.hash === 'string' && (HEX64.test(p.hash) || p.hash === 'none');
}

/** A peer's report, checked in full: presence is unauthenticated and anyone in the room may
 * publish anything there (a `null` point or a count past the end used to make every comparison,
 * and so every refresh of every honest session, throw: found by a red-team pass). */
export function isReport(value: unknown): value is HashReport {
	const r = value as HashReport | null;
	return (
		typeof r === 'object' &&
		r !== null &&
		typeof r.game === 'string' &&
		r.game.length <= 64 &&
		Number.isSafeInteger(r.accepted) &&
		r.accepted >= 0 &&
		(r.stateHash === null || r.stateHash === undefined || typeof r.stateHash === 'string') &&
		Array.isArray(r.recent) &&
		r.recent.length <= MAX_POINTS &&
		r.recent.every(isPoint)
	);
}

/** A HashBoard over y-protocols awareness (what every transport shares): one field per client. */
export class AwarenessHashBoard implements HashBoard {
	readonly #awareness: Awareness;

	constructor(awareness: Awareness) {
		this.#awareness = awareness;
	}

	publish(report: HashReport): void {
		this.#awareness.setLocalStateField(FIELD, { ...report, peer: String(this.#awareness.clientID) });
	}

	others(): HashReport[] {
		const out: HashReport[] = [];
		for (const [client, state] of this.#awareness.getStates()) {
			if (client === this.#awareness.clientID) continue;
			const report = (state as Record<string, unknown>)[FIELD];
			if (isReport(report)) out.push({ ...report, peer: String(client) });
		}
		return out;
	}

	subscribe(listener: () => void): () => void {
		const handler = () => listener();
		this.#awareness.on('change', handler);
		return () => this.#awareness.off('change', handler);
	}
}

/**
 * The first divergence between my points and a peer's report, or null. `mine(n, prefix)` gives
 * my state hash after n accepted entries if my prefix there is `prefix`, else null.
 */
export function firstDivergence(report: HashReport, mine: (n: number, prefix: string) => string | null): { n: number; mine: string; theirs: string } | null {
	let found: { n: number; mine: string; theirs: string } | null = null;
	for (const point of report.recent) {
		if (found !== null && point.n >= found.n) continue;
		const hash = mine(point.n, point.prefix);
		if (hash !== null && hash !== point.hash) found = { n: point.n, mine: hash, theirs: point.hash };
	}
	return found;
}
