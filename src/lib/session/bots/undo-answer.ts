/**
 * A seated bot answers the table's undo requests (issue 16; docs/protocol.md, "Undo"; undo.ts).
 * A request rewinds the game to before the requester's move once every other present seat accepts,
 * so a bot that never answered would hold every request until it lapsed. The rule, the same on any
 * device that drives the bot:
 *
 * - **refuse** when dice were asked for or rolled since the move: a rewind past randomness rolls
 *   again, and a player asks for it when the roll went against them (the protocol's own reason for
 *   needing every seat's consent);
 * - otherwise **accept** when going back costs the bot at most `UNDO_MARGIN` of its evaluation
 *   (bots/evaluate.ts, from its own seat and with its own secret goal when it has one: the position
 *   before the move against the position now), so a misclick is forgiven, and **refuse** a
 *   take-back that would cost it (the move helped it, its secret goal included).
 *
 * On a device holding every seat (a game against the computer) the bots' seats accept their own
 * device's request at once (undo.ts), never past randomness: nothing to answer there.
 */
import { DEFAULT_WEIGHTS, evaluate } from '../../bots/index.js';
import type { CardId, GameState, Seat } from '../../engine/index.js';
import { GameReplayer, type CoreV2 } from '../../protocol/index.js';
import type { UndoRequest } from '../../protocol/v2/takeback.js';
import type { GameSession } from '../game-session.js';

/** How much of its evaluation (MB-like units) a bot gives up to grant an undo. */
export const UNDO_MARGIN = 1;

/** Whether the bot at `seat` (pursuing `secretGoal`, if any) accepts `request` in `core` (the rule above). */
export function undoAnswer(core: CoreV2, request: Pick<UndoRequest, 'seat' | 'move'>, seat: Seat, secretGoal: CardId | null = null): boolean {
	const now = core.engine;
	const mark = core.undo.marks.get(request.seat)?.find((m) => m.id === request.move);
	if (now === null || mark === undefined) return false;
	if (now.random !== null || core.event !== null || core.settled !== mark.settledAt) return false;
	const knowledge = { seat, secretGoal };
	return evaluate(mark.before, knowledge, DEFAULT_WEIGHTS) >= evaluate(now, knowledge, DEFAULT_WEIGHTS) - UNDO_MARGIN;
}

/** Answers, from the bot's own session, each undo request that waits for the bot at `seat`, once. */
export class BotUndoAnswers {
	readonly #session: GameSession;
	readonly #seat: Seat;
	readonly #answered = new Set<string>();
	readonly #off: () => void;
	readonly #secretGoal: (state: GameState) => CardId | null;
	#busy = false;
	/** Answers given (request id → accepted), for tests and the table. */
	readonly given = new Map<string, boolean>();

	/** `secretGoal`: the goal the bot committed to in a state (its driver's `secretGoal`), weighed with the rest. */
	constructor(session: GameSession, seat: Seat, secretGoal: (state: GameState) => CardId | null = () => null) {
		this.#session = session;
		this.#seat = seat;
		this.#secretGoal = secretGoal;
		this.#off = session.subscribe(() => this.update());
		this.update();
	}

	update(): void {
		const session = this.#session;
		if (this.#busy || session.readOnly || session.verifying > 0 || !(session.replayer instanceof GameReplayer)) return;
		this.#busy = true;
		try {
			for (const request of session.undo.toAnswer(this.#seat)) {
				if (this.#answered.has(request.id)) continue;
				this.#answered.add(request.id);
				const core = session.replayer.core;
				const accept = undoAnswer(core, request, this.#seat, core.engine === null ? null : this.#secretGoal(core.engine));
				if (session.undo.answer(this.#seat, request.id, accept).ok) this.given.set(request.id, accept);
			}
		} finally {
			this.#busy = false;
		}
	}

	destroy(): void {
		this.#off();
	}
}
