/**
 * Red team (session 14): an absence vote the target answered (it played on, and the engine's copy
 * of the vote lapsed) stayed in the protocol's count for good. Much later one rogue vote, cast
 * whenever it liked, made with it a majority of the others against a present, answering seat: the
 * replay marked it voted out, and the old voter's own StallWatch gave its old vote to the engine
 * again, so the seat left the game (absence 'leave'). The protocol's votes against a seat now lapse
 * when it acts, as the engine's do (v2/stand-in.ts `afterOwnEntry`).
 */
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { NEW_GAME_RULES, type GameOptions } from '../../src/lib/engine/index.js';
import { NEW_GAME_PROTOCOL_RULES, parseEntry, type GameReplayer } from '../../src/lib/protocol/index.js';
import { readLog } from '../../src/lib/net/doc.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from '../session/fake-clock.js';
import { Player, randomBytesFor, seedOf } from '../session/helpers.js';

const replayOf = (s: GameSession) => s.replayer as GameReplayer;
const options = (players: number): GameOptions => ({ players, illuminati: 'random', sandbox: false, rules: NEW_GAME_RULES });

describe('an answered absence vote and one later rogue vote', () => {
	it('the answered vote lapsed: the rogue\u2019s lone vote cuts nobody, and the present seat stays', () => {
		const roomCode = 'OLDVOTEPROBE'.padEnd(25, 'X').slice(0, 25);
		const sim = new SimNetwork({ peers: 3, seed: 11, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`ov-${i}`), randomBytes: randomBytesFor('ov'), clock }));
		sessions[0]!.start(options(3), { ...NEW_GAME_PROTOCOL_RULES, countdown: 60 });
		sim.flushAll();
		sessions.forEach((s, seat) => expect(s.claim(seat).ok).toBe(true));
		sim.flushAll();
		const [rogue, bob, carol] = sessions as [GameSession, GameSession, GameSession];
		const players = sessions.map((_, i) => new Player(`ov-${i}`));
		const playOn = (moves: number) => {
			for (let k = 0; k < moves; k++) {
				for (const [p, s] of sessions.entries()) if (players[p]!.move(s)) sim.flushAll();
				sim.flushAll();
			}
		};
		// 1. Play until the table waits on Bob (seat 1); Carol clicks "vote now" (an honest vote).
		let voted = false;
		for (let round = 0; round < 400 && !voted; round++) {
			if (carol.awaited.some((a) => a.seat === 1) && carol.state!.random === null) {
				const r = carol.voteAbsent(1);
				expect(r.ok).toBe(true);
				voted = true;
				sim.flushAll();
				break;
			}
			for (const [p, s] of sessions.entries()) { if (players[p]!.move(s)) sim.flushAll(); if (carol.awaited.some((a) => a.seat === 1)) break; }
			sim.flushAll();
		}
		expect(voted).toBe(true);
		expect(carol.state!.players[1]!.absenceVotes).toContain(2);
		// 2. Bob answers: he plays on; the engine lapses Carol's vote. Play a while.
		playOn(30);
		expect(bob.state!.players[1]!.absenceVotes).toEqual([]);
		expect(bob.state!.players[1]!.eliminated).toBe(false);
		expect(bob.state!.phase.kind).not.toBe('over');
		for (const s of sessions) expect(replayOf(s).core.votes.get(1), 'the protocol\u2019s copy of the vote lapsed too').toBeUndefined();
		// 3. Much later, the rogue (seat 0) posts ONE absence vote against Bob, who is present and answering.
		const id = rogue.append(rogue.protocol.entry('absent', { seat: 0, target: 1 }));
		expect(rogue.rejections.find((r) => r.id === id)).toBeUndefined();
		sim.flushAll();
		for (let i = 0; i < 5; i++) {
			sessions.forEach((s) => s.refresh());
			sim.flushAll();
		}
		// Carol's device did not give her old vote again, and nobody is voted out.
		const carolVotes = readLog(carol.game).filter((raw) => {
			const p = parseEntry(raw);
			return p.ok && p.entry.kind === 'absent' && p.entry.author === carol.key;
		}).length;
		expect(carolVotes).toBe(1);
		for (const s of sessions) {
			expect(replayOf(s).core.votes.get(1), 'the rogue\u2019s vote alone').toEqual([0]);
			expect(replayOf(s).core.votedOut.has(1)).toBe(false);
			expect(s.state!.players[1]!.eliminated).toBe(false);
			expect(s.state!.players[1]!.absent).toBe(false);
		}
		expect(new Set(sessions.map((s) => s.stateHash)).size).toBe(1);
		// Carol votes again now: with the rogue's, a majority of the others (the vote itself still works).
		expect(carol.voteAbsent(1).ok).toBe(true);
		sim.flushAll();
		for (let i = 0; i < 5; i++) {
			sessions.forEach((s) => s.refresh());
			sim.flushAll();
		}
		for (const s of sessions) expect(replayOf(s).core.votedOut.has(1), 'two current votes cut the seat').toBe(true);
	});
});
