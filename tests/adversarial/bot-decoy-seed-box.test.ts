/**
 * Red team (session 14): nothing checks the boxes a seating player seals a computer player's seed
 * in. A rogue seated a bot with a decoy box for seat 0 and a valid one for seat 2, then left: seat
 * 0's device claimed the bot, won the claim and could never drive it, and seat 2's, which could,
 * never claimed (the log's driver was present). Each device now checks its own box (a seat whose
 * box does not give the bot's key never claims, and its lobby says so), and present holders take
 * their turn one wait after another, so a holder that cannot drive blocks nobody.
 */
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '@noble/hashes/utils.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { SeatedBots } from '../../src/lib/session/bots/seated.js';
import { localThinker } from '../../src/lib/session/bots/thinker.js';
import { botSeatAuth, type BotClaim, type BotSeedBox } from '../../src/lib/protocol/bot-claim.js';
import { sealBytes } from '../../src/lib/protocol/deck/seal.js';
import { GameReplayer } from '../../src/lib/protocol/index.js';
import { newSeed } from '../../src/lib/session/keys.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, Player, randomBytesFor, seedOf } from '../session/helpers.js';

const instant = () => Promise.resolve();

function rogueSeat(b: GameSession, seat: number, decoyFor: number[]): GameSession {
	const random = randomBytesFor('rogue-bot3');
	const seed = newSeed(random);
	const decoy = newSeed(random);
	const seeds: BotSeedBox[] = [];
	(b.replayer as GameReplayer).core.seats.forEach((holder, to) => {
		if (holder === null) return;
		const sealed = sealBytes({ game: b.gameId, kind: 'bot', from: seat, to, position: 0, boxKey: holder.box, plaintext: hexToBytes(decoyFor.includes(to) ? decoy : seed), random });
		if (sealed.ok) seeds.push({ seat: to, box: sealed.value.box });
	});
	const bot = new GameSession({ game: b.game, roomCode: b.roomCode, seed, randomBytes: random, title: b.title, origin: Symbol('rogue-bot'), genesis: b.genesisId });
	const claim: BotClaim = { level: 'easy', by: b.mySeats[0]!, seeds, auth: botSeatAuth(b.identity.secretKey, b.gameId, bot.key, seat, 'easy') };
	expect(bot.claim(seat, claim).ok).toBe(true);
	return bot;
}

describe('a decoy seed box for one holder of a seated computer player', { timeout: 120_000 }, () => {
	for (const rogue of [false, true]) {
		it(rogue ? 'decoy for seat 0: its device never claims and says so; seat 2 takes the bot over' : 'all boxes valid: a holder takes the bot over', () => {
			const roomCode = `BOTJUNK3${rogue ? 'R' : 'H'}`.padEnd(25, 'X');
			const sim = new SimNetwork({ peers: 3, seed: 5, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
			const clock = new FakeClock();
			const [a, b, c] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`j3-${rogue}-${i}`), randomBytes: randomBytesFor(`j3-${rogue}-${i}`), clock })) as [GameSession, GameSession, GameSession];
			a.start(options(4), { equivocation: 'forfeit', countdown: 30 });
			sim.flushAll();
			[a, b, c].forEach((s, i) => {
				expect(s.claim(i).ok).toBe(true);
				sim.flushAll();
			});
			const present = new Set([a.key, b.key, c.key]);
			const make = (s: GameSession, n: string) => new SeatedBots(s, { thinker: localThinker(null), random: randomBytesFor(`j3b-${n}-${rogue}`), present: () => present, timeBudgetMs: null, wait: instant, clock });
			const botsA = make(a, 'a');
			const botsC = make(c, 'c');
			const botSession = rogueSeat(b, 3, rogue ? [0] : []);
			sim.flushAll();
			clock.advance(1000, () => sim.flushAll());
			expect(a.seats[3]).not.toBeNull();
			expect(botsC.bots[0]).toMatchObject({ seat: 3, by: 1, holders: [0, 1, 2] });
			botSession.destroy();
			b.destroy();
			sim.disconnect(1);
			present.delete(b.key);
			expect(botsA.bots[0]!.unopenable).toEqual(rogue ? [0] : []);
			expect(botsC.bots[0]!.unopenable).toEqual([]);
			// The people play on until the game waits for the bot, and its holders take their turns to take it over.
			const people = [new Player(`j3p-a-${rogue}`), new Player(`j3p-c-${rogue}`)];
			for (let i = 0; i < 300 && !botsA.bots[0]!.driving && !botsC.bots[0]!.driving; i++) {
				people[0]!.move(a);
				people[1]!.move(c);
				sim.flushAll();
				botsA.update();
				botsC.update();
				clock.advance(1000, () => sim.flushAll());
			}
			const claims = a.replayer.accepted.filter((e) => e.kind === 'botDrive').map((e) => JSON.parse(e.text).body.seat);
			if (rogue) {
				expect(botsC.bots[0]!.driving, 'seat 2 drives the bot').toBe(true);
				expect(claims, 'seat 0 never claimed it').not.toContain(0);
			} else expect(botsA.bots[0]!.driving || botsC.bots[0]!.driving).toBe(true);
			for (const s of [botsA, botsC]) s.destroy();
			for (const s of [a, c]) s.destroy();
		});
	}
});
