/**
 * What the game waits for now: whose turn, the step and actions left, the window that is open and
 * the seats that may act in it, the attack under way, Specials being played. Read from the state
 * and asked of the engine (seatsToAct, attackOdds, waitingCards); nothing here decides a rule.
 */
import {
	attackOdds,
	seatsToAct,
	waitingCards,
	type AttackKind,
	type AttackState,
	type CardId,
	type GameState,
	type IncomeDebt,
	type Phase,
	type RandomRequest,
	type Seat,
	type SpecialPlayEffect,
	type TurnStep,
} from '$lib/engine/index.js';

export interface TurnView {
	readonly seat: Seat;
	readonly step: TurnStep;
	readonly actionsLeft: number;
	readonly freeTransfersLeft: number;
}

export interface AttackView {
	readonly seat: Seat;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	readonly aids: readonly CardId[];
	readonly defender: Seat | null;
	readonly privileged: boolean;
	readonly whispering: boolean;
	readonly roll: readonly [number, number] | null;
	/** The engine's number needed now (attackOdds), and the chance in 36ths. */
	readonly needed: number;
	readonly chance: number;
}

export interface ChainPlayView {
	readonly seat: Seat;
	readonly cards: readonly CardId[];
	readonly effect: SpecialPlayEffect['kind'];
}

export interface LastAttackView {
	readonly seat: Seat;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	readonly roll: readonly [number, number] | null;
	readonly needed: number;
	readonly success: boolean;
}

export interface StatusView {
	readonly phase: Phase['kind'];
	readonly turnCount: number;
	readonly turn: TurnView | null;
	/** Seats the game waits for now (the engine's seatsToAct). */
	readonly mayAct: readonly Seat[];
	readonly attack: AttackView | null;
	/** Specials played and waiting in their cancel window, first play first. */
	readonly chain: readonly ChainPlayView[] | null;
	/** Income-step payments still owed. */
	readonly owing: readonly IncomeDebt[];
	/** A subtree being fitted into a structure: whose, and the cards still waiting. */
	readonly placing: { readonly seat: Seat; readonly cards: readonly CardId[] } | null;
	/** The UFOs choosing or claiming their secret goal. */
	/** The seat choosing a secret goal, or the seats of the claim window. */
	readonly ufo: { readonly seats: readonly Seat[]; readonly claim: boolean } | null;
	/** The randomness the next log entry must bring (dice, a draw, …). */
	readonly random: RandomRequest['kind'] | null;
	readonly lastAttack: LastAttackView | null;
	readonly winners: readonly Seat[];
}

export type AttackRole = 'attacker' | 'target' | 'aid';

function attackView(state: GameState, attack: AttackState): AttackView {
	const odds = attackOdds(state, attack);
	return {
		seat: attack.seat,
		kind: attack.kind,
		attacker: attack.attacker,
		target: attack.target,
		aids: attack.aids,
		defender: attack.defender,
		privileged: attack.privileged && !attack.privilegeAbolished,
		whispering: attack.whispering,
		roll: attack.roll,
		needed: odds.needed,
		chance: odds.probability.numerator,
	};
}

export function currentAttack(state: GameState): AttackState | null {
	const phase = state.phase;
	return phase.kind === 'attack' || phase.kind === 'afterRoll' ? phase.attack : null;
}

/** The cards of the attack under way and their part in it. */
export function attackRoles(attack: AttackState | null): Readonly<Record<CardId, AttackRole>> {
	if (attack === null) return {};
	const roles: Record<CardId, AttackRole> = {};
	for (const aid of attack.aids) roles[aid] = 'aid';
	roles[attack.attacker] = 'attacker';
	roles[attack.target] = 'target';
	return roles;
}

export function statusView(state: GameState): StatusView {
	const phase = state.phase;
	const attack = currentAttack(state);
	const last = state.lastAttack;
	return {
		phase: phase.kind,
		turnCount: state.turnCount,
		turn:
			state.turn === null
				? null
				: { seat: state.turn.seat, step: state.turn.step, actionsLeft: state.turn.actionsLeft, freeTransfersLeft: state.turn.freeTransfersLeft },
		mayAct: phase.kind === 'over' ? [] : seatsToAct(state),
		attack: attack === null ? null : attackView(state, attack),
		chain: state.chain === null ? null : state.chain.plays.map((play) => ({ seat: play.seat, cards: play.cards, effect: play.effect.kind })),
		owing: phase.kind === 'income' ? phase.owing : [],
		placing: phase.kind === 'placement' ? { seat: phase.placement.seat, cards: waitingCards(phase.placement) } : null,
		ufo: phase.kind === 'ufoGoal' ? { seats: [phase.seat], claim: false } : phase.kind === 'ufoClaim' ? { seats: phase.seats, claim: true } : null,
		random: state.random?.kind ?? null,
		lastAttack:
			last === null
				? null
				: { seat: last.seat, kind: last.kind, attacker: last.attacker, target: last.target, roll: last.roll, needed: last.needed, success: last.success },
		winners: state.winners,
	};
}
