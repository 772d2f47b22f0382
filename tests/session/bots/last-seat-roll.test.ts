// The report "when only the bot was left in play and an attack roll was pending, no roll share came
// and nothing was awaited": two players and a bot (seated and driven by A's device); B's device
// goes away and is voted out while A's attack waits. The bot's session used to vote A out too (A
// was awaited: it may call its attack off): with B cut, A and the bot are the two members left, so
// that lone vote stood until A answered, every later entry stayed provisional (the roll's opener
// never final, so no share was given), and the tail showed both humans gone with the roll pending
// and nobody awaited. Now a bot never votes out the device that drives it, the game goes on, and
// while it waits the stall watch always names who or what it waits for.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { humanPlay, twoDeviceTable } from './two-devices.js';
import { randomBytesFor } from '../helpers.js';

const instant = () => Promise.resolve();
const BOT = 2;

describe('a seated bot left with its driver', { timeout: 180_000 }, () => {
	it('a bot never votes out the device that drives it: with the other human voted out, every roll settles and the stall watch always names what it waits for', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTALONEXXXXXXXXXXXXXXXXX', 21, 'alone', 30);
		const botsA = new SeatedBots(a, { thinker: localThinker(null), random: randomBytesFor('alone-bots'), present: () => present, timeBudgetMs: null, wait: instant, clock });
		expect(botsA.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();

		const humans = [createBot({ level: 'easy', seed: 'alone-h0' }), createBot({ level: 'easy', seed: 'alone-h1' })];
		const sessions = [a, b];
		const playUntil = humanPlay({ sim, clock, sessions, humans, drivers: () => botsA.drivers });
		await playUntil(() => a.state!.turnCount >= 3, [0, 1]);
		expect(a.state!.turnCount).toBeGreaterThanOrEqual(3);

		// B's device goes away: A and the bot vote it out after the countdown (absence 'leave').
		b.destroy();
		sim.disconnect(1);
		present.delete(b.key);
		// (A's own seat is awaited too when it attacked — it may call the attack off — so its device
		// votes by hand, as a player would from the stall panel.)
		await playUntil(() => a.state!.players[1]!.eliminated, [0], () => {
			if (a.stall.awaited.some((w) => w.seat === 1) && a.stall.votedBy(1).length === 0) a.stall.vote(1);
		});
		expect(a.state!.players[1]!.left, 'B was voted out and left').toBe(true);
		// A and the bot play on. The bot's session never votes A out (A's device drives it), so no lone
		// vote holds the order back: every roll the two ask for settles, and whenever the game waits,
		// someone or something is named.
		const shares = (author?: string) => a.replayer.accepted.filter((e) => e.kind === 'share' && (author === undefined || JSON.parse(e.text).author === author)).length;
		const botSharesBefore = shares(a.seats[BOT]!);
		const sharesBefore = shares();
		const turns = a.state!.turnCount;
		let unnamed = 0;
		await playUntil(() => a.state!.phase.kind === 'over' || a.state!.turnCount >= turns + 6 || unnamed > 5, [0], () => {
			const named = a.stall.awaited.length > 0 || a.stall.mineAwaited || a.stall.pending !== null;
			if (!named && a.state!.phase.kind !== 'over') unnamed++;
		});
		expect(unnamed, 'the stall watch named nobody while the game waited').toBe(0);
		expect(a.state!.phase.kind === 'over' || a.state!.turnCount >= turns + 6, `the game went on (turn ${a.state!.turnCount}, random ${JSON.stringify(a.state!.random)})`).toBe(true);
		expect(shares(), 'rolls were settled after B left').toBeGreaterThan(sharesBefore);
		expect(shares(a.seats[BOT]!), 'the bot\u2019s session gave its roll shares').toBeGreaterThan(botSharesBefore);
		const botVotes = a.replayer.accepted.filter((e) => e.kind === 'absent' && JSON.parse(e.text).author === a.seats[BOT] && JSON.parse(e.text).body.target === 0);
		expect(botVotes, 'the bot never voted out the device that drives it').toEqual([]);
		botsA.destroy();
		a.destroy();
	});
});
