/**
 * The turn (Basic Rules: Sequence of Play; Income; Actions). Steps run in order: income, draw,
 * actions (free actions at any point), free money transfers, the Illuminati's end-of-turn
 * ability. Passing instead takes no action at all and collects 5 MB.
 */
import type { EndActionsAction, EndTurnAction, PassTurnAction, PayAction } from './actions.js';
import { cardData } from './cards/index.js';
import { fail, ok, type StepResult } from './errors.js';
import { abilitiesOf } from './odds.js';
import { drawableCount } from './hidden.js';
import { usedIncome } from './hidden-illuminati.js';
import { clearSkip, incomeFloor, skipsTurn } from './illuminated.js';
import { fromBank, fromBankEach, playerOf, toBank, totalMoney, updatePlayer, updateTurn } from './state.js';
import { draftPlayer, draftState, withPhase, withUncontrolled } from './shapes.js';
import type { CardId, GameState, IncomeDebt, PlayerState, Seat, TurnState } from './types.js';
import { checkEliminations, claimableBy, winnersNow } from './victory.js';

export const PASS_INCOME = 5;

/** Advanced Rules, Larger Games: each Illuminati's income per turn is 3 MB more with seven
 * players and 5 MB more with eight (only with the largerGameIncome option). */
export function largerGameBonus(state: GameState): number {
	if (!state.options.rules.largerGameIncome) return 0;
	return state.options.players === 8 ? 5 : state.options.players === 7 ? 3 : 0;
}

export function freshTurn(seat: Seat): TurnState {
	return {
		seat,
		step: 'income',
		actionsLeft: 2,
		freeTransfersLeft: 2,
		participated: {},
		acted: false,
		alignmentEdits: [],
		usedAbilities: [],
		lastCapture: null,
	};
}

export function cardWith(state: GameState, seat: Seat, kind: 'tax' | 'upkeep'): { card: CardId; amount: number } | null {
	for (const card of Object.keys(playerOf(state, seat).structure)) {
		for (const ability of abilitiesOf(card)) {
			if (ability.kind === kind) return { card, amount: ability.amount };
		}
	}
	return null;
}

/** Treasuries that may pay a debt: any of the taxed player's for the IRS; the Post Office's master
 * or the Illuminati for its upkeep. */
export function debtSources(state: GameState, debt: IncomeDebt): CardId[] {
	const player = playerOf(state, debt.seat);
	if (debt.reason === 'tax') return Object.keys(player.structure).filter((card) => player.structure[card]!.money > 0);
	const postOffice = cardWith(state, debt.seat, 'upkeep');
	const master = postOffice === null ? null : player.structure[postOffice.card]!.master;
	return [...new Set([master, player.illuminati])].filter(
		(card): card is CardId => card !== null && (player.structure[card]?.money ?? 0) >= debt.amount,
	);
}

function settle(state: GameState, debt: IncomeDebt, sources: readonly { card: CardId; amount: number }[]): GameState {
	let next = state;
	for (const source of sources) next = toBank(next, debt.seat, source.card, source.amount);
	if (debt.reason === 'tax') {
		const irs = cardWith(next, next.turn!.seat, 'tax');
		if (irs !== null) next = fromBank(next, next.turn!.seat, irs.card, debt.amount);
	}
	return next;
}

/** Income: each group collects its income; the Post Office's upkeep and the IRS tax follow.
 * A payment settles by itself unless its payer has a real choice of treasury. */
function collectIncome(state: GameState, doubled = false, waived: readonly Seat[] = []): GameState {
	const seat = state.turn!.seat;
	const illuminati = playerOf(state, seat).illuminati;
	const payments: [CardId, number][] = [];
	for (const card in playerOf(state, seat).structure) {
		const data = cardData(card);
		const printed = data !== undefined && data.kind !== 'special' ? data.income : 0;
		// FR add-on, Illuminated Oil Companies: groups printed with no income collect the floor.
		const base = printed === 0 ? incomeFloor(state, seat, card) : printed;
		// Hidden Illuminati: a face-down Illuminati collects its stated Income (hidden-illuminati.ts).
		const income = card === illuminati ? usedIncome(state, seat, base) + largerGameBonus(state) : base;
		// Market Manipulation doubles every group's income (not the IRS tax or the Post Office's cost).
		if (income > 0) payments.push([card, doubled ? income * 2 : income]);
	}
	let next = fromBankEach(state, seat, payments);
	const debts: IncomeDebt[] = [];
	const upkeep = cardWith(next, seat, 'upkeep');
	if (upkeep !== null) debts.push({ seat, reason: 'upkeep', amount: upkeep.amount });
	const tax = cardWith(next, seat, 'tax');
	if (tax !== null) {
		for (const player of next.players) {
			// Negotiations: the IRS's controller may excuse a player from this turn's tax (irs.ts).
			if (player.seat === seat || player.eliminated || waived.includes(player.seat)) continue;
			const due = Math.min(tax.amount, totalMoney(player));
			if (due > 0) debts.push({ seat: player.seat, reason: 'tax', amount: due });
		}
	}
	const owing: IncomeDebt[] = [];
	for (const debt of debts) {
		const sources = debtSources(next, debt);
		if (sources.length === 0) continue;
		const single = sources.length === 1 && playerOf(next, debt.seat).structure[sources[0]!]!.money >= debt.amount;
		if (single) next = settle(next, debt, [{ card: sources[0]!, amount: debt.amount }]);
		else owing.push(debt);
	}
	return owing.length > 0 ? withPhase(next, { kind: 'income', owing }) : requestDraw(next);
}

/** Draw: one card, two for the Network; none if the deck is empty. */
export function requestDraw(state: GameState): GameState {
	const seat = state.turn!.seat;
	const illuminati = playerOf(state, seat).illuminati;
	let count = 1;
	for (const ability of illuminati === null ? [] : abilitiesOf(illuminati)) {
		if (ability.kind === 'extraDraw') count += ability.cards;
	}
	count = Math.min(count, drawableCount(state));
	if (count === 0) return updateTurn(withPhase(state, { kind: 'turn' }), { step: 'actions' });
	const next = draftState(state);
	next.phase = { kind: 'turn' };
	next.random = { kind: 'draw', seat, count };
	return next;
}

function withHand(player: PlayerState, hand: readonly CardId[]): PlayerState {
	const next = draftPlayer(player);
	next.hand = hand;
	return next;
}

/** Drawn cards: a group joins the uncontrolled area, a special goes to the drawer's hand. */
export function receiveDraw(state: GameState, seat: Seat, cards: readonly CardId[]): GameState {
	const drawn = draftState(state);
	drawn.random = null;
	drawn.deck = state.deck.filter((card) => !cards.includes(card));
	let next: GameState = drawn;
	for (const card of cards) {
		if (cardData(card)?.kind === 'special') next = updatePlayer(next, seat, (p) => withHand(p, [...p.hand, card]));
		else next = withUncontrolled(next, [...next.uncontrolled, card]);
	}
	return next.turn !== null && next.turn.step === 'income' ? updateTurn(next, { step: 'actions' }) : next;
}

/** A turn begins with a window for cards played at its start (Senate Investigating Committee,
 * Market Manipulation); income follows when every seat has passed. */
export function startTurn(state: GameState, seat: Seat): GameState {
	const started = draftState(state);
	started.turn = freshTurn(seat);
	started.turnCount = state.turnCount + 1;
	started.phase = { kind: 'turnStart', passed: [], doubleIncome: false };
	// FR add-on, Illuminated Post Office: the named player loses this turn, as with the Senate
	// Investigating Committee (it counts as taken; nothing in it happens).
	return skipsTurn(state, seat) ? finishTurn({ ...clearSkip(started), phase: { kind: 'turn' } }) : started;
}

export function closeTurnStart(state: GameState): GameState {
	const doubled = state.phase.kind === 'turnStart' && state.phase.doubleIncome;
	const waived = state.phase.kind === 'turnStart' ? (state.phase.taxWaived ?? []) : [];
	return collectIncome(withPhase(state, { kind: 'turn' }), doubled, waived);
}

export function pay(state: GameState, action: PayAction): StepResult<GameState> {
	if (state.phase.kind !== 'income') return fail('WRONG_PHASE', 'Nothing is owed right now.');
	const debt = state.phase.owing.find((d) => d.seat === action.seat && d.reason === action.reason);
	if (debt === undefined) return fail('NOT_APPLICABLE', `Seat ${action.seat} owes no ${action.reason}.`);
	const allowed = debtSources(state, debt);
	const structure = playerOf(state, action.seat).structure;
	const seen = new Set<CardId>();
	let total = 0;
	for (const source of action.sources) {
		if (!allowed.includes(source.card) || seen.has(source.card)) {
			return fail('NOT_ELIGIBLE', `${source.card} cannot pay this ${action.reason}.`);
		}
		if (!Number.isSafeInteger(source.amount) || source.amount < 1) return fail('BAD_AMOUNT', 'Pay whole MB, at least 1.');
		if (structure[source.card]!.money < source.amount) return fail('NOT_ENOUGH_MONEY', `${source.card} holds too little.`);
		seen.add(source.card);
		total += source.amount;
	}
	if (total !== debt.amount) return fail('BAD_AMOUNT', `Exactly ${debt.amount} MB is owed.`);
	const next = settle(state, debt, action.sources);
	const owing = state.phase.owing.filter((d) => d !== debt);
	return ok(owing.length > 0 ? withPhase(next, { kind: 'income', owing }) : requestDraw(next));
}

function turnOf(state: GameState, seat: Seat): StepResult<TurnState> {
	const turn = state.turn;
	if (state.phase.kind !== 'turn' || turn === null || turn.step === 'income') {
		return fail('WRONG_PHASE', 'That can only be done during your actions.');
	}
	if (turn.seat !== seat) return fail('NOT_YOUR_TURN', `It is seat ${turn.seat}'s turn.`);
	return ok(turn);
}

/** What keeps `seat` from passing its turn now (null: nothing); legalActions asks it too. */
export function passTurnProblem(state: GameState, seat: Seat): ReturnType<typeof fail> | null {
	const turn = turnOf(state, seat);
	if (!turn.ok) return turn;
	if (turn.state.acted || turn.state.step !== 'actions') {
		return fail('CANNOT_PASS', 'Passing means taking no action at all this turn.');
	}
	return null;
}

export function passTurn(state: GameState, action: PassTurnAction): StepResult<GameState> {
	const problem = passTurnProblem(state, action.seat);
	if (problem !== null) return problem;
	const illuminati = playerOf(state, action.seat).illuminati!;
	return ok(finishTurn(fromBank(state, action.seat, illuminati, PASS_INCOME)));
}

export function endActionsProblem(state: GameState, seat: Seat): ReturnType<typeof fail> | null {
	const turn = turnOf(state, seat);
	if (!turn.ok) return turn;
	return turn.state.step !== 'actions' ? fail('WRONG_PHASE', 'The actions step is already over.') : null;
}

export function endActions(state: GameState, action: EndActionsAction): StepResult<GameState> {
	const problem = endActionsProblem(state, action.seat);
	if (problem !== null) return problem;
	return ok(updateTurn(state, { step: 'transfers' }));
}

export function endTurnProblem(state: GameState, seat: Seat): ReturnType<typeof fail> | null {
	const turn = turnOf(state, seat);
	return turn.ok ? null : turn;
}

export function endTurn(state: GameState, action: EndTurnAction): StepResult<GameState> {
	const problem = endTurnProblem(state, action.seat);
	if (problem !== null) return problem;
	return ok(finishTurn(state));
}

export function nextSeat(state: GameState, from: Seat): Seat {
	for (let offset = 1; offset <= state.players.length; offset++) {
		const seat = (from + offset) % state.players.length;
		if (!state.players[seat]!.eliminated) return seat;
	}
	return from;
}

/** End of a turn: count it, check eliminations, open the claim window for every seat whose hidden
 * goal is met, then check victory and start the next turn. */
export function finishTurn(state: GameState): GameState {
	const seat = state.turn!.seat;
	const counted = updatePlayer(state, seat, (player) => {
		const next = draftPlayer(player);
		next.turnsCompleted = player.turnsCompleted + 1;
		return next;
	});
	return closeTurn(checkEliminations(counted, null));
}

/** The end of a turn once it is counted (or cut short: its player is out): the claim window for
 * every seat whose hidden goal is met, else victory and the next turn. Victory is checked at the
 * end of every turn, however it ends (ES "Fin de la partida"). */
export function closeTurn(state: GameState): GameState {
	const seats = state.players.filter((player) => claimableBy(state, player)).map((player) => player.seat);
	if (seats.length > 0) return withPhase(state, { kind: 'ufoClaim', seats });
	return concludeTurn(state);
}

/** A seat of the claim window has claimed, declined or left: the window closes once every seat
 * in it has answered, and everyone whose goal is then met wins together (ES "Fin de la partida":
 * goals met at the same time share the victory). */
export function answerClaim(state: GameState, seat: Seat): GameState {
	if (state.phase.kind !== 'ufoClaim' || !state.phase.seats.includes(seat)) return state;
	const seats = state.phase.seats.filter((s) => s !== seat);
	return seats.length > 0 ? withPhase(state, { kind: 'ufoClaim', seats }) : concludeTurn(state);
}

/** 2018 rules (v4.0), Sequence of Play 7, Add targets (option addTargets): at the end of each turn,
 * cards are drawn until three groups are uncontrolled; none once the deck is empty. */
export const TARGETS = 3;

function targetsWanted(state: GameState): number {
	if (state.options.rules.addTargets !== true) return 0;
	return Math.min(Math.max(0, TARGETS - state.uncontrolled.length), drawableCount(state));
}

/** Cards drawn to add targets: a group becomes uncontrolled, a Special is discarded; then the end
 * of the turn goes on (more cards while still short of three and the deck holds some). */
export function receiveTargets(state: GameState, cards: readonly CardId[]): GameState {
	const specials = cards.filter((card) => cardData(card)?.kind === 'special');
	return concludeTurn({
		...state,
		random: null,
		deck: state.deck.filter((card) => !cards.includes(card)),
		uncontrolled: [...state.uncontrolled, ...cards.filter((card) => !specials.includes(card))],
		discard: [...state.discard, ...specials],
	});
}

/** Victory at the end of the turn, then adding targets (option addTargets), then the next seat's turn. */
export function concludeTurn(state: GameState): GameState {
	const winners = winnersNow(state);
	const nobodyLeft = state.players.every((player) => player.eliminated);
	if (winners.length > 0 || nobodyLeft) return { ...state, winners, phase: { kind: 'over' } };
	const targets = targetsWanted(state);
	if (targets > 0) return { ...state, phase: { kind: 'turn' }, random: { kind: 'targets', count: targets } };
	// Offers lapse when the turn ends (Gifts and Trades; deals.ts).
	return startTurn(state.offers.length === 0 ? state : { ...state, offers: [] }, nextSeat(state, state.turn!.seat));
}
