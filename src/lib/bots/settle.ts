/**
 * Looking ahead to the next real decision. From a state just after a candidate action, `settle`
 * plays the entries that follow with default answers (every window passed, placements on the first
 * open arrow, debts from the first treasury offered, claims only for the bot's own secret) and
 * splits on an attack's dice into its two outcomes, weighted by the engine's exact odds. It stops
 * at the horizon: the active player's next decision in its turn, the start of the next turn, a
 * draw, or the end of the game. Every entry goes through `step`; nothing here knows a rule.
 */
import {
	attackOdds,
	legalActions,
	spendingSeats,
	step,
	windowSeats,
	type Action,
	type GameState,
	type PlayerAction,
	type Seat,
} from '../engine/index.js';
import { simulationCopy } from './view.js';

export interface Outcome {
	readonly state: GameState;
	readonly p: number;
}

export interface Secret {
	readonly goal: string;
	readonly salt: string;
}

/** Someone's answer in a spending window other than passing (models of other players); null passes. */
export type Responder = (state: GameState, seat: Seat) => PlayerAction | null;

export interface SettleOptions {
	readonly me: Seat;
	readonly secret: Secret | null;
	readonly respond?: Responder;
	/** The turn whose end is the horizon (default: the state's current turn). A caller that applied
	 * an entry first passes the turn from before it, so a turn ended by that entry stops at once. */
	readonly turn?: number;
	/** Entries at most along one line before it counts as the horizon. */
	readonly stepLimit?: number;
}

/** Counts every entry the bots apply while thinking (the node budget). */
export class Counter {
	steps = 0;
}

export const SUCCESS_DICE: Action = { type: 'fixed', dice: [[1, 1]] };
export const FAILURE_DICE: Action = { type: 'fixed', dice: [[6, 6]] };

function firstWaiting(seats: readonly Seat[], passed: readonly Seat[]): Seat | null {
	for (const seat of seats) if (!passed.includes(seat)) return seat;
	return null;
}

function pick(state: GameState, seat: Seat, types: readonly string[], prefer?: (action: PlayerAction) => boolean): PlayerAction | null {
	const options = legalActions(state, seat).map((legal) => legal.action);
	for (const type of types) {
		const ofType = options.filter((action) => action.type === type);
		const preferred = prefer === undefined ? undefined : ofType.find(prefer);
		if (preferred !== undefined) return preferred;
		if (ofType.length > 0) return ofType[0]!;
	}
	return null;
}

/** The default entry for whoever the game waits for, or null at the horizon. */
export function defaultEntry(state: GameState, options: SettleOptions, responded: Set<Seat> | null): PlayerAction | null {
	if (state.random !== null || state.phase.kind === 'over') return null;
	if (state.chain !== null) {
		const seat = firstWaiting(windowSeats(state), state.chain.passed);
		return seat === null ? null : { type: 'passWindow', seat };
	}
	const phase = state.phase;
	switch (phase.kind) {
		case 'attack': {
			const seats = spendingSeats(state, phase.attack);
			if (options.respond !== undefined && responded !== null) {
				for (const seat of seats) {
					if (seat === options.me || responded.has(seat) || phase.attack.passed.includes(seat)) continue;
					responded.add(seat);
					const answer = options.respond(state, seat);
					if (answer !== null) return answer;
				}
			}
			const seat = firstWaiting(seats, phase.attack.passed);
			return seat === null ? null : { type: 'passSpending', seat };
		}
		case 'afterRoll':
		case 'turnStart': {
			const seat = firstWaiting(windowSeats(state), phase.passed);
			return seat === null ? null : { type: 'passWindow', seat };
		}
		case 'placement': {
			const seat = phase.placement.seat;
			return pick(state, seat, ['placeReceived', 'placeCapture', 'placePuppet'], (action) => action.type !== 'placePuppet' || action.side !== null);
		}
		case 'income': {
			const debt = phase.owing[0];
			return debt === undefined ? null : pick(state, debt.seat, ['pay']);
		}
		case 'ufoClaim': {
			const seat = phase.seats[0];
			if (seat === undefined) return null;
			const secret = seat === options.me ? options.secret : null;
			if (secret !== null) {
				const reveal: PlayerAction = { type: 'revealGoal', seat, goal: secret.goal, salt: secret.salt };
				if (step(state, reveal).ok && claims(state, reveal)) return reveal;
			}
			return { type: 'declineClaim', seat };
		}
		default:
			return null;
	}
}

/** Revealing wins only if the goal is met: the claim window is opened for any choice that is met,
 * so a reveal of an unmet goal just gives the secret away. */
function claims(state: GameState, reveal: PlayerAction & { type: 'revealGoal' }): boolean {
	const after = step(state, reveal);
	if (!after.ok) return false;
	const next = after.state;
	return next.phase.kind === 'over' ? next.winners.includes(reveal.seat) : true;
}

/** Plays on from `state` to the horizon; the outcomes' probabilities add up to 1. */
export function settle(state: GameState, options: SettleOptions, counter: Counter): Outcome[] {
	const start = options.turn ?? state.turnCount;
	const limit = options.stepLimit ?? 200;
	const out: Outcome[] = [];
	const stack: { state: GameState; p: number; steps: number; responded: Set<Seat> | null }[] = [
		{ state: simulationCopy(state), p: 1, steps: 0, responded: options.respond === undefined ? null : new Set() },
	];
	while (stack.length > 0) {
		const item = stack.pop()!;
		let current = item.state;
		let steps = item.steps;
		let branched = false;
		while (current.turnCount === start && steps < limit && current.phase.kind !== 'over') {
			if (current.random !== null) {
				if (current.random.kind !== 'attackRoll' || current.phase.kind !== 'attack') break;
				const odds = attackOdds(current, current.phase.attack).probability.numerator / 36;
				for (const [dice, weight] of [
					[SUCCESS_DICE, odds],
					[FAILURE_DICE, 1 - odds],
				] as const) {
					if (weight <= 0) continue;
					const rolled = step(current, dice);
					counter.steps++;
					if (rolled.ok) stack.push({ state: rolled.state, p: item.p * weight, steps: steps + 1, responded: item.responded });
				}
				branched = true;
				break;
			}
			const entry = defaultEntry(current, options, item.responded);
			if (entry === null) break;
			const next = step(current, entry);
			counter.steps++;
			if (!next.ok) break;
			current = next.state;
			steps++;
		}
		if (!branched) out.push({ state: current, p: item.p });
	}
	return out;
}

/** The expected value of the outcomes under `value`. */
export function expected(outcomes: readonly Outcome[], value: (state: GameState) => number): number {
	let total = 0;
	for (const outcome of outcomes) total += outcome.p * value(outcome.state);
	return total;
}
