// Two devices at one online table over the simulated network (seats 0 and 1 claimed, seat 2
// free for a bot): the setup the seated-bot tests share.
import { expect } from 'vitest';
import type { Bot } from '../../../src/lib/bots/index.js';
import { seatsToAct, type GameOptions, type Seat } from '../../../src/lib/engine/index.js';
import { SimNetwork } from '../../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../../src/lib/session/index.js';
import { FakeClock } from '../fake-clock.js';
import { options, randomBytesFor, seedOf } from '../helpers.js';

/** `extra`: options beside the three-seat defaults (the secret deck…). */
export function twoDeviceTable(roomCode: string, simSeed: number, label: string, countdown: number, extra: Partial<GameOptions> = {}) {
	const sim = new SimNetwork({ peers: 2, seed: simSeed, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const [a, b] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`${label}-${i}`), randomBytes: randomBytesFor(`${label}-${i}`), clock })) as [GameSession, GameSession];
	a.start({ ...options(3), ...extra }, { equivocation: 'forfeit', countdown });
	sim.flushAll();
	expect(a.claim(0).ok).toBe(true);
	sim.flushAll();
	expect(b.claim(1).ok).toBe(true);
	sim.flushAll();
	const present = new Set([a.key, b.key]);
	return { sim, clock, a, b, present };
}

const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

/** The people's play at such a table: `humans` choose for the seats asked (a pass where they choose
 * nothing) after the bots' drivers are idle, until `until` holds or `limit` rounds; time moves 1 s
 * whenever nobody moved. `each` runs at the start of every round. */
export function humanPlay(table: { sim: SimNetwork; clock: FakeClock; sessions: readonly GameSession[]; humans: readonly Bot[]; drivers: () => Iterable<{ idle(): Promise<void> }> }) {
	const { sim, clock, sessions, humans } = table;
	return async (until: () => boolean, humanSeats: readonly Seat[], each: () => void = () => undefined, limit = 4000): Promise<void> => {
		for (let k = 0; k < limit && !until(); k++) {
			each();
			for (const driver of table.drivers()) await driver.idle();
			sim.flushAll();
			let moved = false;
			for (const seat of humanSeats) {
				const session = sessions[seat]!;
				const state = session.state!;
				if (!seatsToAct(state).includes(seat)) continue;
				const action = humans[seat]!.decide(state, seat) ?? session.legal(seat).find((o) => PASSES.includes(o.action.type))?.action;
				if (action && session.act(seat, action).ok) moved = true;
				sim.flushAll();
			}
			if (!moved) {
				clock.advance(1000, () => sim.flushAll());
				await new Promise((resolve) => setTimeout(resolve, 0));
			}
		}
	};
}
