/**
 * Interference and privilege (Basic Rules: Interference; Special Cards). Other players may spend
 * from their Illuminati treasury for or against an attack, ±1 per MB. An attacker may make the
 * attack privileged (discard any Special, or the Bavarian Illuminati pay 5 MB once a turn); then
 * no one may interfere, except a player who plays Interference. Deep Agent, or two Specials
 * discarded together, abolish a privilege for good.
 */
import type { AttackAction } from './actions.js';
import { isSpecial } from './cards/index.js';
import type { RuleError } from './errors.js';
import { abilitiesOf, powerOf } from './odds.js';
import { playerOf } from './state.js';
import type { AttackState, CardId, GameState, Seat } from './types.js';
import { waitedSeats } from './window-state.js';

export const WHISPERING_CAMPAIGN = 'whispering-campaign';

function problem(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

/** The Bavarian Illuminati's privilege ability, if the seat has it. */
export function bavarianPrivilege(state: GameState, seat: Seat): { card: CardId; cost: number } | null {
	const illuminati = playerOf(state, seat).illuminati;
	if (illuminati === null) return null;
	for (const ability of abilitiesOf(illuminati)) {
		if (ability.kind === 'privilegedAttack') return { card: illuminati, cost: ability.cost };
	}
	return null;
}

/** Privilege and Whispering Campaign as announced with an attack. */
export function declarationExtrasProblem(state: GameState, action: AttackAction): RuleError | null {
	const hand = playerOf(state, action.seat).hand;
	const privilege = action.privilege;
	if (privilege?.kind === 'discard') {
		if (!hand.includes(privilege.card)) return problem('NOT_IN_HAND', `You hold no ${privilege.card}.`);
		// Interference: any attack may be made privileged, a Whispering Campaign's too, by another Special.
		if (action.whispering && privilege.card === WHISPERING_CAMPAIGN) {
			return problem('NOT_APPLICABLE', 'Whispering Campaign is played with the attack: discard another Special for the privilege.');
		}
	} else if (privilege?.kind === 'bavarian') {
		const bavarian = bavarianPrivilege(state, action.seat);
		if (bavarian === null) return problem('NO_ABILITY', 'Only the Bavarian Illuminati buy a privilege.');
		if (state.turn!.usedAbilities.includes(bavarian.card)) return problem('ABILITY_USED', 'The Bavarian privilege is used once a turn.');
		if ((playerOf(state, action.seat).structure[bavarian.card]?.money ?? 0) < bavarian.cost) {
			return problem('NOT_ENOUGH_MONEY', `The privilege costs ${bavarian.cost} MB from the Illuminati treasury.`);
		}
	}
	if (action.whispering) {
		if (!hand.includes(WHISPERING_CAMPAIGN)) return problem('NOT_IN_HAND', 'You hold no Whispering Campaign.');
		if (action.kind !== 'destroy' || powerOf(action.target) > 0) {
			return problem('NOT_APPLICABLE', 'Whispering Campaign is an attempt to destroy a group with no Power.');
		}
	}
	return null;
}

export function isPrivileged(attack: AttackState): boolean {
	return attack.privileged && !attack.privilegeAbolished;
}

/** Seats that may spend on this attack: attacker, defender, and the interferers (every seat in the
 * game, or, while the attack is privileged, only an Interference player). */
export function moneySeats(state: GameState, attack: AttackState): Seat[] {
	// The window's seats are read once (shared, never changed here), not once per other seat.
	const waited = waitedSeats(state);
	const others = isPrivileged(attack) ? attack.interferers : waited;
	const seats = [attack.seat];
	if (attack.defender !== null && attack.defender !== attack.seat) seats.push(attack.defender);
	for (const seat of others) if (!seats.includes(seat) && waited.includes(seat)) seats.push(seat);
	return seats;
}

/** Seats the spending window waits for (each passes before the roll): those that may spend and,
 * with `privilegedWindowAsksAll`, every other seat in the game while the attack is privileged: it
 * may abolish the privilege or play Interference, and is asked whatever it holds (window-state.ts). */
export function spendingSeats(state: GameState, attack: AttackState): Seat[] {
	const seats = moneySeats(state, attack);
	if (!isPrivileged(attack) || state.options.rules.privilegedWindowAsksAll !== true) return seats;
	for (const seat of waitedSeats(state)) if (!seats.includes(seat)) seats.push(seat);
	return seats;
}

/** Which treasuries a seat may spend from on this attack. */
export function spendSources(state: GameState, attack: AttackState, seat: Seat): CardId[] {
	const illuminati = playerOf(state, seat).illuminati;
	const own = illuminati === null ? [] : [illuminati];
	if (seat === attack.seat) return [...new Set([attack.attacker, ...own])];
	if (seat === attack.defender) return [...new Set([attack.target, ...own])];
	return moneySeats(state, attack).includes(seat) ? own : [];
}

/** The discarded cards of a privilege are Specials the player holds. */
export function specialsInHand(state: GameState, seat: Seat, cards: readonly CardId[]): boolean {
	const hand = playerOf(state, seat).hand;
	return new Set(cards).size === cards.length && cards.every((card) => isSpecial(card) && hand.includes(card));
}
