// StallWatch with a fake clock: honest sessions over linked Y.Docs (SimNetwork) where one seat's
// device goes silent while the table waits for it. After the countdown the others vote it absent
// and the table moves on; hot seat and countdown 0 never vote; a two-player staller forfeits.
import { describe, expect, it } from 'vitest';
import { createGameDoc, appendEntry, readLog } from '../../src/lib/net/doc.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { parseEntry, type GameReplayer, type ProtocolRules } from '../../src/lib/protocol/index.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { device, newTable, play } from '../protocol/game.js';
import { FakeClock } from './fake-clock.js';
import { options, Player, randomBytes, randomBytesFor, seedOf } from './helpers.js';

const SECOND = 1000;
const votesIn = (session: GameSession) => readLog(session.game).filter((raw) => {
	const parsed = parseEntry(raw);
	return parsed.ok && parsed.entry.kind === 'absent';
}).length;
const replayOf = (session: GameSession) => session.replayer as GameReplayer;

interface Table {
	sim: SimNetwork;
	clock: FakeClock;
	sessions: GameSession[];
	players: Player[];
}

/** `n` sessions, one seat each, linked over the simulated network (prompt, in order, no copies). */
function table(name: string, n: number, rules: ProtocolRules): Table {
	const roomCode = `STALL${name}`.toUpperCase().padEnd(25, 'X').slice(0, 25);
	const sim = new SimNetwork({ peers: n, seed: n * 7 + name.length, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
	const clock = new FakeClock();
	const sessions = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`stall-${name}-${i}`), randomBytes: randomBytesFor(`stall-${name}`), clock }));
	sessions[0]!.start(options(n), rules);
	sim.flushAll();
	sessions.forEach((session, seat) => expect(session.claim(seat).ok).toBe(true));
	sim.flushAll();
	return { sim, clock, sessions, players: sessions.map((_, i) => new Player(`stall-${name}-${i}`)) };
}

/**
 * Plays until a move of a seat other than `staller` opens a random event (after `events` were
 * settled), and cuts the staller off before that move reaches it: the table then waits for it.
 */
function stallAtRandomEvent(t: Table, staller: number, events = 2): void {
	for (let round = 0; round < 3_000; round++) {
		for (const [p, session] of t.sessions.entries()) {
			if (!t.players[p]!.move(session)) continue;
			if (p !== staller && session.state!.random !== null && replayOf(session).core.settled >= events) {
				t.sim.disconnect(staller);
				t.sim.flushAll();
				return;
			}
			t.sim.flushAll();
		}
	}
	throw new Error('no random event opened by another seat');
}

/** Random moves by the sessions in `who` (flushing after each), `moves` times at most. */
function playOn(t: Table, who: readonly number[], moves: number): void {
	for (let k = 0; k < moves; k++) {
		for (const p of who) if (t.players[p]!.move(t.sessions[p]!)) t.sim.flushAll();
		t.sim.flushAll();
	}
}

describe('StallWatch', { timeout: 120_000 }, () => {
	it('three players: a silent seat is awaited, voted absent by the others after the countdown, the pending roll completes with their shares, and its later entries change nothing final', () => {
		const t = table('three', 3, { equivocation: 'forfeit', countdown: 60 });
		const [a, b, c] = t.sessions as [GameSession, GameSession, GameSession];
		const started = t.clock.now();
		stallAtRandomEvent(t, 2);
		const settled = replayOf(a).core.settled;
		const event = replayOf(a).core.event!;
		expect(event, 'a random event is open').not.toBeNull();
		expect(replayOf(a).isFinal(event.opener), 'its opener waits for the silent seat').toBe(false);
		for (const s of [a, b]) {
			expect(s.awaited, 'the table waits for seat 2 only').toEqual([{ seat: 2, for: 'acknowledgement', since: started }]);
			expect(s.countdown).toBe(60);
			expect(s.stall.automatic).toBe(true);
		}

		// One second short of the countdown: no vote. At the countdown: both vote, the staller is cut.
		const flush = () => t.sim.flushAll();
		t.clock.advance(59 * SECOND, flush);
		expect(votesIn(a)).toBe(0);
		t.clock.advance(1 * SECOND, flush);
		flush();
		for (const s of [a, b]) {
			const core = replayOf(s).core;
			expect(core.votedOut.has(2), 'voted out by a majority of the others').toBe(true);
			expect(core.votes.get(2)).toEqual(expect.arrayContaining([0, 1]));
			expect(core.settled, 'the roll completed with the two shares of the others').toBeGreaterThan(settled);
			expect(replayOf(s).isFinal(event.opener)).toBe(true);
			expect(s.state!.players[2]!.left, 'the engine took the votes once the roll was in: the seat left').toBe(true);
			expect(s.awaited.some((w) => w.seat === 2)).toBe(false);
			expect(s.stall.standing.votedOut).toEqual([2]);
		}
		expect(a.stateHash).toBe(b.stateHash);
		expect(a.voteAbsent(2)).toMatchObject({ ok: false, error: { code: 'NOT_AWAITED' } });

		// The table moves on without it: more rolls, more turns.
		const turns = a.state!.turnCount;
		playOn(t, [0, 1], 40);
		expect(replayOf(a).core.settled).toBeGreaterThan(settled + 1);
		expect(a.state!.turnCount).toBeGreaterThan(turns);
		expect(a.stateHash).toBe(b.stateHash);

		// The silent device comes back: what it posted meanwhile (its own vote against a seat it
		// saw awaited, its share) changes nothing final, and everyone agrees.
		const final = replayOf(a).finalCount;
		const finalIds = replayOf(a).accepted.slice(0, final).map((e) => e.id);
		const hash = a.stateHash;
		const late = readLog(c.game).length;
		expect(votesIn(c), 'cut off with its clock running, it voted against a seat it saw awaited').toBeGreaterThan(0);
		t.sim.reconnect(2);
		flush();
		expect(readLog(a.game).length, 'its entries reached the others').toBeGreaterThanOrEqual(late);
		expect(votesIn(a)).toBe(votesIn(c));
		for (const s of [a, b, c]) expect(replayOf(s).accepted.slice(0, final).map((e) => e.id)).toEqual(finalIds);
		expect(a.stateHash).toBe(hash);
		expect(c.stateHash).toBe(hash);
		expect(c.stall.canVote, 'a seat that left votes no more').toBe(false);
	});

	it('a device the table also waits for votes nobody: a window nobody answers cuts nobody', () => {
		const t = table('window', 3, { equivocation: 'forfeit', countdown: 60 });
		// Whoever the first-player roll chose, the turn-start window waits for the other seats.
		const inWindow = t.sessions.map((s, seat) => [s, seat] as const).filter(([s]) => s.stall.mineAwaited);
		expect(inWindow.length, 'seats awaited in the turn-start window').toBeGreaterThanOrEqual(2);
		const [actor, actorSeat] = inWindow[0]!;
		const others = inWindow.slice(1).map(([, seat]) => seat);
		expect(actor.awaited.map((w) => [w.seat, w.for])).toEqual(others.map((seat) => [seat, 'window']));
		t.clock.advance(600 * SECOND, () => t.sim.flushAll());
		expect(votesIn(actor), 'everyone idle in the turn-start window: no vote').toBe(0);

		// The actor answers: its device now votes each other awaited seat, one vote each of two: nobody is cut.
		const pass = actor.legal(actorSeat).find((l) => l.action.type === 'passWindow')!;
		expect(actor.act(actorSeat, pass.action as never).ok).toBe(true);
		t.sim.flushAll();
		expect(actor.stall.mineAwaited).toBe(false);
		t.clock.advance(60 * SECOND, () => t.sim.flushAll());
		const observer = t.sessions[others[0]!]!;
		expect(replayOf(observer).core.votes).toEqual(new Map(others.map((seat) => [seat, [actorSeat]])));
		expect(replayOf(observer).core.votedOut.size).toBe(0);
		expect(observer.stall.mineAwaited).toBe(true);
	});

	it('hot seat: every seat on this device, never a vote, whatever the countdown', () => {
		const clock = new FakeClock();
		const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('stall-hot'), randomBytes, clock, rules: { equivocation: 'forfeit', countdown: 5 } });
		const player = new Player('stall-hot');
		for (let i = 0; i < 30; i++) player.move(session);
		expect(session.awaited).toEqual([]);
		expect(session.stall.canVote).toBe(false);
		clock.advance(3600 * SECOND);
		expect(votesIn(session)).toBe(0);
		expect(clock.pending).toBe(0);
		expect(session.voteAbsent(1)).toMatchObject({ ok: false, error: { code: 'NOT_SEAT_HOLDER' } });
	});

	it('countdown 0: the silent seat is shown awaited but never voted automatically; a vote by hand is possible, once', () => {
		const t = table('zero', 3, { equivocation: 'forfeit', countdown: 0 });
		const [a, b] = t.sessions as [GameSession, GameSession];
		stallAtRandomEvent(t, 2, 1);
		expect(a.awaited.map((w) => w.seat)).toEqual([2]);
		t.clock.advance(3600 * SECOND, () => t.sim.flushAll());
		expect(votesIn(a)).toBe(0);
		expect(t.clock.pending).toBe(0);
		expect(a.stall.automatic).toBe(false);

		expect(a.voteAbsent(1)).toMatchObject({ ok: false, error: { code: 'NOT_AWAITED' } });
		expect(a.voteAbsent(2)).toMatchObject({ ok: true });
		expect(a.voteAbsent(2)).toMatchObject({ ok: false, error: { code: 'ALREADY_VOTED' } });
		t.sim.flushAll();
		expect(replayOf(b).core.votedOut.has(2), 'one vote of two is no majority').toBe(false);
		expect(b.voteAbsent(2)).toMatchObject({ ok: true });
		t.sim.flushAll();
		expect(replayOf(a).core.votedOut.has(2)).toBe(true);
		expect(a.stateHash).toBe(b.stateHash);
	});

	it('a spectator votes nothing (NOT_SEAT_HOLDER); a version-1 game takes no vote (READ_ONLY)', () => {
		const t = table('watch', 2, { equivocation: 'forfeit', countdown: 60 });
		const spectator = new GameSession({ game: createGameDoc(t.sessions[0]!.gameId), roomCode: t.sessions[0]!.roomCode, seed: seedOf('stall-spectator'), randomBytes, clock: t.clock });
		appendEntry(spectator.game, readLog(t.sessions[0]!.game));
		expect(spectator.mySeats).toEqual([]);
		expect(spectator.voteAbsent(0)).toMatchObject({ ok: false, error: { code: 'NOT_SEAT_HOLDER' } });

		const v1 = newTable(gameIdOf('STALLVERSIONONEXXXXXXXXXX'), [device('v1-a'), device('v1-b')]);
		play(v1, 20, 'stall-v1');
		const doc = createGameDoc(v1.replay.gameId);
		appendEntry(doc, v1.entries);
		const old = new GameSession({ game: doc, roomCode: 'STALLVERSIONONEXXXXXXXXXX', seed: seedOf('stall-v1'), randomBytes, clock: t.clock });
		expect(old.readOnly).toBe(true);
		expect(old.awaited).toEqual([]);
		expect(old.voteAbsent(0)).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
	});

	// The staller's device is closed here, not cut off: a two-player device cut off with its clock
	// running would vote the other out in its own view, and each side would see the other forfeit.
	it('two players: the closed seat is voted out after the countdown and forfeits (a stalled roll resolves against the staller) until it comes back and answers', () => {
		const t = table('two', 2, { equivocation: 'forfeit', countdown: 30 });
		const [a, closed] = t.sessions as [GameSession, GameSession];
		stallAtRandomEvent(t, 1);
		closed.destroy();
		expect(a.awaited.map((w) => w.seat)).toEqual([1]);
		t.clock.advance(29 * SECOND, () => t.sim.flushAll());
		expect(votesIn(a)).toBe(0);
		t.clock.advance(1 * SECOND, () => t.sim.flushAll());
		const core = replayOf(a).core;
		expect(core.votedOut.has(1)).toBe(true);
		expect(core.forfeit).toEqual({ seat: 1, reason: 'stalled' });
		expect(a.stall.standing.forfeit).toEqual({ seat: 1, reason: 'stalled' });
		expect(a.awaited).toEqual([]);
		// With two seats the vote stands only while seat 1 is silent, so nothing after it is final yet.
		const vote = replayOf(a).accepted.find((entry) => entry.kind === 'absent')!;
		expect(replayOf(a).isFinal(vote.id)).toBe(false);
		// Opened again, seat 1 answers with the share the roll waits for: the vote is void, the game goes on.
		const b = new GameSession({ game: t.sim.peers[1]!.game, roomCode: a.roomCode, seed: seedOf('stall-two-1'), randomBytes, clock: t.clock });
		expect(b.mySeats).toEqual([1]);
		t.sim.reconnect(1);
		t.sim.flushAll();
		expect(b.stateHash).toBe(a.stateHash);
		for (const session of [a, b]) {
			expect(replayOf(session).core.forfeit).toBeNull();
			expect(replayOf(session).rejections.find((r) => r.id === vote.id)?.code).toBe('VOTE_ANSWERED');
			expect(replayOf(session).isFinal(vote.id)).toBe(true);
		}
	});
});
