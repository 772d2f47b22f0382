// The table's words (src/lib/ui/table/card-text.ts): accessible names of cards and arrows in each
// language, card names from the card data, players and goals, with every message present.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale, type Locale } from '../../src/lib/ui/i18n/index.js';
import { arrowLabel, cardLabel, cardName, playerGoalText, playerLabel, type CardLabelInput } from '../../src/lib/ui/table/card-text.js';
import type { PlayerView } from '../../src/lib/ui/table/view.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { loadCardTexts } from '../../src/lib/ui/cards/later.svelte.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

failOnMissingMessages();
beforeAll(() => loadCardTexts()); // goal texts come in a chunk of their own
// Panels and texts the code loads with import() finish loading before teardown.
afterAll(() => awaitLazyPanels(import.meta.url));
afterEach(() => setLocale('en'));

describe('a card is named with where it lies, its Power, Resistance and treasury', () => {
	it.each<[Locale, CardLabelInput, string]>([
		['en', { card: 'cia', where: 'controlled by The Network', money: 8 }, 'C.I.A., controlled by The Network, power 6/4, resistance 5, 8 MB'],
		['en', { card: 'network', where: 'Illuminati of Seat 2', money: 12 }, 'The Network, Illuminati of Seat 2, power 7/7, 12 MB'],
		['en', { card: 'ufos', where: 'Illuminati of Seat 1', money: 0, power: 7 }, 'The UFOs, Illuminati of Seat 1, power 7/6, 0 MB'],
		['en', { card: 'cia', where: 'uncontrolled', selectable: true }, 'C.I.A., uncontrolled, power 6/4, resistance 5, selectable'],
		['en', { card: 'cia', where: 'uncontrolled', role: 'target', highlighted: true }, 'C.I.A., uncontrolled, power 6/4, resistance 5, under attack, highlighted'],
		['en', { card: 'bribery', where: 'in your hand' }, 'Bribery, in your hand, Special'],
		['fr', { card: 'bribery', where: 'dans votre main' }, 'Pot-de-vin, dans votre main, Carte spéciale'],
		['fr', { card: 'network', where: 'Illuminati de Place 2', money: 3 }, 'Le Réseau, Illuminati de Place 2, pouvoir 7/7, 3 MB'],
		['es', { card: 'cia', where: 'sin controlar', role: 'attacker' }, 'CIA, sin controlar, poder 6/4, resistencia 5, atacando'],
	])('in %s: %j', (locale, input, expected) => {
		setLocale(locale);
		expect(cardLabel(input)).toBe(expected);
	});
});

describe('an arrow is named with its status and the way it points', () => {
	it.each<[Locale, 'open' | 'used' | 'blocked', 0 | 1 | 2 | 3, string]>([
		['en', 'open', 0, 'open arrow, pointing up'],
		['en', 'used', 1, 'used arrow, pointing right'],
		['en', 'blocked', 3, 'blocked arrow, pointing left'],
		['fr', 'blocked', 2, 'flèche bloquée, vers le bas'],
		['es', 'used', 3, 'flecha usada, hacia la izquierda'],
	])('in %s: %s facing %i', (locale, status, facing, expected) => {
		setLocale(locale);
		expect(arrowLabel({ status, facing })).toBe(expected);
	});
});

describe('card and player names follow the language', () => {
	it.each<[Locale, string, string]>([
		['en', 'network', 'The Network'],
		['fr', 'network', 'Le Réseau'],
		['es', 'network', 'La Red'],
	])('in %s, %s is %s', (locale, card, expected) => {
		setLocale(locale);
		expect(cardName(card)).toBe(expected);
	});

	it.each<[Locale, readonly (string | null)[] | undefined, string]>([
		['en', undefined, 'Seat 3 (The Network)'],
		['fr', undefined, 'Place 3 (Le Réseau)'],
		['en', [null, null, 'Ada'], 'Ada (The Network)'],
	])('in %s with names %j, seat 2 is %s', (locale, names, expected) => {
		setLocale(locale);
		expect(playerLabel(2, 'network', names)).toBe(expected);
	});
});

describe("a player's goal shows a secret goal as secret until it is revealed", () => {
	const player = (goal: PlayerView['goal']) => ({ goal }) as PlayerView;
	it.each<[PlayerView['goal'], RegExp]>([
		[{ kind: 'secret', committed: false }, /^secret goal not chosen yet$/],
		[{ kind: 'secret', committed: true }, /^secret goal$/],
		[{ kind: 'known', goal: { kind: 'destroyCount', count: 8 }, revealed: true }, /^revealed: .*8/],
		[{ kind: 'known', goal: { kind: 'treasuryTotal', threshold: 150 }, revealed: false }, /150/],
		[{ kind: 'none' }, /^no special goal$/],
	])('%j reads %s', (goal, expected) => {
		expect(playerGoalText(player(goal))).toMatch(expected);
	});
});
