/**
 * Forking a secret-deck game (docs/deck.md, "What is missing"). A fork runs a new key generation,
 * so its group key is new and the parent's masked deck cannot be opened under it: the cards still
 * hidden in hands, and the undrawn cards' order, are sealed under keys the fork does not have, and
 * a new deck made from the unseen pool would hold the hidden cards a second time. Until a fork can
 * carry them, a secret-deck game is forked only from a point before its first draw; later, the fork
 * is refused with this error (its `code` lets the page say so in the player's language).
 */
import type { GameState } from '../../../engine/index.js';

export const SECRET_DECK_FORK = 'SECRET_DECK_FORK';

export class SecretDeckForkError extends Error {
	readonly code = SECRET_DECK_FORK;
	constructor(drawn: number) {
		super(`This game uses the secret deck and ${drawn} card(s) were drawn from it by then: a fork's new keys cannot open the parent's masked deck. Fork from a point before the first draw, or start a new game.`);
		this.name = 'SecretDeckForkError';
	}
}

/** Why a fork from `state` is refused, or null when it may be forked. */
export function secretDeckForkProblem(state: GameState): SecretDeckForkError | null {
	const drawn = state.drawn ?? 0;
	return state.options.secretDeck === true && drawn > 0 ? new SecretDeckForkError(drawn) : null;
}
