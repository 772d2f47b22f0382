/**
 * step(state, action): the one entry point of the rules. It returns the next state or a typed rule
 * error with a stable code, and never throws for bad input.
 */
import { applyDeal, applyShowCard } from './hidden.js';
import type { Action, DeckAction, PlayerAction } from './actions.js';
import { editAlignment, recycle } from './abilities.js';
import { aid, callOff, declareAttack, passSpending, spend } from './attack.js';
import { applyFixed, applyRandom } from './chance.js';
import { fail, type StepResult } from './errors.js';
import { captureTransfer, redistribute, transfer } from './money.js';
import { drop, move, reorganize } from './organize.js';
import { acceptOffer, declineOffer, give, makeOffer, withdrawOffer } from './deals.js';
import { placeCapture, placePuppet, placeReceived } from './placement.js';
import { actionShapeProblem } from './schema.js';
import { commitGoal, revealGoal } from './setup.js';
import { absentMove, applyAbsenceMajority, declareAbsent, leave, returnPresent, standInAwaited } from './absence.js';
import { abolishPrivilege, playSpecial } from './specials.js';
import { skipPlayer, viewSpecials } from './illuminated.js';
import { waiveTax } from './irs.js';
import { accuse, denyAccusation, stateIlluminati } from './accusation.js';
import { revealIlluminati } from './hidden-illuminati-reveal.js';
import { accusationGateProblem, applyDealIlluminati, applyShowIlluminati } from './hidden-illuminati-deal.js';
import { closeSatisfiedWindow, passWindow } from './windows.js';
import { playerOf, updatePlayer, updateTurn } from './state.js';
import { answerClaim, closeTurn, endActions, endTurn, passTurn, pay } from './turn.js';
import { draftState } from './shapes.js';
import type { GameState } from './types.js';
import { checkEliminations } from './victory.js';

function declineClaim(state: GameState, seat: number): StepResult<GameState> {
	if (state.phase.kind !== 'ufoClaim') return fail('WRONG_PHASE', 'No claim window is open.');
	if (!state.phase.seats.includes(seat)) return fail('NOT_ELIGIBLE', 'The claim window does not wait for you.');
	return { ok: true, state: answerClaim(state, seat) };
}

function dispatch(state: GameState, action: PlayerAction): StepResult<GameState> {
	switch (action.type) {
		case 'commitGoal':
			return commitGoal(state, action);
		case 'revealGoal':
			return revealGoal(state, action);
		case 'declineClaim':
			return declineClaim(state, action.seat);
		case 'pay':
			return pay(state, action);
		case 'attack':
			return declareAttack(state, action);
		case 'aid':
			return aid(state, action);
		case 'playSpecial':
			return playSpecial(state, action);
		case 'abolishPrivilege':
			return abolishPrivilege(state, action);
		case 'passWindow':
			return passWindow(state, action);
		case 'spend':
			return spend(state, action);
		case 'passSpending':
			return passSpending(state, action);
		case 'callOff':
			return callOff(state, action);
		case 'placeCapture':
			return placeCapture(state, action);
		case 'placePuppet':
			return placePuppet(state, action);
		case 'captureTransfer':
			return captureTransfer(state, action);
		case 'transfer':
			return transfer(state, action);
		case 'move':
			return move(state, action);
		case 'drop':
			return drop(state, action);
		case 'passTurn':
			return passTurn(state, action);
		case 'endActions':
			return endActions(state, action);
		case 'endTurn':
			return endTurn(state, action);
		case 'redistribute':
			return redistribute(state, action);
		case 'reorganize':
			return reorganize(state, action);
		case 'editAlignment':
			return editAlignment(state, action);
		case 'recycle':
			return recycle(state, action);
		case 'offer':
			return makeOffer(state, action);
		case 'acceptOffer':
			return acceptOffer(state, action);
		case 'declineOffer':
			return declineOffer(state, action);
		case 'withdrawOffer':
			return withdrawOffer(state, action);
		case 'give':
			return give(state, action);
		case 'placeReceived':
			return placeReceived(state, action);
		case 'leave':
			return leave(state, action);
		case 'declareAbsent':
			return declareAbsent(state, action);
		case 'returnPresent':
			return returnPresent(state, action);
		case 'viewSpecials':
			return viewSpecials(state, action);
		case 'skipPlayer':
			return skipPlayer(state, action);
		case 'waiveTax':
			return waiveTax(state, action);
		case 'accuse':
			return accuse(state, action);
		case 'stateIlluminati':
			return stateIlluminati(state, action);
		case 'denyAccusation':
			return denyAccusation(state, action);
		case 'revealIlluminati':
			return revealIlluminati(state, action);
	}
}

/** After any accepted action: anyone left with only their Illuminati after their third turn is
 * out, and a turn whose player is out ends at once; a majority declaring a seat absent takes
 * effect, and the engine answers for absent seats (absence.ts) so nothing waits for them. */
function settleAfter(state: GameState): GameState {
	let current = state;
	// Each round moves the game on; the bound only guards against a rules bug looping forever.
	for (let round = 0; round < 64 * state.players.length; round++) {
		const checked = checkEliminations(current, null);
		const turn = checked.turn;
		if (turn !== null && (checked.phase.kind === 'turn' || checked.phase.kind === 'turnStart') && checked.random === null && checked.chain === null && playerOf(checked, turn.seat).eliminated) {
			current = closeTurn(checked);
			continue;
		}
		const majority = applyAbsenceMajority(checked);
		if (majority !== null) {
			current = majority;
			continue;
		}
		const closed = closeSatisfiedWindow(checked);
		if (closed !== null) {
			current = closed;
			continue;
		}
		const move = absentMove(checked);
		const moved = move === null || gateProblem(checked, move) !== null ? null : dispatch(checked, move);
		if (moved === null || !moved.ok) return checked;
		current = moved.state;
	}
	return current;
}

/** An absent seat may only come back or leave (absence 'passTurns'); under 'bot' its stand-in
 * also plays what the game waits on it for (the protocol decides who may sign that). */
function absentProblem(state: GameState, action: PlayerAction): ReturnType<typeof fail> | null {
	const player = state.players[action.seat];
	if (player === undefined || !player.absent || action.type === 'returnPresent' || action.type === 'leave') return null;
	if (standInAwaited(state, action.seat)) return null;
	return fail('SEAT_ABSENT', `Seat ${action.seat} is absent: it returns first (returnPresent).`);
}

/** While a Special waits in its cancel window, only these entries are accepted. */
const CHAIN_ANSWERS: ReadonlySet<string> = new Set(['playSpecial', 'abolishPrivilege', 'passWindow', 'leave', 'declareAbsent', 'returnPresent', 'revealGoal', 'viewSpecials']);

/** What keeps a well-formed player action from being considered at all right now. */
function gateProblem(state: GameState, action: PlayerAction): ReturnType<typeof fail> | null {
	if (state.random !== null) return fail('RANDOMNESS_EXPECTED', `The game is waiting for randomness (${state.random.kind}).`);
	if (state.chain !== null && !CHAIN_ANSWERS.has(action.type)) {
		return fail('WINDOW_OPEN', 'A Special card was just played: answer it or pass first.');
	}
	return null;
}

/** What keeps step from considering a player's entry at all now (the game waits for randomness
 * or an answer to a Special, or the seat is absent); legalActions asks it before listing deals. */
export function entryGateProblem(state: GameState, action: PlayerAction): ReturnType<typeof fail> | null {
	return gateProblem(state, action) ?? accusationGateProblem(state, action) ?? absentProblem(state, action);
}

export function step(state: GameState, action: Action | DeckAction): StepResult<GameState> {
	const shape = actionShapeProblem(action, state.players.length);
	if (shape !== null) return fail('MALFORMED_ACTION', shape);
	return stepWellFormed(state, action);
}

/**
 * `step` for an entry the engine itself built (one of legalActions' actions, a default answer,
 * a `fixed` randomness of requestShape's size), so well-formed by construction: the same result,
 * without checking the entry's shape (schema.ts), which only rejects malformed input. Bots'
 * simulations use it; anything that comes from a log or a peer goes through `step`.
 */
export function stepTrusted(state: GameState, action: Action | DeckAction): StepResult<GameState> {
	return stepWellFormed(state, action);
}

function stepWellFormed(state: GameState, action: Action | DeckAction): StepResult<GameState> {
	if (state.phase.kind === 'over') return fail('GAME_OVER', 'The game is over.');
	let result: StepResult<GameState>;
	if (action.type === 'random') result = applyRandom(state, action);
	else if (action.type === 'fixed') result = applyFixed(state, action);
	else if (action.type === 'deal') result = applyDeal(state, action);
	else if (action.type === 'showCard') result = applyShowCard(state, action);
	else if (action.type === 'dealIlluminati') result = applyDealIlluminati(state);
	else if (action.type === 'showIlluminati') result = applyShowIlluminati(state, action);
	else {
		const gate = entryGateProblem(state, action);
		if (gate !== null) return gate;
		// The money-onto-the-catch option lasts only until the attacker does something else (a look
		// at Specials, FR add-on, changes nothing).
		const keeps = action.type === 'captureTransfer' || action.type === 'viewSpecials';
		const current = state.turn?.lastCapture && !keeps ? updateTurn(state, { lastCapture: null }) : state;
		result = dispatch(current, action);
		// Votes to declare a seat absent lapse as soon as it acts.
		if (result.ok && (result.state.players[action.seat]?.absenceVotes.length ?? 0) > 0) {
			result = { ok: true, state: updatePlayer(result.state, action.seat, (p) => ({ ...p, absenceVotes: [] })) };
		}
	}
	if (!result.ok) return result;
	const next = draftState(settleAfter(result.state));
	next.accepted = state.accepted + 1;
	return { ok: true, state: next };
}
