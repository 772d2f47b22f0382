/**
 * Presence: who is in the room right now, from y-protocols awareness (shared by all transports).
 * Presence is ephemeral and, but for seat claims, unauthenticated: a name, a title and a
 * more-time note are display text any peer may send. A claim to hold a key counts (`seat`) only
 * when signed by that key for the claimant's own awareness client, recently (presence-claim.ts);
 * any other claim is listed as `claimedSeat`, for display as unverified, and nothing decides on
 * it. Seats themselves are proven by signed log entries. A peer silent for 30 s drops out. A
 * rules build (`build`) is a hint too: a rogue may name any (its own, or another's under that
 * peer's client id: the seat claim does not cover it), which only adds or hides a warning.
 */
import type { Awareness } from 'y-protocols/awareness';
import { claimHolds, signClaim, type ClaimCheck, type ClaimSigner } from './presence-claim.js';

export interface PresenceInfo {
	/** Display name chosen by the player. */
	name: string;
	/**
	 * Public key id of the seat this device plays, if any. Published: this device's key (signed
	 * when setPresence is given a signer). Listed: only a claim whose signature holds for the
	 * checked game, now (listPresence's `check`); the log says which seat the key holds.
	 */
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
	/**
	 * The rules build this device runs (session/build.ts), so that players see a peer running
	 * other rules. A display hint only (cleanBuild): nothing decides on it.
	 */
	build?: string;
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

/** A rules build received from a peer: 1 to 32 letters, digits, '.', '_' or '-'; null otherwise. */
export function cleanBuild(value: unknown): string | null {
	return typeof value === 'string' && /^[\w.-]{1,32}$/.test(value) ? value : null;
}

export interface PresentPeer extends PresenceInfo {
	readonly clientID: number;
	readonly self: boolean;
	/** A key this peer claims without a valid, fresh signature: shown as unverified at most, never decided on. */
	claimedSeat?: string;
}

const FIELD = 'fnord';

/** The longest title shown (as a new game's own title). */
export const MAX_TITLE_LENGTH = 80;

/** The longest display name shown (code points). */
export const MAX_NAME_LENGTH = 40;

/**
 * Characters that change direction or hide: controls (Cc), format characters (Cf: bidi embeddings,
 * overrides, isolates and marks, zero-width spaces and joiners, the BOM, the soft hyphen, tags),
 * line and paragraph separators, and the Hangul fillers that draw nothing; but a zero-width joiner
 * between two emoji stays (it makes one, as in 👩‍💻).
 */
const HIDDEN = /(?!(?<=[\p{Extended_Pictographic}\u{1f3fb}-\u{1f3ff}]|\ufe0f)\u200d(?=\p{Extended_Pictographic}))[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/gu;
/** Combining marks after the third in a row (stacked marks draw over the lines around). */
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu;

/**
 * Text a peer sent, fit to show among other words: hidden and direction-changing characters
 * become spaces, spaces collapse, at most three combining marks in a row, lone surrogates become
 * U+FFFD, at most `max` characters (code points); null if nothing is left. (Markup is never
 * interpreted: the page shows it as text.) Look-alike letters of other scripts stay.
 */
export function cleanDisplayText(value: unknown, max: number): string | null {
	if (typeof value !== 'string') return null;
	const text = value
		.slice(0, 4 * max)
		.toWellFormed()
		.replace(HIDDEN, ' ')
		.replace(STACKED_MARKS, '$1')
		.replace(/\s+/g, ' ')
		.trim();
	const cut = Array.from(text).slice(0, max).join('').trim();
	return cut === '' ? null : cut;
}

/** A title received from a peer, fit to show (cleanDisplayText), at most MAX_TITLE_LENGTH characters. */
export function cleanTitle(value: unknown): string | null {
	return cleanDisplayText(value, MAX_TITLE_LENGTH);
}

/** A display name received from a peer (cleanDisplayText): '' when nothing visible is left, null when it is no string. */
export function cleanName(value: unknown): string | null {
	return typeof value === 'string' ? (cleanDisplayText(value, MAX_NAME_LENGTH) ?? '') : null;
}

/** A seat claim: a key-sized string (the log proves seats; presence only claims one). */
const isSeatClaim = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/**
 * Publishes this device's presence (null: leave, e.g. before closing). With a `signer` whose key
 * is `info.seat`, the claim is signed for this awareness client, now: call again within
 * CLAIM_REFRESH_MS to keep it fresh (presence-claim.ts).
 */
export function setPresence(awareness: Awareness, info: PresenceInfo | null, signer?: ClaimSigner): void {
	if (info === null) {
		awareness.setLocalState(null);
		return;
	}
	const title = cleanTitle(info.title);
	const build = cleanBuild(info.build);
	const { title: _title, build: _build, ...rest } = info;
	const proof = signer !== undefined && info.seat === signer.identity.publicKey ? { seatProof: signClaim(signer, awareness.clientID) } : {};
	const field = { ...rest, name: cleanName(info.name) ?? '', ...(title === null ? {} : { title }), ...(build === null ? {} : { build }), ...proof };
	// y-webrtc removes the local state when it disconnects; setLocalStateField alone would then do nothing.
	awareness.setLocalState({ ...(awareness.getLocalState() ?? {}), [FIELD]: field });
}

/**
 * Everyone currently present, this device first, then by client id. Malformed states are skipped.
 * A seat claim is listed as `seat` only when its signature holds for `check` (the game, now);
 * else (or without `check`) as `claimedSeat`.
 */
export function listPresence(awareness: Awareness, check?: ClaimCheck): PresentPeer[] {
	const out: PresentPeer[] = [];
	for (const [clientID, state] of awareness.getStates()) {
		const raw = (state as Record<string, unknown>)[FIELD];
		if (typeof raw !== 'object' || raw === null) continue;
		const r = raw as Record<string, unknown>;
		const name = cleanName(r.name);
		if (name === null) continue;
		const peer: PresentPeer = { clientID, self: clientID === awareness.clientID, name };
		if (isSeatClaim(r.seat)) {
			if (check !== undefined && claimHolds(check, r.seat, clientID, r.seatProof)) peer.seat = r.seat;
			else peer.claimedSeat = r.seat;
		}
		if (r.spectator === true) peer.spectator = true;
		const title = cleanTitle(r.title);
		if (title !== null) peer.title = title;
		const moreTime = cleanMoreTime(r.moreTime);
		if (moreTime !== null) peer.moreTime = moreTime;
		const build = cleanBuild(r.build);
		if (build !== null) peer.build = build;
		out.push(peer);
	}
	return out.sort((a, b) => Number(b.self) - Number(a.self) || a.clientID - b.clientID);
}

/**
 * The keys whose holders prove they are present now (a signed, fresh claim: listPresence with
 * `check`), and `own` (this device's). What decisions read (who drives a seated bot).
 */
export function presentKeys(awareness: Awareness, check: ClaimCheck, own: string): Set<string> {
	return new Set([own, ...listPresence(awareness, check).flatMap((peer) => (peer.seat === undefined ? [] : [peer.seat]))]);
}

/** Calls `listener` with the present peers whenever presence changes. Returns the unsubscribe function. */
export function observePresence(awareness: Awareness, listener: (peers: PresentPeer[]) => void, check?: () => ClaimCheck): () => void {
	const handler = () => listener(listPresence(awareness, check?.()));
	awareness.on('change', handler);
	return () => awareness.off('change', handler);
}
