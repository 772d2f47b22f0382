/**
 * The game log in words: `describe(before, action, after, locale)` says who did what and what
 * followed, in English, French or Spanish. Players are named by their Illuminati, cards by their
 * name in the language. Facts are read from the two states and the action, never re-derived.
 */
import type { Action, GameState } from '../../engine/index.js';
import { getLocale, type Locale } from '../i18n/index.js';
import { actionLines } from './actions.js';
import { Words, type DescribeOptions } from './context.js';
import { eventLines } from './events.js';
import { randomLines } from './randomness.js';

export type { DescribeOptions } from './context.js';
export { cardName, playerName, joinList } from './names.js';

/** The sentences for one accepted entry: what was done, then what followed. */
export function describeLines(before: GameState | null, action: Action, after: GameState, locale: Locale = getLocale(), options: DescribeOptions = {}): string[] {
	const w = new Words(before ?? after, after, locale, options.viewer ?? null);
	const done = action.type === 'random' || action.type === 'fixed' ? randomLines(w, action) : actionLines(w, action);
	if (before === null) return done;
	return [...done, ...eventLines(w, action.type === 'leave' ? action.seat : null)];
}

/** The same as one paragraph. */
export function describe(before: GameState | null, action: Action, after: GameState, locale: Locale = getLocale(), options: DescribeOptions = {}): string {
	return describeLines(before, action, after, locale, options).join(' ');
}
