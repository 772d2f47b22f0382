// Test helpers for version-2 forks: a fork's entries posted by its forker to a new network, seats
// claimed anew, the key generation run, play going on.
import { Chooser } from '../../../src/lib/bots/random-player.js';
import { stateHash, type GameState } from '../../../src/lib/engine/index.js';
import type { Identity } from '../../../src/lib/protocol/crypto.js';
import { parseEntry, signEntry, type Bodies, type Entry } from '../../../src/lib/protocol/entry.js';
import { forkEntriesV2 } from '../../../src/lib/protocol/fork.js';
import type { ProtocolReplayer } from '../../../src/lib/protocol/v1/replayer.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { gameIdFor, Network, newGame, playerDevice, playMoves, type Peer } from './table.js';

/** A text's parsed entry and id (the test's own entries always parse). */
export function entryOf(text: string): { id: string; entry: Entry } {
	const parsed = parseEntry(text);
	if (!parsed.ok) throw new Error(parsed.message);
	return { id: parsed.id, entry: parsed.entry };
}

export const hashOf = (state: GameState | null) => (state === null ? null : stateHash(state));

/** The parent's engine state after its accepted entry `index`. */
export const parentStateAt = (parent: GameReplayer | ProtocolReplayer, index: number) => hashOf(parent.accepted[index]!.state);

/**
 * A fork of `parent` at `index` as game `game`, made by the first name's device: every peer gets the
 * fork's entries (in `order`, default as made), then each name claims the seat at its position.
 */
export function forkTable(parent: GameReplayer | ProtocolReplayer, index: number, game: string, names: readonly string[], order?: (entries: string[]) => string[]) {
	const net = new Network(game);
	const players = names.map((name) => net.peer(name, playerDevice(name)));
	const made = forkEntriesV2(parent, index, players[0]!.device!.identity, game);
	for (const entry of order ? order(made) : made) net.post(entry);
	return { net, players, entries: made };
}

/** Every player claims its seat (its position), with automatic entries after each join (the key generation). */
export function claimSeats(net: Network, players: readonly Peer[]): void {
	players.forEach((peer, seat) => {
		net.post(peer.device!.join(peer.replay, seat));
		net.automatic();
	});
	net.automatic();
}

/** The same state hash, accepted count and no refusal at every peer. */
export function agreement(players: readonly Peer[]) {
	return {
		hashes: new Set(players.map((p) => p.replay.stateHash)).size,
		accepted: new Set(players.map((p) => p.replay.accepted.length)).size,
		rejections: players.flatMap((p) => p.replay.rejections),
	};
}

/** A seeded shuffle (Fisher-Yates), so a failing order can be replayed. */
export function shuffled<T>(items: readonly T[], seed: string): T[] {
	const chooser = new Chooser(seed);
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = chooser.int(i + 1);
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}

/** A fork entry and carry entries signed by `forker` listing `chunks` of ids as given (right or not). */
export function signedFork(forker: Identity, game: string, body: Bodies['fork'], chunks: readonly (readonly string[])[]): string[] {
	const entries = [signEntry(forker, { game, kind: 'fork', body, last: null, deps: [] })];
	for (const ids of chunks) entries.push(signEntry(forker, { game, kind: 'carry', body: { ids }, last: entryOf(entries[entries.length - 1]!).id, deps: [] }));
	return entries;
}

/** Ids in chunks of 80, as carry entries list them. */
export const chunked = (ids: readonly string[]) => Array.from({ length: Math.ceil(ids.length / 80) }, (_, i) => ids.slice(i * 80, i * 80 + 80));

/** A two-player version-2 game of 111 accepted entries, still under way (this id and seed label give one). */
export function parentGame(): GameReplayer {
	const { net, players } = newGame(gameIdFor('fork-parent'), ['alice', 'bob']);
	playMoves(net, players, 70, 'a');
	return players[0]!.replay;
}
