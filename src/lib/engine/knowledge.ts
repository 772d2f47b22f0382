/**
 * What one seat may know under the secret deck (hidden.ts). The public state holds hidden
 * positions; a device keeps its own `Knowledge` (position → card: the cards it drew, what Computer
 * Espionage showed it) outside the state, and `viewFor` puts that knowledge back into a copy of the
 * state for that seat alone. Legal moves, the UI and bots read the view, never the knowledge of
 * another seat. Without the secret deck the view is the state itself.
 */
import type { Action } from './actions.js';
import { CARDS } from './cards/index.js';
import { answeredOffer } from './deals.js';
import { hiddenOf, isSecretDeck } from './hidden.js';
import { illuminatiViewFor, OWN_ILLUMINATI } from './hidden-illuminati.js';
import type { CardId, GameState, Seat } from './types.js';

/** A device's private knowledge: the card at each masked-deck position it has opened. */
export type Knowledge = Readonly<Record<number, CardId>>;

/**
 * The state as `seat` may know it: its own hidden cards that its knowledge names are ordinary
 * cards in its hand (and out of the unseen pool); every other hidden card stays a position.
 * A seatless viewer (null) sees the public state.
 */
export function viewFor(state: GameState, seat: Seat | null, knowledge: Knowledge): GameState {
	if (!isSecretDeck(state) || seat === null) return state;
	// Hidden Illuminati's secret deal: the seat's own card, noted for it alone (hidden-illuminati.ts).
	const own = knowledge[OWN_ILLUMINATI];
	if (own !== undefined) return illuminatiViewFor(viewFor(state, seat, withoutOwnIlluminati(knowledge)), seat, own);
	const player = state.players[seat];
	if (player === undefined) return state;
	// Only a Special can lie hidden in a hand (Draw Cards); anything else known there is ignored.
	const known = hiddenOf(player).filter((position) => knowledge[position] !== undefined && state.deck.includes(knowledge[position]!) && CARDS[knowledge[position]!]?.kind === 'special');
	if (known.length === 0) return state;
	const cards = known.map((position) => knowledge[position]!);
	const players = state.players.slice();
	players[seat] = { ...player, hand: [...player.hand, ...cards], hidden: hiddenOf(player).filter((position) => !known.includes(position)) };
	return { ...state, players, deck: state.deck.filter((card) => !cards.includes(card)) };
}

function withoutOwnIlluminati(knowledge: Knowledge): Knowledge {
	const { [OWN_ILLUMINATI]: _own, ...rest } = knowledge;
	return rest;
}

/** A hand as the viewer of `view` sees it: the cards it may name, and how many it sees only as "a Special". */
export function handFor(view: GameState, seat: Seat): { readonly cards: readonly CardId[]; readonly hidden: number } {
	const player = view.players[seat]!;
	return { cards: player.hand, hidden: hiddenOf(player).length };
}

/** What of an action names the cards its seat hands over: of an offer, what it gives (its note is
 * free text, its `take` the other's cards); of an acceptance, the Specials picked and those the
 * offer asks for by name (from the sealed terms it reveals, or from the offer in the open, which
 * the acceptance names only by number and digest). */
function handedOver(state: GameState, action: Action): unknown {
	if (action.type === 'offer') return action.give;
	if (action.type === 'acceptOffer') return [action.chosen ?? [], (action.terms ?? answeredOffer(state, action))?.take.specials ?? []];
	return action;
}

/**
 * The hidden cards of `seat` an action names, with their positions: what its device must show
 * (with proof, protocol `reveal`) before the action can be applied to the public state.
 */
export function cardsToShow(state: GameState, seat: Seat, action: Action, knowledge: Knowledge): { position: number; card: CardId }[] {
	if (!isSecretDeck(state)) return [];
	const player = state.players[seat]!;
	const named = new Set<string>();
	const walk = (value: unknown): void => {
		if (typeof value === 'string' && CARDS[value]?.kind === 'special') named.add(value);
		else if (Array.isArray(value)) value.forEach(walk);
		else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
	};
	walk(handedOver(state, action));
	const shown: { position: number; card: CardId }[] = [];
	for (const position of hiddenOf(player)) {
		const card = knowledge[position];
		if (card !== undefined && named.has(card) && !player.hand.includes(card) && !shown.some((s) => s.card === card)) shown.push({ position, card });
	}
	return shown;
}
