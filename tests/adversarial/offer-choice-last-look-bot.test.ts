/**
 * Red team (session 18): a maker's last look (offer-choice-last-look.test.ts) made a habit of. A
 * hostile maker offers a bot money for a Special of its choice, reads the hidden card the bot's
 * device shows for its pick, and back-dates a withdrawal before the acceptance; then offers again.
 * Before, the bot picked again and its device showed a second hidden card, and so on turn after
 * turn. Now its driver reads the last look from the log (session/last-look.ts) and declines that
 * maker's offer rather than show another hidden card (bots/last-look-guard.ts); the same offer
 * from another seat is still taken, the hidden card shown as it must be.
 *
 * The bot here values every such offer (its thinker accepts with a hidden card whenever one asks
 * for a Special of its choice): the worst case, a bot that would sell.
 */
import { describe, expect, it } from 'vitest';
import { anySpecialsOf, offerDigest, type Action, type CardId, type DeckAction, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import { BotDriver, type DrivenSession } from '../../src/lib/session/bots/driver.js';
import { answeringSession } from '../../src/lib/session/bots/answering-session.js';
import { BotSeals } from '../../src/lib/session/bots/bot-seals.js';
import { localThinker, type Thinker } from '../../src/lib/session/bots/thinker.js';
import type { GameSession } from '../../src/lib/session/index.js';
import { lastLookers } from '../../src/lib/session/last-look.js';
import { randomBytesFor } from '../session/helpers.js';
import { anySpecialOffer, backDatedWithdrawal, lastLookTable, makerOfferEntry, type LastLookTable } from './last-look.js';

/** A bot that accepts any offer asking for a Special of its choice, picking a card the table has not seen when it holds one. */
function sellingThinker(session: GameSession, seat: Seat): Thinker {
	const inner = localThinker(null);
	return {
		think(request) {
			const offer = request.state.offers.find((o) => o.to === seat && anySpecialsOf(o.take) > 0);
			if (request.seat !== seat || offer === undefined) return inner.think(request);
			const shown = session.state!.players[seat]!.hand;
			const hand = request.state.players[seat]!.hand;
			const card = hand.find((c) => !shown.includes(c)) ?? hand[0]!;
			return Promise.resolve<PlayerAction>({ type: 'acceptOffer', seat, offer: offer.id, digest: offerDigest(offer), chosen: [card] });
		},
		destroy: () => inner.destroy(),
	};
}

/** The bot at the receiver's seat, on its own device: this device's bot (the session itself) or a seated one (its answering session, sealed offers opened with its keys). */
function botAt(table: LastLookTable, seated: boolean): BotDriver {
	const session = table.sessions[table.to]!;
	const driven: DrivenSession = seated ? answeringSession(session, table.to) : session;
	const sealed = seated ? { sealed: new BotSeals(session, randomBytesFor('look-bot-seals')) } : {};
	return new BotDriver(driven, [{ seat: table.to, level: 'normal' }], { thinker: sellingThinker(session, table.to), seed: 'look-bot', timeBudgetMs: null, wait: () => Promise.resolve(), ...sealed });
}

/** Cards seat `seat` showed, in the log's order. */
const shownBy = (session: GameSession, seat: Seat): CardId[] =>
	(session.replayer.exportLog().entries as (Action | DeckAction)[]).flatMap((a) => (a.type === 'showCard' && a.seat === seat ? [(a as { card: CardId }).card] : []));

describe('a maker that took a last look at a bot (secret deck)', () => {
	it.each([
		['this device\u2019s bot, public offers', false],
		['a seated bot, sealed private offers', true],
	] as const)('%s: the bot shows it no second hidden card (it declines), and still sells to another seat', async (_, sealed) => {
		// Seats pass until one holds two hidden Specials, with a maker before it and a third seat that may offer.
		const table = lastLookTable({ room: 'LOOKB', label: 'look-bot', seed: 1818, hidden: 2, idle: true, pass: true });
		const { sim, sessions, to, maker } = table;
		const receiver = sessions[to]!;
		const bot = botAt(table, sealed);
		const answered = async () => {
			sim.flushAll();
			await bot.idle();
			sim.flushAll();
		};

		// The last look: the bot picks a hidden card, shown first; the maker withdraws before the acceptance.
		expect(sessions[maker]!.act(maker, anySpecialOffer(table, maker, to, sealed)).ok).toBe(true);
		sim.flushAll();
		const open = receiver.state!.offers.at(-1)!;
		await answered();
		const first = shownBy(receiver, to);
		expect(first, 'the bot showed the card it picked').toHaveLength(1);
		backDatedWithdrawal(table, open, makerOfferEntry(table));
		expect(receiver.rejections.map((r) => r.code)).toEqual(['NO_SUCH_OFFER']);
		expect(receiver.state!.players[maker]!.hand).not.toContain(first[0]);
		expect([...lastLookers(receiver, to)]).toEqual([maker]);

		// The maker offers again: the bot declines rather than show its other hidden card.
		expect(sessions[maker]!.act(maker, anySpecialOffer(table, maker, to, sealed)).ok).toBe(true);
		sim.flushAll();
		const second = receiver.state!.offers.at(-1)!;
		await answered();
		expect(shownBy(receiver, to), 'no second card shown to that maker').toEqual(first);
		expect(receiver.state!.offers.some((o) => o.id === second.id), 'the bot answered: it declined').toBe(false);
		expect(receiver.state!.players[maker]!.hand.filter((card) => table.cards.includes(card))).toEqual([]);

		// Another seat's same offer is taken: the bot still deals, its hidden card shown as it must be.
		const third = ((to + 1) % 3) as Seat;
		expect(sessions[third]!.act(third, anySpecialOffer(table, third, to, sealed)).ok).toBe(true);
		await answered();
		const shown = shownBy(receiver, to);
		expect(shown).toHaveLength(2);
		expect(table.cards).toContain(shown[1]);
		expect(receiver.state!.players[third]!.hand).toContain(shown[1]);
		expect(bot.reports).toEqual([]);
		bot.destroy();
		for (const session of sessions) expect(session.stateHash).toBe(receiver.stateHash);
		expect(receiver.rejections.map((r) => r.code), 'no other entry refused').toEqual(['NO_SUCH_OFFER']);
	});
});
