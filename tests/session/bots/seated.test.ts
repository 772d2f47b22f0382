// Computer players seated at an online table (two devices over the simulated network): a seated
// player seats a bot; every device sees the claim (bot flag, level, who seated it); the bot's own
// key holds the seat and the seating device plays it; when that device leaves, the other player's
// device opens its box of the bot's seed and goes on playing it, and the game continues.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct, type Seat } from '../../../src/lib/engine/index.js';
import type { GameSession } from '../../../src/lib/session/index.js';
import { readClaims, SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { twoDeviceTable } from './two-devices.js';
import { randomBytesFor } from '../helpers.js';

const instant = () => Promise.resolve();
const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

describe('SeatedBots', { timeout: 180_000 }, () => {
	it('a bot seated by one device is shown as a bot everywhere, played by it, and taken over by the other device when it leaves', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTSEATEDXXXXXXXXXXXXXXXX', 15, 'seated', 30);
		const make = (session: GameSession, name: string) =>
			new SeatedBots(session, { thinker: localThinker(null), random: randomBytesFor(`bots-${name}`), present: () => present, timeBudgetMs: null, wait: instant, clock });
		const botsA = make(a, 'a');
		const botsB = make(b, 'b');
		expect(botsB.seat(2, 'easy').ok, 'seat 2 is free').toBe(true);
		// B seated it, so B drives; A is told once the claim arrives.
		const seatedB = botsB;
		expect(seatedB.bots).toEqual([{ seat: 2, level: 'easy', by: 1, holders: [0, 1], unopenable: [], driving: true }]);
		sim.flushAll();
		expect(botsA.bots).toEqual([{ seat: 2, level: 'easy', by: 1, holders: [0, 1], unopenable: [], driving: false }]);
		expect(readClaims(a)).toHaveLength(1);
		const botKey = a.seats[2]!;
		expect([a.key, b.key]).not.toContain(botKey);
		expect(a.mySeats).toEqual([0]);

		const humans = [createBot({ level: 'easy', seed: 'human-0' }), createBot({ level: 'easy', seed: 'human-1' })];
		const sessions = [a, b];
		/** Plays seats 0 and 1 (while their devices are here) and lets the bot's driver answer, until `until` holds. */
		const playUntil = async (until: () => boolean, gone: Set<Seat>) => {
			for (let k = 0; k < 4000 && !until(); k++) {
				for (const d of [...botsA.drivers, ...seatedB.drivers]) await d.idle();
				sim.flushAll();
				const live = gone.has(0) ? b : a;
				const state = live.state!;
				let moved = false;
				for (const seat of [0, 1] as Seat[]) {
					if (gone.has(seat) || !seatsToAct(state).includes(seat)) continue;
					const session = sessions[seat]!;
					const options = session.legal(seat);
					const action = humans[seat]!.decide(session.state!, seat) ?? options.find((o) => PASSES.includes(o.action.type))?.action;
					if (action && session.act(seat, action).ok) moved = true;
					sim.flushAll();
				}
				if (!moved) {
					clock.advance(1000, () => sim.flushAll());
					await new Promise((resolve) => setTimeout(resolve, 0));
				}
			}
			expect(until()).toBe(true);
		};
		await playUntil(() => a.state!.turnCount >= 4, new Set());
		expect(a.stateHash).toBe(b.stateHash);
		const botEntries = () => b.replayer.accepted.filter((e) => JSON.parse(e.text).author === botKey).length;
		const before = botEntries();
		expect(before, 'the bot signed entries with its own key').toBeGreaterThan(3);

		// B's device leaves: A's opens its box of the bot's seed and goes on playing the bot;
		// B's seat is voted absent after the countdown (by A and by the bot), and the game goes on.
		sim.flushAll();
		seatedB.destroy();
		b.destroy();
		sim.disconnect(1);
		present.delete(b.key);
		botsA.update();
		// A claims the bot (a botDrive entry) and drives once the claim has settled (drive-claims.ts).
		expect(a.replayer.accepted.filter((e) => e.kind === 'botDrive')).toHaveLength(1);
		clock.advance(2_000, () => sim.flushAll());
		expect(botsA.bots[0]!.driving, 'A took the bot over').toBe(true);
		const turns = a.state!.turnCount;
		await playUntil(() => a.state!.turnCount >= turns + 3 || a.state!.phase.kind === 'over', new Set([1]));
		const after = a.replayer.accepted.filter((e) => JSON.parse(e.text).author === botKey).length;
		expect(after, 'the bot kept playing from A').toBeGreaterThan(before + 2);
		expect(a.replayer.rejections.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
		botsA.destroy();
		a.destroy();
	});
});
