// A seated bot under the secret deck sells a Special it holds hidden (docs/protocol.md, "Private
// offers"; bots/offers.ts gives its own cards for money, privately). The bot's offer is sealed with
// its own keys (bot-seals.ts), and its session shows the hidden card, with its proof, before it
// posts the sealed offer (session/moves.ts showFirst, which reads the bot's own box back): the
// other device opens the offer and accepts it, and the card changes hands on every device.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/lib/bots/index.js';
import type { Action, CardId, DeckAction, GameState, Offer, PlayerAction } from '../../../src/lib/engine/index.js';
import { SeatedBots } from '../../../src/lib/session/bots/seated.js';
import { localThinker, type Thinker } from '../../../src/lib/session/bots/thinker.js';
import { OfferSeals } from '../../../src/lib/session/offer-seals.js';
import { acceptSealed } from '../../../src/lib/session/sealed-offers.js';
import { randomBytesFor } from '../helpers.js';
import { humanPlay, twoDeviceTable } from './two-devices.js';

const BOT = 2;
const NONE = { money: 0, specials: [], groups: [] };

describe('a seated bot selling a Special it holds hidden (secret deck)', { timeout: 240_000 }, () => {
	it('its sealed private offer shows the card first; the other device opens and accepts it; the card changes hands everywhere', async () => {
		const { sim, clock, a, b, present } = twoDeviceTable('BOTSELLSHIDDENXXXXXXXXXXX', 43, 'bot-sells', 30, { secretDeck: true });

		// The bot thinks as usual, except that once it may offer while it holds a Special hidden from
		// the table (in its view's hand, not in the public one), it offers that card to seat 0 for
		// nothing. At its next question (the offer posted, its turn going on) seat 0's device answers:
		// it opens the sealed offer with its own keys and accepts it.
		let offered: CardId | null = null;
		let answered: { offer: Offer; terms: Parameters<typeof acceptSealed>[2]; before: GameState; result: unknown } | null = null;
		const inner = localThinker(null);
		const thinker: Thinker = {
			think(request) {
				if (offered !== null && answered === null) {
					sim.flushAll();
					const offer = a.state!.offers.find((o) => o.from === BOT && o.to === 0);
					if (offer !== undefined) {
						const opened = new OfferSeals(a).open(offer, 0);
						if (!opened.ok) throw new Error(opened.error.message);
						const before = a.state!;
						answered = { offer, terms: opened.terms, before, result: a.act(0, acceptSealed(0, offer, opened.terms)) };
						sim.flushAll();
					}
				}
				const hidden = request.state.players[BOT]!.hand.filter((card) => !a.state!.players[BOT]!.hand.includes(card));
				const mayOffer = request.state.phase.kind === 'turn' && request.state.turn?.seat === BOT && request.state.turn.step === 'actions' && request.state.chain === null;
				// Asked again in the same turn before the offer stands (the driver drops an answer when its
				// session's state moved while it thought): the same offer again.
				if (answered === null && hidden.length > 0 && mayOffer && (offered === null || hidden.includes(offered))) {
					offered ??= hidden[0]!;
					const offer: PlayerAction = { type: 'offer', seat: BOT, to: 0, give: { ...NONE, specials: [offered] }, take: NONE, private: true };
					return Promise.resolve(offer);
				}
				return inner.think(request);
			},
			destroy: () => inner.destroy(),
		};
		const botsB = new SeatedBots(b, { thinker, random: randomBytesFor('bot-sells-bots'), present: () => present, timeBudgetMs: null, wait: () => Promise.resolve(), clock });
		expect(botsB.seat(BOT, 'easy').ok).toBe(true);
		sim.flushAll();
		const humans = [createBot({ level: 'easy', seed: 'bot-sells-a' }), createBot({ level: 'easy', seed: 'bot-sells-b' })];
		const play = humanPlay({ sim, clock, sessions: [a, b], humans, drivers: () => botsB.drivers });
		await play(() => answered !== null || a.state!.phase.kind === 'over', [0, 1]);
		for (const d of botsB.drivers) await d.idle();
		sim.flushAll();

		expect(offered, 'the bot offered a Special it held hidden').not.toBeNull();
		expect(answered, 'seat 0 answered the offer').not.toBeNull();
		const { offer, terms, before, result } = answered!;
		// Sealed: the entry names no card; the card was shown first, so the table saw it in the bot's hand.
		expect(offer.commitment).toBeDefined();
		expect(JSON.stringify(offer)).not.toContain(offered!);
		const shows = (a.replayer.exportLog().entries as (Action | DeckAction)[]).filter((action) => action.type === 'showCard' && action.seat === BOT);
		expect(shows.length, 'the bot showed a card').toBeGreaterThan(0);
		expect(before.players[BOT]!.hand).toContain(offered);
		expect(terms.give.specials).toEqual([offered]);
		expect(result).toEqual({ ok: true, id: expect.any(String) });
		for (const session of [a, b]) {
			expect(session.state!.players[0]!.hand).toContain(offered);
			expect(session.state!.players[BOT]!.hand).not.toContain(offered);
			expect(session.rejections).toEqual([]);
		}
		expect(botsB.drivers.flatMap((d) => d.reports)).toEqual([]);
		expect(a.stateHash).toBe(b.stateHash);
		botsB.destroy();
	});
});
