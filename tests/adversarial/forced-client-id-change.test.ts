/**
 * Red team (session 15), with real game sessions: a peer in the room (no seat needed) sends seat
 * 0's device, before each step of play, one ~30-byte item under that device's current Yjs client
 * id at its next clock. Yjs used to give the device a new id each time; every write of seat 0 then
 * came from an author new to the others, their gates dropped its moves as over the rate of new
 * authors and muted its link, and the countdown voted the present, honest seat 0 out on every
 * device, its own included. Now the device keeps its id (net/client-id-pin.ts): its moves reach
 * everyone, nobody is voted out, all devices agree.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, Player, randomBytesFor, seedOf } from '../session/helpers.js';
import { gatedDocs, linkPairs, settle } from './gated-table.js';

/** The rogue's item: `value` under client `victim` at its next clock in `from`'s doc. */
function squat(from: GameDoc, victim: number, value: string): Uint8Array {
	const rogue = createGameDoc(from.gameId, { clientID: 987_654 });
	Y.applyUpdate(rogue.doc, Y.encodeStateAsUpdate(from.doc));
	const before = Y.encodeStateVector(rogue.doc);
	rogue.doc.clientID = victim;
	appendEntry(rogue, value);
	return Y.encodeStateAsUpdate(rogue.doc, before);
}

describe('a peer making a seat’s device change its Yjs client id before each step', () => {
	it('the seat keeps playing: its moves reach the others, nobody is voted out, all devices agree', { timeout: 120_000 }, async () => {
		const roomCode = 'ROTATIONDRAINXXXXXXXXXXXX';
		const clock = new FakeClock();
		const { docs, gates } = gatedDocs(roomCode, clock);
		linkPairs({ docs, gates });
		const sessions = docs.map((game, i) => new GameSession({ game, roomCode, seed: seedOf(`rot-${i}`), randomBytes: randomBytesFor('rot'), clock }));
		sessions[0]!.start(options(3), { equivocation: 'forfeit', countdown: 60 });
		await settle();
		sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
		await settle();
		const players = sessions.map((_, i) => new Player(`rot-${i}`));
		const victim = docs[0]!;
		let squats = 0;
		const attack = async () => {
			if (Y.getState(victim.doc.store, victim.doc.clientID) === 0) return;
			const update = squat(victim, victim.doc.clientID, `squat${squats++}`);
			if (gates[0]!.admit('rogue', update) === 'apply') Y.applyUpdate(victim.doc, update, 'rogue');
			await settle();
		};
		for (let round = 0; round < 80; round++) {
			for (const seat of [0, 1, 2]) {
				for (let tries = 0; tries < 6; tries++) {
					await attack();
					if (players[seat]!.move(sessions[seat]!)) await settle();
				}
			}
			await attack();
			clock.advance(2_000);
			await settle();
		}
		expect(squats, 'the rogue wrote under seat 0’s id again and again').toBeGreaterThan(30);
		const key = sessions[0]!.key;
		const authored = (game: GameDoc) => readLog(game).filter((value) => value.includes(`"author":"${key}"`)).length;
		expect(docs.map(authored), 'seat 0’s entries are everywhere').toEqual(docs.map(() => authored(victim)));
		for (const session of sessions) {
			expect([...(session.replayer as GameReplayer).core.votedOut], 'nobody voted out').toEqual([]);
			expect(session.stateHash).toBe(sessions[0]!.stateHash);
		}
		expect(gates[1]!.isMuted('P0') || gates[2]!.isMuted('P0')).toBe(false);
	});
});
