// The countdown reaches a seat that withholds its seeds at the end of a game with the secret deck
// and Hidden Illuminati (issue 13; docs/deck.md, "Hidden Illuminati"): three sessions with a fake
// clock; seat 2 leaves and goes silent, so it reveals neither its draw-deck seed nor its Illuminati
// seed once the others end the game. The table waits for both; after the countdown the others'
// devices vote by themselves, and seat 2 is named SEED_WITHHELD in both decks; the Illuminati deal
// opens with the cards shown only.
import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { DEFAULT_RULES, legalActions, type CardId, type Seat } from '../../src/lib/engine/index.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { FakeClock } from './fake-clock.js';
import { options, randomBytesFor, seedOf } from './helpers.js';

const SECOND = 1000;
const HURRY = ['passWindow', 'passSpending', 'endActions', 'endTurn', 'passTurn'];
const replayOf = (session: GameSession) => session.replayer as GameReplayer;

describe('Hidden Illuminati: withheld seeds at the end', { timeout: 180_000 }, () => {
	it('the table waits for the silent seat’s seeds of both decks; the others vote by themselves after the countdown; it is named SEED_WITHHELD in both', () => {
		const roomCode = 'ILLSEEDWITHHELD'.padEnd(25, 'X');
		const sim = new SimNetwork({ peers: 3, seed: 1313, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`seed-withheld-${i}`), randomBytes: randomBytesFor(`seed-withheld-${i}`), clock }));
		const [a, b, c] = sessions as [GameSession, GameSession, GameSession];
		a.start({ ...options(3), secretDeck: true, rules: { ...DEFAULT_RULES, hiddenIlluminati: true } }, { equivocation: 'forfeit', countdown: 30 });
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
		expect(replayOf(a).core.illuminati?.steps.some((s) => s.seat === 2)).toBe(true);

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
		const deal = () => replayOf(a).core.illuminati!;
		expect(deal().seeds.has(0) && deal().seeds.has(1)).toBe(true);
		expect(deal().opened).toBeNull();
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
		expect(deal().faults.map((f) => [f.seat, f.code])).toEqual([[2, 'SEED_WITHHELD']]);
		expect(deal().opened).not.toBeNull();
		expect(a.stateHash).toBe(b.stateHash);
	});
});
