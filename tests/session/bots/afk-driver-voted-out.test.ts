// A player who seated a bot goes idle with the page open (docs/bots.md, "Absence votes and
// rolls"): their device still drives the bot, so the bot plays on, but the player's own seat
// answers nothing. The bot's session used to spare its driver's seats always, so with three seats
// only the other player voted the idle one, one vote of two: never a majority, and the game waited
// for the idle player for ever. A bot now spares its driver only where its vote would be a lone
// one (its driver and itself the two members left: last-seat-roll.test.ts); here its vote and the
// other player's are a majority, the idle seat is voted out, and the game goes on.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct } from '../../../src/lib/engine/index.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { twoDeviceTable } from './two-devices.js';
import { randomBytesFor } from '../helpers.js';

const BOT = 2;
const IDLE = 1;
const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

describe('a player who seated a bot goes idle', { timeout: 180_000 }, () => {
	it('the bot and the other player vote the idle seat out (a majority), and the game goes on', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTIDLEDRIVERXXXXXXXXXXXX', 23, 'idle-driver', 30);
		const botsB = new SeatedBots(b, { thinker: localThinker(null), random: randomBytesFor('idle-driver-bots'), present: () => present, timeBudgetMs: null, wait: () => Promise.resolve(), clock });
		expect(botsB.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();
		const players = [createBot({ level: 'easy', seed: 'idle-h0' }), createBot({ level: 'easy', seed: 'idle-h1' })];
		const sessions = [a, b];
		let idle = false;
		for (let k = 0; k < 4000 && !a.state!.players[IDLE]!.left && a.state!.phase.kind !== 'over'; k++) {
			if (!idle && a.state!.turnCount >= 2) idle = true;
			for (const d of botsB.drivers) await d.idle();
			sim.flushAll();
			let moved = false;
			for (const seat of idle ? [0] : [0, 1]) {
				const session = sessions[seat]!;
				if (!seatsToAct(session.state!).includes(seat)) continue;
				const action = players[seat]!.decide(session.state!, seat) ?? session.legal(seat).find((o) => PASSES.includes(o.action.type))?.action;
				if (action && session.act(seat, action).ok) moved = true;
				sim.flushAll();
			}
			if (!moved) {
				clock.advance(1000, () => sim.flushAll());
				await new Promise((resolve) => setTimeout(resolve, 0));
			}
		}
		expect(idle).toBe(true);
		const votes = a.replayer.accepted.filter((e) => e.kind === 'absent').map((e) => JSON.parse(e.text) as { author: string; body: { target: number } });
		expect(votes.some((v) => v.author === a.seats[BOT] && v.body.target === IDLE), 'the bot voted its idle driver absent').toBe(true);
		expect(a.state!.players[IDLE]!.left, 'the idle player was voted out and left').toBe(true);
		expect(botsB.bots[0]!.driving, 'B\u2019s device still drives the bot').toBe(true);
		expect(a.stateHash).toBe(b.stateHash);
		botsB.destroy();
		a.destroy();
		b.destroy();
	});
});
