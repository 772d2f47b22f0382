/**
 * Hidden Illuminati (ES "Illuminati ocultos", FR "Illuminati dissimulés"): a player turns its own
 * face-down Illuminati face up, to use its special ability. The texts: a player may use only its own
 * Illuminati's Power, Income and special ability, "pero no tienen por qué [...] revelar su aptitud
 * especial" / "rien ne le force [...] à révéler son aptitude spéciale": using the ability reveals
 * the card, so revealing is the player's own choice. A face-down stand-in (cards/face-down.ts) has
 * no ability, so under the secret deal the card must be shown before its ability is used.
 *
 * `revealIlluminati { seat }`, a free action in one's own turn, or, for the defender, in the window
 * of an attack on its structure before the dice (the Discordians' immunity acts in another player's
 * turn: hidden-illuminati-immunity.ts cancels the attack once the card is face up):
 * - with the coin's deal the engine knows the card: the seat is identified at once;
 * - with the secret deal (`secretDeal`) no peer knows it: the request is noted (`revealing`) and the
 *   seat's device shows the card with its proof (protocol v2/illuminati/, `show`), which the engine
 *   then takes as `showIlluminati` (hidden-illuminati-deal.ts): every peer checks the proof against
 *   the card dealt to that seat, so no other card can be shown.
 */
import type { RevealIlluminatiAction } from './actions.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { hiddenIlluminatiOf, hiddenIlluminatiOn, illuminatiSeenBy, isFaceUp, secretDeal } from './hidden-illuminati.js';
import { cancelImmuneAttack, immunityWouldCancel } from './hidden-illuminati-immunity.js';
import type { LegalAction } from './legal.js';
import type { GameState, Seat } from './types.js';

function problem(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

/** Why `seat` may not reveal its Illuminati now, or null. */
export function revealIlluminatiProblem(state: GameState, action: RevealIlluminatiAction): RuleError | null {
	if (!hiddenIlluminatiOn(state)) return problem('NOT_APPLICABLE', 'The Illuminati are face up in this game (rule option hiddenIlluminati is off).');
	const defending = state.phase.kind === 'attack' && state.phase.attack.defender === action.seat;
	if (!defending) {
		if (state.phase.kind !== 'turn' || state.turn === null) return problem('WRONG_PHASE', 'An Illuminati is revealed in its own turn, with no attack or placement open, or in the window of an attack on its structure.');
		if (state.turn.seat !== action.seat) return problem('NOT_YOUR_TURN', `It is seat ${state.turn.seat}'s turn.`);
	}
	const player = state.players[action.seat];
	if (player === undefined || player.eliminated) return problem('NOT_IN_GAME', `Seat ${action.seat} is not in the game.`);
	if (isFaceUp(state, action.seat)) return problem('NOT_APPLICABLE', 'Your Illuminati is already face up.');
	if ((hiddenIlluminatiOf(state).revealing ?? []).includes(action.seat)) return problem('NOT_APPLICABLE', 'Your Illuminati is already being shown: your device posts its proof.');
	return null;
}

/** The reveal: face up at once with the coin's deal; under the secret deal, asked of the seat's device. */
export function revealIlluminati(state: GameState, action: RevealIlluminatiAction): StepResult<GameState> {
	const refused = revealIlluminatiProblem(state, action);
	if (refused !== null) return fail(refused.code, refused.message);
	const hidden = hiddenIlluminatiOf(state);
	if (secretDeal(state)) return ok({ ...state, hiddenIlluminati: { ...hidden, revealing: [...(hidden.revealing ?? []), action.seat] } });
	const stated = { ...hidden.stated };
	delete stated[action.seat];
	return ok(cancelImmuneAttack({ ...state, hiddenIlluminati: { ...hidden, identified: [...hidden.identified, action.seat], stated } }, action.seat));
}

/** Secret deal: the open attack waits while its defender's device shows the card it asked to reveal
 * (before the dice: the card may make the attack illegal). A defender absent or out holds nothing. */
export function defenceRevealHolds(state: GameState): boolean {
	if (state.phase.kind !== 'attack') return false;
	const defender = state.phase.attack.defender;
	const player = defender === null ? undefined : state.players[defender];
	return player !== undefined && !player.eliminated && !player.absent && revealAsked(state, player.seat);
}

/** The defender's reveal in an attack's window, listed when the seat's own card (as its view knows
 * it) would make the attack illegal: the only use of a reveal there. */
export function defenceRevealOptions(state: GameState, seat: Seat): LegalAction[] {
	if (state.phase.kind !== 'attack' || state.phase.attack.defender !== seat) return [];
	const own = illuminatiSeenBy(state, seat, seat);
	if (own === null || !immunityWouldCancel(state, state.phase.attack, own)) return [];
	return revealIlluminatiOptions(state, seat);
}

/** The reveal among `seat`'s legal actions, when it may make it. */
export function revealIlluminatiOptions(state: GameState, seat: Seat): LegalAction[] {
	const action = { type: 'revealIlluminati', seat } as const;
	return revealIlluminatiProblem(state, action) === null ? [{ action }] : [];
}

/** Secret deal: whether `seat` asked to show its card and its device has not shown it yet. */
export function revealAsked(state: GameState, seat: Seat): boolean {
	return (hiddenIlluminatiOf(state).revealing ?? []).includes(seat) && !isFaceUp(state, seat);
}

/** A seat's request is done once its card is shown (hidden-illuminati-deal.ts `applyShowIlluminati`). */
export function withoutReveal(revealing: readonly Seat[] | undefined, seat: Seat): { readonly revealing?: readonly Seat[] } {
	if (revealing === undefined) return {};
	return { revealing: revealing.filter((each) => each !== seat) };
}
