/**
 * Red team (session 14): Yjs names an item by (client id, clock) whoever sends it. A peer in the
 * room (no seat needed) wrote one string at its next id as a log item to seat 1's device and as a
 * chat item to the others, at once. Seat 1's next entry named that item as its neighbour, and the
 * others placed it, and every later entry of seat 1, in their chat: its moves never reached their
 * logs, their countdown ran out and their devices voted the present, honest seat out. Readers now
 * take each string by its shape wherever it landed (net/doc.ts `isEntryText`, `isChatText`).
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { chatArray, readChat } from '../../src/lib/net/chat-doc.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, Player, randomBytesFor, seedOf } from '../session/helpers.js';

function rogueUpdate(base: GameDoc, write: (rogue: GameDoc) => void): Uint8Array {
	const rogue = createGameDoc('x', { clientID: 999 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(base.doc));
	const before = Y.encodeStateVector(rogue.doc);
	rogue.doc.clientID = 66;
	write(rogue);
	return Y.encodeStateAsUpdate(rogue.doc, before);
}
const core = (s: GameSession) => (s.replayer as GameReplayer).core;

describe('one Yjs id written as a log item to one device and a chat item to the others', { timeout: 120_000 }, () => {
	it.each([[false], [true]])('attack %s: seat 1’s entries reach every replay wherever they landed; nobody votes the playing seat out', (attack) => {
		const roomCode = 'LOGINTOCHATVOTEXXXXXXXXXX';
		const sim = new SimNetwork({ peers: 3, seed: 77, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`lic-${i}`), randomBytes: randomBytesFor('lic'), clock }));
		sessions[0]!.start(options(3), { equivocation: 'forfeit', countdown: 60 });
		sim.flushAll();
		sessions.forEach((s, seat) => expect(s.claim(seat).ok).toBe(true));
		sim.flushAll();
		const players = sessions.map((_, i) => new Player(`lic-${i}`));
		const playOn = (who: number[], rounds: number) => {
			for (let k = 0; k < rounds; k++) for (const p of who) if (players[p]!.move(sessions[p]!)) sim.flushAll();
			sim.flushAll();
		};
		playOn([0, 1, 2], 10);
		const [a, v, c] = sessions as [GameSession, GameSession, GameSession];
		expect(a.stateHash).toBe(v.stateHash);

		// The rogue: one message to each device, at once.
		const toV = rogueUpdate(v.game, (r) => appendEntry(r, 'junk'));
		if (attack) {
			for (const [i, update] of [[1, toV], [0, rogueUpdate(a.game, (r) => chatArray(r).push(['junk2']))], [2, rogueUpdate(c.game, (r) => chatArray(r).push(['junk2']))]] as const) {
				expect(sim.peers[i]!.gate!.admit('rogue', update)).toBe('apply');
				Y.applyUpdate(sim.peers[i]!.game.doc, update);
			}
		}
		sim.flushAll();

		// Everyone keeps playing, seat 1 included (it is present and honest).
		let vMoves = 0;
		for (let k = 0; k < 30; k++) {
			for (const p of [0, 1, 2]) {
				for (let tries = 0; tries < 12; tries++) {
					if (!players[p]!.move(sessions[p]!)) continue;
					if (p === 1) vMoves++;
					sim.flushAll();
				}
			}
			sim.flushAll();
			clock.advance(5_000, () => sim.flushAll());
		}
		clock.advance(120_000, () => sim.flushAll());
		sim.flushAll();
		const inAChat = chatArray(a.game).toArray().filter((x) => typeof x === 'string' && x.includes(v.key)).length;
		const vAuthored = readLog(v.game).filter((x) => x.includes(`"author":"${v.key}"`)).length;
		const vAuthoredAtA = readLog(a.game).filter((x) => x.includes(`"author":"${v.key}"`)).length;
		expect(vMoves, 'seat 1 kept playing').toBeGreaterThan(0);
		if (attack) expect(inAChat, 'the attack placed seat 1’s entries in seat 0’s chat array').toBeGreaterThan(1);
		expect(vAuthoredAtA, 'seat 0 reads every entry of seat 1').toBe(vAuthored);
		for (const s of sessions) expect(core(s).votedOut.has(1), 'seat 1 plays on: nobody cuts it').toBe(false);
		expect(a.stateHash).toBe(v.stateHash);
		expect(c.stateHash).toBe(v.stateHash);
		// The chat reads no log entry.
		expect(readChat(a.game).some((x) => typeof x === 'string' && x.startsWith('{"author":'))).toBe(false);
	});
});
