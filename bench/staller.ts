/**
 * The time for an honest table to get past a staller: sessions linked over the simulated network,
 * one seat cut off while a random event waits for it; after the countdown (a room option, 60 s by
 * default: waited on a fake clock here) the others vote, and the table is past the staller once
 * the event has its coin. Printed: the countdown plus the work the honest devices did after it.
 */
import { performance } from 'node:perf_hooks';
import { readLog } from '../src/lib/net/doc.js';
import { SimNetwork } from '../src/lib/dev/sim.js';
import { parseEntry, type GameReplayer } from '../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../src/lib/session/index.js';
import { FakeClock } from '../tests/session/fake-clock.js';
import { options, Player, randomBytesFor, seedOf } from '../tests/session/helpers.js';
import { percentile } from './support.js';

const COUNTDOWN_S = 60;
const replayOf = (session: GameSession) => session.replayer as GameReplayer;

function stalledTable(name: string, n: number) {
	const roomCode = `BENCH${name}`.toUpperCase().replace(/[^0-9A-Z]/g, 'X').padEnd(25, 'X').slice(0, 25);
	const sim = new SimNetwork({ peers: n, seed: n * 11 + name.length, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const randomBytes = randomBytesFor(`staller-bench:${name}`);
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`bench-${name}-${i}`), randomBytes, clock }));
	sessions[0]!.start(options(n), { equivocation: 'forfeit', countdown: COUNTDOWN_S });
	sim.flushAll();
	sessions.forEach((session, seat) => session.claim(seat));
	sim.flushAll();
	const players = sessions.map((_, i) => new Player(`bench-${name}-${i}`));
	const staller = n - 1;
	for (let round = 0; round < 3_000; round++) {
		for (const [p, session] of sessions.entries()) {
			if (!players[p]!.move(session)) continue;
			if (p !== staller && session.state!.random !== null && replayOf(session).core.settled >= 2) {
				sim.disconnect(staller);
				sim.flushAll();
				return { sim, clock, sessions };
			}
			sim.flushAll();
		}
	}
	throw new Error(`no random event opened (${name})`);
}

function pastStaller(name: string, n: number): { ms: number; entries: number } {
	const { sim, clock, sessions } = stalledTable(name, n);
	const honest = sessions[0]!;
	const settled = replayOf(honest).core.settled;
	const before = readLog(honest.game).length;
	clock.advance((COUNTDOWN_S - 1) * 1000, () => sim.flushAll());
	const start = performance.now();
	clock.advance(1000, () => sim.flushAll());
	sim.flushAll();
	const ms = performance.now() - start;
	if (replayOf(honest).core.settled <= settled) throw new Error(`${name}: the table did not get past the staller`);
	const entries = readLog(honest.game).slice(before).filter((raw) => parseEntry(raw).ok).length;
	for (const session of sessions) session.destroy();
	return { ms, entries };
}

for (const n of [3, 4, 5]) {
	const runs = Array.from({ length: 5 }, (_, i) => pastStaller(`s${n}r${i}`, n));
	const times = runs.map((run) => run.ms);
	console.log(
		`past a staller, ${n} seats: countdown ${COUNTDOWN_S} s + ${percentile(times, 50).toFixed(1)} ms of work (median of ${runs.length}, max ${Math.max(...times).toFixed(1)} ms; ${percentile(runs.map((r) => r.entries), 50)} entries: votes, shares, acknowledgements)`
	);
}
