/**
 * What thinks for the bots of this device: a question (the state, the seat, its level and seed)
 * and a promise of the seat's next entry. In the browser a Web Worker answers (worker-thinker.ts,
 * bot-worker.ts), so the page never waits on a bot; in Node and where there is no Worker the
 * same code answers in this thread, after yielding once (`localThinker`).
 *
 * One `Bot` per seat and level is kept between questions (keyed by `key`): a bot remembers the
 * offers it made this turn, as it does in a tournament. Its secret goal is committed and revealed
 * from `goalSalt` when the request has one (secret-goal.ts), so a reload or a takeover keeps it;
 * and the goal it committed to (`secretGoal`, found by the driving device from the commitment) is
 * told to the bot before it thinks, so its search weighs its progress toward that goal as the
 * bots of a tournament do toward the goal they drew themselves (bots/evaluate.ts `Knowledge`).
 */
import { createBot, type Bot, type Level } from '../../bots/index.js';
import { goalCommitment, type CardId, type GameState, type PlayerAction, type Seat } from '../../engine/index.js';
import { secretGoalAnswer } from './secret-goal.js';

export interface ThinkRequest {
	/** Which bot this is (game and seat): its memory is kept under this key. */
	readonly key: string;
	readonly seat: Seat;
	readonly level: Level;
	/** With the same seed, the same states and no clock, the same choices. */
	readonly seed: string;
	readonly state: GameState;
	/** Milliseconds to think (the level's default when absent); null: no clock, only the level's entry budget (reproducible). */
	readonly timeBudgetMs?: number | null;
	/** The salt of the bot's secret goal (secret-goal.ts `goalSalt`); absent: the bot's own memory keeps it. */
	readonly goalSalt?: string;
	/**
	 * The secret goal the bot committed to with `goalSalt` (secret-goal.ts `recoverGoal`, on the
	 * device that drives it); its search steers for it. Ignored unless it matches the commitment.
	 */
	readonly secretGoal?: CardId | null;
}

export interface Thinker {
	think(request: ThinkRequest): Promise<PlayerAction | null>;
	destroy(): void;
}

/** The bots answering questions, kept by key (used by the worker and by `localThinker`). */
export class BotPool {
	readonly #bots = new Map<string, Bot>();

	decide(request: ThinkRequest, now: (() => number) | null): PlayerAction | null {
		if (request.goalSalt !== undefined) {
			const goal = secretGoalAnswer(request.state, request.seat, request.goalSalt);
			if (goal !== null) return goal;
		}
		const clocked = request.timeBudgetMs !== null && now !== null;
		const id = `${request.key}\u0000${request.level}\u0000${request.seed}\u0000${clocked}`;
		let bot = this.#bots.get(id);
		if (bot === undefined) {
			bot = createBot({ level: request.level, seed: request.seed, ...(clocked ? { now: now!, timeBudgetMs: request.timeBudgetMs ?? undefined } : {}) });
			this.#bots.set(id, bot);
		}
		const secret = committedSecret(request);
		if (secret !== null) bot.know(request.seat, secret);
		return bot.decide(request.state, request.seat);
	}
}

/** The request's secret goal and salt when they make the seat's commitment in its state, else null. */
export function committedSecret(request: ThinkRequest): { goal: CardId; salt: string } | null {
	const { secretGoal: goal, goalSalt: salt } = request;
	if (goal === undefined || goal === null || salt === undefined) return null;
	const commitment = request.state.players[request.seat]?.goalCommitment ?? null;
	return commitment !== null && goalCommitment(goal, salt) === commitment ? { goal, salt } : null;
}

/** Thinks in this thread (Node, tests, browsers without Worker); answers after a macrotask so the page can paint first. */
export function localThinker(now: (() => number) | null = null): Thinker {
	const pool = new BotPool();
	let destroyed = false;
	return {
		think(request) {
			return new Promise((resolve, reject) => {
				setTimeout(() => {
					if (destroyed) return reject(new Error('the thinker was stopped'));
					try {
						resolve(pool.decide(request, now));
					} catch (error) {
						reject(error instanceof Error ? error : new Error(String(error)));
					}
				}, 0);
			});
		},
		destroy() {
			destroyed = true;
		},
	};
}
