// Which makers took a last look at a seat (session/last-look.ts): a maker whose offer asking for
// Specials of the seat's choice was gone when the seat's acceptance with a pick came, so it was
// refused NO_SUCH_OFFER (the maker saw the pick and paid nothing). An offer withdrawn with no pick
// made, an acceptance with no pick, and a pick refused for another reason do not count.
import { describe, expect, it } from 'vitest';
import { offerDigest, type AcceptOfferAction, type Offer, type OfferAction } from '../../src/lib/engine/index.js';
import { signEntry } from '../../src/lib/protocol/entry.js';
import type { GameReplayer } from '../../src/lib/protocol/index.js';
import { gameIdentity } from '../../src/lib/session/keys.js';
import { lastLookers } from '../../src/lib/session/last-look.js';
import { OfferSeals } from '../../src/lib/session/offer-seals.js';
import { acceptSealed } from '../../src/lib/session/sealed-offers.js';
import { anySpecialOffer, backDatedWithdrawal, lastLookTable, makerOfferEntry, type LastLookTable } from '../adversarial/last-look.js';
import { seedOf } from './helpers.js';

const table = () => lastLookTable({ room: 'LOOK', label: 'look', seed: 1818 });

/** The maker's offer, posted and received: the offer as the receiver's device holds it. */
function offered(t: LastLookTable, action: OfferAction): Offer {
	expect(t.sessions[t.maker]!.act(t.maker, action).ok).toBe(true);
	t.sim.flushAll();
	return t.sessions[t.to]!.state!.offers.at(-1)!;
}

/** The receiver's acceptance of `open`, picking `chosen` (its device shows a hidden card first). */
function accept(t: LastLookTable, open: Offer, chosen?: string[]): AcceptOfferAction {
	if (open.commitment === undefined) return { type: 'acceptOffer', seat: t.to, offer: open.id, digest: offerDigest(open), ...(chosen ? { chosen } : {}) };
	const opened = new OfferSeals(t.sessions[t.to]!).open(open, t.to);
	if (!opened.ok) throw new Error(opened.error.message);
	return acceptSealed(t.to, open, opened.terms, chosen);
}

describe('lastLookers', () => {
	it.each([
		['a public offer', false],
		['a sealed private offer (no box opened to find its maker)', true],
	] as const)('%s: the maker that withdrew before the seat\u2019s pick is one, for that seat only', (_, sealed) => {
		const t = table();
		const receiver = t.sessions[t.to]!;
		const open = offered(t, anySpecialOffer(t, t.maker, t.to, sealed));
		expect(receiver.act(t.to, accept(t, open, [t.cards[0]!])).ok).toBe(true);
		t.sim.flushAll();
		expect([...lastLookers(receiver, t.to)]).toEqual([]);
		backDatedWithdrawal(t, open, makerOfferEntry(t));
		for (const session of t.sessions) expect([...lastLookers(session, t.to)]).toEqual([t.maker]);
		expect([...lastLookers(receiver, t.maker)]).toEqual([]);
	});

	it('an offer withdrawn before any pick, or an acceptance with nothing to pick refused so, does not count', () => {
		const t = table();
		const receiver = t.sessions[t.to]!;
		const asking = offered(t, anySpecialOffer(t, t.maker, t.to, false));
		expect(t.sessions[t.maker]!.act(t.maker, { type: 'withdrawOffer', seat: t.maker, offer: asking.id, digest: offerDigest(asking) }).ok).toBe(true);
		t.sim.flushAll();
		const none = { money: 0, specials: [], groups: [] };
		const gift = offered(t, { type: 'offer', seat: t.maker, to: t.to, give: { ...none, money: 1 }, take: none, private: false });
		// An entry of the receiver's first (as a pick's show is), so the withdrawal is placed before its acceptance.
		expect(receiver.act(t.to, { type: 'offer', seat: t.to, to: t.maker, give: none, take: { ...none, money: 1 }, private: false }).ok).toBe(true);
		const accepted = receiver.act(t.to, accept(t, gift));
		expect(accepted.ok).toBe(true);
		t.sim.flushAll();
		backDatedWithdrawal(t, gift, makerOfferEntry(t));
		expect(receiver.rejections).toEqual([expect.objectContaining({ id: accepted.ok ? accepted.id : null, code: 'NO_SUCH_OFFER' })]);
		expect(lastLookers(receiver, t.to).size).toBe(0);
	});

	it('a pick refused for another reason (a hidden card never shown: NOT_HELD) does not count, even once the offer is withdrawn', () => {
		const t = table();
		const receiver = t.sessions[t.to]!;
		const open = offered(t, anySpecialOffer(t, t.maker, t.to, false));
		// Signed by hand, as a client that skips the show would.
		const me = gameIdentity(seedOf(`${t.label}-${t.seed}-${t.to}`), t.gameId);
		const replayer = receiver.replayer as GameReplayer;
		const last = replayer.lastOf(me.publicKey);
		receiver.append(signEntry(me, { game: t.gameId, kind: 'action', body: accept(t, open, [t.cards[0]!]), last, deps: replayer.depsFor(last) }));
		t.sim.flushAll();
		expect(t.sessions[t.maker]!.act(t.maker, { type: 'withdrawOffer', seat: t.maker, offer: open.id, digest: offerDigest(open) }).ok).toBe(true);
		t.sim.flushAll();
		expect(receiver.rejections.map((r) => r.code)).toEqual(['NOT_HELD']);
		expect(lastLookers(receiver, t.to).size).toBe(0);
	});
});
