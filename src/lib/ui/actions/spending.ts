/**
 * The attack under way, for one seat (Basic Rules: Attacks — announcing aid, spending money;
 * Interference; Calling Off an Attack): its role, the odds as they stand, who the window still
 * waits for, and what a spend or an aid would make of the odds. Every number comes from the
 * engine: a preview steps the action and reads `attackOdds` of the state it leads to.
 */
import {
	attackOdds,
	spendingSeats,
	step,
	type AttackOdds,
	type AttackState,
	type CardId,
	type GameState,
	type LegalAction,
	type PlayerAction,
	type Seat,
	type SpendAction,
} from '$lib/engine/index.js';

export type AttackRole = 'attacker' | 'defender' | 'interferer';

/** The attack the game is busy with: being declared and paid for, or just rolled. */
export function attackUnderWay(state: GameState): AttackState | null {
	const phase = state.phase;
	return phase.kind === 'attack' || phase.kind === 'afterRoll' ? phase.attack : null;
}

export function roleIn(attack: AttackState, seat: Seat): AttackRole {
	if (attack.seat === seat) return 'attacker';
	if (attack.defender === seat) return 'defender';
	return 'interferer';
}

/** The odds of the attack as it stands now. */
export function currentOdds(state: GameState): AttackOdds | null {
	const attack = attackUnderWay(state);
	return attack === null ? null : attackOdds(state, attack);
}

/** Seats the spending window still waits for (every eligible seat passes since the last spend). */
export function waitingForSpending(state: GameState): Seat[] {
	if (state.phase.kind !== 'attack') return [];
	const attack = state.phase.attack;
	return spendingSeats(state, attack).filter((seat) => !attack.passed.includes(seat));
}

/** What the odds would become after `action` (a spend or an aid), or null if the engine refuses it. */
export function previewOdds(state: GameState, action: PlayerAction): AttackOdds | null {
	const result = step(state, action);
	if (!result.ok) return null;
	return currentOdds(result.state);
}

/** One treasury the seat may spend from on this attack (and, interfering, for or against it). */
export interface SpendSource {
	readonly legal: LegalAction;
	readonly from: CardId;
	readonly side: SpendAction['side'];
	readonly max: number;
}

export function spendSources(options: readonly LegalAction[]): SpendSource[] {
	return options.flatMap((legal) =>
		legal.action.type === 'spend' ? [{ legal, from: legal.action.from, side: legal.action.side, max: legal.max ?? legal.action.amount }] : [],
	);
}

/** The spend for an amount typed by the player; the engine judges the amount (max is a hint). */
export function spendAction(source: SpendSource, amount: number): SpendAction {
	return { ...(source.legal.action as SpendAction), amount };
}
