/**
 * The table of the withheld-seed tests (issue 13; docs/deck.md, "The audit" and "Hidden
 * Illuminati"): three sessions over linked Y.Docs with a fake clock play a secret-deck game until
 * the draw deck is shuffled and drawn from; then seat 2 leaves and goes silent, and the two others
 * leave too, so the game is over with seat 2's seeds never revealed. The countdown then runs out.
 */
import { expect } from 'vitest';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { legalActions, type CardId, type GameOptions, type Seat } from '../../src/lib/engine/index.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from './fake-clock.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const SECOND = 1000;
const COUNTDOWN = 30;
const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];

export const replayOf = (session: GameSession) => session.replayer as GameReplayer;

export interface SeedTable {
	readonly sim: SimNetwork;
	readonly clock: FakeClock;
	readonly sessions: readonly [GameSession, GameSession, GameSession];
}

/** Three seated sessions of a secret-deck game (`rules` added to the defaults), played until the deck has been drawn from twice. */
export function drawnSecretDeckTable(roomCode: string, rules: Partial<GameOptions['rules']> = {}): SeedTable {
	const sim = new SimNetwork({ peers: 3, seed: 1313, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`seed-withheld-${i}`), randomBytes: randomBytesFor(`seed-withheld-${i}`), clock }));
	const [a] = sessions as [GameSession, GameSession, GameSession];
	const setup = options(3);
	a.start({ ...setup, secretDeck: true, rules: { ...setup.rules, ...rules } }, { equivocation: 'forfeit', countdown: COUNTDOWN });
	sim.flushAll();
	sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
	sim.flushAll();

	// Turns end quickly until the deck is shuffled and drawn from.
	const choosers = [0, 1, 2].map((i) => new Chooser(`seed-withheld-${i}`));
	const secrets = new Map<Seat, { goal: CardId; salt: string }>();
	for (let i = 0; i < 600 && (a.state!.drawn ?? 0) < 2; i++) {
		const seat = i % 3;
		const view = sessions[seat]!.view(seat);
		if (view === null || view.phase.kind === 'over' || view.random !== null) {
			sim.flushAll();
			continue;
		}
		const action = legalActions(view, seat).find((legal) => HURRY.includes(legal.action.type))?.action ?? randomEntry(view, choosers[seat]!, secrets, 'cautious');
		if (action !== null && action.type !== 'random' && action.type !== 'fixed' && action.seat === seat) expect(sessions[seat]!.act(seat, action).ok).toBe(true);
		sim.flushAll();
	}
	return { sim, clock, sessions: sessions as [GameSession, GameSession, GameSession] };
}

/** Seat 2 leaves and goes silent; the two others leave too: the game is over. */
export function silentSeatLeavesAndTheGameEnds({ sim, sessions }: SeedTable): void {
	const [a, b, c] = sessions;
	const leave = (session: GameSession, seat: Seat) => {
		const action = session.legal(seat).find((l) => l.action.type === 'leave')?.action;
		if (action !== undefined) expect(session.act(seat, action as never).ok).toBe(true);
		sim.flushAll();
	};
	leave(c, 2);
	expect(a.state!.players[2]!.left).toBe(true);
	sim.disconnect(2);
	const over = () => a.state!.phase.kind === 'over';
	for (let round = 0; round < 5 && !over(); round++) {
		if (!a.state!.players[0]!.left) leave(a, 0);
		if (!over() && !b.state!.players[1]!.left) leave(b, 1);
	}
	expect(over()).toBe(true);
}

/** Both present devices wait for seat 2's seed, and either may vote on it (a seat that left may). */
export function expectBothWaitForTheSilentSeed({ sessions: [a, b] }: SeedTable): void {
	for (const s of [a, b]) {
		expect(s.awaited.map((w) => [w.seat, w.for])).toEqual([[2, 'seed']]);
		expect(s.stall.standing.deck).toEqual({ faults: [], audit: 'waiting' });
		expect(s.stall.canVote, 'a seat that left may vote on seeds').toBe(true);
	}
}

/** One second short of the countdown nothing happens; at the countdown both vote, and seat 2 is named SEED_WITHHELD in the draw deck. */
export function countdownNamesTheSilentSeat(table: SeedTable): void {
	const { sim, clock, sessions: [a, b] } = table;
	const flush = () => sim.flushAll();
	clock.advance((COUNTDOWN - 1) * SECOND, flush);
	expect(replayOf(a).core.deck!.audit).toBeNull();
	clock.advance(1 * SECOND, flush);
	flush();
	for (const s of [a, b]) {
		const standing = s.stall.standing;
		expect(standing.deck).toEqual({ faults: [{ seat: 2, code: 'SEED_WITHHELD' }], audit: 'done' });
		expect(standing.cheaters).toEqual([2]);
		expect(s.awaited).toEqual([]);
	}
}
