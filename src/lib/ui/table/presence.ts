import { runsOtherBuild } from '../../session/build.js';

/**
 * Presence by seat for the table's dots (issue 16): whether someone holding the seat is connected
 * now, from the lobby's seat rows (presence over the network; this device's own seats count).
 * A table drawn without a live game (history, sandbox, preview) passes nothing and shows no dots.
 */
export interface SeatPresence {
	readonly seat: number;
	readonly present: boolean;
}

/** online[seat]: true online, false offline; the array is indexed by seat. */
export function onlineSeats(rows: readonly SeatPresence[]): readonly boolean[] {
	const online: boolean[] = [];
	for (const row of rows) online[row.seat] = row.present;
	return online;
}

/**
 * otherBuild[seat]: a connected peer holding the seat's key (a verified claim) runs other rules
 * than `mine` (session/build.ts; a hint only, from unauthenticated presence).
 */
export function otherBuildSeats(seats: readonly (string | null)[], presence: readonly { readonly seat?: string; readonly self: boolean; readonly build?: string }[], mine: string): readonly boolean[] {
	return seats.map((key) => key !== null && presence.some((peer) => peer.seat === key && runsOtherBuild(peer, mine)));
}
