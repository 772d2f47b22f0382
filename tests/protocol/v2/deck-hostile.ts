// Test helpers for attacks on the secret deck over protocol version 2: a hostile client that changes
// or withholds its automatic deck entries among honest ones, and a game played to its end.
import { legalActions } from '../../../src/lib/engine/index.js';
import type { DeckBody } from '../../../src/lib/protocol/v2/deck/bodies.js';
import type { Network, Peer } from './table.js';
import { playSecret } from './deck-table.js';

/** A hostile client's automatic entries: `tamper` may change a deck body or drop it (no entry). */
export type Tamper = (peer: Peer, seat: number, body: DeckBody) => DeckBody | 'drop' | null;

export function automaticWith(net: Network, peers: readonly Peer[], tamper: Tamper): void {
	const dropped = new Set<Peer>();
	for (let again = true, posted = 0; again; ) {
		again = false;
		for (const peer of peers) {
			if (dropped.has(peer)) continue;
			let entry = peer.device!.nextAutomatic(peer.replay);
			if (entry === null) continue;
			const parsed = JSON.parse(entry) as { kind: string; body: DeckBody };
			if (parsed.kind === 'deck') {
				const changed = tamper(peer, parsed.body.seat, parsed.body);
				if (changed === 'drop') {
					// The withholding seat says nothing more (its device would offer the seed again).
					dropped.add(peer);
					continue;
				}
				if (changed !== null) entry = peer.device!.entry(peer.replay, 'deck', changed);
			}
			net.post(entry);
			again = true;
			if (++posted > 20_000) throw new Error('automatic entries do not settle');
		}
	}
}

/** Plays `moves` moves (every third hurried, so turns end and cards are drawn) with the tampering client among honest ones. */
export function playWith(net: Network, players: readonly Peer[], tamper: Tamper, seed: string, moves = 12): void {
	const automatic = (n: Network, peers: readonly Peer[]) => automaticWith(n, peers, tamper);
	for (let i = 0; i < moves && players[0]!.replay.state!.phase.kind !== 'over' && players[0]!.replay.core.broken === null; i++) playSecret(net, players, 1, `${seed}-${i}`, players, i % 3 === 0, automatic);
	automatic(net, players);
}

/** Plays a few moves, then every seat leaves: the game is over and seeds are due. */
export function playToTheEnd(net: Network, players: readonly Peer[], tamper: Tamper, seed: string, moves = 12): void {
	const automatic = (n: Network, peers: readonly Peer[]) => automaticWith(n, peers, tamper);
	playWith(net, players, tamper, seed, moves);
	for (let round = 0; round < 10 && players[0]!.replay.state!.phase.kind !== 'over'; round++) {
		players.forEach((peer, seat) => {
			automatic(net, players);
			const state = peer.replay.state!;
			if (state.phase.kind === 'over' || state.players[seat]!.left) return;
			const leave = legalActions(state, seat).find((legal) => legal.action.type === 'leave');
			if (leave) net.post(peer.device!.entry(peer.replay, 'action', leave.action));
		});
	}
	automatic(net, players);
}
