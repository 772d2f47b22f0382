/**
 * Fork: a new game that starts where another stood after one of its accepted entries. Its log is
 * a 'fork' entry naming the parent, the index in the parent's accepted entries and the parent's
 * log hash there, then the parent's accepted entries 0..index as they were (signatures intact),
 * then the new game's own entries: every seat is claimed anew by a 'join' with a fresh chain
 * (any key, first come; the old holder or someone new).
 */
import type { Identity } from './crypto.js';
import { parseEntry, signEntry } from './entry.js';
import type { ProtocolReplayer } from './replay.js';

/** The first entries of a fork of `parent` at its accepted entry `index`, as game `game`. */
export function forkEntries(parent: ProtocolReplayer, index: number, forker: Identity, game: string): string[] {
	if (game === parent.gameId) throw new Error('a fork is a new game: it needs its own id');
	const parentHash = parent.logHash(index);
	const fork = signEntry(forker, { game, kind: 'fork', body: { parent: parent.gameId, index, parentHash }, prev: null, last: null });
	return [fork, ...parent.accepted.slice(0, index + 1).map((entry) => entry.text)];
}

/** Whether a fork entry really names `parent`'s accepted entries (a peer holding the parent checks). */
export function forkMatchesParent(forkEntry: unknown, parent: ProtocolReplayer): boolean {
	const parsed = parseEntry(forkEntry);
	if (!parsed.ok || parsed.entry.kind !== 'fork') return false;
	const body = parsed.entry.body as { parent: string; index: number; parentHash: string };
	return body.parent === parent.gameId && body.index < parent.accepted.length && parent.logHash(body.index) === body.parentHash;
}
