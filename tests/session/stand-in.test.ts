// StandInDesk over the simulated network (absence 'bot'): three honest sessions, easy bots play
// them; bob's device goes silent on his turn, the others' devices vote him absent after the
// countdown, and the lowest present seat's device posts the stand-in bot's moves until bob's turn is
// over; the others agree. Bob then comes back and plays for himself.
import { describe, expect, it } from 'vitest';
import { readLog } from '../../src/lib/net/doc.js';
import { parseEntry } from '../../src/lib/protocol/index.js';
import type { GameSession } from '../../src/lib/session/index.js';
import { standInSeats } from '../../src/lib/session/stand-in.js';
import { BOB, moveOnce, playUntilBobsTurn, standInTable } from './stand-in-table.js';

const kinds = (session: GameSession, kind: string) => readLog(session.game).filter((raw) => {
	const parsed = parseEntry(raw);
	return parsed.ok && parsed.entry.kind === kind;
}).length;

describe('StandInDesk', { timeout: 120_000 }, () => {
	it('a silent seat voted absent under absence "bot": a present device posts the stand-in bot\u2019s moves, every peer takes them, and the game goes on; the player comes back', () => {
		const table = standInTable({ roomCode: 'STANDINDESKXXXXXXXXXXXXXX', networkSeed: 11, label: 'stand-in', botSeed: 'desk' });
		const { sim, clock, sessions } = table;
		const [alice, bob, carol] = sessions as [GameSession, GameSession, GameSession];

		// Play until it is bob's turn (after the first turn), then bob's device goes silent.
		playUntilBobsTurn(table);
		expect(alice.state!.turn?.seat).toBe(BOB);
		const turns = alice.state!.turnCount;
		sim.disconnect(BOB);

		// The countdown runs out: alice and carol vote, bob is absent, and the stand-in plays his turn.
		// (alice and carol answer what the stand-in's moves ask of them: spending, windows).
		clock.advance(61_000, () => sim.flushAll());
		for (let i = 0; i < 400 && alice.state!.turnCount === turns; i++) {
			if (!moveOnce(table, [0, 2])) clock.advance(1_000, () => sim.flushAll());
		}
		for (const session of [alice, carol]) {
			expect(session.state!.players[BOB]!.absent).toBe(true);
			expect(standInSeats(session.state)).toEqual([BOB]);
			expect(session.state!.turnCount, 'bob\u2019s turn is over').toBeGreaterThan(turns);
			expect(session.rejections.filter((r) => r.code.startsWith('STAND_IN'))).toEqual([]);
		}
		expect(kinds(alice, 'standIn')).toBeGreaterThan(0);
		expect(alice.standIn.posted + carol.standIn.posted).toBe(kinds(alice, 'standIn'));
		expect(alice.stateHash).toBe(carol.stateHash);

		// Bob comes back: his device catches up and he returns (placed once alice and carol acknowledge
		// it with their next entries: an absent seat is no member); the stand-in stops, bob plays on.
		sim.reconnect(BOB);
		sim.flushAll();
		expect(bob.act(BOB, { type: 'returnPresent', seat: BOB }).ok).toBe(true);
		sim.flushAll();
		for (let i = 0; i < 100 && alice.state!.players[BOB]!.absent; i++) {
			if (!moveOnce(table, [0, 1, 2])) clock.advance(1_000, () => sim.flushAll());
		}
		for (const [i, session] of sessions.entries()) expect(session.state!.players[BOB]!.absent, `session ${i}`).toBe(false);
		expect(standInSeats(alice.state)).toEqual([]);
		const back = alice.state!.turnCount;
		const posted = kinds(alice, 'standIn');
		for (let i = 0; i < 600 && alice.state!.turnCount < back + 3 && alice.state!.phase.kind !== 'over'; i++) {
			if (!moveOnce(table, [0, 1, 2])) clock.advance(1_000, () => sim.flushAll());
		}
		expect(kinds(alice, 'standIn'), 'no stand-in once bob is back').toBe(posted);
		expect(alice.stateHash).toBe(bob.stateHash);
		expect(alice.stateHash).toBe(carol.stateHash);
		sessions.forEach((session) => session.destroy());
	});
});
