/**
 * The stall panel's rows as plain data: for each seat the table waits for, how long it has waited,
 * the time left before this device votes it absent by itself, and whether this device voted.
 * Pure (the clock is a parameter), so it is tested without a browser.
 */
import { standInAwaited, type GameState, type Seat } from '../../engine/index.js';
import type { AwaitedSeat, PendingStep, TableStanding } from '../../session/stall-watch.js';

export interface StallRow extends AwaitedSeat {
	/** Whole seconds waited so far. */
	readonly waited: number;
	/** Whole seconds before the automatic vote (0: due now); null when this device votes nothing by itself. */
	readonly left: number | null;
	/** A seat of this device voted it absent. */
	readonly voted: boolean;
	/** Absence votes counted against it (a majority of the other seats still in the game cuts it). */
	readonly votes: number;
}

export interface StallInput {
	readonly awaited: readonly AwaitedSeat[];
	/** Seconds before an automatic vote (0: never). */
	readonly countdown: number;
	/** This device votes by itself when a countdown runs out. */
	readonly autoVote: boolean;
	readonly standing: TableStanding;
	readonly mySeats: readonly Seat[];
	/** Milliseconds, on the clock `since` was read on (Date.now in the app). */
	readonly now: number;
}

export function stallRows(input: StallInput): StallRow[] {
	return input.awaited.map((wait) => {
		const elapsed = Math.max(0, input.now - wait.since);
		const votes = input.standing.votes.get(wait.seat) ?? [];
		return {
			...wait,
			waited: Math.floor(elapsed / 1000),
			left: input.autoVote && input.countdown > 0 ? Math.max(0, Math.ceil((input.countdown * 1000 - elapsed) / 1000)) : null,
			voted: votes.some((voter) => input.mySeats.includes(voter)),
			votes: votes.length
		};
	});
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function clockText(seconds: number): string {
	const s = Math.max(0, Math.floor(seconds));
	const two = (n: number) => String(n).padStart(2, '0');
	const h = Math.floor(s / 3600);
	const m = Math.floor((s % 3600) / 60);
	return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** A stand-in the table waits on (absence 'bot'): the absent seat, for what, and the seat whose
 * device posts it (the lowest seat still present, as session/stand-in.ts's StandInDesk decides;
 * any other present device posts it after 8 s). */
export interface StandInWait {
	readonly seat: Seat;
	readonly for: 'turn' | 'spending';
	/** The seat whose device plays the stand-in; null when no seat is present to post it. */
	readonly driver: Seat | null;
}

/** The stand-in the game waits on now, if any (the engine's `standInAwaited`), read from public facts. */
export function standInWait(state: GameState | null, standing: Pick<TableStanding, 'votedOut' | 'cheaters'>): StandInWait | null {
	if (state === null || state.options.rules.absence !== 'bot') return null;
	const target = state.players.find((player) => standInAwaited(state, player.seat));
	if (target === undefined) return null;
	const present = state.players.find((p) => !p.eliminated && !p.absent && !standing.votedOut.includes(p.seat) && !standing.cheaters.includes(p.seat));
	return { seat: target.seat, for: state.phase.kind === 'turn' ? 'turn' : 'spending', driver: present?.seat ?? null };
}

/** The line the stall panel shows when no seat is awaited though the game is not over: a message key and the seats it names. */
export interface PendingLine {
	readonly key: `stall.pending.${PendingStep['kind']}`;
	readonly seats: readonly Seat[];
}

/** What the panel says the table waits on when no row and no stand-in does (null: nothing to add). */
export function pendingLine(pending: PendingStep | null, rows: readonly unknown[], standIn: StandInWait | null): PendingLine | null {
	if (pending === null || rows.length > 0 || standIn !== null) return null;
	return { key: `stall.pending.${pending.kind}`, seats: pending.seats };
}
