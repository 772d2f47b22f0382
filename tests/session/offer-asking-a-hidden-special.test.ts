/**
 * An offer in the open asking by name for a Special its receiver holds hidden (secret deck): the
 * receiver's device shows the card, with its proof, before it accepts (session/moves.ts
 * `showFirst`, engine/knowledge.ts `cardsToShow`). The acceptance names only the offer, not the
 * card, so before nothing was shown and the acceptance was refused NOT_HELD, though the engine
 * listed it as legal on the receiver's view. A sealed offer's acceptance names the card in its
 * terms and was shown already.
 */
import { describe, expect, it } from 'vitest';
import { offerDigest, type AcceptOfferAction, type CardId, type Seat } from '../../src/lib/engine/index.js';
import { playSecretDeckUntil, secretDeckTable } from './secret-deck-table.js';

const SEED = 1819;
const LABEL = 'askh';

describe('an offer in the open asking for a Special its receiver holds hidden', () => {
	it('is accepted: the receiver\u2019s device shows the card first, and it changes hands', () => {
		const { sim, sessions } = secretDeckTable({ room: 'ASKH', label: LABEL, seed: SEED, peers: 3, maxDelay: 1 });
		const { to, maker, card } = playSecretDeckUntil({ sim, sessions, label: LABEL, seed: SEED }, (): { to: Seat; maker: Seat; card: CardId } | undefined => {
			for (let to = 0 as Seat; to < 3; to++) {
				const state = sessions[to]!.state!;
				if (state.phase.kind !== 'turn' || state.random !== null || state.chain !== null) continue;
				const maker = ((to + 2) % 3) as Seat;
				const money = state.players[maker]!.structure[state.players[maker]!.illuminati!]?.money ?? 0;
				if (money < 1 || !sessions[maker]!.legal(maker).some((legal) => legal.action.type === 'offer')) continue;
				const card = (state.players[to]!.hidden ?? []).map((position) => sessions[to]!.knowledge(to)[position]).find((c) => c !== undefined);
				if (card !== undefined) return { to, maker, card };
			}
			return undefined;
		});
		const none = { money: 0, specials: [], groups: [] };
		expect(sessions[maker]!.act(maker, { type: 'offer', seat: maker, to, give: { ...none, money: 1 }, take: { ...none, specials: [card] }, private: false })).toMatchObject({ ok: true });
		sim.flushAll();
		const offer = sessions[to]!.state!.offers.at(-1)!;
		const accept: AcceptOfferAction = { type: 'acceptOffer', seat: to, offer: offer.id, digest: offerDigest(offer) };
		expect(sessions[to]!.legal(to).map((legal) => legal.action)).toContainEqual(accept);

		expect(sessions[to]!.act(to, accept)).toEqual({ ok: true, id: expect.any(String) });
		sim.flushAll();
		const after = sessions[0]!.state!;
		expect(after.players[maker]!.hand).toContain(card);
		expect(after.players[to]!.hand).not.toContain(card);
		for (const session of sessions) expect(session.stateHash).toBe(sessions[0]!.stateHash);
		expect(sessions[0]!.rejections).toEqual([]);
	});
});
