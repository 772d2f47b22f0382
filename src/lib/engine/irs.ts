/**
 * The IRS tax waived. The texts give it as their first example of a deal (ES Estrategia,
 * "Negociaciones" 1; FR "Négociations" 1; v4 "Negotiations" 1): the player controlling the IRS
 * agrees not to tax another player, say for a promise not to attack. The tax is taken in the
 * controller's income phase (Income: "en el turno del jugador que lo controla"), so the waiver is
 * given in the window that opens that turn, before the controller passes it: each player named
 * there pays no tax this turn. It is a term of a deal, not a free action.
 */
import type { WaiveTaxAction } from './actions.js';
import { fail, ok, type RuleError, type RuleErrorCode, type StepResult } from './errors.js';
import type { LegalAction } from './legal.js';
import { cardWith } from './turn.js';
import type { GameState, Seat } from './types.js';

const problem = (code: RuleErrorCode, message: string): RuleError => ({ code, message });

/** Whether `seat` controls a card that taxes (the IRS): the card income reads (turn.ts). */
const taxes = (state: GameState, seat: Seat): boolean => cardWith(state, seat, 'tax') !== null;

/** The players excused from this turn's tax so far (none outside the turn-start window). */
export function taxWaived(state: GameState): readonly Seat[] {
	return state.phase.kind === 'turnStart' ? (state.phase.taxWaived ?? []) : [];
}

export function waiveTaxProblem(state: GameState, action: WaiveTaxAction): RuleError | null {
	if (state.phase.kind !== 'turnStart' || state.turn === null) return problem('WRONG_PHASE', 'The IRS tax is waived as a turn begins, before income.');
	if (state.turn.seat !== action.seat) return problem('NOT_YOUR_TURN', 'The IRS taxes in its controller’s turn: only then is the tax waived.');
	if (!taxes(state, action.seat)) return problem('NO_ABILITY', 'You do not control the IRS.');
	// Before its own pass: once every seat passed, income follows at once (no waiver can race it).
	if (state.phase.passed.includes(action.seat)) return problem('NOT_APPLICABLE', 'You passed this window: the tax is waived before passing.');
	const target = state.players[action.target];
	if (target === undefined || target.eliminated || action.target === action.seat) return problem('NOT_IN_GAME', `Seat ${action.target} pays no tax to you.`);
	if (taxWaived(state).includes(action.target)) return problem('NOT_APPLICABLE', `Seat ${action.target} is already excused this turn.`);
	return null;
}

export function waiveTax(state: GameState, action: WaiveTaxAction): StepResult<GameState> {
	const refused = waiveTaxProblem(state, action);
	if (refused !== null) return fail(refused.code, refused.message);
	if (state.phase.kind !== 'turnStart') return fail('WRONG_PHASE', 'No turn is beginning.');
	return ok({ ...state, phase: { ...state.phase, taxWaived: [...taxWaived(state), action.target] } });
}

/** The waivers `seat` may give now, one per player still taxed this turn. */
export function waiveTaxOptions(state: GameState, seat: Seat): LegalAction[] {
	if (state.phase.kind !== 'turnStart' || state.turn?.seat !== seat || !taxes(state, seat)) return [];
	const options: LegalAction[] = [];
	for (const other of state.players) {
		const action = { type: 'waiveTax', seat, target: other.seat } as const;
		if (waiveTaxProblem(state, action) === null) options.push({ action });
	}
	return options;
}
