/**
 * The game log in words, one line per accepted engine entry: who acted (a seat, or chance for dice
 * and draws) and the sentences `describe` gives for it, in a language, for the seats this device
 * holds (their own Specials are named; everyone else's are only counted).
 */
import type { Action, GameState, Seat } from '../../engine/index.js';
import type { Locale } from '../i18n/index.js';
import { describeParts, playerName } from '../words/index.js';

export interface LogStep {
	readonly action: Action;
	readonly before: GameState;
	readonly after: GameState;
}

export interface LogLine {
	/** 1-based: the game's position after this entry. */
	readonly position: number;
	/** The seat that acted, or null for chance (dice and draws). */
	readonly actor: Seat | null;
	/** The acting player's name (its Illuminati once dealt), or null for chance. */
	readonly actorName: string | null;
	/** Everything the entry says: what was done, then what followed. */
	readonly text: string;
	/** What the actor did. */
	readonly done: string;
	/**
	 * What followed, which is not the actor's doing (shown apart from the actor's name): the pass
	 * that closes the after-roll window settles another player's attack, whose result names it.
	 */
	readonly followed: string;
}

export function actorOf(action: Action): Seat | null {
	return 'seat' in action && typeof action.seat === 'number' ? action.seat : null;
}

/**
 * Whose eyes a line is told for: `describe` names hidden cards only to their holder, so with
 * several seats on this device (hot seat, sandbox) the seat the entry concerns is chosen — the
 * actor, the drawing seat, or the receiver of an offer or gift.
 */
export function viewerFor(step: LogStep, seats: readonly Seat[]): Seat | null {
	if (seats.length === 0) return null;
	if (seats.length === 1) return seats[0]!;
	const action = step.action as Action & { to?: unknown };
	const random = step.before.random;
	const concerned = [actorOf(step.action), random?.kind === 'draw' ? random.seat : null, typeof action.to === 'number' ? action.to : null];
	return concerned.find((seat): seat is Seat => seat !== null && seats.includes(seat)) ?? null;
}

export function logLine(step: LogStep, position: number, locale: Locale, seats: readonly Seat[]): LogLine {
	const actor = actorOf(step.action);
	const named = step.before.players[actor ?? -1]?.illuminati != null ? step.before : step.after;
	const parts = describeParts(step.before, step.action, step.after, locale, { viewer: viewerFor(step, seats) });
	const done = parts.done.join(' ');
	const followed = parts.followed.join(' ');
	return {
		position,
		actor,
		actorName: actor === null ? null : playerName(named, actor, locale),
		text: [done, followed].filter((part) => part !== '').join(' '),
		done,
		followed,
	};
}

/** Lines for steps[from..to) (positions from + 1 to `to`). */
export function logLines(steps: readonly LogStep[], from: number, to: number, locale: Locale, seats: readonly Seat[]): LogLine[] {
	const lines: LogLine[] = [];
	for (let i = Math.max(0, from); i < Math.min(to, steps.length); i++) lines.push(logLine(steps[i]!, i + 1, locale, seats));
	return lines;
}
