// StandInDesk over the simulated network (absence 'bot'): three honest sessions, easy bots play
// them; bob's device goes silent on his turn, the others' devices vote him absent after the
// countdown, and the lowest present seat's device posts the stand-in bot's moves until bob's turn is
// over; the others agree. Bob then comes back and plays for himself.
import { describe, expect, it } from 'vitest';
import { askOrder, createBot, type Bot } from '../../src/lib/bots/index.js';
import { DEFAULT_RULES, type GameOptions } from '../../src/lib/engine/index.js';
import { readLog } from '../../src/lib/net/doc.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { parseEntry } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { standInSeats } from '../../src/lib/session/stand-in.js';
import { FakeClock } from './fake-clock.js';
import { randomBytesFor, seedOf } from './helpers.js';

const BOB = 1;
const kinds = (session: GameSession, kind: string) => readLog(session.game).filter((raw) => {
	const parsed = parseEntry(raw);
	return parsed.ok && parsed.entry.kind === kind;
}).length;

/** One easy-bot move for each session's seat the game waits for; true if any moved. */
function moveOnce(sessions: readonly GameSession[], bots: readonly Bot[], who: readonly number[], sim: SimNetwork): boolean {
	for (const p of who) {
		const session = sessions[p]!;
		const state = session.state;
		if (state === null || state.random !== null) continue;
		for (const seat of askOrder(state)) {
			if (!session.mySeats.includes(seat)) continue;
			const action = bots[seat]!.decide(state, seat);
			if (action === null) continue;
			const result = session.act(seat, action);
			if (!result.ok) throw new Error(`act refused a bot move: ${JSON.stringify(result)}`);
			sim.flushAll();
			return true;
		}
	}
	return false;
}

describe('StandInDesk', { timeout: 120_000 }, () => {
	it('a silent seat voted absent under absence "bot": a present device posts the stand-in bot\u2019s moves, every peer takes them, and the game goes on; the player comes back', () => {
		const roomCode = 'STANDINDESKXXXXXXXXXXXXXX';
		const sim = new SimNetwork({ peers: 3, seed: 11, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const timers = { paceMs: 0, backupMs: 5_000, setTimeout: clock.setTimeout.bind(clock), clearTimeout: clock.clearTimeout.bind(clock) };
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`stand-in-${i}`), randomBytes: randomBytesFor('stand-in'), clock, standIn: timers }));
		const setup: GameOptions = { players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } };
		sessions[0]!.start(setup, { equivocation: 'forfeit', countdown: 60 });
		sim.flushAll();
		sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
		sim.flushAll();
		const bots = [0, 1, 2].map((seat) => createBot({ level: 'easy', seed: `desk:${seat}`, nodeBudget: 200 }));
		const [alice, bob, carol] = sessions as [GameSession, GameSession, GameSession];

		// Play until it is bob's turn (after the first turn), then bob's device goes silent.
		for (let i = 0; i < 2_000; i++) {
			const state = alice.state!;
			if (state.turnCount >= 2 && state.turn?.seat === BOB && state.phase.kind === 'turn' && state.random === null) break;
			if (!moveOnce(sessions, bots, [0, 1, 2], sim)) sim.flushAll();
		}
		expect(alice.state!.turn?.seat).toBe(BOB);
		const turns = alice.state!.turnCount;
		sim.disconnect(BOB);

		// The countdown runs out: alice and carol vote, bob is absent, and the stand-in plays his turn.
		// (alice and carol answer what the stand-in's moves ask of them: spending, windows).
		clock.advance(61_000, () => sim.flushAll());
		for (let i = 0; i < 400 && alice.state!.turnCount === turns; i++) {
			if (!moveOnce(sessions, bots, [0, 2], sim)) clock.advance(1_000, () => sim.flushAll());
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
			if (!moveOnce(sessions, bots, [0, 1, 2], sim)) clock.advance(1_000, () => sim.flushAll());
		}
		for (const [i, session] of sessions.entries()) expect(session.state!.players[BOB]!.absent, `session ${i}`).toBe(false);
		expect(standInSeats(alice.state)).toEqual([]);
		const back = alice.state!.turnCount;
		const posted = kinds(alice, 'standIn');
		for (let i = 0; i < 600 && alice.state!.turnCount < back + 3 && alice.state!.phase.kind !== 'over'; i++) {
			if (!moveOnce(sessions, bots, [0, 1, 2], sim)) clock.advance(1_000, () => sim.flushAll());
		}
		expect(kinds(alice, 'standIn'), 'no stand-in once bob is back').toBe(posted);
		expect(alice.stateHash).toBe(bob.stateHash);
		expect(alice.stateHash).toBe(carol.stateHash);
		sessions.forEach((session) => session.destroy());
	});
});
