// A seated bot answers what is addressed to it at an online table (two devices over the simulated
// network, the bot driven by the first): sealed private offers, opened with the bot's own key and
// answered by value (a gift accepted with its terms revealed, a bad deal declined), and undo
// requests (refused when the take-back would cost it, accepted when it costs nothing).
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import { seatsToAct, type OfferAction, type Seat } from '../../../src/lib/engine/index.js';
import { OfferSeals } from '../../../src/lib/session/offer-seals.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker } from '../../../src/lib/session/bots/thinker.js';
import { twoDeviceTable } from './two-devices.js';
import { randomBytesFor } from '../helpers.js';

const instant = () => Promise.resolve();
const PASSES = ['passWindow', 'passSpending', 'declineClaim', 'endActions', 'endTurn'];
const NOTHING = { money: 0, specials: [], groups: [] };
const BOT = 2;

describe('a seated bot answers offers and undo requests', { timeout: 180_000 }, () => {
	it('accepts a sealed gift (terms revealed), refuses to undo it, declines a sealed bad deal, and grants its take-back', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTANSWERSXXXXXXXXXXXXXXX', 16, 'answers', 0);
		const botsA = new SeatedBots(a, { thinker: localThinker(null), random: randomBytesFor('answers-bots'), present: () => present, timeBudgetMs: null, wait: instant, clock });
		expect(botsA.seat(BOT, 'normal').ok).toBe(true);
		sim.flushAll();
		const humans = [createBot({ level: 'easy', seed: 'human-0' }), createBot({ level: 'easy', seed: 'human-1' })];
		const sessions = [a, b];
		const settle = async () => {
			for (let i = 0; i < 20; i++) {
				for (const d of botsA.drivers) await d.idle();
				sim.flushAll();
			}
		};
		// Play until seat 0's actions, nothing pending.
		for (let k = 0; k < 4000; k++) {
			await settle();
			const state = a.state!;
			if (state.turnCount >= 2 && state.turn?.seat === 0 && state.turn.step === 'actions' && state.phase.kind === 'turn' && state.random === null && state.chain === null) break;
			let moved = false;
			for (const seat of [0, 1] as Seat[]) {
				if (!seatsToAct(state).includes(seat)) continue;
				const session = sessions[seat]!;
				const action = humans[seat]!.decide(session.state!, seat) ?? session.legal(seat).find((o) => PASSES.includes(o.action.type))?.action;
				if (action && session.act(seat, action).ok) moved = true;
				sim.flushAll();
			}
			if (!moved) clock.advance(1000, () => sim.flushAll());
		}
		expect(a.state!.turn).toMatchObject({ seat: 0, step: 'actions' });
		const money = (seat: Seat) => { const p = a.state!.players[seat]!; return p.structure[p.illuminati!]!.money; };
		const seals = new OfferSeals(a, randomBytesFor('answers-offers'));
		const offer = (give: number, take: number): OfferAction => seals.seal({ type: 'offer', seat: 0, to: BOT, give: { ...NOTHING, money: give }, take: { ...NOTHING, money: take }, private: true });

		// A gift, sealed: the log shows no terms; the bot opens its box and accepts, revealing them.
		const gift = Math.min(8, money(0));
		expect(gift).toBeGreaterThan(0);
		const botBefore = money(BOT);
		const sealed = offer(gift, 0);
		expect(sealed.commitment).toBeDefined();
		expect(sealed.give.money).toBe(0);
		expect(a.act(0, sealed).ok).toBe(true);
		await settle();
		expect(a.state!.offers).toEqual([]);
		expect(money(BOT)).toBe(botBefore + gift);
		expect(b.stateHash).toBe(a.stateHash);

		// Seat 0 asks to take its gift back: the bot would lose it and refuses.
		expect(a.undo.option(0)).toMatchObject({ kind: 'ask' });
		expect(a.undo.takeBack(0).ok).toBe(true);
		await settle();
		expect(a.undo.ended().at(-1)).toMatchObject({ seat: 0, outcome: 'refused' });
		expect(money(BOT)).toBe(botBefore + gift);

		// A bad deal (the bot gives money for nothing): declined.
		const take = Math.min(5, money(BOT));
		expect(a.act(0, offer(0, take)).ok).toBe(true);
		await settle();
		expect(a.state!.offers).toEqual([]);
		expect(money(BOT)).toBe(botBefore + gift);

		// Taking that offer back costs the bot nothing: it accepts; seat 1 too; granted.
		const asked = a.undo.takeBack(0);
		expect(asked.ok).toBe(true);
		await settle();
		const request = b.undo.toAnswer(1)[0]!;
		expect(request, 'the bot answered; seat 1 still to answer').toMatchObject({ seat: 0, waiting: [1] });
		expect(b.undo.answer(1, request.id, true).ok).toBe(true);
		await settle();
		expect(a.undo.ended().at(-1)).toMatchObject({ seat: 0, outcome: 'granted' });
		expect(b.stateHash).toBe(a.stateHash);
		expect(a.rejections).toEqual([]);
		botsA.destroy();
		a.destroy();
		b.destroy();
	});
});
