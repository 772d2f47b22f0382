/**
 * Rearranging a power structure (Basic Rules: Moving a Group; Free Actions: Dropping Groups;
 * About the Illuminati: the Bermuda Triangle).
 */
import type { DropAction, MoveAction, ReorganizeAction } from './actions.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { endOfTurnAbilityProblem } from './money.js';
import { beginPlacement, releaseBlocker, releaseCards } from './placement.js';
import { groupsOf, playerOf, updatePlayer, updateTurn } from './state.js';
import { arrowStatus, isBelow, outSides, placementOn, withCard, withoutSubtree } from './structure.js';
import type { CardId, GameState, Placement } from './types.js';

function freeActionProblem(state: GameState, seat: number): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return { code: 'WRONG_PHASE', message: 'That can only be done during your turn, after income and draw.' };
	}
	if (turn.seat !== seat) return { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
	return null;
}

/** `remaining`: the structure without the moved card's subtree, when the caller already has it
 * (legalActions computes it once per card); otherwise computed here. */
export function moveProblem(state: GameState, action: MoveAction, remaining?: GameState['players'][number]['structure']): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step !== 'actions') {
		return { code: 'WRONG_PHASE', message: 'Moving a group is an action.' };
	}
	if (turn.seat !== action.seat) return { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
	if (turn.actionsLeft < 1) return { code: 'NO_ACTIONS_LEFT', message: 'Both actions of this turn are used.' };
	const player = playerOf(state, action.seat);
	const placement = player.structure[action.card];
	if (placement === undefined || action.card === player.illuminati) {
		return { code: 'NOT_YOUR_GROUP', message: `${action.card} is not a group in your structure.` };
	}
	if (player.structure[action.master] === undefined) {
		return { code: 'NOT_YOUR_GROUP', message: `${action.master} is not in your structure.` };
	}
	if (isBelow(player.structure, action.master, action.card)) {
		return { code: 'BAD_MOVE', message: 'A group cannot be moved onto itself or one of its puppets.' };
	}
	if (placement.master === action.master && placement.side === action.side) {
		return { code: 'BAD_MOVE', message: 'The group is already on that arrow.' };
	}
	if (!outSides(action.master).includes(action.side)) {
		return { code: 'ARROW_NOT_OPEN', message: `${action.master} has no outgoing arrow on side ${action.side}.` };
	}
	const structure = remaining ?? withoutSubtree(player.structure, action.card).structure;
	if (arrowStatus(structure, action.master, action.side) !== 'open') {
		return { code: 'ARROW_NOT_OPEN', message: `That arrow of ${action.master} is not open.` };
	}
	return null;
}

/** Moving a Group: an action; its puppets come along, and any that no longer fit are re-placed or lost. */
export function move(state: GameState, action: MoveAction): StepResult<GameState> {
	const problem = moveProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	const { structure, removed } = withoutSubtree(playerOf(state, action.seat).structure, action.card);
	const money: Record<CardId, number> = {};
	for (const entry of removed) money[entry.card] = entry.placement.money;
	const detached = updatePlayer(state, action.seat, (player) => ({ ...player, structure }));
	const turn = state.turn!;
	const spent = updateTurn(detached, { actionsLeft: turn.actionsLeft - 1, acted: true });
	const root = { card: action.card, master: action.master, side: action.side };
	return ok(beginPlacement(spent, action.seat, root, removed, money, null, false));
}

/** Dropping a group is a free action: it and its puppets go uncontrolled, their money to the bank. */
export function drop(state: GameState, action: DropAction): StepResult<GameState> {
	// Transferring Groups: while a received group is placed, a card is given up only to resolve a collision.
	if (state.phase.kind === 'placement' && state.phase.placement.transfer !== undefined) return releaseBlocker(state, action);
	const problem = freeActionProblem(state, action.seat);
	if (problem !== null) return { ok: false, error: problem };
	const player = playerOf(state, action.seat);
	if (player.structure[action.card] === undefined || action.card === player.illuminati) {
		return fail('NOT_YOUR_GROUP', `${action.card} is not a group in your structure.`);
	}
	const { structure, removed } = withoutSubtree(player.structure, action.card);
	const next = updatePlayer(state, action.seat, (p) => ({ ...p, structure }));
	const released = releaseCards(next, removed.map(({ card, placement }) => ({ card, money: placement.money })));
	return ok(updateTurn(released, { acted: true }));
}

/** Bermuda Triangle: at the end of the turn, lay the whole structure out anew. */
export function reorganize(state: GameState, action: ReorganizeAction): StepResult<GameState> {
	const problem = endOfTurnAbilityProblem(state, action.seat, 'reorganizeAtEndOfTurn');
	if (problem !== null) return { ok: false, error: problem };
	const player = playerOf(state, action.seat);
	const groups = groupsOf(player);
	const listed = new Set(action.layout.map((entry) => entry.card));
	if (listed.size !== action.layout.length || listed.size !== groups.length || groups.some((g) => !listed.has(g))) {
		return fail('BAD_LAYOUT', 'The layout must place every group of the structure exactly once.');
	}
	let structure: Readonly<Record<CardId, Placement>> = { [player.illuminati!]: player.structure[player.illuminati!]! };
	for (const entry of action.layout) {
		if (structure[entry.master] === undefined) {
			return fail('BAD_LAYOUT', `${entry.master} must be placed before ${entry.card}.`);
		}
		if (!outSides(entry.master).includes(entry.side) || arrowStatus(structure, entry.master, entry.side) !== 'open') {
			return fail('BAD_LAYOUT', `Side ${entry.side} of ${entry.master} is not an open arrow for ${entry.card}.`);
		}
		const money = player.structure[entry.card]!.money;
		structure = withCard(structure, entry.card, placementOn(structure, entry.card, entry.master, entry.side, money));
	}
	const next = updatePlayer(state, action.seat, (p) => ({ ...p, structure }));
	const turn = state.turn!;
	return ok(updateTurn(next, { step: 'ability', usedAbilities: [...turn.usedAbilities, player.illuminati!], acted: true }));
}
