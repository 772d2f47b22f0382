/**
 * Red team (session 14): every seated player holds a box of a computer player's seed, so any of
 * them can sign as that bot. One signed, as bot A, the consent to seat bot B (`by` = A's seat):
 * every peer accepted it and every lobby showed B "run by" a computer player, naming no person.
 * A bot's join must now name a person (`BOT_NOT_AUTHORIZED`).
 */
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { SimNetwork } from '../../src/lib/dev/sim.js';
import { GameSession, gameIdOf } from '../../src/lib/session/index.js';
import { readClaims, SeatedBots } from '../../src/lib/session/bots/seated.js';
import { localThinker } from '../../src/lib/session/bots/thinker.js';
import { botSeatAuth, type BotClaim } from '../../src/lib/protocol/bot-claim.js';
import { openSealBytes } from '../../src/lib/protocol/deck/seal.js';
import { boxKeyPair } from '../../src/lib/protocol/coin/keys.js';
import { boxSecret } from '../../src/lib/session/keys.js';
import { FakeClock } from '../session/fake-clock.js';
import { options, randomBytesFor, seedOf } from '../session/helpers.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';

const instant = () => Promise.resolve();

describe('a bot seated by a bot', { timeout: 120_000 }, () => {
	it('is refused everywhere (BOT_NOT_AUTHORIZED): `by` must name a person', () => {
		const roomCode = 'BOTBYBOT'.padEnd(25, 'X');
		const sim = new SimNetwork({ peers: 2, seed: 7, gameId: gameIdOf(roomCode), maxDelay: 1, duplicateRate: 0 });
		const clock = new FakeClock();
		const [a, b] = sim.peers.map((peer, i) => new GameSession({ game: peer.game, roomCode, seed: seedOf(`bbb-${i}`), randomBytes: randomBytesFor(`bbb-${i}`), clock })) as [GameSession, GameSession];
		a.start(options(4), { equivocation: 'forfeit', countdown: 30 });
		sim.flushAll();
		expect(a.claim(0).ok).toBe(true); sim.flushAll();
		expect(b.claim(1).ok).toBe(true); sim.flushAll();
		const present = new Set([a.key, b.key]);
		const botsB = new SeatedBots(b, { thinker: localThinker(null), random: randomBytesFor('bbb-bots-b'), present: () => present, timeBudgetMs: null, wait: instant, clock });
		const botsA = new SeatedBots(a, { thinker: localThinker(null), random: randomBytesFor('bbb-bots-a'), present: () => present, timeBudgetMs: null, wait: instant, clock });
		expect(botsB.seat(2, 'easy').ok).toBe(true);
		sim.flushAll();
		// A (the rogue) opens its box of bot 2's seed.
		const claim2 = readClaims(a).find((c) => c.seat === 2)!.claim;
		const box = claim2.seeds.find((s) => s.seat === 0)!;
		const opened = openSealBytes({ game: a.gameId, seal: { kind: 'bot', from: 2, to: 0, position: 0, box: box.box }, boxSecret: boxKeyPair(boxSecret(a.seed, a.gameId, 0)).secret, boxKey: (a.replayer as GameReplayer).core.seats[0]!.box });
		expect(opened.ok).toBe(true);
		const botA = new GameSession({ game: a.game, roomCode, seed: bytesToHex((opened as { value: { plaintext: Uint8Array } }).value.plaintext), randomBytes: randomBytesFor('bbb-botA'), origin: Symbol('botA'), genesis: a.genesisId });
		expect(botA.key).toBe(a.seats[2]);
		// Bot B at seat 3, "seated by" seat 2 (bot A), consent signed with bot A's key; its seed sealed to nobody.
		const botB = new GameSession({ game: a.game, roomCode, seed: seedOf('bbb-botB'), randomBytes: randomBytesFor('bbb-botB'), origin: Symbol('botB'), genesis: a.genesisId });
		const auth = botSeatAuth(botA.identity.secretKey, a.gameId, botB.key, 3, 'hard');
		const claim: BotClaim = { level: 'hard', by: 2, seeds: [], auth };
		botB.claim(3, claim);
		sim.flushAll();
		botsA.update();
		botsB.update();
		for (const session of [a, b]) {
			expect(session.seats[3], 'seat 3 stays free').toBeNull();
			expect(session.rejections.filter((r) => r.code === 'BOT_NOT_AUTHORIZED').length).toBe(1);
		}
		expect(botsB.bots.find((x) => x.seat === 3)).toBeUndefined();
		for (const s of [botsA, botsB]) s.destroy();
		for (const s of [botA, botB, a, b]) s.destroy();
	});
});
