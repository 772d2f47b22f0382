/** A three-seat secret-deck game over the simulated network: one session per peer, seats 0 to 2
 * claimed by the first three (a fourth peer, if any, stays seatless). Device seeds and random bytes
 * derive from `label`, `seed` and the peer's index. */
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

export function secretDeckTable(p: { room: string; label: string; seed: number; peers: number; maxDelay: number }): { sim: SimNetwork; sessions: GameSession[] } {
	const roomCode = p.room + String(p.seed).padStart(6, '0');
	const sim = new SimNetwork({ peers: p.peers, seed: p.seed, gameId: gameIdOf(roomCode), maxDelay: p.maxDelay, duplicateRate: 0 });
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`${p.label}-${p.seed}-${i}`), randomBytes: randomBytesFor(`${p.label}-${p.seed}-${i}`) }));
	sessions[0]!.start({ ...options(3), secretDeck: true });
	sim.flushAll();
	for (let seat = 0; seat < 3; seat++) sessions[seat]!.claim(seat);
	sim.flushAll();
	return { sim, sessions };
}
