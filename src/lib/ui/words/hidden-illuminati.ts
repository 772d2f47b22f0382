/**
 * The Hidden Illuminati deal's entries in words (engine/hidden-illuminati-deal.ts): the deal names
 * no card; a card shown names it, and says whether it answered a right accusation.
 */
import type { DeckAction } from '../../engine/actions.js';
import { translate } from '../i18n/index.js';
import type { Words } from './context.js';

export function hiddenIlluminatiDealLines(w: Words, action: Extract<DeckAction, { type: 'dealIlluminati' | 'showIlluminati' }>): string[] {
	if (action.type === 'dealIlluminati') return [translate(w.locale, 'hidden-illuminati.log.dealt', {})];
	const pending = w.before.hiddenIlluminati?.pending ?? null;
	const right = pending !== null && pending.target === action.seat && pending.illuminati === action.card;
	return [translate(w.locale, right ? 'hidden-illuminati.log.show.right' : 'hidden-illuminati.log.show', { ...w.player('who', action.seat), card: w.cardName(action.card) })];
}
