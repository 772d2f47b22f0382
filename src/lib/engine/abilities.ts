/**
 * Group abilities used as free actions on their owner's turn (Basic Rules: Special Abilities,
 * "for oddball special abilities, follow the card"): Orbital Mind Control Lasers and Recyclers.
 */
import { drawableCount } from './hidden.js';
import type { EditAlignmentAction, RecycleAction } from './actions.js';
import { ALIGNMENTS, CARDS, OPPOSITE } from './cards/index.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { abilitiesOf, alignmentsOf } from './odds.js';
import { ownerOf, playerOf, toBank, updateTurn } from './state.js';
import type { CardId, GameState, Seat } from './types.js';

/** The first card of the seat's structure with an ability of this kind that is unused this turn. */
function abilityCard(state: GameState, seat: Seat, kind: 'alignmentEdit' | 'payToDraw'): CardId | null {
	for (const card of Object.keys(playerOf(state, seat).structure)) {
		if (abilitiesOf(card).some((ability) => ability.kind === kind)) return card;
	}
	return null;
}

function ownTurnProblem(state: GameState, seat: Seat): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return { code: 'WRONG_PHASE', message: 'Abilities are used during your turn, after income and draw.' };
	}
	return turn.seat === seat ? null : { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
}

export function editAlignmentProblem(state: GameState, action: EditAlignmentAction): RuleError | null {
	const problem = ownTurnProblem(state, action.seat);
	if (problem !== null) return problem;
	const lasers = abilityCard(state, action.seat, 'alignmentEdit');
	if (lasers === null) return { code: 'NO_ABILITY', message: 'You control no group that edits alignments.' };
	if (state.turn!.usedAbilities.includes(lasers)) return { code: 'ABILITY_USED', message: 'Already used this turn.' };
	if (CARDS[action.target]?.kind !== 'group' || action.target === lasers) {
		return { code: 'NOT_APPLICABLE', message: 'Pick one other group.' };
	}
	if (ownerOf(state, action.target) === null && !state.uncontrolled.includes(action.target)) {
		return { code: 'NOT_IN_PLAY', message: `${action.target} is not in play.` };
	}
	if (!ALIGNMENTS.includes(action.alignment)) return { code: 'MALFORMED_ACTION', message: 'Unknown alignment.' };
	const current = alignmentsOf(state, action.target);
	const has = current.includes(action.alignment);
	if (action.op === 'add' && has) return { code: 'NOT_APPLICABLE', message: `It is already ${action.alignment}.` };
	if (action.op !== 'add' && !has) return { code: 'NOT_APPLICABLE', message: `It is not ${action.alignment}.` };
	if (action.op === 'reverse') {
		const opposite = OPPOSITE[action.alignment];
		if (opposite === null || opposite === action.alignment) {
			return { code: 'NOT_APPLICABLE', message: `${action.alignment} has no single opposite to turn into.` };
		}
	}
	return null;
}

/** Orbital Mind Control Lasers: add, remove or reverse one alignment of another group until the end of the turn. */
export function editAlignment(state: GameState, action: EditAlignmentAction): StepResult<GameState> {
	const problem = editAlignmentProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	const lasers = abilityCard(state, action.seat, 'alignmentEdit')!;
	const turn = state.turn!;
	return ok(
		updateTurn(state, {
			alignmentEdits: [...turn.alignmentEdits, { card: action.target, op: action.op, alignment: action.alignment }],
			usedAbilities: [...turn.usedAbilities, lasers],
			acted: true,
		}),
	);
}

/** What keeps `seat` from paying to draw now (null: nothing); legalActions asks it too. */
export function recycleProblem(state: GameState, seat: Seat): ReturnType<typeof fail> | null {
	const problem = ownTurnProblem(state, seat);
	if (problem !== null) return { ok: false, error: problem };
	const recyclers = abilityCard(state, seat, 'payToDraw');
	if (recyclers === null) return fail('NO_ABILITY', 'You control no group that pays to draw.');
	const ability = abilitiesOf(recyclers).find((a) => a.kind === 'payToDraw');
	if (ability?.kind !== 'payToDraw') return fail('NO_ABILITY', 'You control no group that pays to draw.');
	if (state.turn!.usedAbilities.includes(recyclers)) return fail('ABILITY_USED', 'Already used this turn.');
	if (playerOf(state, seat).structure[recyclers]!.money < ability.cost) {
		return fail('NOT_ENOUGH_MONEY', `${recyclers} needs ${ability.cost} MB of its own.`);
	}
	if (drawableCount(state) === 0) return fail('NOT_APPLICABLE', 'The deck is empty.');
	return null;
}

/** Recyclers: pay from the Recyclers' own treasury to draw one more card (once a turn). */
export function recycle(state: GameState, action: RecycleAction): StepResult<GameState> {
	const problem = recycleProblem(state, action.seat);
	if (problem !== null) return problem;
	const recyclers = abilityCard(state, action.seat, 'payToDraw')!;
	const ability = abilitiesOf(recyclers).find((a) => a.kind === 'payToDraw');
	if (ability?.kind !== 'payToDraw') return fail('NO_ABILITY', 'You control no group that pays to draw.');
	const paid = toBank(state, action.seat, recyclers, ability.cost);
	const next = updateTurn(paid, { usedAbilities: [...state.turn!.usedAbilities, recyclers], acted: true });
	return ok({ ...next, random: { kind: 'draw', seat: action.seat, count: Math.min(ability.cards, drawableCount(state)) } });
}
