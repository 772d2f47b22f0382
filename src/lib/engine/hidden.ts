/**
 * Hidden information under the secret deck (option `secretDeck`, protocol v2 online games;
 * docs/deck.md). The state every peer computes holds no secret card identity:
 *
 * - the draw pile is a masked deck shuffled by every seat; draws take its positions 0, 1, 2, … in
 *   order (`drawn` counts them);
 * - `deck` is the **unseen pool**, public as a set: the cards not yet drawn plus every card lying
 *   hidden in a hand (which is which, nobody knows from the state);
 * - a card drawn into a hand unseen is a hidden position in `player.hidden`; a card the drawer
 *   shows (a group, always, by the rules) is an ordinary card;
 * - identities come from the protocol, which proved them: a `deal` for a draw (null = went to the
 *   drawer's hand unseen) and a `showCard` when a seat shows a hidden card (to play it).
 *
 * A device's private knowledge (position → card) lives outside the state (knowledge.ts).
 */
import type { DealAction, ShowCardAction } from './actions.js';
import { CARDS } from './cards/index.js';
import { fail, ok, type StepResult } from './errors.js';
import { updatePlayer } from './state.js';
import { receiveDraw, receiveTargets } from './turn.js';
import type { CardId, GameState, Grant, PlayerState, Seat } from './types.js';

export function isSecretDeck(state: GameState): boolean {
	return state.options.secretDeck === true;
}

/** A player's hidden positions (none outside the secret deck). */
export function hiddenOf(player: PlayerState): readonly number[] {
	return player.hidden ?? [];
}

/** Hidden cards in every hand, eliminated players' included (their cards stay unseen). */
export function hiddenCount(state: GameState): number {
	return state.players.reduce((sum, player) => sum + hiddenOf(player).length, 0);
}

/** Cards a draw can still take: the pool less the hidden cards (they are in hands, not the pile). */
export function drawableCount(state: GameState): number {
	return isSecretDeck(state) ? state.deck.length - hiddenCount(state) : state.deck.length;
}

/** How many cards a seat holds, hidden ones included (what every seat may know). */
export function handSize(player: PlayerState): number {
	return player.hand.length + hiddenOf(player).length;
}

/** The cards at the next positions of the masked deck, as the protocol learned them. */
export function applyDeal(state: GameState, action: DealAction): StepResult<GameState> {
	if (!isSecretDeck(state)) return fail('NOT_APPLICABLE', 'Only a secret-deck game takes dealt cards.');
	const request = state.random;
	if (request === null) return fail('RANDOMNESS_NOT_EXPECTED', 'Nothing random is pending.');
	if (request.kind !== 'draw' && request.kind !== 'targets') return fail('BAD_RANDOMNESS', `A ${request.kind} request takes a seed, not dealt cards.`);
	if (action.cards.length !== request.count) return fail('BAD_RANDOMNESS', `This draw takes ${request.count} card(s).`);
	const shown = action.cards.filter((card): card is CardId => card !== null);
	if (request.kind === 'targets' && shown.length !== action.cards.length) return fail('BAD_RANDOMNESS', 'Cards added as targets are drawn face up.');
	if (new Set(shown).size !== shown.length || shown.some((card) => !state.deck.includes(card))) {
		return fail('BAD_RANDOMNESS', 'Each card shown must be distinct and still unseen.');
	}
	const first = state.drawn ?? 0;
	const kept = action.cards.flatMap((card, i) => (card === null ? [first + i] : []));
	let next: GameState = { ...state, drawn: first + action.cards.length };
	if (request.kind === 'targets') return ok(receiveTargets(next, shown));
	if (kept.length > 0) next = updatePlayer(next, request.seat, (player) => ({ ...player, hidden: [...hiddenOf(player), ...kept] }));
	return ok(receiveDraw(next, request.seat, shown));
}

/** A hidden card shown to all (its proof checked by the protocol): an ordinary card in the hand. */
export function applyShowCard(state: GameState, action: ShowCardAction): StepResult<GameState> {
	if (!isSecretDeck(state)) return fail('NOT_APPLICABLE', 'Only a secret-deck game has hidden cards.');
	const player = state.players[action.seat]!;
	if (!hiddenOf(player).includes(action.position)) return fail('NOT_IN_HAND', `Seat ${action.seat} holds no hidden card drawn at position ${action.position}.`);
	if (!state.deck.includes(action.card)) return fail('NOT_IN_HAND', `${action.card} is not unseen: it cannot be the card drawn at position ${action.position}.`);
	// Draw Cards: a group drawn goes to the uncontrolled area face up; only a Special is kept.
	if (CARDS[action.card]?.kind !== 'special') return fail('NOT_APPLICABLE', `${action.card} is not a Special: it could not have been kept hidden.`);
	const next = updatePlayer(state, action.seat, (p) => ({ ...p, hidden: hiddenOf(p).filter((position) => position !== action.position), hand: [...p.hand, action.card] }));
	return ok({ ...next, deck: next.deck.filter((card) => card !== action.card) });
}

/** Computer Espionage and the like: what `viewer` was shown of `seat`'s hand. Under the secret deck
 * the state records only the positions; their cards reach the viewer sealed (docs/deck.md). */
export function handSubject(state: GameState, seat: Seat): Grant['subject'] {
	const player = state.players[seat]!;
	const hidden = hiddenOf(player);
	return hidden.length > 0 || isSecretDeck(state) ? { kind: 'hand', seat, cards: [...player.hand], positions: [...hidden] } : { kind: 'hand', seat, cards: [...player.hand] };
}
