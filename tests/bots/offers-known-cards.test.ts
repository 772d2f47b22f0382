/**
 * A bot's view samples the Specials of other seats it was not shown (view.ts; under the secret deck,
 * their hidden ones), so the cards it sees in a rival's hand are guesses. It offers to buy only a
 * Special it can be sure the seat holds (knownHands: what Computer Espionage or an offer showed it;
 * under the secret deck, open cards and hidden ones its knowledge names), never a sampled one.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_DEFAULTS } from '../../src/lib/bots/levels.js';
import { makeOffer } from '../../src/lib/bots/offers.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { Counter } from '../../src/lib/bots/settle.js';
import type { Thinking } from '../../src/lib/bots/thinking.js';
import { knownHands } from '../../src/lib/bots/view.js';
import { scenario } from '../helpers/scenario.js';
import { advance, newTable, passTurn, specialsFirst } from '../helpers/secret-deck.js';

const hard = (): Thinking => ({
	seat: 0,
	level: LEVEL_DEFAULTS.hard.config,
	secret: null,
	chooser: new Chooser('known-cards'),
	counter: new Counter(),
	exhausted: () => false,
	spent: () => false,
	playoutBudget: 4,
	now: null,
	deadline: null,
});

const richBuyer = () =>
	scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 40, groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 5, groups: [{ card: 'kgb', side: 1 }], hand: ['slush-fund'] },
			{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'loan-sharks', side: 1 }] },
		],
		uncontrolled: ['hollywood', 'video-games'],
	});

describe('a bot asks to buy only Specials it knows a seat holds', () => {
	it('offers money for a Special it knows a seat holds', () => {
		const offer = makeOffer(hard(), richBuyer());
		expect(offer).toMatchObject({ to: 1, take: { specials: ['slush-fund'] } });
	});

	it('makes no offer for the same card when it cannot know the seat holds it (a sampled card)', () => {
		const offer = makeOffer(hard(), richBuyer(), new Set(), [[], [], []]);
		expect(offer?.take.specials ?? []).toEqual([]);
	});

	it('knownHands: under the secret deck a seat knows its own hidden cards, not another seat’s', () => {
		const table = newTable(3);
		const arrange = specialsFirst(['deep-agent', 'slush-fund', 'bribery']);
		advance(table, arrange);
		passTurn(table, arrange);
		passTurn(table, arrange);
		const holders = table.state.players.filter((player) => (player.hidden ?? []).length > 0).map((player) => player.seat);
		expect(holders.length).toBeGreaterThan(1);
		const [seat, other] = holders as [number, number];
		const known = knownHands(table.state, seat, { knowledge: table.knowledge[seat] });
		expect(known[seat]).toEqual((table.state.players[seat]!.hidden ?? []).map((position) => table.knowledge[seat]![position]));
		expect(known[other]).toEqual([]);
	});

	it('knownHands without the secret deck: the seat\'s own hand, and of the others only what it was shown', () => {
		const state = richBuyer();
		// Hands are in the state but a seat may know only how many Specials another holds (Basic rules).
		expect(knownHands(state, 0)).toEqual([[], [], []]);
		expect(knownHands(state, 1)).toEqual([[], ['slush-fund'], []]);
		// Computer Espionage showed seat 0 the Network's hand.
		const spied = { ...state, grants: [{ viewer: 0, subject: { kind: 'hand' as const, seat: 1, cards: ['slush-fund'] }, at: state.accepted }] };
		expect(knownHands(spied, 0)).toEqual([[], ['slush-fund'], []]);
		expect(knownHands(spied, 2)).toEqual([[], [], []]);
	});
});
