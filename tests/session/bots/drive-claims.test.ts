// Taking a seated bot over is settled by the log (session/bots/drive-claims.ts): a device that means
// to drive the bot posts a `botDrive` claim signed by its own seat key, naming the bot's head; the
// first claim in the replay order naming it wins on every device, and only the winner signs for the
// bot. Two devices claiming at once (each believing the other gone) never both sign: no equivocation.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { SimNetwork } from '../../../src/lib/dev/sim.js';
import { seatsToAct, type Seat } from '../../../src/lib/engine/index.js';
import { GameSession, gameIdOf } from '../../../src/lib/session/index.js';
import { driveWinner, type DriveClaim } from '../../../src/lib/session/bots/drive-claims.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { FakeClock } from '../fake-clock.js';
import { options, randomBytesFor, seedOf } from '../helpers.js';

const instant = () => Promise.resolve();
const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];
const BOT = 3;

describe('driveWinner', () => {
	const claim = (id: string, seat: Seat, after: string): DriveClaim => ({ id, seat, after });
	it('the first claim in the order naming the head wins; a claim naming the winner takes over from it', () => {
		expect(driveWinner([], 'L')).toEqual({ winner: null, head: 'L' });
		const first = claim('c1', 0, 'L');
		const second = claim('c2', 1, 'L');
		expect(driveWinner([first, second], 'L')).toEqual({ winner: first, head: 'c1' });
		expect(driveWinner([second, first], 'L')).toEqual({ winner: second, head: 'c2' });
		const next = claim('c3', 1, 'c1');
		expect(driveWinner([first, second, next], 'L')).toEqual({ winner: next, head: 'c3' });
	});
	it('claims naming an older head change nothing once the bot has moved on', () => {
		expect(driveWinner([claim('c1', 0, 'L'), claim('c2', 1, 'L')], 'M')).toEqual({ winner: null, head: 'M' });
	});
});

describe('two devices take a bot over at once', { timeout: 180_000 }, () => {
	it('both claim; the log orders one first on both devices; only it drives, the other never signs for the bot; the game goes on', async () => {
		const roomCode = 'BOTDRIVECLAIMXXXXXXXXXXXX';
		const sim = new SimNetwork({ peers: 3, seed: 17, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const [a, b, c] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`drive-${i}`), randomBytes: randomBytesFor(`drive-${i}`), clock })) as [GameSession, GameSession, GameSession];
		a.start(options(4), { equivocation: 'forfeit', countdown: 30 });
		sim.flushAll();
		for (const [session, seat] of [[a, 0], [b, 1], [c, 2]] as const) {
			expect(session.claim(seat).ok).toBe(true);
			sim.flushAll();
		}
		// Each device's own view of presence (unauthenticated, and here inconsistent).
		const presence = [new Set([a.key, b.key, c.key]), new Set([a.key, b.key, c.key]), new Set([a.key, b.key, c.key])];
		const make = (session: GameSession, i: number) =>
			new SeatedBots(session, { thinker: localThinker(null), random: randomBytesFor(`drive-bots-${i}`), present: () => presence[i]!, timeBudgetMs: null, wait: instant, clock, claimSettleMs: 1_500 });
		const [botsA, botsB, botsC] = [make(a, 0), make(b, 1), make(c, 2)];
		expect(botsC.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();
		expect(botsA.bots[0]).toMatchObject({ by: 2, holders: [0, 1, 2], driving: false });

		const humans = [0, 1, 2].map((seat) => createBot({ level: 'easy', seed: `drive-human-${seat}` }));
		const sessions = [a, b, c];
		const all = [botsA, botsB, botsC];
		const playUntil = async (until: () => boolean, seats: readonly Seat[], live: GameSession) => {
			for (let k = 0; k < 4000 && !until(); k++) {
				for (const bots of all) for (const d of bots.drivers) await d.idle();
				sim.flushAll();
				const state = live.state!;
				let moved = false;
				for (const seat of seats) {
					if (!seatsToAct(state).includes(seat)) continue;
					const session = sessions[seat]!;
					const action = humans[seat]!.decide(session.state!, seat) ?? session.legal(seat).find((o) => PASSES.includes(o.action.type))?.action;
					if (action && session.act(seat, action).ok) moved = true;
					sim.flushAll();
				}
				if (!moved) {
					clock.advance(500, () => sim.flushAll());
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
			}
			expect(until()).toBe(true);
		};
		await playUntil(() => a.state!.turnCount >= 2, [0, 1, 2], a);
		const botKey = a.seats[BOT]!;
		const botEntries = (session: GameSession) => session.replayer.accepted.filter((e) => JSON.parse(e.text).author === botKey).length;
		expect(botEntries(a)).toBeGreaterThan(0);

		// The owner's device leaves. A sees it gone; B believes A gone too: both claim, before either sees the other.
		for (const bots of all) for (const d of bots.drivers) await d.idle();
		sim.flushAll();
		botsC.destroy();
		c.destroy();
		sim.disconnect(2);
		presence[0]!.delete(c.key);
		presence[1]!.delete(c.key);
		presence[1]!.delete(a.key);
		botsA.update();
		botsB.update();
		const claims = (session: GameSession) => session.replayer.accepted.filter((e) => e.kind === 'botDrive').map((e) => e.id);
		expect(claims(a)).toHaveLength(1);
		expect(claims(b)).toHaveLength(1);
		expect(claims(a)).not.toEqual(claims(b));
		expect(botsA.bots[0]!.driving || botsB.bots[0]!.driving, 'nobody drives before the claims settle').toBe(false);
		// B's view of A comes back (its misjudgement made the race; the log settles it).
		presence[1]!.add(a.key);
		sim.flushAll();
		expect(claims(a), 'both devices order the two claims alike').toEqual(claims(b));
		clock.advance(2_000, () => sim.flushAll());
		botsA.update();
		botsB.update();
		const drivers = [botsA.bots[0]!.driving, botsB.bots[0]!.driving];
		expect(drivers.filter(Boolean), 'exactly one device drives').toHaveLength(1);
		const winner = drivers[0] ? a : b;
		const loser = drivers[0] ? botsB : botsA;

		// The game goes on with the bot; the loser never drives; no equivocation.
		const turns = a.state!.turnCount;
		const before = botEntries(a);
		await playUntil(() => a.state!.turnCount >= turns + 3 || a.state!.phase.kind === 'over', [0, 1], winner);
		expect(botEntries(a), 'the bot kept playing').toBeGreaterThan(before);
		expect(loser.bots[0]!.driving).toBe(false);
		expect(loser.drivers, 'the loser never drove').toEqual([]);
		for (const session of [a, b]) expect(session.rejections.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
		expect(a.stateHash).toBe(b.stateHash);

		// The loser's device now believes the winner gone and claims the bot: the driver stops at once
		// (before the claimant drives), the claimant drives once its claim settled, still no equivocation.
		for (const bots of all) for (const d of bots.drivers) await d.idle();
		sim.flushAll();
		const winnerBots = drivers[0] ? botsA : botsB;
		const loserIndex = drivers[0] ? 1 : 0;
		presence[loserIndex]!.delete(winner.key);
		loser.update();
		sim.flushAll();
		expect(winnerBots.bots[0]!.driving, 'the driver stopped when the other claim won').toBe(false);
		expect(loser.bots[0]!.driving, 'the claimant waits for its claim to settle').toBe(false);
		clock.advance(2_000, () => sim.flushAll());
		expect(loser.bots[0]!.driving).toBe(true);
		const handedOver = botEntries(a);
		await playUntil(() => botEntries(a) > handedOver + 2 || a.state!.phase.kind === 'over', [0, 1], winner);
		for (const session of [a, b]) expect(session.rejections.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
		expect(a.stateHash).toBe(b.stateHash);
		botsA.destroy();
		botsB.destroy();
		a.destroy();
		b.destroy();
	});
});
