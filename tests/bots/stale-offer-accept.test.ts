/**
 * Review, session 16: an open offer whose maker has since given the named Special away stays in the
 * state (offers last the turn; acceptance checks the maker's real hand). The view dropped the card
 * from the maker's kept cards (no longer held) but could sample it back into the maker's hand (it
 * is unseen: in another seat's hand), so acceptOffer was legal in the view and refused in the game
 * (12 of 200 seeds; a normal bot chose it in every one: NOT_HELD). The view never draws back a
 * card the maker's open offer names and it no longer holds.
 */
import { expect, it } from 'vitest';
import { createBot } from '../../src/lib/bots/index.js';
import { viewFor } from '../../src/lib/bots/view.js';
import { legalActions } from '../../src/lib/engine/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { player } from './structures.js';

const nothing = { money: 0, specials: [], groups: [] };

/** The Network (its turn) offered the Bavarians its Swiss Bank Account, then gave it to the UFOs. */
function position() {
	const base = scenario({
		players: [player('bavarian-illuminati', ['mafia'], 20), { ...player('network', ['kgb'], 20), hand: ['swiss-bank-account', 'murphys-law'] }, player('ufos', ['cia'], 20)],
		turn: { seat: 1 },
	});
	return play(
		base,
		{ type: 'offer', seat: 1, to: 0, give: { ...nothing, specials: ['swiss-bank-account'] }, take: nothing, private: false },
		{ type: 'give', seat: 1, to: 2, money: 0, specials: ['swiss-bank-account'] },
	);
}

it("a stale offer's card is never sampled back into its maker's hand: the bot does not accept it", () => {
	const state = position();
	expect(state.offers).toHaveLength(1);
	expect(legalActions(state, 0).some((legal) => legal.action.type === 'acceptOffer')).toBe(false);
	for (let i = 0; i < 200; i++) {
		const seed = `s${i}`;
		expect(viewFor(state, 0, { seed }).players[1]!.hand).not.toContain('swiss-bank-account');
		expect(legalActions(viewFor(state, 0, { seed }), 0).some((legal) => legal.action.type === 'acceptOffer')).toBe(false);
	}
	for (const seed of ['s5', 's69', 's79']) expect(createBot({ level: 'normal', seed }).decide(state, 0)?.type).not.toBe('acceptOffer');
});
