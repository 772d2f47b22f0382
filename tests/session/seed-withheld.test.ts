// The countdown reaches a seat that withholds its shuffle seed at the end of a secret-deck game
// (issue 13; docs/deck.md, "The audit"): three sessions over linked Y.Docs with a fake clock; seat 2
// leaves and goes silent, so it never reveals its seed once the others end the game. The table
// waits for its seed; after the countdown the others' devices vote by themselves, it is named
// SEED_WITHHELD and the audit runs without it.
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { legalActions, type CardId, type Seat } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from './fake-clock.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const SECOND = 1000;
const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];
const replayOf = (session: GameSession) => session.replayer as GameReplayer;

describe('Secret deck: a withheld seed at the end', { timeout: 180_000 }, () => {
	it('the table waits for the silent seat’s seed, the others vote by themselves after the countdown, and it is named SEED_WITHHELD', () => {
		const roomCode = 'SEEDWITHHELD'.padEnd(25, 'X');
		const sim = new SimNetwork({ peers: 3, seed: 1313, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`seed-withheld-${i}`), randomBytes: randomBytesFor(`seed-withheld-${i}`), clock }));
		const [a, b, c] = sessions as [GameSession, GameSession, GameSession];
		a.start({ ...options(3), secretDeck: true }, { equivocation: 'forfeit', countdown: 30 });
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
		expect(replayOf(a).core.deck?.steps.some((s) => s.seat === 2 && s.deck !== null)).toBe(true);

		// Seat 2 leaves and goes silent; the two others leave too: the game is over.
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
		const deck = () => replayOf(a).core.deck!;
		expect(deck().seeds.has(0) && deck().seeds.has(1)).toBe(true);
		expect(deck().audit).toBeNull();
		for (const s of [a, b]) {
			expect(s.awaited.map((w) => [w.seat, w.for])).toEqual([[2, 'seed']]);
			expect(s.stall.standing.deck).toEqual({ faults: [], audit: 'waiting' });
			expect(s.stall.canVote, 'a seat that left may vote on seeds').toBe(true);
		}

		// One second short of the countdown: nothing. At the countdown: both vote, seat 2 is named.
		const flush = () => sim.flushAll();
		clock.advance(29 * SECOND, flush);
		expect(deck().audit).toBeNull();
		clock.advance(1 * SECOND, flush);
		flush();
		for (const s of [a, b]) {
			const standing = s.stall.standing;
			expect(standing.deck).toEqual({ faults: [{ seat: 2, code: 'SEED_WITHHELD' }], audit: 'done' });
			expect(standing.cheaters).toEqual([2]);
			expect(s.awaited).toEqual([]);
		}
		expect(a.stateHash).toBe(b.stateHash);
	});
});
