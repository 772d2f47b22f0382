/**
 * Leaving the Game (Basic Rules): a player who drops out has its groups go uncontrolled, their
 * treasuries go to the bank and its Illuminati leaves play; the basic goal does not change. A
 * player who stops answering can be declared absent by a majority of the other present seats:
 * under the rule option `absence: 'leave'` it leaves; under `'passTurns'` it stays, its turns are
 * passed for it (Pass: no actions, 5 MB; income and the draw still happen), its income-step debts
 * are paid from its Illuminati first, and no window waits for it, until it returns. Under `'bot'`
 * (online games, docs/bots.md "Absence") the same holds except that its own turn and its spending
 * on an attack it makes or defends wait for a stand-in: a present seat's entry carrying exactly
 * what a deterministic bot chooses for it (protocol/v2/stand-in.ts checks that).
 */
import type { DeclareAbsentAction, LeaveAction, PlayerAction, ReturnPresentAction } from './actions.js';
import { callOff, spendingSeats } from './attack.js';
import { fail, ok, type StepResult } from './errors.js';
import { releaseCards, waitingCards } from './placement.js';
import { absentSeatCommitment, afterIlluminati } from './setup.js';
import { groupsOf, playerOf, totalMoney, updatePlayer } from './state.js';
import { openArrows } from './structure.js';
import { answerClaim, debtSources, requestDraw } from './turn.js';
import type { AttackState, CardId, GameState, IncomeDebt, PlayerState, Seat } from './types.js';

/** Whether a seat is still in the game and answering. */
export function isPresent(player: PlayerState): boolean {
	return !player.eliminated && !player.absent;
}

/** The seats whose votes count to declare `target` absent: every other seat in the game and present. */
export function absenceVoters(state: GameState, target: Seat): Seat[] {
	return state.players.filter((player) => player.seat !== target && isPresent(player)).map((player) => player.seat);
}

/** Votes from current voters, and whether they are more than half of the voters. */
export function absenceMajority(state: GameState, target: Seat): boolean {
	// No vote (nearly always; asked after every entry): no majority, without listing the voters.
	if (playerOf(state, target).absenceVotes.length === 0) return false;
	const voters = absenceVoters(state, target);
	const votes = playerOf(state, target).absenceVotes.filter((seat) => voters.includes(seat)).length;
	return voters.length > 0 && votes * 2 > voters.length;
}

export function declareAbsentProblem(state: GameState, action: DeclareAbsentAction): ReturnType<typeof fail> | null {
	const voter = playerOf(state, action.seat);
	if (voter.eliminated) return fail('NOT_IN_GAME', `Seat ${action.seat} is out of the game.`);
	if (action.target === action.seat) return fail('NOT_APPLICABLE', 'A player cannot declare itself absent (it may leave).');
	const target = playerOf(state, action.target);
	if (target.eliminated) return fail('NOT_IN_GAME', `Seat ${action.target} is out of the game.`);
	if (target.absent) return fail('NOT_APPLICABLE', `Seat ${action.target} is already absent.`);
	if (target.absenceVotes.includes(action.seat)) return fail('ALREADY_VOTED', `Seat ${action.seat} already voted seat ${action.target} absent.`);
	return null;
}

/** A vote; the majority itself is applied after the step (settleAbsence), so a vote that only
 * becomes a majority later (a voter left) still counts. */
export function declareAbsent(state: GameState, action: DeclareAbsentAction): StepResult<GameState> {
	const problem = declareAbsentProblem(state, action);
	if (problem !== null) return problem;
	return ok(updatePlayer(state, action.target, (p) => ({ ...p, absenceVotes: [...p.absenceVotes, action.seat] })));
}

export function returnPresent(state: GameState, action: ReturnPresentAction): StepResult<GameState> {
	const player = playerOf(state, action.seat);
	if (player.eliminated) return fail('NOT_IN_GAME', `Seat ${action.seat} is out of the game.`);
	if (!player.absent) return fail('NOT_APPLICABLE', `Seat ${action.seat} is not absent.`);
	return ok(updatePlayer(state, action.seat, (p) => ({ ...p, absent: false, absenceVotes: [] })));
}

export function leave(state: GameState, action: LeaveAction): StepResult<GameState> {
	if (playerOf(state, action.seat).eliminated) return fail('NOT_IN_GAME', `Seat ${action.seat} is out of the game.`);
	return ok(leaveGame(state, action.seat));
}

/** The attack goes on without a seat that left (the defender's target is uncontrolled now), and
 * its spending window closes if the leaver was the last seat it waited for. A neutralize attack on
 * the leaver's group has nothing left to do: it is called off if no money was committed, else it
 * just ends. */
function withoutSeat(state: GameState, attack: AttackState, seat: Seat): GameState {
	if (attack.defender === seat && attack.kind === 'neutralize') {
		if (!attack.committed) {
			const called = callOff(state, { type: 'callOff', seat: attack.seat });
			if (called.ok) return called.state;
		}
		return { ...state, phase: { kind: 'turn' } };
	}
	const passed = attack.passed.filter((s) => s !== seat);
	const next: AttackState = { ...attack, defender: attack.defender === seat ? null : attack.defender, passed };
	const closed = next.passed.length > 0 && spendingSeats(state, next).every((seat) => next.passed.includes(seat));
	return closed
		? { ...state, phase: { kind: 'attack', attack: { ...next, committed: true } }, random: { kind: 'attackRoll' } }
		: { ...state, phase: { kind: 'attack', attack: next } };
}

/** Pending decisions of the leaving seat: its turn's windows close (the turn then ends in
 * settleAfter), its debts are dropped, a subtree it was placing goes uncontrolled. */
function closePending(state: GameState, seat: Seat): GameState {
	const phase = state.phase;
	const active = state.turn?.seat === seat;
	switch (phase.kind) {
		case 'income': {
			if (active) return { ...state, phase: { kind: 'turn' } };
			const owing = phase.owing.filter((debt) => debt.seat !== seat);
			return owing.length > 0 ? { ...state, phase: { kind: 'income', owing } } : requestDraw(state);
		}
		case 'attack':
			if (phase.attack.seat === seat || active) return { ...state, phase: { kind: 'turn' } };
			return withoutSeat(state, phase.attack, seat);
		case 'placement': {
			const placement = phase.placement;
			if (placement.seat !== seat) return state;
			const waiting = waitingCards(placement).map((card) => ({ card, money: placement.money[card] ?? 0 }));
			return releaseCards({ ...state, phase: { kind: 'turn' } }, waiting);
		}
		case 'turn':
		case 'ufoClaim':
		case 'ufoGoal':
		case 'setup':
		case 'over':
			return state;
		default:
			// Any other window of the leaver's own turn (the turn-start and after-roll windows)
			// closes with it; the turn then ends in settleAfter.
			return active ? { ...state, phase: { kind: 'turn' } } : state;
	}
}

/** Leaving the Game: groups uncontrolled (in structure order), treasuries to the bank, the
 * Illuminati out of play, Specials to the discard. Never a kill for anyone. */
export function leaveGame(state: GameState, seat: Seat): GameState {
	let next = state;
	const player = playerOf(next, seat);
	const groups = groupsOf(player);
	const money = totalMoney(player);
	next = updatePlayer(next, seat, (p) => ({
		...p,
		structure: {},
		hand: [],
		eliminated: true,
		left: true,
		absent: false,
		absenceVotes: [],
	}));
	next = {
		...next,
		uncontrolled: [...next.uncontrolled, ...groups],
		outOfPlay: player.illuminati === null ? next.outOfPlay : [...next.outOfPlay, player.illuminati],
		discard: [...next.discard, ...player.hand],
		bank: { ...next.bank, returned: next.bank.returned + money },
	};
	// What the leaver had pending (cards of a capture it was placing) is settled first, even when
	// nobody is left: the game then ends with every card somewhere (fuzz, session 12).
	next = closePending(next, seat);
	if (next.players.every((p) => p.eliminated)) return { ...next, winners: [], phase: { kind: 'over' }, random: null };
	if (next.phase.kind === 'ufoGoal' && next.phase.seat === seat) return afterIlluminati(next);
	if (next.phase.kind === 'ufoClaim') return answerClaim(next, seat);
	return next;
}

/** With a majority against it, a seat leaves (absence 'leave') or becomes absent ('passTurns').
 * Null when no majority is pending. */
export function applyAbsenceMajority(state: GameState): GameState | null {
	// No vote pending (nearly always; asked after every entry): no majority.
	if (!anyVote(state)) return null;
	for (const player of state.players) {
		if (!isPresent(player) || !absenceMajority(state, player.seat)) continue;
		if (state.options.rules.absence === 'leave') return leaveGame(state, player.seat);
		return updatePlayer(state, player.seat, (p) => ({ ...p, absent: true, absenceVotes: [] }));
	}
	return null;
}

/** Debts of an absent seat: from its Illuminati first, then its other treasuries in structure order. */
export function automaticPayment(state: GameState, debt: IncomeDebt): { card: CardId; amount: number }[] {
	const player = playerOf(state, debt.seat);
	const allowed = debtSources(state, debt);
	const order = [...new Set([player.illuminati, ...Object.keys(player.structure)])].filter(
		(card): card is CardId => card !== null && allowed.includes(card),
	);
	if (debt.reason === 'upkeep') return order.length > 0 ? [{ card: order[0]!, amount: debt.amount }] : [];
	const sources: { card: CardId; amount: number }[] = [];
	let left = debt.amount;
	for (const card of order) {
		const amount = Math.min(left, player.structure[card]!.money);
		if (amount > 0) sources.push({ card, amount });
		left -= amount;
		if (left === 0) break;
	}
	return sources;
}

/** Whether the game waits on absent `seat`'s stand-in now (absence 'bot'): its own turn after the
 * income step, or its spending on an attack it makes or defends, with no Special's window open. */
export function standInAwaited(state: GameState, seat: Seat): boolean {
	const player = state.players[seat];
	if (state.options.rules.absence !== 'bot' || player === undefined || !player.absent || player.eliminated) return false;
	if (state.random !== null || state.chain !== null || !state.players.some(isPresent)) return false;
	const phase = state.phase;
	if (phase.kind === 'turn') return state.turn !== null && state.turn.seat === seat && state.turn.step !== 'income';
	if (phase.kind === 'attack') {
		const attack = phase.attack;
		if (attack.seat !== seat && attack.defender !== seat) return false;
		return !attack.committed && !attack.passed.includes(seat) && spendingSeats(state, attack).includes(seat);
	}
	return false;
}

function anyVote(state: GameState): boolean {
	for (const player of state.players) if (player.absenceVotes.length > 0) return true;
	return false;
}

function anyAbsent(state: GameState): boolean {
	for (const player of state.players) if (player.absent) return true;
	return false;
}

/** What the engine does next for an absent seat, so no window waits for it; null when nothing.
 * Nothing runs by itself once nobody present is left in the game. */
export function absentMove(state: GameState): PlayerAction | null {
	if (state.random !== null || state.phase.kind === 'over') return null;
	// Every answer below is for an absent seat (asked after every entry): none, nothing to answer.
	if (!anyAbsent(state)) return null;
	if (!state.players.some(isPresent)) return null;
	const absent = (seat: Seat) => playerOf(state, seat).absent;
	const phase = state.phase;
	switch (phase.kind) {
		case 'income': {
			const debt = phase.owing.find((d) => absent(d.seat));
			return debt === undefined ? null : { type: 'pay', seat: debt.seat, reason: debt.reason, sources: automaticPayment(state, debt) };
		}
		case 'ufoGoal':
			return absent(phase.seat) ? { type: 'commitGoal', seat: phase.seat, commitment: absentSeatCommitment(phase.seat) } : null;
		case 'ufoClaim': {
			const seat = phase.seats.find(absent);
			return seat === undefined ? null : { type: 'declineClaim', seat };
		}
		case 'attack': {
			const attack = phase.attack;
			// Under 'bot' the stand-in spends (or passes) for an absent attacker or defender.
			if (standInAwaited(state, attack.seat) || (attack.defender !== null && standInAwaited(state, attack.defender))) return null;
			if (absent(attack.seat) && !attack.committed && state.options.rules.absence !== 'bot') return { type: 'callOff', seat: attack.seat };
			const waiting = spendingSeats(state, attack).find((seat) => absent(seat) && !attack.passed.includes(seat));
			return waiting === undefined ? null : { type: 'passSpending', seat: waiting };
		}
		case 'placement': {
			const placement = phase.placement;
			if (!absent(placement.seat)) return null;
			const head = placement.queue[0]!;
			const side = openArrows(playerOf(state, placement.seat).structure, head.master)[0] ?? null;
			if (placement.awaitingRoot) {
				return side === null ? null : { type: 'placeCapture', seat: placement.seat, side };
			}
			return { type: 'placePuppet', seat: placement.seat, card: head.card, side };
		}
		case 'turn': {
			const turn = state.turn;
			if (turn === null || !absent(turn.seat) || turn.step === 'income' || standInAwaited(state, turn.seat)) return null;
			return turn.step === 'actions' && !turn.acted ? { type: 'passTurn', seat: turn.seat } : { type: 'endTurn', seat: turn.seat };
		}
		default:
			return null;
	}
}
