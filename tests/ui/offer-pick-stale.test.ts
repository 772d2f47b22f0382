// A pick kept in the deals panel for an offer asking for Specials of the receiver's choice
// (offer-picks.ts, OfferPick.svelte) may name a card the receiver no longer holds: it handed it
// over in another deal, gave it or played it after ticking it. Such a tick counts for nothing:
// the receiver may still tick the cards it holds, and Accept goes out with those alone.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '../../src/lib/engine/index.js';
import { offerViews } from '../../src/lib/ui/actions/deals.js';
import { acceptWith, livePicks, togglePick } from '../../src/lib/ui/actions/offer-picks.js';
import OfferPick from '../../src/lib/ui/actions/OfferPick.svelte';
import { offer, table } from '../helpers/deals.js';
import { play } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

/** Seat 1 holds two Specials and has two offers asking for one of its choice; it ticked Murphy's
 * Law for both, then accepted the first: Murphy's Law is gone, the second offer still open. */
function afterFirstAccepted(): GameState {
	const state = table();
	const two = { ...state, deck: state.deck.filter((card) => card !== 'murphys-law'), players: state.players.map((p) => (p.seat === 1 ? { ...p, hand: ['slush-fund', 'murphys-law'] } : p)) };
	const open = play(play(two, offer(0, 1, { money: 6 }, { anySpecials: 1 })), offer(0, 1, { money: 4 }, { anySpecials: 1 }));
	return play(open, { type: 'acceptOffer', seat: 1, offer: 0, chosen: ['murphys-law'] });
}

describe('a card ticked for an offer and since handed over', () => {
	failOnMissingMessages();

	it('does not lock the other boxes: the receiver can still pick the card it holds', () => {
		const state = afterFirstAccepted();
		const pick = offerViews(state, 1, legalActions(state, 1))[0]!.pick!;
		expect(pick.cards).toEqual(['slush-fund']);
		const body = render(OfferPick, { props: { pick, picked: ['murphys-law'], onpick: () => {} } }).body;
		expect(body).not.toMatch(/value="slush-fund"[^>]*disabled/);
		expect(body).toContain('Pick 1 card to accept (0 picked).');
	});

	it('is dropped from the pick: ticking the card held makes a complete pick that Accept sends', () => {
		const state = afterFirstAccepted();
		const pick = offerViews(state, 1, legalActions(state, 1))[0]!.pick!;
		expect(livePicks(pick, ['murphys-law'])).toEqual([]);
		const picked = togglePick(livePicks(pick, ['murphys-law']), 'slush-fund', pick.count);
		expect(acceptWith(pick, picked)?.action).toMatchObject({ type: 'acceptOffer', seat: 1, chosen: ['slush-fund'] });
	});
});
