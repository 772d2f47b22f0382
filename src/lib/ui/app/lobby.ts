/**
 * What the lobby and the connection indicator show, computed from plain session facts: seat rows
 * (who holds each seat, by presence name), whether the game is still gathering players, and how
 * far connecting and catching up have got. Pure: no Svelte, no session objects.
 */
import type { Seat } from '../../engine/types.js';

/** The part of a present peer (net/presence.ts) the lobby uses. */
export interface PresentLike {
	readonly name: string;
	/** The public key the peer says it plays with (a claim; the log proves seats). */
	readonly seat?: string;
	readonly self: boolean;
}

export interface SeatRow {
	readonly seat: Seat;
	/** Public key holding the seat, or null while it is free. */
	readonly key: string | null;
	readonly mine: boolean;
	/** Names of present peers that say they play with this key (usually one). */
	readonly names: readonly string[];
	/**
	 * The player's name: a present peer's, else the last one seen for this key (a player who went
	 * offline keeps their name); null if none was ever seen (or the seat is free).
	 */
	readonly name: string | null;
	/** Someone holding this seat is connected now (this device counts). */
	readonly present: boolean;
}

export function seatRows(seats: readonly (string | null)[], myKey: string, presence: readonly PresentLike[], known: ReadonlyMap<string, string> = new Map()): SeatRow[] {
	return seats.map((key, seat) => {
		const mine = key !== null && key === myKey;
		const names = key === null ? [] : presence.filter((p) => p.seat === key && !p.self).map((p) => p.name);
		const name = names.find((n) => n !== '') ?? (key === null ? undefined : known.get(key)) ?? null;
		return { seat, key, mine, names, name, present: mine || names.length > 0 };
	});
}

/**
 * The name to show for whoever holds a row's seat: the present peers' names that are not blank, else
 * the last name seen; null when none is known (a player who never set a name), for the caller's
 * "Player N" fallback. Never an empty string.
 */
export function holderName(row: Pick<SeatRow, 'names' | 'name'>): string | null {
	const named = row.names.filter((name) => name.trim() !== '');
	if (named.length > 0) return named.join(', ');
	return row.name !== null && row.name.trim() !== '' ? row.name : null;
}

/**
 * The last name seen for each key, with the present peers' names added (a peer that leaves keeps
 * its entry). The same map when nothing changed.
 */
export function rememberNames(known: ReadonlyMap<string, string>, presence: readonly PresentLike[]): ReadonlyMap<string, string> {
	let next: Map<string, string> | null = null;
	for (const peer of presence) {
		if (peer.self || peer.seat === undefined || peer.name === '' || known.get(peer.seat) === peer.name) continue;
		next ??= new Map(known);
		next.set(peer.seat, peer.name);
	}
	return next ?? known;
}

/** Seconds a lobby waits for a game to answer before it says none has yet (and offers to go back). */
export const NO_ANSWER_SECONDS = 8;

/** The game still gathers players: its setup has not arrived, or a seat is free (the protocol starts it once all are claimed). */
export function isLobby(hasGame: boolean, seats: readonly (string | null)[]): boolean {
	return !hasGame || seats.some((key) => key === null);
}

/** Whether a seated bot gives each person at the table its coin share and its vote: a bot and
 * exactly two seats for people (docs/protocol.md, "Computer players"). */
export function botsGiveTwoPeopleEverything(seats: number, bots: number): boolean {
	return bots > 0 && seats - bots === 2;
}

export function claimedCount(seats: readonly (string | null)[]): number {
	return seats.filter((key) => key !== null).length;
}

/** Transport states (net/transport.ts), plus 'local' for a game played on this device only. */
export type LinkStatus = 'idle' | 'searching' | 'connected' | 'offline' | 'destroyed' | 'local';

/**
 * The transport's status, corrected by its links: y-webrtc announces a link before its data
 * channel opens and says nothing when it opens, so a transport can report 'searching' while a
 * channel is open.
 */
export function linkStatus(status: Exclude<LinkStatus, 'local'>, links: readonly { readonly connected: boolean }[]): LinkStatus {
	return status === 'searching' && links.some((l) => l.connected) ? 'connected' : status;
}

/**
 * local: no network · offline: disconnected on request · searching: no peer yet ·
 * waiting: linked, the game's first entries have not arrived · catchingUp: peers are ahead ·
 * ready: up to date with every peer.
 */
export type Stage = 'local' | 'offline' | 'searching' | 'waiting' | 'catchingUp' | 'ready';

export interface StageInput {
	readonly status: LinkStatus;
	readonly hasGame: boolean;
	readonly accepted: number;
	/** Accepted counts other peers publish on the hash board. */
	readonly othersAccepted: readonly number[];
	/** Entries received and waiting for their signature check (session.verifying). */
	readonly verifying?: number;
}

export interface Progress {
	readonly stage: Stage;
	/** Entries accepted here and the most any peer reports (for a progress bar while catching up). */
	readonly done: number;
	readonly total: number;
}

export function progressOf(input: StageInput): Progress {
	const total = Math.max(input.accepted, ...input.othersAccepted);
	const at = (stage: Stage): Progress => ({ stage, done: input.accepted, total });
	if (input.status === 'local') return at('local');
	if (input.status === 'offline' || input.status === 'destroyed') return at('offline');
	if (input.accepted < total || (input.verifying ?? 0) > 0) return at('catchingUp');
	if (input.status !== 'connected') return at('searching');
	return at(input.hasGame ? 'ready' : 'waiting');
}
