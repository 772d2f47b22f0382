// "Suggest a move" under the secret deck thinks on what the action panel shows: the seat's view,
// its own hidden Specials its device opened in its hand (ui/table/seen.ts). The game page's hint
// sits in the panel's `beside` snippet, which gets the panel's state (GamePlay.svelte). Before, the
// page gave the hint the public state: it never suggested the seat's hidden cards, and its words
// described moves on a state without them.
import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, step, type GameState, type PlayerAction, type Seat } from '../../src/lib/engine/index.js';
import type { Knowledge } from '../../src/lib/engine/knowledge.js';
import ActionPanel from '../../src/lib/ui/actions/ActionPanel.svelte';
import { explain } from '../../src/lib/ui/app/suggestion.js';
import { seenBy } from '../../src/lib/ui/table/seen.js';
import { BotDriver, type DrivenSession } from '../../src/lib/session/bots/driver.js';
import { localThinker, type ThinkRequest } from '../../src/lib/session/bots/thinker.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';
import { offeredForAHiddenSpecial } from '../helpers/deals.js';

afterAll(() => awaitLazyPanels(import.meta.url));


const KNOWN: Record<number, Knowledge> = { 1: { 7: 'murphys-law' } };

/** A device holding no bot seat: only the hint asks the thinker. */
function quietSession(state: GameState): DrivenSession {
	return { state, stateHash: 'h', accepted: 1, mySeats: [1], readOnly: false, verifying: 0, legal: (seat: Seat) => legalActions(state, seat), act: () => ({ ok: true }), subscribe: () => () => {} };
}

describe('the suggested move under the secret deck', () => {
	const state = offeredForAHiddenSpecial();
	const view = seenBy(state, [1], KNOWN);

	it('the panel hands what sits beside its status line (the hint) the state it shows: the seat’s hidden Special in its hand', () => {
		expect(view.players[1]!.hand).toEqual(['murphys-law']);
		const beside = createRawSnippet((shown: () => GameState | undefined) => ({
			render: () => `<span data-testid="beside-hand">${shown()?.players[1]?.hand.join(' ') || 'none'}</span>`,
		}));
		const body = render(ActionPanel, { props: { state: view, seat: 1, act: () => ({ ok: true as const }), beside } }).body;
		expect(body).toContain('<span data-testid="beside-hand">murphys-law</span>');
	});

	it('the bot thinks on that view and suggests handing over the hidden card, named in words', async () => {
		const asked: ThinkRequest[] = [];
		const inner = localThinker(null);
		const thinker = { think: (request: ThinkRequest) => (asked.push(request), inner.think(request)), destroy: () => inner.destroy() };
		const driver = new BotDriver(quietSession(state), [], { thinker, seed: 'suggest-view', timeBudgetMs: null, wait: () => Promise.resolve() });
		const action = (await driver.suggest(view, 1)) as PlayerAction;
		driver.destroy();
		expect(asked.map((request) => request.state)).toEqual([view]);
		expect(action).toMatchObject({ type: 'acceptOffer', seat: 1, offer: 0, chosen: ['murphys-law'] });
		// The words describe the move on the view, as the seat sees it: its own card is named.
		expect(step(view, action).ok).toBe(true);
		expect(explain(view, action, 'en', 1).text).toBe('The Gnomes of Zurich accept the offer from The Discordian Society, picking Murphy\'s Law to hand over.');
		// On the public state the seat holds no such card: no acceptance there names it.
		expect(step(state, action)).toMatchObject({ ok: false, error: { code: 'NOT_HELD' } });
		expect(legalActions(state, 1).some((legal) => JSON.stringify(legal.action).includes('murphys-law'))).toBe(false);
	});
});
