/**
 * The gate every remote Yjs update of a game passes before it reaches the game's Y.Doc (hooks:
 * gated-sync.ts for y-webrtc links and ChannelSync). An update is applied only if it is all
 * appends of well-formed entries (update-check.ts), fits the log cap, and its peer is within its
 * rate; a dropped update never reaches the doc, so IndexedDB never stores it.
 *
 * Per peer (one link: a y-webrtc peer id, a channel's peer id): token buckets for updates, new
 * entries and bytes; drops counted by reason; muted for a while after refused content (honest
 * peers never send it) or after repeated rate drops (a flood). Per game: a cap on the log's
 * entries and bytes, and on what Yjs holds as pending (updates whose dependencies never come).
 *
 * The first sync step 2 of a link we opened is exempt from the rates (it is bounded by the log cap).
 * When an update applied here leaves structs pending (something it builds on was lost or dropped,
 * e.g. a flood entry another peer accepted), the gate asks that peer to sync again, at most every
 * `resyncIntervalMs`: its step 2 brings what is missing, through the gate like any update.
 */
import type * as Y from 'yjs';
import { LogTally } from './log-tally.js';
import { TokenBucket } from './token-bucket.js';
import { checkUpdate, type ContentDropReason } from './update-check.js';

export type UpdateDropReason = ContentDropReason | 'rate' | 'log-full' | 'muted';

export interface UpdateLimits {
	/** Updates a peer may send per second, and at once. */
	updatesPerSecond: number;
	updateBurst: number;
	/** New entries a peer may bring per second, and at once. */
	entriesPerSecond: number;
	entryBurst: number;
	/** Update bytes a peer may send per second, and at once. */
	bytesPerSecond: number;
	byteBurst: number;
	/** The log's cap: entries and UTF-8 bytes. */
	maxLogEntries: number;
	maxLogBytes: number;
	/** Pending structs above this (encoded) are discarded. */
	maxPendingBytes: number;
	/** Rate drops within `strikeWindowMs` that mute a peer. */
	floodStrikes: number;
	strikeWindowMs: number;
	/** First mute; each further mute of the same peer lasts twice as long, up to `maxMuteMs`. */
	muteMs: number;
	maxMuteMs: number;
	/** At most one resync request per peer this often. */
	resyncIntervalMs: number;
}

/**
 * Defaults. A long real game is a few thousand entries of ~375 bytes (a 6-player game: 4,426
 * entries, 1.7 MB): the log cap leaves 4x that. Honest play sends a few updates a second, each
 * relayed by every other peer; an honest first sync of 5,000 entries (~1.9 MB) fits the bursts
 * even when it is not a step 2 we asked for.
 */
export const DEFAULT_UPDATE_LIMITS: UpdateLimits = {
	updatesPerSecond: 30,
	updateBurst: 300,
	entriesPerSecond: 60,
	entryBurst: 6_000,
	bytesPerSecond: 256 * 1024,
	byteBurst: 4 * 1024 * 1024,
	maxLogEntries: 20_000,
	maxLogBytes: 16 * 1024 * 1024,
	maxPendingBytes: 1024 * 1024,
	floodStrikes: 20,
	strikeWindowMs: 10_000,
	muteMs: 30_000,
	maxMuteMs: 10 * 60_000,
	resyncIntervalMs: 5_000
};

/** No rate caps (content checks and log caps stay): for simulations whose clock is not real time. */
export const NO_RATE_LIMITS: Partial<UpdateLimits> = {
	updatesPerSecond: Infinity,
	entriesPerSecond: Infinity,
	bytesPerSecond: Infinity
};

export interface PeerUpdateStats {
	applied: number;
	dropped: Partial<Record<UpdateDropReason, number>>;
	/** Muted until this time (the gate's clock), or 0. */
	mutedUntil: number;
	mutes: number;
}

export interface UpdateDrop {
	readonly peer: string;
	readonly reason: UpdateDropReason;
	readonly bytes: number;
}

export interface UpdateGateOptions {
	limits?: Partial<UpdateLimits>;
	/** Milliseconds, monotonic (default performance.now). */
	now?: () => number;
}

interface PeerState {
	readonly stats: PeerUpdateStats;
	readonly updates: TokenBucket;
	readonly entries: TokenBucket;
	readonly bytes: TokenBucket;
	strikes: number;
	strikesSince: number;
	syncExpected: boolean;
	lastResync: number;
	lastSeen: number;
}

/** Peers remembered at most (the least recently seen unmuted ones are forgotten first). */
const MAX_PEERS = 256;
/** A step 2 this much larger than the log's room left (plus its encoding) cannot fit. */
const UPDATE_OVERHEAD = 2;
const UPDATE_SLACK = 64 * 1024;

export class UpdateGate {
	readonly limits: Readonly<UpdateLimits>;
	readonly tally: LogTally;
	/** Drops of all peers by reason. */
	readonly dropped: Partial<Record<UpdateDropReason, number>> = {};
	/** Updates admitted. */
	applied = 0;
	readonly #doc: Y.Doc;
	readonly #now: () => number;
	readonly #peers = new Map<string, PeerState>();
	readonly #resyncs = new Map<string, () => void>();
	readonly #listeners = new Set<(drop: UpdateDrop) => void>();
	#pendingBefore = 0;

	constructor(doc: Y.Doc, options: UpdateGateOptions = {}) {
		this.#doc = doc;
		this.limits = { ...DEFAULT_UPDATE_LIMITS, ...options.limits };
		this.#now = options.now ?? (() => performance.now());
		this.tally = new LogTally(doc, {
			maxPendingBytes: this.limits.maxPendingBytes,
			onPendingCleared: () => {
				for (const peer of this.#resyncs.keys()) this.requestResync(peer);
			}
		});
	}

	/**
	 * Decides one update from `peer`: null to apply it, else why it is dropped (counted). `step2`:
	 * it came as a sync step 2. Call `settle(peer)` after applying it.
	 */
	admit(peer: string, update: Uint8Array, options: { step2?: boolean; v2?: boolean } = {}): UpdateDropReason | null {
		const now = this.#now();
		const state = this.#peer(peer, now);
		const exempt = options.step2 === true && state.syncExpected;
		if (options.step2) state.syncExpected = false;
		const size = update.byteLength;
		if (now < state.stats.mutedUntil) return this.#drop(state, peer, 'muted', size);
		// Refused before decoding when over the rates; one larger than the byte burst never passes,
		// but is decoded for its reason (refused content mutes the peer at once).
		const huge = size > this.limits.byteBurst;
		if (!exempt && !(state.updates.has(1, now) && (huge || state.bytes.has(size, now)))) return this.#rateDrop(state, peer, size, now);
		const room = this.limits.maxLogBytes - this.tally.bytes;
		if (size > UPDATE_OVERHEAD * room + UPDATE_SLACK) return this.#drop(state, peer, 'log-full', size);

		const check = checkUpdate(this.#doc, update, options);
		if (!check.ok) {
			this.#mute(state, now);
			return this.#drop(state, peer, check.reason, size);
		}
		if (this.tally.entries + check.entries > this.limits.maxLogEntries || check.bytes > room) {
			return this.#drop(state, peer, 'log-full', size);
		}
		if (!exempt && (huge || !state.entries.has(check.entries, now))) return this.#rateDrop(state, peer, size, now);
		state.updates.take(1, now);
		state.bytes.take(size, now);
		state.entries.take(check.entries, now);
		state.stats.applied++;
		this.applied++;
		this.#pendingBefore = this.tally.pendingBytes;
		return null;
	}

	/** After an admitted update was applied: if it left structs pending, ask `peer` to sync again. */
	settle(peer: string): void {
		if (this.tally.pendingBytes > this.#pendingBefore) this.requestResync(peer);
	}

	/** We sent `peer` a sync step 1 of our own accord (a new link): its step 2 is exempt from the rates. */
	expectSync(peer: string): void {
		this.#peer(peer, this.#now()).syncExpected = true;
	}

	/**
	 * Registers how to ask `peer` to sync again (send it our state vector: it answers with a step 2
	 * of what we lack). Returns the function that unregisters it.
	 */
	attach(peer: string, resync: () => void): () => void {
		this.#resyncs.set(peer, resync);
		return () => {
			if (this.#resyncs.get(peer) === resync) this.#resyncs.delete(peer);
		};
	}

	/** Asks `peer` to sync again, unless it is muted or was asked less than `resyncIntervalMs` ago. */
	requestResync(peer: string): void {
		const resync = this.#resyncs.get(peer);
		if (!resync) return;
		const now = this.#now();
		const state = this.#peer(peer, now);
		if (now < state.stats.mutedUntil || now - state.lastResync < this.limits.resyncIntervalMs) return;
		state.lastResync = now;
		resync();
	}

	/** A message from `peer` that did not even decode as a sync message. */
	malformed(peer: string, bytes = 0): void {
		const now = this.#now();
		const state = this.#peer(peer, now);
		this.#mute(state, now);
		this.#drop(state, peer, 'malformed-update', bytes);
	}

	/** What the gate knows of `peer` (a copy), or null. */
	peer(peer: string): PeerUpdateStats | null {
		const state = this.#peers.get(peer);
		return state ? { ...state.stats, dropped: { ...state.stats.dropped } } : null;
	}

	/** Every known peer's stats. */
	peers(): Map<string, PeerUpdateStats> {
		return new Map([...this.#peers.keys()].map((id) => [id, this.peer(id)!]));
	}

	isMuted(peer: string): boolean {
		return this.#now() < (this.#peers.get(peer)?.stats.mutedUntil ?? 0);
	}

	/** Calls `listener` on every drop. Returns the unsubscribe function. */
	onDrop(listener: (drop: UpdateDrop) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	destroy(): void {
		this.tally.destroy();
		this.#listeners.clear();
		this.#resyncs.clear();
	}

	#peer(peer: string, now: number): PeerState {
		let state = this.#peers.get(peer);
		if (state === undefined) {
			const l = this.limits;
			state = {
				stats: { applied: 0, dropped: {}, mutedUntil: 0, mutes: 0 },
				updates: new TokenBucket(l.updatesPerSecond, l.updateBurst, now),
				entries: new TokenBucket(l.entriesPerSecond, l.entryBurst, now),
				bytes: new TokenBucket(l.bytesPerSecond, l.byteBurst, now),
				strikes: 0,
				strikesSince: now,
				syncExpected: false,
				lastResync: -Infinity,
				lastSeen: now
			};
			this.#peers.set(peer, state);
			if (this.#peers.size > MAX_PEERS) this.#forget(now);
		}
		state.lastSeen = now;
		return state;
	}

	/** Forgets the least recently seen unmuted peer. */
	#forget(now: number): void {
		let oldest: string | null = null;
		let seen = Infinity;
		for (const [id, s] of this.#peers) {
			if (s.stats.mutedUntil <= now && s.lastSeen < seen) [oldest, seen] = [id, s.lastSeen];
		}
		if (oldest !== null) this.#peers.delete(oldest);
	}

	#rateDrop(state: PeerState, peer: string, bytes: number, now: number): UpdateDropReason {
		if (now - state.strikesSince > this.limits.strikeWindowMs) {
			state.strikes = 0;
			state.strikesSince = now;
		}
		if (++state.strikes >= this.limits.floodStrikes) this.#mute(state, now);
		return this.#drop(state, peer, 'rate', bytes);
	}

	#mute(state: PeerState, now: number): void {
		const ms = Math.min(this.limits.maxMuteMs, this.limits.muteMs * 2 ** state.stats.mutes);
		state.stats.mutes++;
		state.stats.mutedUntil = now + ms;
		state.strikes = 0;
		state.strikesSince = now;
	}

	#drop(state: PeerState, peer: string, reason: UpdateDropReason, bytes: number): UpdateDropReason {
		state.stats.dropped[reason] = (state.stats.dropped[reason] ?? 0) + 1;
		this.dropped[reason] = (this.dropped[reason] ?? 0) + 1;
		for (const listener of this.#listeners) listener({ peer, reason, bytes });
		return reason;
	}
}

const gates = new WeakMap<Y.Doc, UpdateGate>();

/** The gate of `doc` shared by all its transports (created with the defaults on first use). */
export function updateGateFor(doc: Y.Doc): UpdateGate {
	let gate = gates.get(doc);
	if (gate === undefined) {
		gate = new UpdateGate(doc);
		gates.set(doc, gate);
	}
	return gate;
}
