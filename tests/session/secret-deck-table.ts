/** A three-seat secret-deck game over the simulated network: one session per peer, seats 0 to 2
 * claimed by the first three (a fourth peer, if any, stays seatless). Device seeds and random bytes
 * derive from `label`, `seed` and the peer's index. */
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import type { CardId, Seat } from '../../src/lib/engine/index.js';
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

const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

/**
 * Plays random legal moves (each seat on its own view) until `ready` finds what a test needs, or
 * throws after `rounds` moves. Random choices derive from `label`, `seed` and the seat. With
 * `pass`, a seat takes its plain pass whenever it has one: nobody attacks or plays a card, so the
 * Specials drawn pile up hidden in the hands.
 */
export function playSecretDeckUntil<T>(p: { sim: SimNetwork; sessions: readonly GameSession[]; label: string; seed: number; rounds?: number; pass?: boolean }, ready: () => T | undefined): T {
	const choosers = p.sessions.map((_, i) => new Chooser(`${p.label}-${p.seed}-${i}`));
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	for (let i = 0; i < (p.rounds ?? 3000); i++) {
		const found = ready();
		if (found !== undefined) return found;
		const seat = i % p.sessions.length;
		const view = p.sessions[seat]!.view(seat);
		if (view !== null && view.phase.kind !== 'over' && view.random === null) {
			const pass = p.pass === true ? p.sessions[seat]!.legal(seat).find((legal) => PASSES.includes(legal.action.type))?.action : undefined;
			const action = pass ?? randomEntry(view, choosers[seat]!, secrets, 'cautious');
			if (action !== null && action.type !== 'random' && action.type !== 'fixed' && action.seat === seat) {
				const result = p.sessions[seat]!.act(seat, action);
				if (!result.ok) throw new Error(`act refused a legal move: ${result.error.code} ${result.error.message}`);
			}
		}
		p.sim.flushAll();
	}
	throw new Error(`${p.label}: what the test waits for never came`);
}
