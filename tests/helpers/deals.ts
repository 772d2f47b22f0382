/**
 * Helpers for the deal tests (Gifts and Trades): a three-player table, offer entries, and the
 * soundness checks every exchange must keep.
 */
import type { Action, GameState, OfferSide, Seat } from '../../src/lib/engine/index.js';
import { player } from '../bots/structures.js';
import { play, scenario } from './scenario.js';

export const NOTHING: OfferSide = { money: 0, specials: [], groups: [] };

export function side(part: Partial<OfferSide>): OfferSide {
	return { ...NOTHING, ...part };
}

/** Seat 0 (Bavarians, 20 MB; the Mafia east with the Yuppies on its arrow 0; the CIA west; Swiss
 * Bank Account in hand) is in its actions step with two actions. Seat 1 (Network, 10 MB; the
 * Pentagon east; Slush Fund in hand). Seat 2 (Gnomes, 5 MB; the KKK east). */
export function table(): GameState {
	return scenario({
		players: [
			{
				illuminati: 'bavarian-illuminati',
				money: 20,
				hand: ['swiss-bank-account'],
				groups: [
					{ card: 'mafia', side: 1, money: 6 },
					{ card: 'yuppies', master: 'mafia', side: 0, money: 2 },
					{ card: 'cia', side: 3, money: 1 },
				],
			},
			{ illuminati: 'network', money: 10, hand: ['slush-fund'], groups: [{ card: 'pentagon', side: 1, money: 3 }] },
			{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'kkk', side: 1 }] },
		],
		uncontrolled: ['hollywood'],
	});
}

/** The table with seat 1 (the Network) holding two Specials, the Slush Fund and Murphy's Law. */
export function tableWithTwoSpecials(): GameState {
	const state = table();
	return {
		...state,
		deck: state.deck.filter((card) => card !== 'murphys-law'),
		players: state.players.map((p) => (p.seat === 1 ? { ...p, hand: ['slush-fund', 'murphys-law'] } : p)),
	};
}

export function offer(seat: Seat, to: Seat, give: Partial<OfferSide>, take: Partial<OfferSide> = {}, extra: { private?: boolean; note?: string } = {}): Action {
	return { type: 'offer', seat, to, give: side(give), take: side(take), private: extra.private ?? false, ...(extra.note === undefined ? {} : { note: extra.note }) };
}

export const accept = (seat: Seat, id: number): Action => ({ type: 'acceptOffer', seat, offer: id });

export { expectSound } from './scenario.js';

/** Secret deck: the Discordians (seat 2, in their turn) offer the Gnomes of Zurich (seat 1) 20 MB
 * for one of the Gnomes' Specials, of the Gnomes' choice; the Gnomes' only Special is held face
 * down (position 7: Murphy's Law, which only the Gnomes' device knows). */
export function offeredForAHiddenSpecial(): GameState {
	const base = scenario({
		players: [player('servants-of-cthulhu', ['kgb'], 10), player('gnomes-of-zurich', ['loan-sharks'], 40), player('discordian-society', ['hackers'], 40), player('network', ['mafia'], 10)],
		turn: { seat: 2 },
	});
	const secret: GameState = { ...base, options: { ...base.options, secretDeck: true }, players: base.players.map((p) => (p.seat === 1 ? { ...p, hand: [], hidden: [7] } : p)) };
	return play(secret, { type: 'offer', seat: 2, to: 1, give: side({ money: 20 }), take: side({ anySpecials: 1 }), private: false });
}
