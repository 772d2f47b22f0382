/**
 * A sealed private offer giving a Special its maker holds hidden (secret deck; docs/protocol.md,
 * "Private offers"): the maker's device shows the card, with its proof, before it posts the sealed
 * offer (session/moves.ts `showFirst`), so the card is in the maker's public hand when the
 * recipient accepts. Before, the sealed entry named no card, nothing was shown, and the engine
 * refused the acceptance (NOT_HELD: the card was not in the maker's hand). A sealed offer giving
 * only money, or a card already shown, shows nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Action, CardId, DeckAction, GameState, OfferAction, Seat } from '../../src/lib/engine/index.js';
import { GameSession } from '../../src/lib/session/index.js';
import { OfferSeals } from '../../src/lib/session/offer-seals.js';
import { acceptSealed } from '../../src/lib/session/sealed-offers.js';
import { randomBytesFor } from './helpers.js';
import { playSecretDeckUntil, secretDeckTable } from './secret-deck-table.js';

const SEED = 1717;
const NONE = { money: 0, specials: [], groups: [] };

/** Three devices, one seat each, under the secret deck, played at random on each seat's view until
 * a seat may make an offer while it holds a Special hidden that its device knows. */
function table() {
	console.log(`sealed offer of a hidden Special: seed ${SEED}`);
	const { sim, sessions } = secretDeckTable({ room: 'SHID', label: 'shid', seed: SEED, peers: 3, maxDelay: 1 });
	const ready = (seat: Seat): CardId | undefined => {
		const session = sessions[seat]!;
		const state = session.state!;
		if (state.phase.kind !== 'turn' || state.turn?.step !== 'actions' || state.random !== null || state.chain !== null) return undefined;
		if (!session.legal(seat).some((legal) => legal.action.type === 'offer')) return undefined;
		const hidden = state.players[seat]!.hidden ?? [];
		return hidden.map((position) => session.knowledge(seat)[position]).find((card) => card !== undefined);
	};
	const found = playSecretDeckUntil({ sim, sessions, label: 'shid', seed: SEED }, () => {
		for (let seat = 0 as Seat; seat < 3; seat++) {
			const card = ready(seat);
			if (card !== undefined) return { maker: seat, card };
		}
		return undefined;
	});
	return { sim, sessions, ...found };
}

const shows = (session: GameSession): number => (session.replayer.exportLog().entries as (Action | DeckAction)[]).filter((a) => a.type === 'showCard').length;

describe('a sealed private offer giving a Special the maker holds hidden', () => {
	it('shows the card first, and the recipient accepts it: the card changes hands', () => {
		const { sim, sessions, maker, card } = table();
		const to = ((maker + 1) % 3) as Seat;
		const seals = new OfferSeals(sessions[maker]!, randomBytesFor(`shid-seals-${SEED}`));
		expect(seals.sealing).toBe(true);
		const post = (give: OfferAction['give']): number => {
			const sealed = seals.seal({ type: 'offer', seat: maker, to, give, take: NONE, private: true });
			expect(sealed.commitment).toBeDefined();
			expect(sessions[maker]!.act(maker, sealed)).toMatchObject({ ok: true });
			sim.flushAll();
			return sessions[to]!.state!.offers.at(-1)!.id;
		};

		// Money only: nothing is shown.
		const before = shows(sessions[to]!);
		post({ ...NONE, money: 1 });
		expect(shows(sessions[to]!)).toBe(before);
		expect(sessions[to]!.state!.players[maker]!.hand).not.toContain(card);

		// The hidden card: the offer form is told the table has not seen it; shown first, then the sealed offer.
		expect(seals.unseen(sessions[maker]!.view(maker)!, maker)).toContain(card);
		const offered = post({ ...NONE, specials: [card] });
		expect(seals.unseen(sessions[maker]!.view(maker)!, maker)).not.toContain(card);
		expect(shows(sessions[to]!)).toBe(before + 1);
		expect(sessions[to]!.state!.players[maker]!.hand).toContain(card);

		// The same card again, now shown: nothing more is shown.
		post({ ...NONE, specials: [card] });
		expect(shows(sessions[to]!)).toBe(before + 1);

		const offer = sessions[to]!.state!.offers.find((o) => o.id === offered)!;
		const opened = new OfferSeals(sessions[to]!).open(offer, to);
		if (!opened.ok) throw new Error(opened.error.message);
		expect(sessions[to]!.act(to, acceptSealed(to, offer, opened.terms))).toEqual({ ok: true, id: expect.any(String) });
		sim.flushAll();
		const after: GameState = sessions[0]!.state!;
		expect(after.players[to]!.hand).toContain(card);
		expect(after.players[maker]!.hand).not.toContain(card);
		for (const session of sessions) expect(session.stateHash).toBe(sessions[0]!.stateHash);
		expect(sessions[0]!.rejections).toEqual([]);
	});
});
