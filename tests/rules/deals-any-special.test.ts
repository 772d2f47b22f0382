/**
 * Specials of the receiver's choice (engine/offer-choice.ts). Others may know how many Specials a
 * player holds, not which (Basic Rules, Special cards), so an offer may ask for "one of your
 * Specials" and leave the pick to the receiver, who names it when it accepts; the exchange is then
 * made at once, whole (Gifts and Trades; When Is a Deal Binding?).
 */
import { describe, expect, it } from 'vitest';
import { cardsToShow } from '../../src/lib/engine/knowledge.js';
import { choicesFor, legalActions, step, type AcceptOfferAction, type Action, type GameState, type OfferSide } from '../../src/lib/engine/index.js';
import { noteDigest, offerCommitment, type RevealedTerms } from '../../src/lib/engine/offer-terms.js';
import { NOTHING, expectSound, offer, side, tableWithTwoSpecials } from '../helpers/deals.js';
import { expectRefused, moneyOf, play } from '../helpers/scenario.js';

const pick = (seat: number, id: number, chosen?: string[]): Action => ({ type: 'acceptOffer', seat, offer: id, ...(chosen === undefined ? {} : { chosen }) });


const acceptsOf = (state: GameState, seat: number): AcceptOfferAction[] =>
	legalActions(state, seat).flatMap((option) => (option.action.type === 'acceptOffer' ? [option.action] : []));

describe('an offer may ask for Specials of the receiver\'s choice', () => {
	it('the receiver picks which of its Specials it hands over, and gets the price at once', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));
		expect(open.offers[0]!.take.anySpecials).toBe(1);
		const after = play(open, pick(1, 0, ['murphys-law']));
		expect(after.players[1]!.hand).toEqual(['slush-fund']);
		expect(after.players[0]!.hand).toEqual(['swiss-bank-account', 'murphys-law']);
		expect(moneyOf(after, 0, 'bavarian-illuminati')).toBe(14);
		expect(moneyOf(after, 1, 'network')).toBe(16);
		expectSound(after);
	});

	it('the engine lists one acceptance for each pick the receiver could make', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));
		expect(acceptsOf(open, 1).map((a) => a.chosen)).toEqual([['slush-fund'], ['murphys-law']]);
		const both = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 2 }));
		expect(acceptsOf(both, 1).map((a) => a.chosen)).toEqual([['slush-fund', 'murphys-law']]);
	});

	it('a card the offer names is not offered again as a pick', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { specials: ['slush-fund'], anySpecials: 1 }));
		expect(acceptsOf(open, 1).map((a) => a.chosen)).toEqual([['murphys-law']]);
		expectRefused(open, pick(1, 0, ['slush-fund']), 'BAD_OFFER');
		const after = play(open, pick(1, 0, ['murphys-law']));
		expect(after.players[1]!.hand).toEqual([]);
	});

	it('an offer with the Specials left to choice can be given for a group or a Special too', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { specials: ['swiss-bank-account'] }, { anySpecials: 1 }));
		const after = play(open, pick(1, 0, ['slush-fund']));
		expect(after.players[0]!.hand).toEqual(['slush-fund']);
		expect(after.players[1]!.hand).toEqual(['murphys-law', 'swiss-bank-account']);
	});

	it.each([
		['no pick at all', undefined, 'CHOICE_NEEDED'],
		['too few picks', [], 'CHOICE_NEEDED'],
		['too many picks', ['slush-fund', 'murphys-law'], 'CHOICE_NEEDED'],
		['a Special the receiver does not hold', ['whispering-campaign'], 'NOT_HELD'],
		['a group', ['pentagon'], 'BAD_OFFER'],
	] as const)('an acceptance refused: %s', (_, chosen, code) => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));
		expectRefused(open, pick(1, 0, chosen === undefined ? undefined : [...chosen]), code);
		expect(open.players[1]!.hand).toEqual(['slush-fund', 'murphys-law']);
	});

	it('a card picked twice is refused', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 2 }));
		expectRefused(open, pick(1, 0, ['slush-fund', 'slush-fund']), 'BAD_OFFER');
	});

	it('a pick for an offer that leaves nothing to choice is refused', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { specials: ['slush-fund'] }));
		expectRefused(open, pick(1, 0, ['murphys-law']), 'BAD_OFFER');
	});

	it.each([
		['what the maker gives', offer(0, 1, { anySpecials: 1 }, { money: 2 }), 'BAD_OFFER'],
		['none (the entry is malformed)', offer(0, 1, { money: 1 }, { anySpecials: 0 }), 'MALFORMED_ACTION'],
		['more than three', offer(0, 1, { money: 1 }, { anySpecials: 4 }), 'BAD_OFFER'],
		['a count that is not a number', offer(0, 1, { money: 1 }, { anySpecials: '1' as unknown as number }), 'MALFORMED_ACTION'],
		['a fraction', offer(0, 1, { money: 1 }, { anySpecials: 1.5 }), 'MALFORMED_ACTION'],
		['more than the receiver holds (how many it holds is public)', offer(0, 2, { money: 1 }, { anySpecials: 1 }), 'NOT_HELD'],
	] as const)('an offer refused: Specials of choice in %s', (_, action, code) => {
		expectRefused(tableWithTwoSpecials(), action, code);
	});

	it('no Special changes hands by choice during a privileged attack', () => {
		const open = play(tableWithTwoSpecials(), offer(0, 1, { money: 6 }, { anySpecials: 1 }));
		const attacking = play(open, { type: 'attack', seat: 0, kind: 'control', attacker: 'mafia', target: 'hollywood', aids: [] });
		if (attacking.phase.kind !== 'attack') throw new Error('expected an attack under way');
		const privileged = { ...attacking, phase: { kind: 'attack' as const, attack: Object.assign({}, attacking.phase.attack, { privileged: true }) } };
		expectRefused(privileged, pick(1, 0, ['slush-fund']), 'PRIVILEGED_ATTACK');
	});

	it('a sealed offer asking for a Special of choice: the acceptance reveals the terms and names the pick', () => {
		const take: OfferSide = side({ anySpecials: 1 });
		const revealed: RevealedTerms = { give: side({ money: 3 }), take, salt: '0123456789abcdef0123456789abcdef', note: noteDigest(null, '') };
		const commitment = offerCommitment(0, 1, revealed, revealed.salt);
		const open = play(tableWithTwoSpecials(), { type: 'offer', seat: 0, to: 1, give: NOTHING, take: NOTHING, private: true, commitment, boxes: ['Ym94LXRvLXJlY2lwaWVudA', 'Ym94LXRvLW1ha2Vy'] });
		expectRefused(open, { type: 'acceptOffer', seat: 1, offer: 0, terms: revealed }, 'CHOICE_NEEDED');
		const forged: RevealedTerms = { ...revealed, take: side({ specials: ['slush-fund'] }) };
		expectRefused(open, { type: 'acceptOffer', seat: 1, offer: 0, terms: forged, chosen: ['murphys-law'] }, 'BAD_COMMITMENT');
		const result = step(open, { type: 'acceptOffer', seat: 1, offer: 0, terms: revealed, chosen: ['murphys-law'] });
		expect(result.ok).toBe(true);
		if (result.ok) expect(result.state.players[0]!.hand).toContain('murphys-law');
	});

	it('under the secret deck, a hidden card picked is shown before the acceptance is signed', () => {
		const state = { ...tableWithTwoSpecials(), options: { ...tableWithTwoSpecials().options, secretDeck: true } };
		const hidden = { ...state, players: state.players.map((p) => (p.seat === 1 ? { ...p, hand: [], hidden: [4, 9] } : p)) };
		const shown = cardsToShow(hidden, 1, pick(1, 0, ['murphys-law']), { 4: 'slush-fund', 9: 'murphys-law' });
		expect(shown).toEqual([{ position: 9, card: 'murphys-law' }]);
	});
});

describe('a sealed offer asking for more Specials of choice than the engine allows', () => {
	it('lists no pick at all: every one would be refused, and a big hand would have thousands', () => {
		const hand = ['slush-fund', 'murphys-law', 'white-collar-crime', 'deep-agent', 'media-campaign', 'market-manipulation', 'bribery', 'whispering-campaign', 'senate-investigating-committee', 'computer-espionage', 'secrets-man-was-not-meant-to-know', 'assassination'];
		const state = { ...tableWithTwoSpecials(), players: tableWithTwoSpecials().players.map((p) => (p.seat === 1 ? { ...p, hand } : p)) };
		const take: OfferSide = side({ anySpecials: 6 });
		const revealed: RevealedTerms = { give: side({ money: 3 }), take, salt: '0123456789abcdef0123456789abcdef', note: noteDigest(null, '') };
		const open = play(state, { type: 'offer', seat: 0, to: 1, give: NOTHING, take: NOTHING, private: true, commitment: offerCommitment(0, 1, revealed, revealed.salt), boxes: ['Ym94LXRvLXJlY2lwaWVudA', 'Ym94LXRvLW1ha2Vy'] });
		expect(choicesFor(open, { ...open.offers[0]!, give: revealed.give, take }, 1)).toEqual([]);
		expectRefused(open, { type: 'acceptOffer', seat: 1, offer: 0, terms: revealed, chosen: hand.slice(0, 6) }, 'BAD_OFFER');
	});
});
