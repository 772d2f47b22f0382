/**
 * Under the secret deck a bot's view samples other seats' hidden Specials (view.ts), so the cards it
 * sees in a rival's hand are guesses. It offers to buy only a Special it can be sure the seat holds
 * (knownHands: open cards, and hidden ones its knowledge names), never a sampled one.
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
	it('offers money for a Special it can see in a hand', () => {
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

	it('knownHands without the secret deck: every hand as it lies', () => {
		const state = richBuyer();
		expect(knownHands(state, 0)).toEqual([[], ['slush-fund'], []]);
	});
});
