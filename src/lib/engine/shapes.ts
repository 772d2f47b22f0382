/**
 * Field-by-field copies of the objects every step rebuilds (the state, a player, the turn, an
 * attack), for speed only. V8 gives an object built by a spread (`{ ...state, phase }`) another
 * hidden class than one built by a literal, and states built at dozens of sites made the hot
 * reads and copies megamorphic; copies built here share one class per type. A copy is its
 * caller's to fill in before it returns it: nothing returned is ever changed.
 */
import type { AttackState, CardId, GameState, PlayerState, Seat, TurnState } from './types.js';

/** A copy its builder may still set fields of. */
export type Draft<T> = { -readonly [K in keyof T]: T[K] };

/** Every field of T but `Spread` (those the copy spreads instead), optional ones too: a field added
 * to a type and not to its copy here fails to compile rather than being dropped. */
type EveryField<T, Spread extends keyof T = never> = { [K in Exclude<keyof T, Spread>]-?: unknown };

/** The state's fields, in initialState's order; states with an optional field (secret deck, FR
 * add-on, Hidden Illuminati) are spread, which keeps that field in its place. */
export function draftState(s: GameState): Draft<GameState> {
	if (s.drawn !== undefined || s.illuminated !== undefined || s.hiddenIlluminati !== undefined) return { ...s };
	return {
		options: s.options,
		players: s.players,
		deck: s.deck,
		uncontrolled: s.uncontrolled,
		dead: s.dead,
		discard: s.discard,
		outOfPlay: s.outOfPlay,
		bank: s.bank,
		phase: s.phase,
		turn: s.turn,
		turnCount: s.turnCount,
		firstSeat: s.firstSeat,
		random: s.random,
		winners: s.winners,
		lastAttack: s.lastAttack,
		chain: s.chain,
		grants: s.grants,
		offers: s.offers,
		offerCount: s.offerCount,
		accepted: s.accepted,
	} satisfies EveryField<GameState, 'drawn' | 'illuminated' | 'hiddenIlluminati'>;
}

/** A player's fields, in setup's order (a player holding hidden cards is spread). */
export function draftPlayer(p: PlayerState): Draft<PlayerState> {
	if (p.hidden !== undefined) return { ...p };
	return {
		seat: p.seat,
		illuminati: p.illuminati,
		structure: p.structure,
		hand: p.hand,
		turnsCompleted: p.turnsCompleted,
		kills: p.kills,
		eliminated: p.eliminated,
		left: p.left,
		absent: p.absent,
		absenceVotes: p.absenceVotes,
		goalCommitment: p.goalCommitment,
		revealedGoal: p.revealedGoal,
	} satisfies EveryField<PlayerState, 'hidden'>;
}

/** The turn with `change` applied, in freshTurn's order (updateTurn). */
export function changedTurn(t: TurnState, change: Partial<TurnState>): TurnState {
	return {
		seat: change.seat !== undefined ? change.seat : t.seat,
		step: change.step !== undefined ? change.step : t.step,
		actionsLeft: change.actionsLeft !== undefined ? change.actionsLeft : t.actionsLeft,
		freeTransfersLeft: change.freeTransfersLeft !== undefined ? change.freeTransfersLeft : t.freeTransfersLeft,
		participated: change.participated !== undefined ? change.participated : t.participated,
		acted: change.acted !== undefined ? change.acted : t.acted,
		alignmentEdits: change.alignmentEdits !== undefined ? change.alignmentEdits : t.alignmentEdits,
		usedAbilities: change.usedAbilities !== undefined ? change.usedAbilities : t.usedAbilities,
		lastCapture: change.lastCapture !== undefined ? change.lastCapture : t.lastCapture,
	} satisfies EveryField<TurnState>;
}

/** An attack's fields, in declareAttack's order. */
export function draftAttack(a: AttackState): Draft<AttackState> {
	return {
		seat: a.seat,
		kind: a.kind,
		attacker: a.attacker,
		target: a.target,
		aids: a.aids,
		defender: a.defender,
		attackerSpent: a.attackerSpent,
		defenderGroupSpent: a.defenderGroupSpent,
		defenderIlluminatiSpent: a.defenderIlluminatiSpent,
		actedBefore: a.actedBefore,
		committed: a.committed,
		passed: a.passed,
		roll: a.roll,
		privileged: a.privileged,
		privilegeAbolished: a.privilegeAbolished,
		interferers: a.interferers,
		support: a.support,
		opposition: a.opposition,
		whispering: a.whispering,
		privilegePaid: a.privilegePaid,
	} satisfies EveryField<AttackState>;
}

/** `state` with other uncontrolled groups. */
export function withUncontrolled(state: GameState, uncontrolled: readonly CardId[]): GameState {
	const next = draftState(state);
	next.uncontrolled = uncontrolled;
	return next;
}

/** `state` with `amount` more MB returned to the bank. */
export function withReturned(state: GameState, amount: number): GameState {
	const next = draftState(state);
	next.bank = { issued: state.bank.issued, returned: state.bank.returned + amount };
	return next;
}

type WindowPhase = Extract<GameState['phase'], { kind: 'afterRoll' | 'turnStart' }>;

/** A window's phase (after a roll, a turn's start) with other passes. */
export function phaseWithPasses(phase: WindowPhase, passed: readonly Seat[]): WindowPhase {
	if (phase.kind === 'afterRoll') return { kind: 'afterRoll', attack: phase.attack, passed };
	return phase.taxWaived === undefined ? { kind: 'turnStart', passed, doubleIncome: phase.doubleIncome } : { ...phase, passed };
}

/** `state` with another phase. */
export function withPhase(state: GameState, phase: GameState['phase']): GameState {
	const next = draftState(state);
	next.phase = phase;
	return next;
}

/** `player` with another structure. */
export function withStructure(player: PlayerState, structure: PlayerState['structure']): PlayerState {
	const next = draftPlayer(player);
	next.structure = structure;
	return next;
}
