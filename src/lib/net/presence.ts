/**
 * Presence: who is in the room right now, from y-protocols awareness (shared by all transports).
 * Presence is ephemeral and unauthenticated: it says who is connected, never who holds a seat
 * (seats are proven by signed log entries). A peer silent for 30 s drops out.
 */
import type { Awareness } from 'y-protocols/awareness';

export interface PresenceInfo {
	/** Display name chosen by the player. */
	name: string;
	/** Public key id of the seat this device plays, if any (a claim; the log is the proof). */
	seat?: string;
	/** Spectators hold no seat. */
	spectator?: boolean;
}

export interface PresentPeer extends PresenceInfo {
	readonly clientID: number;
	readonly self: boolean;
}

const FIELD = 'fnord';

/** Publishes this device's presence (null: leave, e.g. before closing). */
export function setPresence(awareness: Awareness, info: PresenceInfo | null): void {
	if (info === null) awareness.setLocalState(null);
	else awareness.setLocalStateField(FIELD, { ...info, name: info.name.slice(0, 40) });
}

/** Everyone currently present, this device first, then by client id. Malformed states are skipped. */
export function listPresence(awareness: Awareness): PresentPeer[] {
	const out: PresentPeer[] = [];
	for (const [clientID, state] of awareness.getStates()) {
		const raw = (state as Record<string, unknown>)[FIELD];
		if (typeof raw !== 'object' || raw === null) continue;
		const r = raw as Record<string, unknown>;
		if (typeof r.name !== 'string') continue;
		const peer: PresentPeer = { clientID, self: clientID === awareness.clientID, name: r.name.slice(0, 40) };
		if (typeof r.seat === 'string') peer.seat = r.seat;
		if (r.spectator === true) peer.spectator = true;
		out.push(peer);
	}
	return out.sort((a, b) => Number(b.self) - Number(a.self) || a.clientID - b.clientID);
}

/** Calls `listener` with the present peers whenever presence changes. Returns the unsubscribe function. */
export function observePresence(awareness: Awareness, listener: (peers: PresentPeer[]) => void): () => void {
	const handler = () => listener(listPresence(awareness));
	awareness.on('change', handler);
	return () => awareness.off('change', handler);
}
