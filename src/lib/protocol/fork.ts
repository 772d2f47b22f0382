/**
 * Fork: a new game that starts where another stood after one of its accepted entries. Its log is
 * a 'fork' entry naming the parent, the index in the parent's accepted entries and the parent's
 * log hash there, then the parent's accepted entries 0..index as they were (signatures intact),
 * then the new game's own entries: every seat is claimed anew by a 'join' (any key, first come;
 * the old holder or someone new). Version 1 carries the entries in the log's order; version 2
 * (any parent, v2/carried.ts) lists their ids in 'carry' entries, since its log has no order.
 */
import type { Identity } from './crypto.js';
import { MAX_CARRY_IDS, parseEntry, sha256Text, signEntry } from './entry.js';
import type { ProtocolReplayer } from './v1/replayer.js';
import type { GameReplayer } from './v2/replayer.js';
import { secretDeckForkProblem } from './v2/deck/fork.js';

/** The first entries of a fork of `parent` at its accepted entry `index`, as game `game`. */
export function forkEntries(parent: ProtocolReplayer, index: number, forker: Identity, game: string): string[] {
	if (game === parent.gameId) throw new Error('a fork is a new game: it needs its own id');
	const parentHash = parent.logHash(index);
	const fork = signEntry(forker, { v: 1, game, kind: 'fork', body: { parent: parent.gameId, index, parentHash }, prev: null, last: null });
	return [fork, ...parent.accepted.slice(0, index + 1).map((entry) => entry.text)];
}

/**
 * A version-2 fork of `parent` (either version) at its accepted entry `index`, as game `game`: the
 * fork entry, the forker's carry entries (chained by `last`, 80 ids each) and the carried texts.
 * Add them all to the fork's replayer before the forker signs anything else there.
 */
export function forkEntriesV2(parent: GameReplayer | ProtocolReplayer, index: number, forker: Identity, game: string): string[] {
	if (game === parent.gameId) throw new Error('a fork is a new game: it needs its own id');
	if (parent.accepted[index]?.state == null) throw new RangeError(`the parent has no game state after its entry ${index} to fork from`);
	const refused = secretDeckForkProblem(parent.accepted[index]!.state!) ?? equivocationForkProblem(parent, index);
	if (refused !== null) throw refused;
	const carried = parent.accepted.slice(0, index + 1);
	const fork = signEntry(forker, { game, kind: 'fork', body: { parent: parent.gameId, index, parentHash: parent.logHash(index) }, last: null, deps: [] });
	const entries = [fork];
	for (let start = 0; start < carried.length; start += MAX_CARRY_IDS) {
		const ids = carried.slice(start, start + MAX_CARRY_IDS).map((entry) => entry.id);
		// A signed entry's text is its canonical JSON, so its id is the text's hash.
		entries.push(signEntry(forker, { game, kind: 'carry', body: { ids }, last: sha256Text(entries[entries.length - 1]!), deps: [] }));
	}
	return [...entries, ...carried.map((entry) => entry.text)];
}

export const EQUIVOCATION_FORK = 'EQUIVOCATION_FORK';

/** A fork past the point where the parent caught a seat equivocating (see equivocationForkProblem). */
export class EquivocationForkError extends Error {
	readonly code = EQUIVOCATION_FORK;
	constructor(
		readonly index: number,
		readonly caughtBefore: number,
	) {
		super(`No fork after entry ${caughtBefore} of this game: a seat was caught equivocating there, and a fork replays the accepted entries only, so it would not carry the penalty. Fork from entry ${caughtBefore} or earlier.`);
		this.name = 'EquivocationForkError';
	}
}

/**
 * Why a fork at accepted entry `index` would not match its parent, or null: the parent refused an
 * entry as equivocation (red team, session 12) before that entry. The refusal marked its author a
 * cheater and applied the penalty, which no accepted entry carries, so the fork's state there would
 * differ from the parent's (the cheater unpunished), or an accepted entry that followed from the
 * penalty would be refused in the carried replay (BAD_FORK). Forks from before it are unaffected.
 */
function equivocationForkProblem(parent: GameReplayer | ProtocolReplayer, index: number): EquivocationForkError | null {
	const at = parent.accepted[index]!.index;
	const caught = parent.rejections.filter((r) => r.code === 'EQUIVOCATION' && r.index >= 0 && r.index < at);
	if (caught.length === 0) return null;
	const first = Math.min(...caught.map((r) => r.index));
	return new EquivocationForkError(index, parent.accepted.filter((entry) => entry.index < first).length - 1);
}

/** Whether a fork entry really names `parent`'s accepted entries (a peer holding the parent checks). */
export function forkMatchesParent(forkEntry: unknown, parent: GameReplayer | ProtocolReplayer): boolean {
	const parsed = parseEntry(forkEntry);
	if (!parsed.ok || parsed.entry.kind !== 'fork') return false;
	const body = parsed.entry.body as { parent: string; index: number; parentHash: string };
	return body.parent === parent.gameId && body.index < parent.accepted.length && parent.logHash(body.index) === body.parentHash;
}
