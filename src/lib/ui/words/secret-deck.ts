/**
 * The secret deck's entries in words (issue 13; engine/hidden.ts): a `deal` tells the cards a draw
 * showed and, for each Special kept, only that one was drawn face down; a `showCard` names the
 * Special a player shows from their hidden hand (to play it). Nothing names a hidden card.
 */
import { CARDS } from '../../engine/cards/index.js';
import type { DeckAction } from '../../engine/actions.js';
import { translate } from '../i18n/index.js';
import type { Words } from './context.js';

export function secretDeckLines(w: Words, action: Extract<DeckAction, { type: 'deal' | 'showCard' }>): string[] {
	if (action.type === 'showCard') return [translate(w.locale, 'secret-deck.log.show', { ...w.player('who', action.seat), card: w.cardName(action.card) })];
	const request = w.before.random;
	if (request === null) return [w.say('random.none')];
	if (request.kind === 'targets') return action.cards.flatMap((id) => (id === null ? [] : [CARDS[id]?.kind === 'special' ? w.say('random.targetSpecial', { card: w.cardName(id) }) : w.say('random.targetGroup', w.card('card', id))]));
	if (request.kind !== 'draw') return [w.say('random.none')];
	return action.cards.map((id) =>
		id === null ? translate(w.locale, 'secret-deck.log.drawHidden', w.player('who', request.seat)) : w.say('random.drawGroup', { ...w.player('who', request.seat), ...w.card('card', id) }),
	);
}
