// The stand-in (absence 'bot') with two present seats left: bob's seat is played by the stand-in,
// then carol's device goes silent. Alice's vote against carol is a lone one (two members): it
// stands until carol answers, so nothing after it is final; in alice's provisional tail the next
// roll has fewer than t reachable shares and a voted-out seat forfeits it (docs/protocol.md,
// "Stalling"). Whatever the table waits on, the stall watch names it (the vote against carol, the
// forfeit), never an empty "waiting for".
import { describe, expect, it } from 'vitest';
import { askOrder, createBot, type Bot } from '../../src/lib/bots/index.js';
import { DEFAULT_RULES, type GameOptions } from '../../src/lib/engine/index.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from './fake-clock.js';
import { randomBytesFor, seedOf } from './helpers.js';

const BOB = 1;

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

describe('stand-ins with two present seats left', { timeout: 120_000 }, () => {
	it('bob stands in by bot, carol goes silent: alice\u2019s lone vote holds the order, and the stall watch names the vote or the forfeit, never an empty wait', () => {
		const roomCode = 'STANDINLONEXXXXXXXXXXXXXX';
		const sim = new SimNetwork({ peers: 3, seed: 12, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const timers = { paceMs: 0, backupMs: 5_000, setTimeout: clock.setTimeout.bind(clock), clearTimeout: clock.clearTimeout.bind(clock) };
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`stand-in-lone-${i}`), randomBytes: randomBytesFor('stand-in-lone'), clock, standIn: timers }));
		const setup: GameOptions = { players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } };
		sessions[0]!.start(setup, { equivocation: 'forfeit', countdown: 60 });
		sim.flushAll();
		sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
		sim.flushAll();
		const bots = [0, 1, 2].map((seat) => createBot({ level: 'easy', seed: `lone:${seat}`, nodeBudget: 200 }));
		const alice = sessions[0]!;
		for (let i = 0; i < 2_000; i++) {
			const state = alice.state!;
			if (state.turnCount >= 2 && state.turn?.seat === BOB && state.phase.kind === 'turn' && state.random === null) break;
			if (!moveOnce(sessions, bots, [0, 1, 2], sim)) sim.flushAll();
		}
		sim.disconnect(BOB);
		clock.advance(61_000, () => sim.flushAll());
		for (let i = 0; i < 200 && !alice.state!.players[BOB]!.absent; i++) if (!moveOnce(sessions, bots, [0, 2], sim)) clock.advance(1_000, () => sim.flushAll());
		expect(alice.state!.players[BOB]!.absent).toBe(true);
		// Carol's device goes too: alice and carol are the two members left, so alice's vote is a lone one.
		sim.disconnect(2);
		let unnamed = 0;
		let named = 0;
		for (let i = 0; i < 300 && alice.state!.phase.kind !== 'over'; i++) {
			if (moveOnce(sessions, bots, [0], sim)) continue;
			clock.advance(5_000, () => sim.flushAll());
			const stall = alice.stall;
			// The panel names an awaited seat, this device's own wait, the pending step, or a forfeit.
			if (stall.awaited.length === 0 && !stall.mineAwaited && stall.pending === null && stall.standing.forfeit === null) unnamed++;
			if (stall.pending?.kind === 'vote' || stall.standing.forfeit !== null) named++;
		}
		expect(unnamed, 'the stall watch named nobody while the game waited').toBe(0);
		expect(named, 'alice\u2019s table waited on the vote against carol (or showed the stalled roll\u2019s forfeit), and said so').toBeGreaterThan(0);
		sessions.forEach((session) => session.destroy());
	});
});
