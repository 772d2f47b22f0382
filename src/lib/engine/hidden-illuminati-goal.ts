/**
 * Hidden Illuminati and the UFOs' secret goal (ES "Illuminati ocultos": "la ventaja de estar oculto
 * es que los demás jugadores no conocen tu Objetivo especial [...] una vez identificados los OVNIs
 * se juegan boca arriba, ¡pero su Objetivo sigue oculto!"; FR "Illuminati dissimulés" the same).
 *
 * The UFOs write their goal down at the start (Basic Rules). Were only the UFOs asked, the question
 * itself would name them. So with the option every player in the game commits to a goal, in seat
 * order, the same way (a salted hash, setup.ts `commitGoal`): only the UFOs' commitment counts, the
 * others' are never opened. A goal is revealed only by a seat that pursues a secret goal as the
 * table sees it (victory.ts `hasSecretGoal`): a face-down stand-in does not, so the UFOs show their
 * card first (hidden-illuminati-reveal.ts), then reveal their goal; identified, their goal stays
 * closed until they choose to reveal it.
 */
import { hiddenIlluminatiOn } from './hidden-illuminati.js';
import type { GameState, PlayerState } from './types.js';
import { hasSecretGoal } from './victory.js';

/** Whether `player` commits to a goal at the start: a secret goal's holder, or anyone under Hidden Illuminati. */
export function commitsGoal(state: GameState, player: PlayerState): boolean {
	if (player.illuminati === null || state.options.rules.veryLongGame) return false;
	return hasSecretGoal(state, player) || hiddenIlluminatiOn(state);
}
