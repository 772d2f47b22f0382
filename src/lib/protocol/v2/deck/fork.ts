/**
 * Forking a secret-deck game (docs/deck.md, "Forks"). A fork runs a new key generation, so its
 * group key is new and the parent's masked decks cannot be opened under it: the cards still hidden
 * in hands (and Hidden Illuminati's face-down cards), and the undrawn cards' order, are sealed under
 * keys the fork does not have, and a new deck made from the unseen pool would hold the hidden cards
 * a second time. Until a fork can carry them (docs/deck.md designs one), a secret-deck game is
 * forked only from a point before its first masked deal; later, the fork is refused with this error
 * (its `code` lets the page say so in the player's language), by `forkEntriesV2` and by the replay.
 */
import type { GameState } from '../../../engine/index.js';
import { secretDeal } from '../../../engine/hidden-illuminati.js';

export const SECRET_DECK_FORK = 'SECRET_DECK_FORK';
/** The protocol codes this file owns (refusal.ts lists them). */
export const DECK_FORK_ERROR_CODES = [SECRET_DECK_FORK] as const;

export class SecretDeckForkError extends Error {
	readonly code = SECRET_DECK_FORK;
	constructor(drawn: number, illuminati: boolean) {
		const dealt = illuminati ? `the Illuminati were dealt face down from their masked deck${drawn > 0 ? ` and ${drawn} card(s) drawn from the secret deck` : ''}` : `${drawn} card(s) were drawn from it`;
		super(`This game uses the secret deck and ${dealt} by then: a fork's new keys cannot open the parent's masked cards. Fork from a point before the first draw (and before a face-down Illuminati deal), or start a new game.`);
		this.name = 'SecretDeckForkError';
	}
}

/**
 * Why a fork (or a game on one device, "What if?") cannot start from `state`, or null when it may:
 * a secret-deck game once a masked deck dealt a card (a draw, or Hidden Illuminati's face-down deal).
 */
export function secretDeckForkProblem(state: GameState): SecretDeckForkError | null {
	if (state.options.secretDeck !== true) return null;
	const drawn = state.drawn ?? 0;
	const illuminati = secretDeal(state) && state.players.some((player) => player.illuminati !== null);
	return drawn > 0 || illuminati ? new SecretDeckForkError(drawn, illuminati) : null;
}

/**
 * The replay's check of a fork's carried section once complete (v2/carried.ts): a fork signed by
 * hand, past `forkEntriesV2`'s refusal, of a secret-deck game after its first masked deal. Its new
 * key generation would make a fresh deck from the unseen pool, which still holds every card hidden
 * in a hand: a hidden card could be drawn twice and the hands' positions would point at nothing. The
 * refusal names the forker's key; the fork is broken for every peer (no seat can be claimed).
 */
export function secretDeckForkRefusal(state: GameState, forker: string | null, parent: string, index: number): { code: typeof SECRET_DECK_FORK; message: string } | null {
	const problem = secretDeckForkProblem(state);
	if (problem === null) return null;
	const who = forker === null ? 'Its forker' : `Key ${forker.slice(0, 8)}…`;
	return { code: SECRET_DECK_FORK, message: `${who} forked game ${parent} at its entry ${index}, after a deal from a masked deck: refused. ${problem.message}` };
}
