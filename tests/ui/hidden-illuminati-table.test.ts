/**
 * Hidden Illuminati on the table (ui/table/view.ts `faceDown`, FaceDownIlluminati.svelte): each page
 * shows its own seat's Illuminati face up (from its device's knowledge) and every other seat's face
 * down; a seatless page shows every one face down; a card shown with proof is face up for all.
 */
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { OWN_ILLUMINATI } from '../../src/lib/engine/hidden-illuminati.js';
import { viewFor } from '../../src/lib/engine/knowledge.js';
import { tableView } from '../../src/lib/ui/table/view.js';
import { dealt, must } from '../helpers/hidden-illuminati.js';

describe('Hidden Illuminati on the table', () => {
	it('a page sees its own card face up and every other face down; a seatless page sees none', () => {
		const state = dealt();
		const mine = tableView(viewFor(state, 1, { [OWN_ILLUMINATI]: 'network' }), [1]);
		expect(mine.players.map((p) => p.faceDown)).toEqual([{ own: null }, { own: 'network' }, { own: null }]);
		const spectator = tableView(state, []);
		expect(spectator.players.map((p) => p.faceDown)).toEqual([{ own: null }, { own: null }, { own: null }]);
		// A face-down card's goal is as secret as the card.
		expect(spectator.players.map((p) => p.goal)).toEqual([0, 1, 2].map(() => ({ kind: 'secret', committed: true })));
		// The public state alone (a page whose device has not opened its card yet): face down, not named.
		expect(tableView(state, [1]).players[1]!.faceDown).toEqual({ own: null });
		// The out-of-play pile lists no Illuminati while any is face down (the dealt ones lie there unseen).
		expect(state.outOfPlay).toContain('network');
		expect(tableView(state, []).outOfPlay.some((card) => ILLUMINATI.some((c) => c.id === card))).toBe(false);
	});

	it('a card shown with proof is face up on every page', () => {
		const state = dealt();
		const shown = must(state, { type: 'showIlluminati', seat: 2, card: 'gnomes-of-zurich' });
		expect(tableView(shown, []).players[2]!.faceDown).toBeNull();
		expect(tableView(shown, []).players[2]!.illuminati).toBe('gnomes-of-zurich');
	});
});
