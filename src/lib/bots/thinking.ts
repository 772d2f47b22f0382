/**
 * What one decision carries around: the seat, its level, what it knows (its secret goal), its
 * seeded chooser, and its budgets (engine entries and, when a clock is given, time).
 */
import { step, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { evaluate, type Weights } from './evaluate.js';
import type { Chooser } from './random-player.js';
import { Counter, expected, settle, type Responder, type Secret } from './settle.js';

export interface LevelConfig {
	readonly name: string;
	readonly weights: Weights;
	/** Spread of the noise added to each candidate's value (0: none). */
	readonly noise: number;
	/** Attack declarations simulated in full after the quick odds-and-worth ranking. */
	readonly shortlist: number;
	/** Finer money buckets. */
	readonly fineAmounts: boolean;
	/** Whose answers in a spending window the bot models: nobody's, the defender's, or everyone's. */
	readonly responses: 'none' | 'defender' | 'all';
	/** Rounds of answers in a spending window (the attacker tops up after the others answered). */
	readonly rounds: number;
	/** Turn candidates that get one more ply of the bot's own decisions (0: greedy). */
	readonly followUp: number;
	/** Playouts to the end of the round for the best candidates (hard). */
	readonly playouts: boolean;
	/** Moves and drops of own groups are considered. */
	readonly reorganizes: boolean;
	/** Offers made: at most this many per turn. */
	readonly offersPerTurn: number;
	/** In deals, the share of the other party's gain counted against the bot's own (hard: what a
	 * rival gains comes out of everyone else's chances, the bot's among them; default 0: the
	 * evaluation's small weights on the rivals only). */
	readonly dealRivalShare?: number;
	/** In deals, the share of a loss counted for the partner's better chance of winning on its next
	 * turn after the exchange (threat.ts): a deal that brings a rival one step from its goal costs
	 * that much (default 0: only a goal met counts). */
	readonly dealThreat?: number;
	/** Offers priced in the finer money buckets (amounts.ts): closer to the least the partner takes. */
	readonly fineOffers?: boolean;
	/** Share of the decision's budget (entries, and time before any playouts) that the candidates of
	 * the seat's own turn may use, the rest kept for the follow-up ply (default 1: no reserve; the
	 * shortlist's attacks then often spent it all and the follow-up was skipped). */
	readonly candidateShare?: number;
	/** How the follow-up ply weighs the next decision: attacks shortlisted and answers modelled
	 * (default: 4 attacks, nobody's answers). */
	readonly followUpShortlist?: number;
	readonly followUpResponses?: 'none' | 'defender' | 'all';
	/** How the bot expects another seat to value a deal (default: by the bot's own weights). */
	readonly partnerWeights?: Weights;
	/** Weights the bot adds to its own when it values a deal (default: none). */
	readonly dealWeights?: Partial<Weights>;
}

export interface Thinking {
	readonly seat: Seat;
	readonly level: LevelConfig;
	readonly secret: Secret | null;
	readonly chooser: Chooser;
	readonly counter: Counter;
	/** True once the decision's time or entry budget is spent: finish with what is known. */
	readonly exhausted: () => boolean;
	/** True once `share` of the budget is spent (the candidates' part, `candidateShare`). */
	readonly spent: (share: number) => boolean;
	/** Playouts allowed for this decision (hard), when no clock is given. */
	readonly playoutBudget: number;
	/** Clock in ms, if the caller gave one. */
	readonly now: (() => number) | null;
	readonly deadline: number | null;
}

export function valueOf(thinking: Thinking, state: GameState, seat: Seat = thinking.seat): number {
	const secretGoal = seat === thinking.seat ? (thinking.secret?.goal ?? null) : null;
	return evaluate(state, { seat, secretGoal }, thinking.level.weights);
}

/** Another seat's value of `state` as the bot expects that seat to weigh a deal. */
export function partnerValueOf(thinking: Thinking, state: GameState, seat: Seat): number {
	return evaluate(state, { seat, secretGoal: null }, thinking.level.partnerWeights ?? thinking.level.weights);
}

/** The expected value for the seat of playing `action` now and settling what follows. */
export function valueAfter(thinking: Thinking, state: GameState, action: PlayerAction, respond?: Responder): number {
	const result = step(state, action);
	thinking.counter.steps++;
	if (!result.ok) return -Infinity;
	const outcomes = settle(result.state, { me: thinking.seat, secret: thinking.secret, turn: state.turnCount, ...(respond ? { respond } : {}) }, thinking.counter);
	return expected(outcomes, (next) => valueOf(thinking, next));
}

/** Noise for the easy level, from the seeded chooser: roughly normal, spread `noise`. */
export function jitter(thinking: Thinking): number {
	const spread = thinking.level.noise;
	if (spread <= 0) return 0;
	let sum = 0;
	for (let i = 0; i < 3; i++) sum += thinking.chooser.int(1000) / 1000;
	return (sum - 1.5) * spread * 2;
}
