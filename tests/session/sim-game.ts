// A seeded game of GameSessions over the simulated network (4-6 peers, one seat each): random legal
// moves while delivery is delayed, reordered, duplicated and partitioned, then the network heals
// and every peer is checked against a single fresh replay of the final log.
import { expect } from 'vitest';
import { readLog } from '../../src/lib/net/doc.js';
import { createPrng } from '../../src/lib/dev/prng.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';

import { GameSession, MemoryHashBoard, gameIdOf } from '../../src/lib/session/index.js';
import { options, Player, randomBytesFor, seedOf } from './helpers.js';
import { replayerFor } from '../../src/lib/session/index.js';

export interface FuzzResult {
	seed: number;
	peers: number;
	entries: number;
	accepted: number;
	refused: number;
	codes: string;
	reorders: number;
	corrections: number;
	partitions: number;
	ms: number;
	convergeMs: number;
	convergeTicks: number;
	notified: number;
	turns: number;
}

/** Plays one seeded game; `hook` may doctor one peer's published hashes (desync tests). */
export function fuzzGame(seed: number, steps: number, hook?: { peer: number; from: number }, chaos = true): { result: FuzzResult; sessions: GameSession[]; sim: SimNetwork } {
	const started = performance.now();
	const prng = createPrng(seed ^ 0x5e55);
	const peers = 4 + prng.int(3);
	const roomCode = 'SESS' + String(seed).padStart(6, '0').slice(-6);
	const gameId = gameIdOf(roomCode);
	const sim = new SimNetwork({ peers, seed, gameId, maxDelay: chaos ? 1 + prng.int(6) : 1, duplicateRate: chaos ? 0.05 + prng.next() * 0.2 : 0 });
	const board = new MemoryHashBoard();
	const sessions = sim.peers.map(
		(peer, i) =>
			new GameSession({
				game: peer.game,
				roomCode,
				seed: seedOf(`fuzz-${seed}-${i}`),
				randomBytes: randomBytesFor(`fuzz-${seed}-${i}`),
				board: board.view(String(i)),
				testHashHook: hook && hook.peer === i ? (n, hash) => (n >= hook.from ? `doctored-${hash}` : hash) : undefined
			})
	);
	sessions[0]!.start(options(peers));
	sim.flushAll();
	sessions.forEach((s, i) => s.claim(i));
	sim.flushAll();
	let notified = 0;
	for (const s of sessions) s.subscribe(() => notified++);
	const players = sessions.map((_, i) => new Player(`fuzz-${seed}-${i}`));
	let partitions = 0;
	for (let step = 0; step < steps; step++) {
		const r = prng.next();
		if (!chaos) {
			const p = prng.int(peers);
			for (let tries = 0; tries < 6 && !players[p]!.move(sessions[p]!); tries++);
			sim.flushAll();
		} else if (r < 0.45) {
			const p = prng.int(peers);
			for (let tries = 0; tries < 6 && !players[p]!.move(sessions[p]!); tries++);
		} else if (r < 0.8) sim.tick();
		else if (r < 0.84) {
			const order = prng.shuffle([...Array(peers).keys()]);
			const cut = 1 + prng.int(peers - 1);
			sim.partition([order.slice(0, cut), order.slice(cut)]);
			partitions++;
		} else if (r < 0.86) {
			sim.disconnect(prng.int(peers));
			partitions++;
		} else if (r < 0.9) sim.reconnect(prng.int(peers));
		else if (r < 0.94) sim.heal();
		else for (let t = prng.int(10); t > 0; t--) sim.tick();
	}
	const healAt = performance.now();
	sim.heal();
	const convergeTicks = sim.flushAll();
	const convergeMs = performance.now() - healAt;
	const log = readLog(sim.peers[0]!.game);
	const fresh = replayerFor(log, gameId);
	fresh.sync(log);
	const result: FuzzResult = {
		seed,
		peers,
		entries: log.length,
		accepted: fresh.accepted.length,
		refused: fresh.rejections.length,
		codes: [...new Set(fresh.rejections.map((r) => r.code))].sort().join(' '),
		reorders: sim.reorders(),
		corrections: sessions.reduce((sum, s) => sum + s.corrections, 0),
		partitions,
		ms: Math.round(performance.now() - started),
		convergeMs: Math.round(convergeMs),
		convergeTicks,
		notified,
		turns: fresh.state?.turnCount ?? 0
	};
	for (const [i, s] of sessions.entries()) {
		expect(readLog(s.game), `peer ${i} log, seed ${seed}`).toEqual(log);
		expect(s.stateHash, `peer ${i} state, seed ${seed}`).toBe(fresh.stateHash);
		expect(s.accepted).toBe(fresh.accepted.length);
	}
	return { result, sessions, sim };
}

