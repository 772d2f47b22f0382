/**
 * Attacks (Basic Rules: Attacks, Attack to Control / Neutralize / Destroy, Calling Off an Attack).
 * An attack is declared with its aids, may gain more aid until money is spent, then goes through
 * a spending window that closes when every eligible seat has passed since the last spend; then
 * the dice are rolled (randomness from the log) and the result applied.
 */
import type { AidAction, AttackAction, CallOffAction, PassSpendingAction, SpendAction } from './actions.js';
import { CARDS, isGroup } from './cards/index.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { abilitiesOf, attackingAlignments, attackOdds, isSuccess, powerOf, transferableOf } from './odds.js';
import { beginPlacement, releaseCards } from './placement.js';
import { ownerOf, playerOf, toBank, updatePlayer, updateTurn, without } from './state.js';
import { hasOpenArrow, withoutSubtree } from './structure.js';
import type { AttackState, CardId, GameState, Seat } from './types.js';
import { checkEliminations } from './victory.js';

function ruleError(code: RuleError['code'], message: string): RuleError {
	return { code, message };
}

/** UFOs: the UFO card may take part in two attacks a turn; every other card in one. */
export function participationLimit(card: CardId): number {
	for (const ability of abilitiesOf(card)) if (ability.kind === 'multipleAttacks') return ability.attacksPerTurn;
	return 1;
}

function participationLeft(state: GameState, card: CardId): boolean {
	return (state.turn?.participated[card] ?? 0) < participationLimit(card);
}

/** Discordian Society: groups with these alignments may not attack or aid against its structure. */
function immunityAgainst(state: GameState, defender: Seat | null): readonly string[] {
	if (defender === null) return [];
	const illuminati = playerOf(state, defender).illuminati;
	if (illuminati === null) return [];
	const immunity = abilitiesOf(illuminati).find((ability) => ability.kind === 'immunity');
	return immunity?.kind === 'immunity' ? immunity.fromAlignments : [];
}

function immuneReason(state: GameState, seat: Seat, card: CardId, action: AttackAction): RuleError | null {
	const owner = ownerOf(state, action.target);
	const barred = immunityAgainst(state, owner);
	if (barred.length === 0) return null;
	const alignments = attackingAlignments(state, card, action.kind, action.target);
	const hit = alignments.find((alignment) => barred.includes(alignment));
	return hit === undefined
		? null
		: ruleError('IMMUNE', `${card} is ${hit}: it may not attack or aid against seat ${owner}'s structure.`);
}

/** Whether a card can add its transferable power to this attack. */
export function aidProblem(state: GameState, action: AttackAction, aid: CardId, others: readonly CardId[]): RuleError | null {
	const structure = playerOf(state, action.seat).structure;
	if (structure[aid] === undefined) return ruleError('NOT_YOUR_GROUP', `${aid} is not in your power structure.`);
	if (aid === action.attacker || others.includes(aid)) return ruleError('BAD_AID', `${aid} already takes part in this attack.`);
	if (transferableOf(aid) <= 0) return ruleError('BAD_AID', `${aid} has no transferable power.`);
	if (action.kind === 'destroy' && aid === action.target) {
		return ruleError('BAD_AID', 'No group may aid an attempt to destroy itself.');
	}
	if (!participationLeft(state, aid)) return ruleError('ALREADY_PARTICIPATED', `${aid} already took part in an attack this turn.`);
	return immuneReason(state, action.seat, aid, action);
}

/** Every rule a declaration must meet; null when the attack may be declared. */
export function attackProblem(state: GameState, action: AttackAction): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step !== 'actions') {
		return ruleError('WRONG_PHASE', 'Attacks are declared in the actions step of a turn.');
	}
	if (action.seat !== turn.seat) return ruleError('NOT_YOUR_TURN', 'Only the player whose turn it is may attack.');
	if (turn.actionsLeft < 1) return ruleError('NO_ACTIONS_LEFT', 'Both actions of this turn are used.');
	const structure = playerOf(state, action.seat).structure;
	if (structure[action.attacker] === undefined) {
		return ruleError('NOT_YOUR_GROUP', `${action.attacker} is not in your power structure.`);
	}
	if (powerOf(action.attacker) <= 0) return ruleError('NO_POWER', `${action.attacker} has no Power and cannot attack.`);
	if (!participationLeft(state, action.attacker)) {
		return ruleError('ALREADY_PARTICIPATED', `${action.attacker} already took part in an attack this turn.`);
	}
	if (CARDS[action.target] === undefined) return ruleError('UNKNOWN_CARD', `No card ${action.target}.`);
	if (!isGroup(action.target)) {
		return CARDS[action.target]!.kind === 'illuminati'
			? ruleError('ILLUMINATI_CANNOT_BE_ATTACKED', 'Illuminati cannot be attacked.')
			: ruleError('NOT_IN_PLAY', `${action.target} is not a group.`);
	}
	const owner = ownerOf(state, action.target);
	if (owner === null && !state.uncontrolled.includes(action.target)) {
		return ruleError('NOT_IN_PLAY', `${action.target} is not in play.`);
	}
	if (action.target === action.attacker) return ruleError('CANNOT_ATTACK_ITSELF', 'No group may attack itself.');
	if (action.kind === 'control') {
		if (owner === action.seat) return ruleError('ALREADY_CONTROLLED', `You already control ${action.target}.`);
		if (!hasOpenArrow(structure, action.attacker)) {
			return ruleError('NO_OPEN_ARROW', `${action.attacker} has no open outgoing arrow.`);
		}
	} else if (action.kind === 'neutralize') {
		if (owner === null || owner === action.seat) {
			return ruleError('TARGET_NOT_CONTROLLED_BY_OPPONENT', 'Only a group another player controls can be neutralized.');
		}
		if (state.options.rules.neutralizeNeedsOpenArrow && !hasOpenArrow(structure, action.attacker)) {
			return ruleError('NO_OPEN_ARROW', `${action.attacker} has no open outgoing arrow.`);
		}
	} else if (powerOf(action.target) <= 0) {
		return ruleError('POWERLESS_TARGET', 'A group with no Power cannot be destroyed.');
	}
	const immune = immuneReason(state, action.seat, action.attacker, action);
	if (immune !== null) return immune;
	const aids: CardId[] = [];
	for (const aid of action.aids) {
		const problem = aidProblem(state, action, aid, aids);
		if (problem !== null) return problem;
		aids.push(aid);
	}
	return null;
}

function participate(state: GameState, cards: readonly CardId[], delta: number): GameState {
	const participated = { ...state.turn!.participated };
	for (const card of cards) participated[card] = (participated[card] ?? 0) + delta;
	return updateTurn(state, { participated });
}

export function declareAttack(state: GameState, action: AttackAction): StepResult<GameState> {
	const problem = attackProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	const owner = ownerOf(state, action.target);
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
		actedBefore: state.turn!.acted,
		committed: false,
		passed: [],
		roll: null,
	};
	const turn = state.turn!;
	const next = updateTurn(state, { actionsLeft: turn.actionsLeft - 1, acted: true });
	return ok({ ...participate(next, [action.attacker, ...action.aids], 1), phase: { kind: 'attack', attack } });
}

function currentAttack(state: GameState): AttackState | null {
	return state.phase.kind === 'attack' ? state.phase.attack : null;
}

function withAttack(state: GameState, attack: AttackState): GameState {
	return { ...state, phase: { kind: 'attack', attack } };
}

/** Seats that may spend (and must pass) in the spending window. */
export function spendingSeats(attack: AttackState): Seat[] {
	return attack.defender === null ? [attack.seat] : [attack.seat, attack.defender];
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

/** Which treasuries a seat may spend from, and at what weight. */
export function spendSources(attack: AttackState, state: GameState, seat: Seat): CardId[] {
	const illuminati = playerOf(state, seat).illuminati;
	const own = illuminati === null ? [] : [illuminati];
	if (seat === attack.seat) return [...new Set([attack.attacker, ...own])];
	if (seat === attack.defender) return [...new Set([attack.target, ...own])];
	return [];
}

export function spend(state: GameState, action: SpendAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	if (!spendingSeats(attack).includes(action.seat)) return fail('NOT_ELIGIBLE', 'Only the attacker and the defender spend on an attack.');
	if (!spendSources(attack, state, action.seat).includes(action.from)) {
		return fail('NOT_ELIGIBLE', `Money for this attack cannot come from ${action.from}.`);
	}
	if (!Number.isSafeInteger(action.amount) || action.amount < 1) return fail('BAD_AMOUNT', 'Spend a whole number of MB, at least 1.');
	const available = playerOf(state, action.seat).structure[action.from]?.money ?? 0;
	if (available < action.amount) return fail('NOT_ENOUGH_MONEY', `${action.from} holds only ${available} MB.`);
	const paid = toBank(state, action.seat, action.from, action.amount);
	const byAttacker = action.seat === attack.seat;
	const fromTarget = action.from === attack.target;
	const next: AttackState = {
		...attack,
		attackerSpent: attack.attackerSpent + (byAttacker ? action.amount : 0),
		defenderGroupSpent: attack.defenderGroupSpent + (!byAttacker && fromTarget ? action.amount : 0),
		defenderIlluminatiSpent: attack.defenderIlluminatiSpent + (!byAttacker && !fromTarget ? action.amount : 0),
		committed: true,
		passed: [],
	};
	return ok(withAttack(paid, next));
}

export function passSpending(state: GameState, action: PassSpendingAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	const seats = spendingSeats(attack);
	if (!seats.includes(action.seat)) return fail('NOT_ELIGIBLE', 'You take no part in this attack\'s spending.');
	if (attack.passed.includes(action.seat)) return fail('NOT_APPLICABLE', 'You already passed since the last spend.');
	const passed = [...attack.passed, action.seat];
	if (seats.every((seat) => passed.includes(seat))) {
		return ok({ ...withAttack(state, { ...attack, passed, committed: true }), random: { kind: 'attackRoll' } });
	}
	return ok(withAttack(state, { ...attack, passed }));
}

/** Calling Off an Attack: possible until money is committed; it then costs no action. */
export function callOff(state: GameState, action: CallOffAction): StepResult<GameState> {
	const attack = currentAttack(state);
	if (attack === null) return fail('WRONG_PHASE', 'No attack is under way.');
	if (action.seat !== attack.seat) return fail('NOT_ATTACKER', 'Only the attacker may call off the attack.');
	if (attack.committed) return fail('ALREADY_COMMITTED', 'Money was spent: the attack must be played out.');
	const restored = participate(state, [attack.attacker, ...attack.aids], -1);
	const turn = restored.turn!;
	return ok({ ...updateTurn(restored, { actionsLeft: turn.actionsLeft + 1, acted: attack.actedBefore }), phase: { kind: 'turn' } });
}

/** Takes a group and its puppets out of their owner's structure. */
function detach(state: GameState, owner: Seat, target: CardId) {
	const { structure, removed } = withoutSubtree(playerOf(state, owner).structure, target);
	return { state: updatePlayer(state, owner, (player) => ({ ...player, structure })), removed };
}

function capture(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target);
	let next = state;
	let removed: { card: CardId; placement: import('./types.js').Placement }[] = [];
	const money: Record<CardId, number> = {};
	if (owner === null) {
		next = { ...next, uncontrolled: without(next.uncontrolled, attack.target) };
	} else {
		({ state: next, removed } = detach(next, owner, attack.target));
		let lost = 0;
		for (const { card, placement } of removed) {
			money[card] = Math.floor(placement.money / 2);
			lost += placement.money - money[card]!;
		}
		next = { ...next, bank: { ...next.bank, returned: next.bank.returned + lost } };
	}
	const structure = playerOf(next, attack.seat).structure;
	const root = { card: attack.target, master: attack.attacker, side: 0 as const };
	if (!hasOpenArrow(structure, attack.attacker)) {
		return releaseCards(next, (removed.length ? removed.map((r) => r.card) : [attack.target]).map((card) => ({ card, money: money[card] ?? 0 })));
	}
	return beginPlacement(next, attack.seat, root, removed, money, { attacker: attack.attacker, target: attack.target }, true);
}

function neutralize(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target)!;
	const { state: next, removed } = detach(state, owner, attack.target);
	return releaseCards(next, removed.map(({ card, placement }) => ({ card, money: placement.money })));
}

function destroy(state: GameState, attack: AttackState): GameState {
	const owner = ownerOf(state, attack.target);
	let next = state;
	if (owner === null) {
		next = { ...next, uncontrolled: without(next.uncontrolled, attack.target) };
	} else {
		const detached = detach(next, owner, attack.target);
		const [targetEntry, ...puppets] = detached.removed;
		next = releaseCards(detached.state, puppets.map(({ card, placement }) => ({ card, money: placement.money })));
		next = { ...next, bank: { ...next.bank, returned: next.bank.returned + targetEntry!.placement.money } };
	}
	next = { ...next, dead: [...next.dead, attack.target] };
	return updatePlayer(next, attack.seat, (player) => ({ ...player, kills: player.kills + 1 }));
}

/** The dice are in: apply the result and return to the turn (or to placing a catch). */
export function resolveRoll(state: GameState, roll: readonly [number, number]): GameState {
	const attack = currentAttack(state)!;
	const odds = attackOdds(state, attack);
	const rolled: AttackState = { ...attack, roll };
	const base: GameState = { ...state, phase: { kind: 'turn' }, random: null, lastAttack: { ...rolled, needed: odds.needed, success: false } };
	if (!isSuccess(odds.needed, roll[0] + roll[1])) return base;
	const succeeded: GameState = { ...base, lastAttack: { ...rolled, needed: odds.needed, success: true } };
	const applied =
		attack.kind === 'control' ? capture(succeeded, attack) : attack.kind === 'neutralize' ? neutralize(succeeded, attack) : destroy(succeeded, attack);
	return checkEliminations(applied, attack.seat);
}

