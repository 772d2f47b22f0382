// Test helpers for version-2 forks: a fork's entries posted by its forker to a new network, seats
// claimed anew, the key generation run, play going on.
import { Chooser } from '../../../src/lib/bots/random-player.js';
import { stateHash, type GameState } from '../../../src/lib/engine/index.js';
import { forkEntriesV2 } from '../../../src/lib/protocol/fork.js';
import type { ProtocolReplayer } from '../../../src/lib/protocol/replay.js';
import type { GameReplayer } from '../../../src/lib/protocol/v2/replayer.js';
import { Network, playerDevice, type Peer } from './table.js';

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
