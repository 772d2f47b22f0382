// A lone vote between a player and a bot another device drives (docs/bots.md, "Limits"): B seated
// the bot and drives it; B's own seat goes idle and is voted out, so A and the bot are the two
// members left. A's device votes the bot absent while the game waits for it (a slow driver, or a
// hostile client voting at once). The bot's session used to replay the vote's effect like every
// peer: the bot out of play, so its driver never moved it again, the vote stood, and nothing after
// it became final. Now the driver plays the bot from the game without the votes standing against
// it (answering-session.ts): its next move answers the vote, every peer holds it void, and the game
// goes on with the bot in it.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct, type Seat } from '../../../src/lib/engine/index.js';
import { GameReplayer } from '../../../src/lib/protocol/index.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import type { GameSession } from '../../../src/lib/session/index.js';
import { twoDeviceTable } from './two-devices.js';
import { randomBytesFor } from '../helpers.js';

const BOT = 2;
const IDLE = 1;
const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];

const v2 = (session: GameSession) => session.replayer as GameReplayer;

describe('a lone vote against a bot another device drives', { timeout: 180_000 }, () => {
	it('the bot answers it by playing on: the vote is void everywhere and the game goes on, final', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTLONEVOTEXXXXXXXXXXXXXX', 29, 'lone-bot', 30);
		const botsB = new SeatedBots(b, { thinker: localThinker(null), random: randomBytesFor('lone-bot-bots'), present: () => present, timeBudgetMs: null, wait: () => Promise.resolve(), clock });
		expect(botsB.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();
		const player = createBot({ level: 'easy', seed: 'lone-bot-a' });
		const idleB = createBot({ level: 'easy', seed: 'lone-bot-b' });
		const step = async (seats: readonly Seat[]) => {
			for (const d of botsB.drivers) await d.idle();
			sim.flushAll();
			let moved = false;
			for (const seat of seats) {
				const session = seat === 0 ? a : b;
				if (!seatsToAct(session.state!).includes(seat)) continue;
				const action = (seat === 0 ? player : idleB).decide(session.state!, seat) ?? session.legal(seat).find((o) => PASSES.includes(o.action.type))?.action;
				if (action && session.act(seat, action).ok) moved = true;
				sim.flushAll();
			}
			if (!moved) {
				clock.advance(1000, () => sim.flushAll());
				await new Promise((resolve) => setTimeout(resolve, 0));
			}
		};
		for (let k = 0; k < 400 && a.state!.turnCount < 2; k++) await step([0, 1]);
		// B's player goes idle (the page still drives the bot): A and the bot vote B out.
		for (let k = 0; k < 2000 && !a.state!.players[IDLE]!.left; k++) await step([0]);
		expect(a.state!.players[IDLE]!.left).toBe(true);
		// The game waits for the bot (its driver paused): A's device votes it absent, a lone vote.
		for (let k = 0; k < 2000; k++) {
			const state = a.state!;
			if (state.random === null && state.phase.kind !== 'over' && seatsToAct(state).includes(BOT)) break;
			await step([0]);
		}
		expect(seatsToAct(a.state!)).toContain(BOT);
		const finalTurns = v2(a).finalCore.engine!.turnCount;
		const vote = a.append(a.protocol.entry('absent', { seat: 0, target: BOT }));
		sim.flushAll();
		const botKey = a.seats[BOT]!;
		for (let k = 0; k < 2000 && v2(a).finalCore.engine!.turnCount < finalTurns + 2 && a.state!.phase.kind !== 'over'; k++) await step([0]);
		for (const [name, session] of [['A', a], ['B', b]] as const) {
			expect(v2(session).rejections.find((r) => r.id === vote)?.code, `${name}: the vote is void`).toBe('VOTE_ANSWERED');
			expect(v2(session).core.votedOut.has(BOT), `${name}: the bot voted out`).toBe(false);
			expect(v2(session).core.forfeit, `${name}: a forfeit`).toBeNull();
		}
		const final = v2(a).finalCore.engine!;
		expect(final.phase.kind === 'over' || final.turnCount >= finalTurns + 2, 'the game went on, final').toBe(true);
		expect(final.players[BOT]!.left || final.players[BOT]!.absent, 'the bot is still in play').toBe(false);
		expect(v2(a).accepted.filter((e) => JSON.parse(e.text).author === botKey && e.kind === 'action').length).toBeGreaterThan(0);
		expect(a.stateHash).toBe(b.stateHash);
		botsB.destroy();
		a.destroy();
		b.destroy();
	});
});
