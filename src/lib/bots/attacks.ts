/**
 * Attacks and the money spent on them. For an attack under way the bot reads its two outcomes
 * (everyone passes, the dice forced each way, `settle` to the horizon) and each seat's value of
 * them; then any spending is judged by the engine's odds after the spend: expected value
 * p·success + (1−p)·failure, minus the money. The same reckoning serves the attacker, the defender
 * and an interfering seat, and (normal, hard) models the others' answers to one's own spend.
 */
import { attackOdds, legalActions, spendingSeats, step, type GameState, type PlayerAction, type Seat, type SpendAction } from '../engine/index.js';
import { amountBuckets } from './amounts.js';
import { defaultEntry, expected, FAILURE_DICE, settle, SUCCESS_DICE, type Outcome } from './settle.js';
import { valueOf, type Thinking } from './thinking.js';
import { simulationCopy } from './view.js';

/** Chance of success of the attack under way, from the engine's odds. */
export function successChance(state: GameState): number {
	if (state.phase.kind !== 'attack') return 0;
	return attackOdds(state, state.phase.attack).probability.numerator / 36;
}

/** Plays default entries (no modelled answers) while `going` holds and the game does not stop. */
function playDefaults(thinking: Thinking, state: GameState, going: (state: GameState) => boolean): GameState {
	let current = state;
	for (let guard = 0; guard < 100 && going(current) && current.random === null; guard++) {
		const entry = defaultEntry(current, { me: thinking.seat, secret: thinking.secret }, null);
		if (entry === null) break;
		const next = step(current, entry);
		thinking.counter.steps++;
		if (!next.ok) break;
		current = next.state;
	}
	return current;
}

/** The spending window with any Special's cancel window (privilege, Whispering Campaign) closed. */
export function closeChain(thinking: Thinking, state: GameState): GameState {
	return playDefaults(thinking, state, (current) => current.chain !== null);
}

export interface Branches {
	/** Each seat's value of the success and of the failure (index by seat). */
	readonly success: readonly number[];
	readonly failure: readonly number[];
}

/** The attack's two outcomes, everyone passing from `table` on, valued for every seat. */
export function branches(thinking: Thinking, table: GameState): Branches | null {
	const rolled = playDefaults(thinking, simulationCopy(table), (current) => current.phase.kind === 'attack');
	if (rolled.random?.kind !== 'attackRoll') return null;
	const sides: Outcome[][] = [];
	for (const dice of [SUCCESS_DICE, FAILURE_DICE]) {
		const next = step(rolled, dice);
		thinking.counter.steps++;
		if (!next.ok) return null;
		sides.push(settle(next.state, { me: thinking.seat, secret: thinking.secret }, thinking.counter));
	}
	const seats = table.players.map((player) => player.seat);
	const valueFor = (outcomes: Outcome[]) => seats.map((seat) => expected(outcomes, (state) => valueOf(thinking, state, seat)));
	return { success: valueFor(sides[0]!), failure: valueFor(sides[1]!) };
}

/** What the money a spend takes is worth to its seat: the evaluation before and after it, so a
 * treasury goal (the Gnomes' 150 MB) makes money dearer than its face value. */
function moneyCost(thinking: Thinking, before: GameState, after: GameState, seat: Seat): number {
	return Math.max(0, valueOf(thinking, before, seat) - valueOf(thinking, after, seat));
}

interface Choice {
	readonly state: GameState;
	readonly action: PlayerAction | null;
	/** The seat's expected value of the attack after this choice, money spent by it counted. */
	readonly value: number;
}

/** A seat's best spend (or none) in the window, judged by the chance it leaves and the money it costs. */
export function bestSpend(thinking: Thinking, table: GameState, seat: Seat, values: Branches): Choice {
	const worth = (state: GameState) => {
		const p = successChance(state);
		return p * values.success[seat]! + (1 - p) * values.failure[seat]!;
	};
	let best: Choice = { state: table, action: null, value: worth(table) };
	if (Math.abs(values.success[seat]! - values.failure[seat]!) < 0.5) return best;
	for (const legal of legalActions(table, seat)) {
		if (legal.action.type !== 'spend' || legal.max === undefined) continue;
		const base: SpendAction = legal.action;
		// Others' answers are modelled with coarse amounts: fine ones would multiply the cost of every
		// candidate of the seat's own for little.
		for (const amount of amountBuckets(legal.max, false)) {
			const action: SpendAction = { ...base, amount };
			const next = step(table, action);
			thinking.counter.steps++;
			if (!next.ok) continue;
			const value = worth(next.state) - moneyCost(thinking, table, next.state, seat);
			if (value > best.value + 1e-9) best = { state: next.state, action, value };
		}
	}
	return best;
}

/** The other seats answer in turn (the defender first), each with its best spend. */
function answers(thinking: Thinking, table: GameState, values: Branches, actor: Seat): GameState {
	const mode = thinking.level.responses;
	if (mode === 'none' || table.phase.kind !== 'attack') return table;
	const attack = table.phase.attack;
	const seats = spendingSeats(table, attack)
		.filter((seat) => seat !== actor && !attack.passed.includes(seat))
		.filter((seat) => mode === 'all' || seat === attack.defender || seat === attack.seat)
		.sort((a, b) => Number(b === attack.defender) - Number(a === attack.defender));
	let current = table;
	for (const seat of seats) {
		if (thinking.exhausted()) break;
		current = bestSpend(thinking, current, seat, values).state;
	}
	return current;
}

/** The seat's expected value after `state`, once the others answered; with more rounds, the seat
 * answers what they spent and they answer again. When nobody else spends, the window closes: there
 * is no later for the seat either. */
function valueWithAnswers(thinking: Thinking, state: GameState, values: Branches, spent: number): number {
	const me = thinking.seat;
	let current = answers(thinking, state, values, me);
	let extra = 0;
	for (let round = 1; round < thinking.level.rounds && current !== state && !thinking.exhausted(); round++) {
		const topUp = bestSpend(thinking, current, me, values);
		if (topUp.action === null || topUp.action.type !== 'spend') break;
		extra += moneyCost(thinking, current, topUp.state, me);
		const before = topUp.state;
		current = answers(thinking, before, values, me);
		if (current === before) break;
	}
	const p = successChance(current);
	return p * values.success[me]! + (1 - p) * values.failure[me]! - spent - extra;
}

export interface SpendPlan {
	readonly action: PlayerAction | null;
	readonly value: number;
	/** The value of not spending now. */
	readonly passValue: number;
}

/**
 * The best spending move for the seat in the window open now: pass, or one spend from one of its
 * treasuries (amounts bucketed). Values count the others' modelled answers.
 */
export function spendDecision(thinking: Thinking, table: GameState, values: Branches): SpendPlan {
	const me = thinking.seat;
	const passValue = valueWithAnswers(thinking, table, values, 0);
	const before = successChance(table);
	let best: SpendPlan = { action: null, value: passValue, passValue };
	if (Math.abs(values.success[me]! - values.failure[me]!) < 0.5) return best;
	for (const legal of legalActions(table, me)) {
		if (legal.action.type !== 'spend' || legal.max === undefined) continue;
		const base: SpendAction = legal.action;
		for (const amount of amountBuckets(legal.max, thinking.level.fineAmounts)) {
			if (thinking.exhausted()) return best;
			const action: SpendAction = { ...base, amount };
			const next = step(table, action);
			thinking.counter.steps++;
			if (!next.ok) continue;
			// Only spends that move the odds the seat's way: a model of the others' answers must not
			// make helping a rival's attack look like a way to stop it.
			if ((successChance(next.state) - before) * (values.success[me]! - values.failure[me]!) <= 0) continue;
			const value = valueWithAnswers(thinking, next.state, values, moneyCost(thinking, table, next.state, me));
			if (value > best.value + 1e-9) best = { action, value, passValue };
		}
	}
	return best;
}

/** The value of declaring an attack (already applied in `declared`), with the best spending after it. */
export function declarationValue(thinking: Thinking, declared: GameState): number {
	const table = closeChain(thinking, declared);
	if (table.phase.kind !== 'attack') {
		return expected(settle(table, { me: thinking.seat, secret: thinking.secret }, thinking.counter), (state) => valueOf(thinking, state));
	}
	const values = branches(thinking, table);
	if (values === null) return -Infinity;
	return spendDecision(thinking, table, values).value;
}
