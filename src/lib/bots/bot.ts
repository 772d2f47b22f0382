/**
 * A computer player of one level. `decide(state, seat)` returns the seat's next entry, or null when
 * the game does not need the seat now and it has nothing worth doing. It chooses only among
 * `legalActions` of its view (view.ts) and judges them by playing them through `step`.
 *
 * Reproducible: with the same seed, the same states and no clock, a bot makes the same choices
 * (its budgets then count engine entries and playouts, not time). With a clock (`now`), the time
 * budget also applies and choices may depend on the machine's speed.
 */
import { legalActions, type CardId, type GameState, type LegalAction, type PlayerAction, type Seat } from '../engine/index.js';
import { isPass, ruleOptions } from './candidates.js';
import { LEVEL_DEFAULTS, type Level } from './levels.js';
import { answerOffer, makeOffer, offerKey } from './offers.js';
import { Chooser } from './random-player.js';
import { refineByPlayouts } from './search.js';
import { chooseSecret, claim, commitment } from './secrets.js';
import { Counter, expected, settle, type Secret } from './settle.js';
import { jitter, valueOf, type LevelConfig, type Thinking } from './thinking.js';
import { turnCandidates, withFollowUp, type Scored } from './turn.js';
import { knownHands, viewFor } from './view.js';
import type { Knowledge } from '../engine/knowledge.js';
import { windowCandidates } from './windows.js';
import { immunityReveal } from './hidden-illuminati.js';

export interface BotOptions {
	readonly level: Level;
	readonly seed: string;
	/** Time per decision in ms (used only with `now`); defaults by level. */
	readonly timeBudgetMs?: number;
	/** Engine entries per decision; defaults by level. */
	readonly nodeBudget?: number;
	/** Playouts per decision (hard); defaults by level. */
	readonly playouts?: number;
	/** A clock in ms (performance.now in Node and browsers). Bots never read a clock themselves. */
	readonly now?: () => number;
	/** Changes to the level's settings (experiments and tests). */
	readonly tune?: Partial<LevelConfig>;
	/** Secret deck: what the seat's device knows of hidden cards (engine/knowledge.ts). */
	readonly knowledge?: (seat: Seat) => Knowledge;
}

/** Anything that can play a seat: the bots, the random player, a person behind a UI. */
export interface Player {
	decide(state: GameState, seat: Seat): PlayerAction | null;
}

/** Entries a seat must answer for the game to go on (as opposed to optional ones). */
const REQUIRED: ReadonlySet<string> = new Set([
	'passWindow',
	'passSpending',
	'declineClaim',
	'pay',
	'placeCapture',
	'placePuppet',
	'placeReceived',
	'commitGoal',
	'endTurn',
	'endActions',
	'returnPresent',
]);

/** What an optional entry must gain over doing nothing. */
const OPTIONAL_MARGIN = 1;

interface Memory {
	secret: Secret | null;
	offerTurn: number;
	offersMade: number;
	/** The offers made this turn (offerKey): a declined offer is not made again; the next best is. */
	offered: Set<string>;
}

export class Bot implements Player {
	readonly level: Level;
	/** Candidates weighed in the last decision (0: answered without weighing). */
	lastCandidates = 0;
	/** Engine entries the last decision applied while thinking. */
	lastSteps = 0;
	private readonly chooser: Chooser;
	private readonly memory = new Map<Seat, Memory>();
	private counter: Counter | null = null;

	constructor(private readonly options: BotOptions) {
		this.level = options.level;
		this.chooser = new Chooser(`bot:${options.level}:${options.seed}`);
	}

	/** Tells the bot the secret goal `seat` committed to (a seated bot's goal, drawn by its session:
	 * session/bots/secret-goal.ts), as if it had drawn it itself; its search then goes for it. */
	know(seat: Seat, secret: Secret): void {
		const memory = this.remember(seat);
		if (memory.secret?.goal !== secret.goal || memory.secret.salt !== secret.salt) memory.secret = secret;
	}

	private remember(seat: Seat): Memory {
		let memory = this.memory.get(seat);
		if (memory === undefined) {
			memory = { secret: null, offerTurn: -1, offersMade: 0, offered: new Set() };
			this.memory.set(seat, memory);
		}
		return memory;
	}

	private thinking(seat: Seat, memory: Memory): Thinking {
		const defaults = LEVEL_DEFAULTS[this.level];
		const counter = new Counter();
		this.counter = counter;
		const now = this.options.now ?? null;
		const budget = this.options.nodeBudget ?? defaults.nodeBudget;
		const level = this.options.tune === undefined ? defaults.config : { ...defaults.config, ...this.options.tune };
		const time = this.options.timeBudgetMs ?? defaults.timeBudgetMs;
		const start = now === null ? 0 : now();
		const deadline = now === null ? null : start + time;
		// With playouts (hard), the search gets three quarters of the time and the playouts (which only
		// break near-ties, search.ts) what is left.
		const searchDeadline = deadline === null ? null : start + time * (level.playouts ? 0.75 : 1);
		return {
			seat,
			level,
			secret: memory.secret,
			chooser: this.chooser,
			counter,
			exhausted: () => counter.steps >= budget || (searchDeadline !== null && now!() >= searchDeadline),
			spent: (share) => counter.steps >= budget * share || (searchDeadline !== null && now!() >= start + (searchDeadline - start) * share),
			playoutBudget: this.options.playouts ?? defaults.playouts,
			now,
			deadline,
		};
	}

	decide(state: GameState, seat: Seat): PlayerAction | null {
		this.counter = null;
		const action = this.decideFor(state, seat);
		this.lastSteps = (this.counter as Counter | null)?.steps ?? 0;
		return action;
	}

	private decideFor(state: GameState, seat: Seat): PlayerAction | null {
		this.lastCandidates = 0;
		const view = viewFor(state, seat, { knowledge: this.options.knowledge?.(seat), seed: this.options.seed });
		const legal = legalActions(view, seat);
		if (legal.length === 0) return null;
		const memory = this.remember(seat);
		const commit = legal.find((option) => option.action.type === 'commitGoal');
		if (commit !== undefined) {
			memory.secret = chooseSecret(view, seat, this.chooser);
			return commitment(seat, memory.secret);
		}
		if (view.phase.kind === 'ufoClaim' && view.phase.seats.includes(seat)) return claim(view, seat, memory.secret);
		const thinking = this.thinking(seat, memory);
		const answer = answerOffer(thinking, view, legal);
		if (answer !== null) return answer;
		const player = view.players[seat]!;
		const options = ruleOptions(legal, player.absent);
		if (options.length === 0) return null;
		const immune = immunityReveal(view, options); if (immune !== null) return immune; // Hidden Illuminati (hidden-illuminati.ts)
		const required = options.some((option) => REQUIRED.has(option.action.type));
		const ownTurn = view.phase.kind === 'turn' && view.turn?.seat === seat;
		// Outside its turn a seat acts unasked only where it matters now: an attack under way.
		if (!required && !ownTurn && view.phase.kind !== 'attack') return null;
		if (required && options.every((option) => isPass(option.action))) return options[0]!.action;
		if (ownTurn && view.turn?.step === 'actions') {
			const offer = this.offer(thinking, view, memory, knownHands(state, seat, { knowledge: this.options.knowledge?.(seat) }));
			if (offer !== null) return offer;
		}
		const scored = this.weigh(thinking, view, options, ownTurn);
		if (!required && !scored.some((candidate) => candidate.action === null)) {
			const settled = settle(view, { me: seat, secret: memory.secret }, thinking.counter);
			scored.push({ action: null, value: expected(settled, (state) => valueOf(thinking, state)) });
		}
		return this.choose(thinking, scored, options, required);
	}

	private offer(thinking: Thinking, view: GameState, memory: Memory, known: readonly (readonly CardId[])[]): PlayerAction | null {
		if (memory.offerTurn !== view.turnCount) {
			memory.offerTurn = view.turnCount;
			memory.offersMade = 0;
			memory.offered.clear();
		}
		if (memory.offersMade >= thinking.level.offersPerTurn) return null;
		memory.offersMade++;
		const offer = makeOffer(thinking, view, memory.offered, known);
		if (offer !== null) memory.offered.add(offerKey(offer));
		return offer;
	}

	private weigh(thinking: Thinking, view: GameState, options: readonly LegalAction[], ownTurn: boolean): Scored[] {
		if (!ownTurn || view.phase.kind !== 'turn') return windowCandidates(thinking, view, options);
		const level = thinking.level;
		const light: Thinking = {
			...thinking,
			level: { ...level, followUp: 0, shortlist: Math.min(level.followUpShortlist ?? 4, level.shortlist), responses: level.followUpResponses ?? 'none', rounds: 1, offersPerTurn: 0, reorganizes: false },
		};
		const next = (state: GameState): number | null => {
			if (state.phase.kind !== 'turn' || state.turn?.seat !== thinking.seat) return null;
			const more = ruleOptions(legalActions(state, thinking.seat), false);
			const best = Math.max(...turnCandidates(light, state, more).map((candidate) => candidate.value));
			return Number.isFinite(best) ? best : null;
		};
		const share = level.candidateShare ?? 1;
		const first: Thinking = share < 1 ? { ...thinking, exhausted: () => thinking.spent(share) } : thinking;
		const scored = withFollowUp(thinking, view, turnCandidates(first, view, options), next);
		return thinking.level.playouts ? refineByPlayouts(thinking, view, scored) : scored;
	}

	private choose(thinking: Thinking, scored: readonly Scored[], options: readonly LegalAction[], required: boolean): PlayerAction | null {
		this.lastCandidates = scored.length;
		if (!required) {
			// An optional moment (nothing waits for the seat): act only for a clear gain, without noise,
			// so that a seat never flips back and forth between equal choices.
			const stay = scored.find((candidate) => candidate.action === null)?.value ?? -Infinity;
			const best = scored.reduce<Scored | null>((a, b) => (b.action !== null && (a === null || b.value > a.value) ? b : a), null);
			return best !== null && best.value > stay + OPTIONAL_MARGIN ? best.action : null;
		}
		let best: Scored | null = null;
		let bestValue = -Infinity;
		for (const candidate of scored) {
			if (candidate.action === null) continue;
			const value = candidate.value + jitter(thinking);
			if (value > bestValue) {
				best = candidate;
				bestValue = value;
			}
		}
		if (best !== null) return best.action;
		// Nothing could be valued: the plainest required answer keeps the game going.
		const plain = options.find((option) => isPass(option.action) || option.action.type === 'endTurn' || option.action.type === 'endActions');
		return (plain ?? options[0]!).action;
	}
}

export function createBot(options: BotOptions): Bot {
	return new Bot(options);
}
