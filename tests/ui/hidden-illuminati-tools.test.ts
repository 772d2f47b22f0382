/**
 * Hidden Illuminati's controls (issue 13): the reveal button is drawn from the engine's legal list
 * (HiddenIlluminatiTools.svelte), and the new-game option says why it needs the secret deck
 * (HiddenIlluminatiOption.svelte).
 */
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, legalActions, type GameState, type Seat } from '../../src/lib/engine/index.js';
import HiddenIlluminatiTools from '../../src/lib/ui/actions/HiddenIlluminatiTools.svelte';
import HiddenIlluminatiOption from '../../src/lib/ui/app/HiddenIlluminatiOption.svelte';
import { dealt, must } from '../helpers/hidden-illuminati.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const tool = (state: GameState, seat: Seat) =>
	render(HiddenIlluminatiTools, {
		props: { state, tool: 'stateIlluminati', options: legalActions(state, seat).filter((l) => ['stateIlluminati', 'revealIlluminati'].includes(l.action.type)), run: () => true },
	}).body;

describe('Hidden Illuminati controls', () => {
	failOnMissingMessages();

	it('the reveal button shows when the engine lists the reveal, and gives way to a note while the device shows the card', () => {
		const state = dealt();
		const seat = state.turn!.seat;
		expect(tool(state, seat)).toContain('Reveal my Illuminati to use its power');
		const asked = must(state, { type: 'revealIlluminati', seat });
		const body = tool(asked, seat);
		expect(body).not.toContain('Reveal my Illuminati to use its power');
		expect(body).toContain('data-testid="reveal-waiting"');
	});

	it('the option is disabled with the reason when the game will not use the secret deck, and open otherwise', () => {
		const off = render(HiddenIlluminatiOption, { props: { rules: { ...DEFAULT_RULES }, secretDeck: false } }).body;
		expect(off).toMatch(/data-testid="hidden-illuminati-option"[^>]*disabled/);
		expect(off).toContain('Needs the secret deck');
		const on = render(HiddenIlluminatiOption, { props: { rules: { ...DEFAULT_RULES }, secretDeck: true } }).body;
		expect(on).not.toMatch(/data-testid="hidden-illuminati-option"[^>]*disabled/);
		expect(on).not.toContain('Needs the secret deck');
		// Already ticked, it can still be unticked.
		const ticked = render(HiddenIlluminatiOption, { props: { rules: { ...DEFAULT_RULES, hiddenIlluminati: true }, secretDeck: false } }).body;
		expect(ticked).not.toMatch(/data-testid="hidden-illuminati-option"[^>]*disabled/);
	});
});
