// A seated bot at a secret-deck table (docs/deck.md, "Computer players under the secret deck"): its
// hidden Specials are opened by the device that drives it, and the bot thinks on that seat's view
// (engine/knowledge.ts viewFor), its own hidden cards in its hand, like a person's page. Before, the
// driver asked the thinker with the public state, so the bot took its own cards for samples from
// the unseen pool: offered money for one of its Specials of its choice, it named a card it did not
// hold, and the session refused the acceptance (NOT_HELD).
import { describe, expect, it } from 'vitest';
import { legalActions, step, type GameState, type PlayerAction, type Seat } from '../../../src/lib/engine/index.js';
import { viewFor, type Knowledge } from '../../../src/lib/engine/knowledge.js';
import { BotDriver, type DrivenSession } from '../../../src/lib/session/bots/driver.js';
import { localThinker, type ThinkRequest } from '../../../src/lib/session/bots/thinker.js';
import { offeredForAHiddenSpecial } from '../../helpers/deals.js';


const KNOWN: Knowledge = { 7: 'murphys-law' };

/** A session holding seat 1 whose device knows the seat's hidden card; it records what is posted. */
function session(state: GameState): DrivenSession & { posted: PlayerAction[] } {
	const posted: PlayerAction[] = [];
	return {
		posted,
		state,
		stateHash: 'h',
		accepted: 1,
		mySeats: [1],
		readOnly: false,
		verifying: 0,
		view: (seat: Seat) => viewFor(state, seat, seat === 1 ? KNOWN : {}),
		legal: (seat: Seat) => legalActions(viewFor(state, seat, seat === 1 ? KNOWN : {}), seat),
		act(seat: Seat, action: PlayerAction) {
			posted.push(action);
			return { ok: true };
		},
		subscribe: () => () => {},
	};
}

describe('a seated bot under the secret deck', () => {
	it('thinks with its own hidden Specials in its hand, and hands over the card it holds for an offer of its choice', async () => {
		const state = offeredForAHiddenSpecial();
		expect(step(state, { type: 'acceptOffer', seat: 1, offer: 0, chosen: ['murphys-law'] }).ok).toBe(false); // shown first (session/moves.ts)
		const asked: ThinkRequest[] = [];
		const inner = localThinker(null);
		const thinker = { think: (request: ThinkRequest) => (asked.push(request), inner.think(request)), destroy: () => inner.destroy() };
		const table = session(state);
		const driver = new BotDriver(table, [{ seat: 1, level: 'normal' }], { thinker, seed: 'own-cards-a', timeBudgetMs: null, wait: () => Promise.resolve() });
		await driver.idle();
		driver.destroy();
		expect(asked[0]!.state.players[1]!.hand).toEqual(['murphys-law']);
		expect(table.posted).toEqual([expect.objectContaining({ type: 'acceptOffer', seat: 1, chosen: ['murphys-law'] })]);
	});
});
