/**
 * Hidden Illuminati: a face-down seat claims its Illuminati's immunity in the window of an attack
 * on its power structure. The Discordian Society (About the Illuminati, ES "La Sociedad de la
 * Discordia": no Straight or Government group "podrá atacar a la Estructura de Poder Discordiana de
 * ninguna forma, ni ayudar a un ataque contra ella") acts in another player's turn; face down its
 * ability is not used (immunityAgainst reads only a face-up card), so the defender reveals its card
 * in the attack's window, before the dice (hidden-illuminati-reveal.ts), and the attack, illegal
 * once the card is face up, is cancelled here.
 *
 * Our ruling (docs/rules-differences.md, "Immunity claimed in the attack's window"), after Calling
 * Off an Attack (ES "Cancelar un ataque": until money is spent the attack may be called off; once
 * money is in the bank the attack is made and counts as an action):
 * - no money spent on it yet: as if never declared, like a call-off: the action, the groups'
 *   participation and a Bavarian privilege bought for it come back;
 * - money already spent: the attack was made and counts as the action; it fails without a roll,
 *   and the money spent on it stays with the bank.
 */
import { immunityAgainst, immunityProblem, unwindAttack } from './attack.js';
import { abilitiesOf } from './odds.js';
import type { AttackAction } from './actions.js';
import type { AttackState, CardId, GameState, Seat } from './types.js';

function declared(attack: AttackState): AttackAction {
	return { type: 'attack', seat: attack.seat, kind: attack.kind, attacker: attack.attacker, target: attack.target, aids: attack.aids, whispering: attack.whispering };
}

/** Whether `barred` alignments make the open attack illegal: its attacking group or any aid has one. */
function barredBy(state: GameState, attack: AttackState, barred: readonly string[]): boolean {
	const action = declared(attack);
	return [attack.attacker, ...attack.aids].some((card) => immunityProblem(state, card, action, attack.defender, barred) !== null);
}

/** Whether `card` shown as `attack.defender`'s Illuminati would make the open attack illegal. */
export function immunityWouldCancel(state: GameState, attack: AttackState, card: CardId): boolean {
	const immunity = abilitiesOf(card).find((ability) => ability.kind === 'immunity');
	return immunity?.kind === 'immunity' && barredBy(state, attack, immunity.fromAlignments);
}

/** The open attack on `seat`'s structure, once `seat`'s card is face up: cancelled if its immunity bars it. */
export function cancelImmuneAttack(state: GameState, seat: Seat): GameState {
	if (state.phase.kind !== 'attack' || state.random !== null) return state;
	const attack = state.phase.attack;
	if (attack.defender !== seat || !barredBy(state, attack, immunityAgainst(state, seat))) return state;
	if (!attack.committed) return unwindAttack(state, attack);
	return { ...state, phase: { kind: 'turn' } };
}
