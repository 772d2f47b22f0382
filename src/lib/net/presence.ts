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
	/**
	 * The game's title as this device has it: a joiner shows the creator's (session/runtime.ts).
	 * Any peer may send anything here: a display name only, cleaned and cut (cleanTitle).
	 */
	title?: string;
	/**
	 * This device asked for more time in a window for one of its seats (session/window-clock.ts),
	 * naming the window by its key, so that the others see why the table waits. A display note only.
	 */
	moreTime?: MoreTimeNote;
}

export interface MoreTimeNote {
	readonly seat: number;
	readonly window: string;
}

/** A more-time note received from a peer, or null if malformed. */
export function cleanMoreTime(value: unknown): MoreTimeNote | null {
	if (typeof value !== 'object' || value === null) return null;
	const { seat, window } = value as Record<string, unknown>;
	if (!Number.isSafeInteger(seat) || (seat as number) < 0 || (seat as number) > 15) return null;
	if (typeof window !== 'string' || window.length > 300) return null;
	return { seat: seat as number, window };
}

export interface PresentPeer extends PresenceInfo {
	readonly clientID: number;
	readonly self: boolean;
}

const FIELD = 'fnord';

/** The longest title shown (as a new game's own title). */
export const MAX_TITLE_LENGTH = 80;

/**
 * A title received from a peer, fit to show: a string without control or direction-changing
 * characters, spaces collapsed, at most MAX_TITLE_LENGTH characters; null if nothing is left.
 * (Markup is never interpreted: the page shows it as text.)
 */
export function cleanTitle(value: unknown): string | null {
	if (typeof value !== 'string') return null;
	const text = value
		.slice(0, 4 * MAX_TITLE_LENGTH)
		// Control characters (Unicode category Cc), zero-width and direction marks become spaces.
		.replace(/[\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	const cut = Array.from(text).slice(0, MAX_TITLE_LENGTH).join('').trim();
	return cut === '' ? null : cut;
}

/** Publishes this device's presence (null: leave, e.g. before closing). */
export function setPresence(awareness: Awareness, info: PresenceInfo | null): void {
	if (info === null) {
		awareness.setLocalState(null);
		return;
	}
	const title = cleanTitle(info.title);
	const { title: _title, ...rest } = info;
	const field = { ...rest, name: info.name.slice(0, 40), ...(title === null ? {} : { title }) };
	// y-webrtc removes the local state when it disconnects; setLocalStateField alone would then do nothing.
	awareness.setLocalState({ ...(awareness.getLocalState() ?? {}), [FIELD]: field });
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
		const title = cleanTitle(r.title);
		if (title !== null) peer.title = title;
		const moreTime = cleanMoreTime(r.moreTime);
		if (moreTime !== null) peer.moreTime = moreTime;
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
