/**
 * Hard's deals (levels.ts): any Special discarded makes an attack privileged, so a rival near its
 * goal with a Special in hand can make its last capture one that only a seat holding what answers
 * a privilege may stop (Basic Rules: Interference). In deals hard counts that (`deny`, weighed
 * only through `dealWeights`) and expects the partner to weigh the exchange as normal does
 * (`partnerWeights`): in its turn it offers to buy that rival's only Special, at a price a normal
 * bot takes. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, LEVEL_DEFAULTS } from '../../src/lib/bots/index.js';
import type { CardId, GameState, OfferAction, PlayerAction } from '../../src/lib/engine/index.js';
import type { LevelConfig } from '../../src/lib/bots/thinking.js';
import { play, scenario } from '../helpers/scenario.js';
import { player } from './structures.js';

const NEAR: CardId[] = ['hackers', 'comic-books', 'trekkies', 'smof'];

/** The Gnomes of Zurich (seat 1, 40 MB) in their turn; the Discordian Society (seat 2, five Weird
 * groups win) holds `weird` Weird groups and one Special, Murphy's Law, which Computer Espionage
 * showed the Gnomes (`seen`; a seat may know only how many Specials another holds). */
function gnomesTurn(weird: readonly CardId[], seen = true): GameState {
	const state = scenario({
		players: [
			player('servants-of-cthulhu', ['kgb'], 10),
			player('gnomes-of-zurich', ['loan-sharks'], 40),
			{ ...player('discordian-society', weird, 10), hand: ['murphys-law'] },
			player('network', ['mafia'], 10),
		],
		turn: { seat: 1 },
	});
	return seen ? { ...state, grants: [{ viewer: 1, subject: { kind: 'hand', seat: 2, cards: ['murphys-law'] }, at: state.accepted }] } : state;
}

function hardFirst(state: GameState, tune: Partial<LevelConfig> = {}): PlayerAction | null {
	return createBot({ level: 'hard', seed: 'deny', tune }).decide(state, 1);
}

function buysTheSpecial(action: PlayerAction | null): action is OfferAction {
	return action?.type === 'offer' && action.to === 2 && action.take.specials.includes('murphys-law') && action.give.money > 0;
}

describe("hard buys a near rival's only Special", () => {
	it('with the Discordians one Weird group from their goal, it offers money for their Special, and a normal bot takes it', () => {
		const offer = hardFirst(gnomesTurn(NEAR));
		expect(buysTheSpecial(offer)).toBe(true);
		const made = play(gnomesTurn(NEAR), offer!);
		expect(createBot({ level: 'normal', seed: 'deny' }).decide(made, 2)).toMatchObject({ type: 'acceptOffer', seat: 2, offer: 0 });
	});

	it('not knowing which Special they hold (no Computer Espionage) it names none', () => {
		expect(buysTheSpecial(hardFirst(gnomesTurn(NEAR, false)))).toBe(false);
	});

	it('without the deny weight in deals it does not', () => {
		expect(buysTheSpecial(hardFirst(gnomesTurn(NEAR), { dealWeights: { deny: 0 } }))).toBe(false);
	});

	it('with the Discordians far from their goals it does not', () => {
		expect(buysTheSpecial(hardFirst(gnomesTurn(['hackers'])))).toBe(false);
	});

	it('priced by its own weights for the partner (privilege counted for the Discordians) it does not', () => {
		expect(buysTheSpecial(hardFirst(gnomesTurn(NEAR), { partnerWeights: LEVEL_DEFAULTS.hard.config.weights }))).toBe(false);
	});
});

const nothing = { money: 0, specials: [], groups: [] };

/** The Discordian Society (seat 2, holding `weird` Weird groups, 40 MB) in their turn offer the
 * Gnomes of Zurich (seat 1) `price` MB for Murphy's Law, the Gnomes' only Special. */
function discordiansBuy(weird: readonly CardId[], price: number): GameState {
	const state = scenario({
		players: [
			player('servants-of-cthulhu', ['kgb'], 10),
			{ ...player('gnomes-of-zurich', ['loan-sharks'], 40), hand: ['murphys-law'] },
			player('discordian-society', weird, 40),
			player('network', ['mafia'], 10),
		],
		turn: { seat: 2 },
	});
	return play(state, { type: 'offer', seat: 2, to: 1, give: { ...nothing, money: price }, take: { ...nothing, specials: ['murphys-law'] }, private: true });
}

describe('hard never sells a near rival the Special that makes its last capture privileged', () => {
	it('the Discordians one Weird group short: 20 MB for Murphy\'s Law declined', () => {
		expect(hardFirst(discordiansBuy(NEAR, 20))?.type).toBe('declineOffer');
	});

	it('without the deny weight in deals the same 20 MB are taken', () => {
		expect(hardFirst(discordiansBuy(NEAR, 20), { dealWeights: { deny: 0 } })?.type).toBe('acceptOffer');
	});

	it('the Discordians far from their goals: 20 MB taken', () => {
		expect(hardFirst(discordiansBuy(['hackers'], 20))?.type).toBe('acceptOffer');
	});
});
