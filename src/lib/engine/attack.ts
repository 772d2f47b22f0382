/**
 * Attacks (Basic Rules: Attacks, Attack to Control / Neutralize / Destroy, Calling Off an Attack).
 * An attack is declared with its aids, may gain more aid until money is spent, then goes through
 * a spending window that closes when every eligible seat has passed since the last spend; then
 * the dice are rolled (randomness from the log) and the result applied.
 */
import type { AidAction, AttackAction, CallOffAction, PassSpendingAction, SpendAction } from './actions.js';
import { cardData } from './cards/index.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { isFaceUp } from './hidden-illuminati.js';
import { abilitiesOf, attackingAlignments, powerIn, powerOf, transferableIn } from './odds.js';
import { bavarianPrivilege, declarationExtrasProblem, moneySeats, spendingSeats, spendSources, WHISPERING_CAMPAIGN } from './privilege.js';
import { openChain } from './specials.js';
import { fromBank, ownerOf, playerOf, toBank, updateTurn } from './state.js';
import { hasOpenArrow } from './structure.js';
import { hasKey } from './keys.js';
import { draftAttack, draftState, withPhase } from './shapes.js';
import type { AttackState, CardId, GameState, Seat, TurnState } from './types.js';
import { withSeat } from './window-state.js';

/** Who spends in an attack's window now lives with interference and privilege. */
export { spendingSeats, spendSources } from './privilege.js';

function ruleError(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

/** UFOs: the UFO card may take part in two attacks a turn; every other card in one. */
export function participationLimit(card: CardId): number {
	for (const ability of abilitiesOf(card)) if (ability.kind === 'multipleAttacks') return ability.attacksPerTurn;
	return 1;
}

function participationLeft(state: GameState, card: CardId): boolean {
	const participated = state.turn?.participated;
	// Every card may take part in one attack (participationLimit >= 1): no look-up for the rest.
	if (participated === undefined || !hasKey(participated, card, PARTICIPATED_SLOT)) return true;
	return participated[card]! < participationLimit(card);
}

/** keys.ts's slot for `participated` records (structures use their seat's). */
const PARTICIPATED_SLOT = 15;

/** Discordian Society: groups with these alignments may not attack or aid against its structure.
 * Hidden Illuminati: only once its card is face up (hidden-illuminati-immunity.ts). */
export function immunityAgainst(state: GameState, defender: Seat | null): readonly string[] {
	if (defender === null || !isFaceUp(state, defender)) return [];
	const illuminati = playerOf(state, defender).illuminati;
	if (illuminati === null) return [];
	const immunity = abilitiesOf(illuminati).find((ability) => ability.kind === 'immunity');
	return immunity?.kind === 'immunity' ? immunity.fromAlignments : [];
}

function immuneReason(state: GameState, card: CardId, action: AttackAction): RuleError | null {
	const owner = ownerOf(state, action.target);
	return immunityProblem(state, card, action, owner, immunityAgainst(state, owner));
}

/** `card` may not attack or aid against `owner`'s structure when it has an alignment in `barred`
 * (immunityAgainst(state, owner)). */
export function immunityProblem(state: GameState, card: CardId, action: AttackAction, owner: Seat | null, barred: readonly string[]): RuleError | null {
	if (barred.length === 0) return null;
	const alignments = attackingAlignments(state, card, action.kind, action.target);
	const hit = alignments.find((alignment) => barred.includes(alignment));
	return hit === undefined
		? null
		: ruleError('IMMUNE', `${card} is ${hit}: it may not attack or aid against seat ${owner}'s structure.`);
}

/** Whether immunityProblem's answer for `card` may change with the attack's kind and target: only
 * through a "counts as" alignment ability (attackingAlignments, odds.ts). When it cannot, one answer
 * per barred list serves every attack of the state (legal-attacks.ts). */
export function immunityVariesWithTarget(card: CardId): boolean {
	return abilitiesOf(card).some((ability) => ability.kind === 'countsAsAlignment');
}

// The checks on one aiding card, one rule each; aidProblem runs them in this order, and
// legalActions (legal-attacks.ts) runs the card's own ones once per seat, the rest per attack.

export function aidInStructureProblem(state: GameState, seat: Seat, aid: CardId): RuleError | null {
	return !hasKey(playerOf(state, seat).structure, aid, seat) ? ruleError('NOT_YOUR_GROUP', `${aid} is not in your power structure.`) : null;
}

export function aidAlreadyInProblem(action: AttackAction, aid: CardId, others: readonly CardId[]): RuleError | null {
	return aid === action.attacker || others.includes(aid) ? ruleError('BAD_AID', `${aid} already takes part in this attack.`) : null;
}

/** A face-down Illuminati aids with what its player stated (Hidden Illuminati), not its stand-in's 0. */
export function aidTransferableProblem(state: GameState, aid: CardId): RuleError | null {
	return transferableIn(state, aid) <= 0 ? ruleError('BAD_AID', `${aid} has no transferable power.`) : null;
}

export function aidOwnTargetProblem(action: AttackAction, aid: CardId): RuleError | null {
	return action.kind === 'destroy' && aid === action.target ? ruleError('BAD_AID', 'No group may aid an attempt to destroy itself.') : null;
}

export function aidParticipationProblem(state: GameState, aid: CardId): RuleError | null {
	return participationLeft(state, aid) ? null : ruleError('ALREADY_PARTICIPATED', `${aid} already took part in an attack this turn.`);
}

/** Whether a card can add its transferable power to this attack. */
export function aidProblem(state: GameState, action: AttackAction, aid: CardId, others: readonly CardId[]): RuleError | null {
	return aidCardProblem(state, action, aid, others) ?? immuneReason(state, aid, action);
}

/** aidProblem's checks but immunity. */
function aidCardProblem(state: GameState, action: AttackAction, aid: CardId, others: readonly CardId[]): RuleError | null {
	return (
		aidInStructureProblem(state, action.seat, aid) ??
		aidAlreadyInProblem(action, aid, others) ??
		aidTransferableProblem(state, aid) ??
		aidOwnTargetProblem(action, aid) ??
		aidParticipationProblem(state, aid)
	);
}

// The checks on a declaration, in stages; attackProblem runs them in this order, and legalActions
// (legal-attacks.ts) runs each stage once per seat, attacker, target or pair.

/** The turn lets `seat` declare an attack now. */
export function attackTurnProblem(state: GameState, seat: Seat): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step !== 'actions') {
		return ruleError('WRONG_PHASE', 'Attacks are declared in the actions step of a turn.');
	}
	if (seat !== turn.seat) return ruleError('NOT_YOUR_TURN', 'Only the player whose turn it is may attack.');
	if (turn.actionsLeft < 1) return ruleError('NO_ACTIONS_LEFT', 'Both actions of this turn are used.');
	return null;
}

/** The attacking card may attack this turn. */
export function attackerProblem(state: GameState, seat: Seat, attacker: CardId): RuleError | null {
	if (!hasKey(playerOf(state, seat).structure, attacker, seat)) {
		return ruleError('NOT_YOUR_GROUP', `${attacker} is not in your power structure.`);
	}
	return attackerReadyProblem(state, attacker);
}

/** attackerProblem's checks after the first, for a card of the seat's structure. */
export function attackerReadyProblem(state: GameState, attacker: CardId): RuleError | null {
	// A face-down Illuminati attacks with its stated Power (Hidden Illuminati), not its stand-in's 0.
	if (powerIn(state, attacker) <= 0) return ruleError('NO_POWER', `${attacker} has no Power and cannot attack.`);
	if (!participationLeft(state, attacker)) {
		return ruleError('ALREADY_PARTICIPATED', `${attacker} already took part in an attack this turn.`);
	}
	return null;
}

/** The target is a group in play; `owner` is ownerOf(state, target). */
export function attackTargetProblem(state: GameState, target: CardId, owner: Seat | null): RuleError | null {
	// One look-up of the card (legalActions asks this of every group in play).
	const data = cardData(target);
	if (data === undefined) return ruleError('UNKNOWN_CARD', `No card ${target}.`);
	if (data.kind !== 'group') {
		return data.kind === 'illuminati'
			? ruleError('ILLUMINATI_CANNOT_BE_ATTACKED', 'Illuminati cannot be attacked.')
			: ruleError('NOT_IN_PLAY', `${target} is not a group.`);
	}
	if (owner === null && !state.uncontrolled.includes(target)) {
		return ruleError('NOT_IN_PLAY', `${target} is not in play.`);
	}
	return null;
}

/** What this kind of attack asks of the attacker and the target. `openArrow` tells whether the
 * attacker has an open outgoing arrow (asked only when the kind needs it); `targetPower` is
 * powerOf(target), when the caller has it. */
export function attackKindProblem(
	state: GameState,
	action: Pick<AttackAction, 'seat' | 'kind' | 'attacker' | 'target' | 'whispering'>,
	owner: Seat | null,
	openArrow: () => boolean,
	targetPower?: number,
): RuleError | null {
	if (action.target === action.attacker) return ruleError('CANNOT_ATTACK_ITSELF', 'No group may attack itself.');
	if (action.kind === 'control') {
		if (owner === action.seat) return ruleError('ALREADY_CONTROLLED', `You already control ${action.target}.`);
		if (!openArrow()) {
			return ruleError('NO_OPEN_ARROW', `${action.attacker} has no open outgoing arrow.`);
		}
	} else if (action.kind === 'neutralize') {
		if (owner === null || owner === action.seat) {
			return ruleError('TARGET_NOT_CONTROLLED_BY_OPPONENT', 'Only a group another player controls can be neutralized.');
		}
		if (state.options.rules.neutralizeNeedsOpenArrow && !openArrow()) {
			return ruleError('NO_OPEN_ARROW', `${action.attacker} has no open outgoing arrow.`);
		}
	} else if (!action.whispering && (targetPower ?? powerOf(action.target)) <= 0) {
		return ruleError('POWERLESS_TARGET', 'A group with no Power cannot be destroyed (except by Whispering Campaign).');
	}
	return null;
}

/** Every rule a declaration must meet; null when the attack may be declared. */
export function attackProblem(state: GameState, action: AttackAction): RuleError | null {
	return declarationProblem(state, action, ownerOf(state, action.target));
}

/** attackProblem, `owner` being ownerOf(state, action.target): its target's owner and immunity
 * (pure look-ups) are read once for the declaration and every aid. */
function declarationProblem(state: GameState, action: AttackAction, owner: Seat | null): RuleError | null {
	const early = attackTurnProblem(state, action.seat) ?? attackerProblem(state, action.seat, action.attacker);
	if (early !== null) return early;
	const structure = playerOf(state, action.seat).structure;
	const barred = immunityAgainst(state, owner);
	const late =
		attackTargetProblem(state, action.target, owner) ??
		attackKindProblem(state, action, owner, () => hasOpenArrow(structure, action.attacker)) ??
		declarationExtrasProblem(state, action) ??
		immunityProblem(state, action.attacker, action, owner, barred);
	if (late !== null) return late;
	const aids: CardId[] = [];
	for (const aid of action.aids) {
		const problem = aidCardProblem(state, action, aid, aids) ?? immunityProblem(state, aid, action, owner, barred);
		if (problem !== null) return problem;
		aids.push(aid);
	}
	return null;
}

function participation(turn: TurnState, cards: readonly CardId[], delta: number): Record<CardId, number> {
	const participated = { ...turn.participated };
	for (const card of cards) participated[card] = (participated[card] ?? 0) + delta;
	return participated;
}

function participate(state: GameState, cards: readonly CardId[], delta: number): GameState {
	return updateTurn(state, { participated: participation(state.turn!, cards, delta) });
}

export function declareAttack(state: GameState, action: AttackAction): StepResult<GameState> {
	const owner = ownerOf(state, action.target);
	const problem = declarationProblem(state, action, owner);
	if (problem !== null) return { ok: false, error: problem };
	const bavarian = action.privilege?.kind === 'bavarian' ? bavarianPrivilege(state, action.seat) : null;
	const attack: AttackState = {
		seat: action.seat,
		kind: action.kind,
		attacker: action.attacker,
		target: action.target,
		aids: [...action.aids],
		defender: owner === action.seat ? null : owner,
		attackerSpent: 0,
		defenderGroupSpent: 0,
		defenderIlluminatiSpent: 0,
		// A Special discarded for privilege stays discarded if the attack is called off: a free action.
		actedBefore: state.turn!.acted || (state.options.rules.everyFreeActionCounts === true && action.privilege?.kind === 'discard'),
		// Paying for the Bavarian privilege puts money down: the attack is committed.
		committed: bavarian !== null,
		passed: [],
		roll: null,
		privileged: bavarian !== null,
		privilegeAbolished: false,
		interferers: [],
		support: 0,
		opposition: 0,
		whispering: action.whispering === true,
		privilegePaid: bavarian?.cost ?? 0,
	};
	const turn = state.turn!;
	const participated = participation(turn, [action.attacker, ...action.aids], 1);
	let next = updateTurn(state, { actionsLeft: turn.actionsLeft - 1, acted: true, participated });
	if (bavarian !== null) {
		next = toBank(next, action.seat, bavarian.card, bavarian.cost);
		next = updateTurn(next, { usedAbilities: [...next.turn!.usedAbilities, bavarian.card] });
	}
	next = withPhase(next, { kind: 'attack', attack });
	// Cards played with the attack go through their cancel window (Secrets Man Was Not Meant to Know).
	if (action.whispering) next = openChain(next, action.seat, [WHISPERING_CAMPAIGN], { kind: 'whispering' });
	if (action.privilege?.kind === 'discard') next = openChain(next, action.seat, [action.privilege.card], { kind: 'privilege' });
	return ok(next);
}

function currentAttack(state: GameState): AttackState | null {
	return state.phase.kind === 'attack' ? state.phase.attack : null;
}

function withAttack(state: GameState, attack: AttackState): GameState {
	return withPhase(state, { kind: 'attack', attack });
}

/** The attack with `passed`, committed when `committed`. */
function withPassed(attack: AttackState, passed: readonly Seat[], committed: boolean): AttackState {
	const next = draftAttack(attack);
	next.passed = passed;
	next.committed = committed;
	return next;
}

export function aid(state: GameState, action: AidAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	if (action.seat !== attack.seat) return fail('NOT_ATTACKER', 'Only the attacker announces aid.');
	if (attack.committed) return fail('ALREADY_COMMITTED', 'Aid must be announced before any money is spent.');
	const declared = { type: 'attack', seat: attack.seat, kind: attack.kind, attacker: attack.attacker, target: attack.target, aids: attack.aids } as const;
	const problem = aidProblem(state, declared, action.card, attack.aids);
	if (problem !== null) return { ok: false, error: problem };
	const next = participate(state, [action.card], 1);
	return ok(withAttack(next, { ...attack, aids: [...attack.aids, action.card], passed: [] }));
}

export function spend(state: GameState, action: SpendAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	if (!moneySeats(state, attack).includes(action.seat)) {
		return fail('NOT_ELIGIBLE', 'No one may interfere with a privileged attack.');
	}
	if (!spendSources(state, attack, action.seat).includes(action.from)) {
		return fail('NOT_ELIGIBLE', `Money for this attack cannot come from ${action.from}.`);
	}
	const interferer = action.seat !== attack.seat && action.seat !== attack.defender;
	if (interferer !== (action.side !== undefined)) {
		return fail('NOT_ELIGIBLE', interferer ? 'Say whether you interfere for or against the attack.' : 'Attacker and defender spend for their own side.');
	}
	if (!Number.isSafeInteger(action.amount) || action.amount < 1) return fail('BAD_AMOUNT', 'Spend a whole number of MB, at least 1.');
	const available = playerOf(state, action.seat).structure[action.from]?.money ?? 0;
	if (available < action.amount) return fail('NOT_ENOUGH_MONEY', `${action.from} holds only ${available} MB.`);
	const paid = toBank(state, action.seat, action.from, action.amount);
	const byAttacker = action.seat === attack.seat;
	const byDefender = action.seat === attack.defender;
	const fromTarget = action.from === attack.target;
	const next: AttackState = {
		...attack,
		attackerSpent: attack.attackerSpent + (byAttacker ? action.amount : 0),
		defenderGroupSpent: attack.defenderGroupSpent + (byDefender && fromTarget ? action.amount : 0),
		defenderIlluminatiSpent: attack.defenderIlluminatiSpent + (byDefender && !fromTarget ? action.amount : 0),
		support: attack.support + (action.side === 'for' ? action.amount : 0),
		opposition: attack.opposition + (action.side === 'against' ? action.amount : 0),
		committed: true,
		passed: [],
	};
	return ok(withAttack(paid, next));
}

export function passSpending(state: GameState, action: PassSpendingAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	const seats = spendingSeats(state, attack);
	if (!seats.includes(action.seat)) return fail('NOT_ELIGIBLE', 'You take no part in this attack\'s spending.');
	if (attack.passed.includes(action.seat)) return fail('NOT_APPLICABLE', 'You already passed since the last spend.');
	const passed = withSeat(attack.passed, action.seat);
	if (seats.every((seat) => passed.includes(seat))) {
		const next = draftState(state);
		next.phase = { kind: 'attack', attack: withPassed(attack, passed, true) };
		next.random = { kind: 'attackRoll' };
		return ok(next);
	}
	return ok(withAttack(state, withPassed(attack, passed, attack.committed)));
}

/** Calling Off an Attack: possible until money is committed; it then costs no action. */
export function callOff(state: GameState, action: CallOffAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	if (action.seat !== attack.seat) return fail('NOT_ATTACKER', 'Only the attacker may call off the attack.');
	if (attack.committed) return fail('ALREADY_COMMITTED', 'Money was spent: the attack must be played out.');
	return ok(unwindAttack(state, attack));
}

/** An attack that never happened: its action, its groups' participation and a Bavarian
 * privilege bought for it come back. */
export function unwindAttack(state: GameState, attack: AttackState): GameState {
	let restored = participate(state, [attack.attacker, ...attack.aids], -1);
	const bavarian = attack.privilegePaid > 0 ? bavarianPrivilege(restored, attack.seat) : null;
	if (bavarian !== null) {
		restored = fromBank(restored, attack.seat, bavarian.card, attack.privilegePaid);
		restored = updateTurn(restored, { usedAbilities: restored.turn!.usedAbilities.filter((card) => card !== bavarian.card) });
	}
	const turn = restored.turn!;
	return { ...updateTurn(restored, { actionsLeft: turn.actionsLeft + 1, acted: attack.actedBefore }), phase: { kind: 'turn' } };
}

/** The dice are in: the window for cards played right after the roll opens (Assassination,
 * Murphy's Law); the result applies when it closes. */
export function resolveRoll(state: GameState, roll: readonly [number, number]): GameState {
	const rolled = draftAttack(currentAttack(state)!);
	rolled.roll = roll;
	const next = draftState(state);
	next.random = null;
	next.phase = { kind: 'afterRoll', attack: rolled, passed: [] };
	return next;
}
