// Two devices at one online table over the simulated network (seats 0 and 1 claimed, seat 2
// free for a bot): the setup the seated-bot tests share.
import { expect } from 'vitest';
import { SimNetwork } from '../../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../../src/lib/session/index.js';
import { FakeClock } from '../fake-clock.js';
import { options, randomBytesFor, seedOf } from '../helpers.js';

export function twoDeviceTable(roomCode: string, simSeed: number, label: string, countdown: number) {
	const sim = new SimNetwork({ peers: 2, seed: simSeed, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const [a, b] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`${label}-${i}`), randomBytes: randomBytesFor(`${label}-${i}`), clock })) as [GameSession, GameSession];
	a.start(options(3), { equivocation: 'forfeit', countdown });
	sim.flushAll();
	expect(a.claim(0).ok).toBe(true);
	sim.flushAll();
	expect(b.claim(1).ok).toBe(true);
	sim.flushAll();
	const present = new Set([a.key, b.key]);
	return { sim, clock, a, b, present };
}
