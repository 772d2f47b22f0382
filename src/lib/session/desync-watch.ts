/**
 * A session's part in desync detection (desync.ts): it follows the accepted entries in a
 * HashTrail, publishes their hashes on the board and compares the other peers' reports with its
 * own, keeping each desync found once.
 */
import { GameReplayer } from '../protocol/index.js';
import { firstDivergence, type Desync, type HashBoard } from './desync.js';
import { HashTrail } from './hash-trail.js';
import type { SessionReplayer } from './protocol-driver.js';

/** Accepted counts kept on the board (a small ring). */
export const HASH_RING = 16;
/** Desyncs kept: the first ones (the first divergence says most), and in the last place the newest,
 * so forged reports (they cost their sender nothing) never switch the detector off; and
 * comparisons remembered at most. */
const MAX_DESYNCS = 32;
const MAX_REPORTED = 4096;

export class DesyncWatch {
	readonly desyncs: Desync[] = [];
	readonly board: HashBoard | null;
	readonly #trail: HashTrail;
	/** Final entries and replays from the start (version 2) when the trail last followed. */
	#followed = { final: 0, rebuilds: 0 };
	readonly #reported = new Set<string>();

	constructor(board: HashBoard | null, testHashHook?: (accepted: number, hash: string) => string) {
		this.board = board;
		this.#trail = new HashTrail(testHashHook);
	}

	/** The state hash published for `n` accepted entries (with the test hook, if any). */
	hashAt(n: number, replayer: SessionReplayer): string {
		return this.#trail.hashAt(n, replayer.accepted);
	}

	/** Follows the replayer's accepted entries; true when one already followed changed (a correction). */
	follow(replayer: SessionReplayer): boolean {
		return this.#trail.follow(replayer.accepted, this.#stableCount(replayer));
	}

	/** Leading accepted entries unchanged since the trail last followed: final ones, unless the final order was replayed anew. */
	#stableCount(replayer: SessionReplayer): number {
		if (!(replayer instanceof GameReplayer)) return 0;
		const now = { final: replayer.finalCount, rebuilds: replayer.rebuilds };
		const stable = now.rebuilds === this.#followed.rebuilds ? Math.min(now.final, this.#followed.final) : 0;
		this.#followed = now;
		return stable;
	}

	publish(gameId: string, replayer: SessionReplayer): void {
		if (this.board === null) return;
		const recent = this.#trail.recent(replayer.accepted, HASH_RING);
		this.board.publish({ peer: '', game: gameId, accepted: replayer.accepted.length, stateHash: replayer.stateHash, recent });
	}

	/** Compares the other peers' reports for `gameId`; true when a new desync was found. */
	compare(gameId: string, replayer: SessionReplayer): boolean {
		if (this.board === null) return false;
		let found = false;
		for (const report of this.board.others()) {
			if (report.game !== gameId) continue;
			// Only counts this trail holds (a report's point past the end, or the prefix of another order, is no comparison).
			const held = replayer.accepted.length;
			const d = firstDivergence(report, (n, prefix) => (n <= held && this.#trail.prefix(n) === prefix ? this.hashAt(n, replayer) : null));
			if (d === null || this.#reported.has(`${report.peer} ${d.n}`)) continue;
			if (this.#reported.size >= MAX_REPORTED) this.#reported.clear();
			this.#reported.add(`${report.peer} ${d.n}`);
			if (this.desyncs.length >= MAX_DESYNCS) this.desyncs.pop();
			const entry = replayer.accepted[d.n - 1]!;
			this.desyncs.push({ peer: report.peer, accepted: d.n, index: entry.index, id: entry.id, mine: d.mine, theirs: d.theirs });
			found = true;
		}
		return found;
	}
}
