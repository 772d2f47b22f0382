/**
 * Hidden Illuminati in a bot's view (bots/view.ts): a bot never sees another seat's face-down
 * Illuminati, and knows its own.
 *
 * - With the secret deal the public state already holds stand-ins (engine/cards/face-down.ts); the
 *   bot's own card comes from its device's knowledge (OWN_ILLUMINATI), so its statements stay within
 *   its own card's values (a statement beyond them is named at the end).
 * - With the coin's deal the engine knows every card; the view puts each other face-down seat's card
 *   out of play and a stand-in in its place, so the bot plays on what the table shows. (Its look-ahead
 *   then treats that Illuminati as the stand-in: no Power of its own beyond what its player stated.)
 * - Attacked face down, a bot whose card's immunity bars the attack (the Discordians against a
 *   Straight or Government group) reveals it in the attack's window: the engine lists that reveal
 *   only then (engine/hidden-illuminati-reveal.ts `defenceRevealOptions`), and it cancels the attack.
 */
import { faceDownId, isFaceDownIlluminati } from '../engine/cards/face-down.js';
import { hiddenIlluminatiOn, illuminatiViewFor, isFaceUp, OWN_ILLUMINATI } from '../engine/hidden-illuminati.js';
import type { Knowledge } from '../engine/knowledge.js';
import type { GameState, LegalAction, PlayerAction, Seat } from '../engine/index.js';

export function hideFaceDownIlluminati(state: GameState, seat: Seat, knowledge: Knowledge = {}): GameState {
	if (!hiddenIlluminatiOn(state)) return state;
	if (state.options.secretDeck === true) return illuminatiViewFor(state, seat, knowledge[OWN_ILLUMINATI] ?? null);
	let view = state;
	for (const player of state.players) {
		const card = player.illuminati;
		if (player.seat === seat || card === null || isFaceDownIlluminati(card) || isFaceUp(state, player.seat)) continue;
		const stand = faceDownId(player.seat);
		// The same renaming as a card shown (engine/hidden-illuminati-deal.ts), the other way round.
		// The game's options and the accusation record keep naming cards as they are.
		const { options, hiddenIlluminati, ...rest } = view;
		const renamed = JSON.parse(JSON.stringify(rest).split(JSON.stringify(card)).join(JSON.stringify(stand))) as typeof rest;
		view = { ...renamed, options, hiddenIlluminati, outOfPlay: [...renamed.outOfPlay, card] } as GameState;
	}
	return view;
}

/** The reveal that claims immunity against the open attack, when the engine lists it: always taken
 * (an attack barred by the card's immunity is cancelled, engine/hidden-illuminati-immunity.ts). */
export function immunityReveal(view: GameState, legal: readonly LegalAction[]): PlayerAction | null {
	if (view.phase.kind !== 'attack') return null;
	return legal.find((option) => option.action.type === 'revealIlluminati')?.action ?? null;
}
