/**
 * Moving money inside a power structure (Basic Rules: Transferring Money; Attack to Control,
 * results; About the Illuminati: the Gnomes of Zurich). Transfers go between adjacent groups (a
 * master and its puppet), as an action or as one of the two free transfers of step 5.
 */
import type { CaptureTransferAction, RedistributeAction, TransferAction } from './actions.js';
import { fail, ok, type RuleError, type StepResult } from './errors.js';
import { abilitiesOf } from './odds.js';
import { moveMoney, playerOf, totalMoney, updatePlayer, updateTurn } from './state.js';
import type { CardId, GameState, Placement, Seat } from './types.js';

/** Adjacent means master and puppet; the Federal Reserve may send money to any own group. */
export function canSend(structure: Readonly<Record<CardId, Placement>>, from: CardId, to: CardId): boolean {
	const a = structure[from];
	const b = structure[to];
	if (a === undefined || b === undefined || from === to) return false;
	if (a.master === to || b.master === from) return true;
	return abilitiesOf(from).some((ability) => ability.kind === 'transferToAnyOwnGroup');
}

export function transferProblem(state: GameState, action: TransferAction): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return { code: 'WRONG_PHASE', message: 'Money moves during your actions or free transfers.' };
	}
	if (turn.seat !== action.seat) return { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
	if (action.mode === 'action') {
		if (turn.step !== 'actions') return { code: 'WRONG_PHASE', message: 'The actions step is over.' };
		if (turn.actionsLeft < 1) return { code: 'NO_ACTIONS_LEFT', message: 'Both actions of this turn are used.' };
	} else {
		if (turn.step !== 'actions' && turn.step !== 'transfers') {
			return { code: 'WRONG_PHASE', message: 'The money transfer step is over.' };
		}
		if (turn.freeTransfersLeft < 1) return { code: 'NO_FREE_TRANSFERS_LEFT', message: 'Both free transfers are used.' };
	}
	const structure = playerOf(state, action.seat).structure;
	if (structure[action.from] === undefined || structure[action.to] === undefined) {
		return { code: 'NOT_YOUR_GROUP', message: 'Both groups must be in your power structure.' };
	}
	if (!canSend(structure, action.from, action.to)) {
		return { code: 'NOT_ADJACENT', message: `${action.from} and ${action.to} are not master and puppet.` };
	}
	if (!Number.isSafeInteger(action.amount) || action.amount < 1) {
		return { code: 'BAD_AMOUNT', message: 'Transfer a whole number of MB, at least 1.' };
	}
	if (structure[action.from]!.money < action.amount) {
		return { code: 'NOT_ENOUGH_MONEY', message: `${action.from} holds only ${structure[action.from]!.money} MB.` };
	}
	return null;
}

export function transfer(state: GameState, action: TransferAction): StepResult<GameState> {
	const problem = transferProblem(state, action);
	if (problem !== null) return { ok: false, error: problem };
	const moved = moveMoney(state, action.seat, action.from, action.to, action.amount);
	const turn = state.turn!;
	return ok(
		action.mode === 'action'
			? updateTurn(moved, { actionsLeft: turn.actionsLeft - 1, acted: true })
			: updateTurn(moved, { step: 'transfers', freeTransfersLeft: turn.freeTransfersLeft - 1, acted: true }),
	);
}

/** Right after a capture, the attacking group may move money onto its catch, as part of the attack. */
export function captureTransfer(state: GameState, action: CaptureTransferAction): StepResult<GameState> {
	const capture = state.turn?.lastCapture ?? null;
	if (state.phase.kind !== 'turn' || capture === null) return fail('WRONG_PHASE', 'No capture has just happened.');
	if (state.turn!.seat !== action.seat) return fail('NOT_YOUR_TURN', 'Only the capturing player may do this.');
	const structure = playerOf(state, action.seat).structure;
	if (structure[capture.attacker] === undefined || structure[capture.target] === undefined) {
		return fail('NOT_APPLICABLE', 'The attacking group or its catch is no longer in your structure.');
	}
	if (!Number.isSafeInteger(action.amount) || action.amount < 1) return fail('BAD_AMOUNT', 'Move a whole number of MB, at least 1.');
	if (structure[capture.attacker]!.money < action.amount) return fail('NOT_ENOUGH_MONEY', `${capture.attacker} holds too little.`);
	const moved = moveMoney(state, action.seat, capture.attacker, capture.target, action.amount);
	return ok(updateTurn(moved, { lastCapture: null }));
}

/** End-of-turn abilities run once, after the actions and transfers they close. */
export function endOfTurnAbilityProblem(state: GameState, seat: Seat, kind: 'moveMoneyAtEndOfTurn' | 'reorganizeAtEndOfTurn'): RuleError | null {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return { code: 'WRONG_PHASE', message: 'Illuminati abilities are used at the end of your turn.' };
	}
	if (turn.seat !== seat) return { code: 'NOT_YOUR_TURN', message: `It is seat ${turn.seat}'s turn.` };
	const illuminati = playerOf(state, seat).illuminati;
	if (illuminati === null || !abilitiesOf(illuminati).some((ability) => ability.kind === kind)) {
		return { code: 'NO_ABILITY', message: 'Your Illuminati have no such ability.' };
	}
	if (turn.usedAbilities.includes(illuminati)) return { code: 'ABILITY_USED', message: 'Already used this turn.' };
	return null;
}

/** Gnomes of Zurich: move money freely between their treasuries at the end of the turn. */
export function redistribute(state: GameState, action: RedistributeAction): StepResult<GameState> {
	const problem = endOfTurnAbilityProblem(state, action.seat, 'moveMoneyAtEndOfTurn');
	if (problem !== null) return { ok: false, error: problem };
	const player = playerOf(state, action.seat);
	let total = 0;
	for (const [card, amount] of Object.entries(action.treasuries)) {
		if (player.structure[card] === undefined) return fail('NOT_YOUR_GROUP', `${card} is not in your structure.`);
		if (!Number.isSafeInteger(amount) || amount < 0) return fail('BAD_AMOUNT', 'Treasuries hold whole, non-negative MB.');
		total += amount;
	}
	if (total !== totalMoney(player)) return fail('BAD_AMOUNT', `The treasuries must still hold ${totalMoney(player)} MB in all.`);
	const next = updatePlayer(state, action.seat, (p) => {
		const structure: Record<CardId, Placement> = {};
		for (const card in p.structure) structure[card] = { ...p.structure[card]!, money: action.treasuries[card] ?? 0 };
		return { ...p, structure };
	});
	const turn = state.turn!;
	return ok(updateTurn(next, { step: 'ability', usedAbilities: [...turn.usedAbilities, player.illuminati!], acted: true }));
}
