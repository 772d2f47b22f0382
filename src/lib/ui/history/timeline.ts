/**
 * A game's history as a list of engine steps: each accepted engine entry with the state before
 * and after it. Built from an engine log (a sandbox game, an imported file) or from a
 * peer-to-peer session's accepted entries, whose states the session already keeps. Position `p`
 * (0 to steps.length) is the game after its first `p` engine entries.
 */
import { initialState, makeLog, step, type Action, type GameLog, type GameOptions, type GameState } from '../../engine/index.js';
import { secretDeckForkProblem } from '../../session/for-ui.js';

export interface TimelineStep {
	readonly action: Action;
	readonly before: GameState;
	readonly after: GameState;
	/**
	 * Peer-to-peer games: the index in the session's accepted (signed) entries at which this
	 * step's state is reached, for `session.fork(index)`. Null in an engine-only game.
	 */
	readonly forkIndex: number | null;
}

export interface Timeline {
	readonly setup: GameOptions;
	readonly initial: GameState;
	readonly steps: readonly TimelineStep[];
	/** Where a peer-to-peer fork at position 0 (before any engine entry) is made; null otherwise. */
	readonly initialForkIndex: number | null;
	/** Entries of the source log that the engine refused (left out of the steps). */
	readonly refused: number;
}

/** What a session's protocol replayer keeps for each accepted signed entry (only its state is read). */
export interface AcceptedLike {
	readonly state: GameState | null;
}

/** The steps of an engine log; refused entries are left out and counted. */
export function timelineFromEntries(setup: GameOptions, entries: readonly unknown[]): Timeline {
	const initial = initialState(setup);
	const steps: TimelineStep[] = [];
	let state = initial;
	let refused = 0;
	for (const entry of entries) {
		const result = step(state, entry as Action);
		if (!result.ok) {
			refused++;
			continue;
		}
		steps.push({ action: entry as Action, before: state, after: result.state, forkIndex: null });
		state = result.state;
	}
	return { setup, initial, steps, initialForkIndex: null, refused };
}

/**
 * The steps of a peer-to-peer game: `accepted` are the session's accepted signed entries with
 * the engine state after each, `exported` the engine entries they amount to (the session's
 * exported log: actions and the seeds the reveals settled). An engine state's `accepted` count
 * says how many engine entries it has seen, which ties each engine step to a signed entry.
 */
export function timelineFromAccepted(setup: GameOptions, accepted: readonly AcceptedLike[], exported: readonly unknown[]): Timeline | null {
	let initial: GameState | null = null;
	let initialForkIndex: number | null = null;
	const steps: TimelineStep[] = [];
	// A move taken back (protocol/v2/takeback.ts) returns the game to an earlier state: the steps
	// after it are void, and their engine entries are no longer exported. `floor[i]`: the fewest
	// engine entries any later state holds (steps past it are voided later and not built).
	const floor: number[] = new Array(accepted.length);
	let low = Infinity;
	for (let i = accepted.length - 1; i >= 0; i--) {
		floor[i] = low;
		low = Math.min(low, accepted[i]!.state?.accepted ?? Infinity);
	}
	for (const [index, entry] of accepted.entries()) {
		const reached = entry.state;
		if (reached === null) continue;
		if (initial === null) {
			if (reached.accepted !== 0) return null;
			initial = reached;
			initialForkIndex = index;
		}
		if (reached.accepted < steps.length) steps.length = reached.accepted;
		while (steps.length < Math.min(reached.accepted, floor[index]!)) {
			const before = steps.length === 0 ? initial : steps[steps.length - 1]!.after;
			const action = exported[steps.length] as Action | undefined;
			if (action === undefined) return null;
			let after = reached;
			// One signed entry rarely settles two engine entries; the one in between is recomputed.
			if (steps.length + 1 < reached.accepted) {
				const result = step(before, action);
				if (!result.ok) return null;
				after = result.state;
			}
			steps.push({ action, before, after, forkIndex: index });
		}
	}
	return initial === null ? null : { setup, initial, steps, initialForkIndex, refused: 0 };
}

export function lastPosition(timeline: Timeline): number {
	return timeline.steps.length;
}

/** The state after the first `position` engine entries. */
export function stateAt(timeline: Timeline, position: number): GameState {
	return position <= 0 ? timeline.initial : timeline.steps[Math.min(position, timeline.steps.length) - 1]!.after;
}

/** Every state from the start to the end (position 0 first): what the end screen's charts read. */
export function statesOf(timeline: Timeline): GameState[] {
	return [timeline.initial, ...timeline.steps.map((s) => s.after)];
}

/** The signed entry a peer-to-peer fork at `position` starts after; null in an engine-only game. */
export function forkIndexAt(timeline: Timeline, position: number): number | null {
	return position <= 0 ? timeline.initialForkIndex : (timeline.steps[position - 1]?.forkIndex ?? null);
}

/** The engine entries up to `position`. */
export function entriesUpTo(timeline: Timeline, position: number): Action[] {
	return timeline.steps.slice(0, Math.max(0, position)).map((s) => s.action);
}

/**
 * "What if?": the engine log of the game up to `position`, as a sandbox game (dice and draws
 * may then be stated outright). Seeded `random` entries replay the same in a sandbox game, so
 * its state there equals the original's but for the sandbox flag.
 */
export function whatIfLog(timeline: Timeline, position: number, meta?: Record<string, unknown>): GameLog {
	// A sandbox game states its draws outright: a secret-deck game's what-if (only from before its
	// first secret deal, `whatIfBlocked`) draws in the open from there.
	const { secretDeck: _secret, ...setup } = timeline.setup;
	return makeLog({ ...setup, sandbox: true }, entriesUpTo(timeline, position), meta);
}

/**
 * Whether "What if?" cannot start from `position`: a secret-deck game once a masked deck dealt a
 * card (a secret draw, or the Illuminati dealt face down): a game on one device cannot know the
 * cards hidden in hands. The same rule as a fork's (docs/deck.md, "Forks").
 */
export function whatIfBlocked(timeline: Timeline, position: number): boolean {
	return secretDeckForkProblem(stateAt(timeline, position)) !== null;
}

/** What a peer-to-peer session's replayer offers (session.replayer). */
export interface ReplayerLike {
	readonly accepted: readonly AcceptedLike[];
	readonly state: GameState | null;
	exportLog(): GameLog;
}

/** A peer-to-peer session's timeline; null before the game has its setup. */
export function sessionTimeline(replayer: ReplayerLike): Timeline | null {
	if (replayer.state === null) return null;
	const log = replayer.exportLog();
	return timelineFromAccepted(log.setup, replayer.accepted, log.entries);
}
