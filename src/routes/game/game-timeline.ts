/**
 * The open peer-to-peer game as a timeline of engine steps (for the log in words, the history and
 * the end screen's charts), rebuilt after each change of the session but keeping the step objects
 * that did not change, so the log panel's per-step cache keeps its lines.
 */
import { sessionTimeline, type ReplayerLike, type Timeline, type TimelineStep } from '$lib/ui/history/timeline.js';

/** The game's timeline (null before the game has its setup), reusing `previous`'s unchanged steps. */
export function liveTimeline(replayer: ReplayerLike, previous: Timeline | null): Timeline | null {
	const next = sessionTimeline(replayer);
	if (next === null || previous === null || previous.initial !== next.initial) return next;
	let reused = 0;
	const steps = next.steps.map((step, i): TimelineStep => {
		const old = previous.steps[i];
		if (old !== undefined && old.after === step.after && old.before === step.before && old.forkIndex === step.forkIndex) {
			reused++;
			return old;
		}
		return step;
	});
	return reused === 0 ? next : { ...next, steps };
}
