/**
 * The table of the stand-in tests (absence 'bot'; docs/protocol.md, "Stalling"): three honest
 * sessions over the simulated network with a fake clock and the stand-in desk's timers on it,
 * seated and played by easy bots until it is bob's (seat 1's) turn after the first turn.
 */
import { expect } from 'vitest';
import { askOrder, createBot, type Bot } from '../../src/lib/bots/index.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { DEFAULT_RULES, type GameOptions } from '../../src/lib/engine/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from './fake-clock.js';
import { randomBytesFor, seedOf } from './helpers.js';

export const BOB = 1;

export interface StandInTable {
	readonly sim: SimNetwork;
	readonly clock: FakeClock;
	readonly sessions: readonly [GameSession, GameSession, GameSession];
	readonly bots: readonly Bot[];
}

/** Names that keep one test's game its own: its room, the network's seed, the sessions' and the bots' seeds. */
export interface StandInGame {
	readonly roomCode: string;
	readonly networkSeed: number;
	/** Session seeds are `${label}-${seat}`, random bytes come from `label`. */
	readonly label: string;
	/** Bot seeds are `${botSeed}:${seat}`. */
	readonly botSeed: string;
}

/** Three seated sessions under absence 'bot', with a countdown of 60 s. */
export function standInTable(game: StandInGame): StandInTable {
	const { roomCode } = game;
	const sim = new SimNetwork({ peers: 3, seed: game.networkSeed, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const timers = { paceMs: 0, backupMs: 5_000, setTimeout: clock.setTimeout.bind(clock), clearTimeout: clock.clearTimeout.bind(clock) };
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`${game.label}-${i}`), randomBytes: randomBytesFor(game.label), clock, standIn: timers }));
	const setup: GameOptions = { players: 3, illuminati: 'random', sandbox: false, rules: { ...DEFAULT_RULES, absence: 'bot' } };
	sessions[0]!.start(setup, { equivocation: 'forfeit', countdown: 60 });
	sim.flushAll();
	sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
	sim.flushAll();
	const bots = [0, 1, 2].map((seat) => createBot({ level: 'easy', seed: `${game.botSeed}:${seat}`, nodeBudget: 200 }));
	return { sim, clock, sessions: sessions as [GameSession, GameSession, GameSession], bots };
}

/** One easy-bot move for each session's seat the game waits for; true if any moved. */
export function moveOnce({ sessions, bots, sim }: StandInTable, who: readonly number[]): boolean {
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

/** The bots play every seat until it is bob's turn, after the first turn, with no roll pending. */
export function playUntilBobsTurn(table: StandInTable): void {
	const alice = table.sessions[0];
	for (let i = 0; i < 2_000; i++) {
		const state = alice.state!;
		if (state.turnCount >= 2 && state.turn?.seat === BOB && state.phase.kind === 'turn' && state.random === null) break;
		if (!moveOnce(table, [0, 1, 2])) table.sim.flushAll();
	}
}

/** Bob's device goes silent on his turn; the countdown runs out and alice and carol vote him
 * absent (answering what the stand-in's moves ask of them) until alice's table has him absent. */
export function voteBobAbsent(table: StandInTable): void {
	const { sim, clock, sessions } = table;
	const alice = sessions[0];
	sim.disconnect(BOB);
	clock.advance(61_000, () => sim.flushAll());
	for (let i = 0; i < 200 && !alice.state!.players[BOB]!.absent; i++) if (!moveOnce(table, [0, 2])) clock.advance(1_000, () => sim.flushAll());
	expect(alice.state!.players[BOB]!.absent, 'bob voted absent').toBe(true);
}
