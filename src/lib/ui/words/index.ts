/**
 * The game log in words: `describe(before, action, after, locale)` says who did what and what
 * followed, in English, French or Spanish. Players are named by their Illuminati, cards by their
 * name in the language. Facts are read from the two states and the action, never re-derived.
 */
import type { Action, GameState } from '../../engine/index.js';
import type { DeckAction } from '../../engine/actions.js';
import { getLocale, type Locale } from '../i18n/index.js';
import { actionLines } from './actions.js';
import { Words, type DescribeOptions } from './context.js';
import { eventLines } from './events.js';
import { randomLines } from './randomness.js';
import { secretDeckLines } from './secret-deck.js';
import { hiddenIlluminatiDealLines } from './hidden-illuminati.js';

export type { DescribeOptions } from './context.js';
export { cardName, playerName, joinList } from './names.js';

/**
 * One accepted entry in two parts: what its author did, and what followed from it (an attack's
 * result, income, a new turn…), which is not the author's doing: the pass that closes a window
 * settles someone else's attack.
 */
export function describeParts(
	before: GameState | null,
	action: Action | DeckAction,
	after: GameState,
	locale: Locale = getLocale(),
	options: DescribeOptions = {},
): { readonly done: string[]; readonly followed: string[] } {
	const w = new Words(before ?? after, after, locale, options.viewer ?? null);
	const done = action.type === 'random' || action.type === 'fixed' ? randomLines(w, action) : action.type === 'deal' || action.type === 'showCard' ? secretDeckLines(w, action) : action.type === 'dealIlluminati' || action.type === 'showIlluminati' ? hiddenIlluminatiDealLines(w, action) : actionLines(w, action);
	if (before === null) return { done, followed: [] };
	return { done, followed: eventLines(w, action.type === 'leave' ? action.seat : null) };
}

/** The sentences for one accepted entry: what was done, then what followed. */
export function describeLines(before: GameState | null, action: Action | DeckAction, after: GameState, locale: Locale = getLocale(), options: DescribeOptions = {}): string[] {
	const { done, followed } = describeParts(before, action, after, locale, options);
	return [...done, ...followed];
}

/** The same as one paragraph. */
export function describe(before: GameState | null, action: Action | DeckAction, after: GameState, locale: Locale = getLocale(), options: DescribeOptions = {}): string {
	return describeLines(before, action, after, locale, options).join(' ');
}
