/**
 * Bots under the secret deck (bots/view.ts): a bot's view puts its own hidden cards back from its
 * device's knowledge and samples every other hidden card from the unseen pool with its seed. It
 * never peeks: two games that differ only in other seats' hidden cards give the same view.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/lib/engine/index.js';
import { CARDS } from '../../src/lib/engine/cards/index.js';
import { viewFor } from '../../src/lib/bots/view.js';
import { Bot } from '../../src/lib/bots/bot.js';
import { advance, newTable, passTurn, specialsFirst } from '../helpers/secret-deck.js';

function played(specials: string[]) {
	const table = newTable(3);
	const arrange = specialsFirst(specials);
	advance(table, arrange);
	passTurn(table, arrange);
	passTurn(table, arrange);
	return table;
}

describe('Bot view under the secret deck', () => {
	it('shows the seat its own hidden cards, samples the others among unseen Specials, and is a full ordinary state', () => {
		const table = played(['deep-agent', 'slush-fund', 'bribery']);
		const seat = table.state.players.findIndex((p) => (p.hidden ?? []).length > 0);
		const view = viewFor(table.state, seat, { knowledge: table.knowledge[seat], seed: 'b1' });
		expect(view.options.secretDeck).toBe(false);
		expect(view.players[seat]!.hand).toEqual(Object.values(table.knowledge[seat]!));
		for (const player of view.players) {
			expect(player.hidden).toBeUndefined();
			for (const card of player.hand) expect(CARDS[card]?.kind).toBe('special');
		}
		const held = view.players.flatMap((p) => p.hand);
		expect(new Set([...held, ...view.deck]).size).toBe(held.length + view.deck.length);
	});

	it('does not depend on other seats’ hidden cards (no peeking), and the same seed gives the same sample', () => {
		const a = played(['deep-agent', 'slush-fund', 'bribery']);
		const b = played(['deep-agent', 'bribery', 'slush-fund']);
		const seat = a.state.players.findIndex((p) => (p.hidden ?? [])[0] === 0);
		expect(a.knowledge[seat]).toEqual(b.knowledge[seat]);
		const view = (t: typeof a) => viewFor(t.state, seat, { knowledge: t.knowledge[seat], seed: 'same' });
		expect(stateHash(view(a))).toBe(stateHash(view(b)));
		expect(stateHash(view(a))).toBe(stateHash(view(a)));
	});

	it('a bot given its knowledge plays a secret-deck position from its view', () => {
		const table = played(['deep-agent', 'slush-fund', 'bribery']);
		const bot = new Bot({ level: 'easy', seed: 's', knowledge: (seat) => table.knowledge[seat]! });
		const seat = table.state.turn!.seat;
		const action = bot.decide(table.state, seat);
		expect(action === null || action.seat === seat).toBe(true);
	});
});
