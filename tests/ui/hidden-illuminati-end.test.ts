/**
 * Hidden Illuminati at the end (ui/end/illuminati.ts, HiddenIlluminatiEnd.svelte): the end screen
 * lists every player's Illuminati as opened at the end, a card shown during the game as such, and
 * marks each player that lied about theirs (the engine's own check, LIED_ABOUT_ILLUMINATI); the
 * new-game form refuses the option without the secret deck (ui/app/new-game.ts).
 */
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/lib/engine/index.js';
import { defaultForm, planNewGame, type NewGameForm } from '../../src/lib/ui/app/new-game.js';
import { illuminatiRows } from '../../src/lib/ui/end/illuminati.js';
import EndScreen from '../../src/lib/ui/end/EndScreen.svelte';
import { dealt, must } from '../helpers/hidden-illuminati.js';
import { scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const over = (state: GameState): GameState => ({ ...state, phase: { kind: 'over' } });
const OPENED = { 0: 'bavarian-illuminati', 1: 'network', 2: 'gnomes-of-zurich' } as const;

describe('the end screen opens every Illuminati and marks the liars', () => {
	failOnMissingMessages();
	// Panels and texts the code loads with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it('secret deal: each seat’s card comes from the opening; a "no" to a right accusation and an overstatement are marked', () => {
		// Seat 1 states Power 8 (the Network's is 7); then it says "no" to a right accusation.
		let state = dealt([{ power: 10, income: 9 }, { power: 8, income: 9 }, { power: 6, income: 12 }]);
		const seat = state.turn!.seat;
		const target = seat === 1 ? 2 : 1;
		state = must(state, { type: 'accuse', seat, target, illuminati: OPENED[target] });
		state = must(state, { type: 'denyAccusation', seat: target });
		const rows = illuminatiRows(over(state), OPENED)!;
		expect(rows.map((r) => r.card)).toEqual(['bavarian-illuminati', 'network', 'gnomes-of-zurich']);
		const lies = Object.fromEntries(rows.map((r) => [r.seat, r.lies]));
		expect(lies[target]).toContain('denied');
		expect(lies[1]).toContain('overstated');
		expect(lies[0]).toEqual([]);
		// Before the seeds are in: no card named, no one accused of lying.
		expect(illuminatiRows(over(state), null)!.map((r) => [r.card, r.lies])).toEqual([0, 1, 2].map(() => [null, []]));
	});

	it('a card shown during the game is listed as such, with no opening needed', () => {
		const state = dealt();
		const shown = must(state, { type: 'showIlluminati', seat: 2, card: 'gnomes-of-zurich' });
		const rows = illuminatiRows(over(shown), null)!;
		expect(rows[2]).toEqual({ seat: 2, card: 'gnomes-of-zurich', shownInPlay: true, lies: [] });
		expect(rows[0]!.card).toBeNull();
	});

	it('without the option the end screen has no such part; with the coin’s deal every card is known', () => {
		const plain = scenario({ players: [{ illuminati: 'network', money: 1 }, { illuminati: 'ufos', money: 1 }] });
		expect(illuminatiRows(over(plain), null)).toBeNull();
		const coin = scenario({ players: [{ illuminati: 'network', money: 1 }, { illuminati: 'ufos', money: 1 }], rules: { hiddenIlluminati: true } });
		expect(illuminatiRows(over(coin), null)!.map((r) => r.card)).toEqual(['network', 'ufos']);
	});

	it('the rendered end screen names each card and marks the liar', () => {
		let state = dealt();
		const seat = state.turn!.seat;
		const target = (seat + 1) % 3;
		state = must(must(state, { type: 'accuse', seat, target, illuminati: OPENED[target as 0 | 1 | 2] }), { type: 'denyAccusation', seat: target });
		const { body } = render(EndScreen, { props: { states: [over(state)], illuminati: OPENED } });
		expect(body).toContain('data-testid="end-illuminati"');
		expect(body).toContain('The Illuminati, opened');
		expect(body).toContain('The Network');
		expect(body).toMatch(new RegExp(`data-seat="${target}"[^>]*data-lied="yes"`));
		expect(body).toContain('lied: said no to a right accusation');
	});
});

describe('the new-game form and Hidden Illuminati', () => {
	const form = (patch: Partial<NewGameForm>): NewGameForm => ({ ...defaultForm(), ...patch, rules: { ...defaultForm().rules, hiddenIlluminati: true } });

	it('is planned with the secret deck: online, players on other devices, open hands unticked', () => {
		const plan = planNewGame(form({ mode: 'online', players: 3, mine: 1, openHands: false }), 'T');
		expect(plan.ok && plan.options.secretDeck).toBe(true);
	});

	it.each([
		['open hands', form({ mode: 'online', players: 3, mine: 1, openHands: true })],
		['a game on this device', form({ mode: 'local', players: 3 })],
		['every seat held here', form({ mode: 'online', players: 3, mine: 3, openHands: false })],
	])('is refused without the secret deck: %s', (_name, input) => {
		expect(planNewGame(input, 'T')).toEqual({ ok: false, problem: 'hiddenIlluminati' });
	});
});
