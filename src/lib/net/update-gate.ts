/**
 * The gate every remote Yjs update of a game passes before it reaches the game's Y.Doc (hooks:
 * gated-sync.ts for y-webrtc links and ChannelSync). An update is applied only if it is all
 * appends of well-formed entries (update-check.ts), fits the log cap and is within the rates; a
 * dropped update never reaches the doc, so IndexedDB never stores it.
 *
 * Rates are kept per author (Yjs client id: its updates and new entries) and per peer (one link:
 * its updates, bytes, and the authors new to this doc it brings). Peers relay every update they
 * apply, so a flood an honest peer accepted reaches us through it too: its entries are charged to
 * the flooder's author, and a copy of what we hold costs only its bytes, so the honest peer's own
 * moves still pass. A peer's limits are far above what an honest peer relays; one over them
 * `floodStrikes` times within `strikeWindowMs` is muted (30 s, then twice as long each time), and
 * one that sends refused content (honest peers never do) at once. An author over its rates is
 * only dropped, never muted: its entries may be needed later to place an honest peer's entries.
 *
 * The first step 2 of a link we opened is exempt from the rates (it is bounded by the log cap).
 * When an applied update leaves structs pending (something it builds on was lost or dropped), the
 * gate asks its peer to sync again, at most every `resyncIntervalMs`: its step 2 brings what is
 * missing, through the gate like any update.
 */
import type * as Y from 'yjs';
import { LogTally } from './log-tally.js';
import { Standing } from './standing.js';
import { TokenBucket } from './token-bucket.js';
import { ConflictCopies, type ConflictSelect } from './item-conflicts.js';
import { checkUpdate, type ContentDropReason } from './update-check.js';
import { DEFAULT_UPDATE_LIMITS, type UpdateLimits } from './update-limits.js';

export { CONFLICT_BURST, CONFLICTS_PER_SECOND } from './item-conflicts.js';

/** A pull's answer is the peer's next step 2 within this time. */
const PULL_ANSWER_MS = 60_000;
/** Conflict copies leave this share of the log cap free (1 / COPY_MARGIN): peers may hold more. */
const COPY_MARGIN = 100;
/** Texts one pull may copy in at most, all answers together. */
export const PULL_COPY_ROOM = 2_000;

export type UpdateDropReason = ContentDropReason | 'rate' | 'log-full' | 'muted';

/** What to do with one update: apply it, skip it (nothing new in it), or drop it (why). */
export type UpdateVerdict = 'apply' | 'known' | UpdateDropReason;

export { DEFAULT_UPDATE_LIMITS, NO_RATE_LIMITS, type UpdateLimits } from './update-limits.js';

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
	readonly standing: Standing;
	applied: number;
	readonly dropped: Partial<Record<UpdateDropReason, number>>;
	readonly updates: TokenBucket;
	readonly bytes: TokenBucket;
	readonly authors: TokenBucket;
	syncExpected: boolean;
	/** We asked it for everything (a pull) at this time: its next step 2 within PULL_ANSWER_MS is
	 * the answer, whose conflicts go through the pull's select. */
	pullAskedAt: number;
	/** Its sync step 1s we answer (each answer may be the whole log), and its other requests
	 * (ChannelSync's sync requests and presence queries: a state vector, every presence state). */
	readonly answers: TokenBucket;
	readonly requests: TokenBucket;
	lastResync: number;
	lastSeen: number;
}

interface AuthorState {
	readonly updates: TokenBucket;
	readonly entries: TokenBucket;
	lastSeen: number;
}

/** Peers and authors remembered at most (the least recently seen unmuted ones are forgotten). */
const MAX_PEERS = 256;
const MAX_AUTHORS = 4096;
/** An update this much larger than the log's room left (plus slack for its encoding) cannot fit. */
const UPDATE_OVERHEAD = 2;
const UPDATE_SLACK = 64 * 1024;

export class UpdateGate {
	readonly limits: Readonly<UpdateLimits>;
	readonly tally: LogTally;
	/** Drops of all peers by reason. */
	readonly dropped: Partial<Record<UpdateDropReason, number>> = {};
	/** Updates applied. */
	applied = 0;
	readonly #doc: Y.Doc;
	readonly #now: () => number;
	readonly #peers = new Map<string, PeerState>();
	readonly #authors = new Map<number, AuthorState>();
	readonly #resyncs = new Map<string, () => void>();
	readonly #pulls = new Map<string, () => void>();
	readonly #retries = new Map<string, ReturnType<typeof setTimeout>>();
	readonly #copies: ConflictCopies;
	#pullSelect: ConflictSelect | null = null;
	#lastPull = -Infinity;
	/** Texts the current pull may still copy in. */
	#pullRoom = 0;
	readonly #listeners = new Set<(drop: UpdateDrop) => void>();
	#pendingBefore = 0;

	constructor(doc: Y.Doc, options: UpdateGateOptions = {}) {
		this.#doc = doc;
		this.limits = { ...DEFAULT_UPDATE_LIMITS, ...options.limits };
		this.#now = options.now ?? (() => performance.now());
		this.#copies = new ConflictCopies(doc, this.#now);
		if (!gates.has(doc)) gates.set(doc, this);
		this.tally = new LogTally(doc, {
			maxPendingBytes: this.limits.maxPendingBytes,
			onPendingCleared: () => {
				for (const peer of this.#resyncs.keys()) this.requestResync(peer);
			}
		});
	}

	/**
	 * Decides one update from `peer`: 'apply' it, skip it ('known': the doc holds all of it, e.g. a
	 * copy relayed by another peer; it costs only its bytes), or drop it (the reason, counted).
	 * `step2`: it came as a sync step 2. Call `settle(peer)` after applying it.
	 */
	admit(peer: string, update: Uint8Array, options: { step2?: boolean; v2?: boolean } = {}): UpdateVerdict {
		const now = this.#now();
		const link = this.#peer(peer, now);
		// A pull's answer may come after the answer to an earlier step 1 of ours (review): the pull's
		// window stays open, exempt, until a step 2 shows conflicts or a second one comes.
		const pulled = options.step2 === true && now - link.pullAskedAt < PULL_ANSWER_MS;
		const exempt = options.step2 === true && (link.syncExpected || pulled);
		if (options.step2) {
			if (!link.syncExpected) link.pullAskedAt = -Infinity;
			link.syncExpected = false;
		}
		const size = update.byteLength;
		if (link.standing.isMuted(now)) return this.#drop(link, peer, 'muted', size);
		// Over the peer's rates, or larger than the byte burst (which never passes unless exempt):
		// refused before decoding, with a strike. A huge update used to be decoded for its reason, so
		// a 23 KB deflated one cost 1.2 s of CPU each time, dropped log-full at no cost (red team).
		const huge = size > this.limits.byteBurst;
		if (!exempt && (huge || !(link.updates.has(1, now) && link.bytes.has(size, now)))) return this.#rateDrop(link, peer, size, now);
		const room = this.limits.maxLogBytes - this.tally.bytes;
		if (size > UPDATE_OVERHEAD * room + UPDATE_SLACK) return this.#logFull(link, peer, size, now, exempt);

		const check = checkUpdate(this.#doc, update, options);
		if (!check.ok) {
			link.standing.mute(now, this.limits);
			return this.#drop(link, peer, check.reason, size);
		}
		// Other strings at ids we hold: copied in as our own items (item-conflicts.ts), whatever the verdict.
		if (check.conflicts.length > 0) {
			// Copies stop short of the cap, less what this update brings and a margin (peers may hold more).
			const l = this.limits;
			const logRoom = {
				entries: l.maxLogEntries - Math.ceil(l.maxLogEntries / COPY_MARGIN) - this.tally.entries - check.entries,
				bytes: l.maxLogBytes - Math.ceil(l.maxLogBytes / COPY_MARGIN) - this.tally.bytes - check.bytes,
			};
			this.#pullRoom -= this.#copies.add(check.conflicts, link, pulled ? this.#pullSelect : null, pulled ? this.#pullRoom : 0, logRoom);
			if (pulled) link.pullAskedAt = -Infinity;
		}
		if (check.entries === 0) {
			link.bytes.take(size, now);
			return 'known';
		}
		if (this.tally.entries + check.entries > this.limits.maxLogEntries || check.bytes > room) {
			return this.#logFull(link, peer, size, now, exempt);
		}
		const store = this.#doc.store;
		const newAuthors = [...check.authors.keys()].filter((a) => !this.#authors.has(a) && !store.clients.has(a)).length;
		if (!exempt && !link.authors.has(newAuthors, now)) return this.#rateDrop(link, peer, size, now);
		link.authors.take(newAuthors, now); // introduced now, whatever comes next
		link.updates.take(1, now);
		link.bytes.take(size, now);
		const authors = [...check.authors].map(([id, entries]) => ({ state: this.#author(id, now), entries }));
		if (!exempt && authors.some((a) => !(a.state.updates.has(1, now) && a.state.entries.has(a.entries, now)))) {
			// An author's rate: no strike for the peer (it may relay). What was dropped comes back
			// with a resync once the interval allows (an honest move dropped behind a flood of copies
			// under its author's id otherwise waited for that author's next write: red team).
			this.#resyncLater(peer);
			return this.#drop(link, peer, 'rate', size);
		}
		for (const a of authors) {
			a.state.updates.take(1, now);
			a.state.entries.take(a.entries, now);
		}
		link.applied++;
		this.applied++;
		this.#pendingBefore = this.tally.pendingBytes;
		return 'apply';
	}

	/** Strings met at ids this doc holds with other content (update-check.ts), how many were set
	 * aside over the budget, copied in, and picked by a pull (item-conflicts.ts). */
	get conflictsSeen(): number {
		return this.#copies.seen;
	}
	get conflictsOverBudget(): number {
		return this.#copies.overBudget;
	}
	get conflictsCopied(): number {
		return this.#copies.copied;
	}
	get conflictsPulled(): number {
		return this.#copies.pulled;
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
	attach(peer: string, resync: () => void, pull?: () => void): () => void {
		this.#resyncs.set(peer, resync);
		if (pull) this.#pulls.set(peer, pull);
		return () => {
			if (this.#resyncs.get(peer) === resync) this.#resyncs.delete(peer);
			if (this.#pulls.get(peer) === pull) this.#pulls.delete(peer);
		};
	}

	/**
	 * Asks every linked peer that is not muted for everything it holds (a sync step 1 with an empty
	 * state vector): a sync by state vector never sends ids we hold, so entries a peer wrote at ids
	 * where we hold someone else's strings (a squat that reached us first) only come this way. The
	 * answers are exempt from the rates; of the other strings they show at held ids, those `select`
	 * picks are copied in whatever the budget (session/missing-pull.ts). Returns how many were asked.
	 */
	pullAll(select: ConflictSelect): number {
		const now = this.#now();
		if (now - this.#lastPull < this.limits.pullIntervalMs) return 0;
		this.#lastPull = now;
		this.#pullSelect = select;
		this.#pullRoom = PULL_COPY_ROOM;
		let asked = 0;
		for (const [peer, pull] of this.#pulls) {
			const link = this.#peer(peer, now);
			if (link.standing.isMuted(now)) continue;
			link.syncExpected = true;
			link.pullAskedAt = now;
			pull();
			asked++;
		}
		return asked;
	}

	/** Forgets `select` if it is the pull's pick (its owner is gone): answers still coming are
	 * then copied like any conflict. */
	withdrawPull(select: ConflictSelect): void {
		if (this.#pullSelect === select) this.#pullSelect = null;
	}

	/** When to answer `peer`'s sync step 1 (our answer may be the whole log): 0, now (counted);
	 * else the milliseconds until the pace allows one (gated-sync.ts Step1Pacer). */
	answerDelay(peer: string, kind: 'step1' | 'request' = 'step1'): number {
		const now = this.#now();
		const link = this.#peer(peer, now);
		const bucket = kind === 'step1' ? link.answers : link.requests;
		if (bucket.has(1, now)) {
			bucket.take(1, now);
			return 0;
		}
		return Math.max(1, Math.ceil(((1 - bucket.level(now)) / this.limits.step1AnswersPerSecond) * 1000));
	}

	/** Asks `peer` to sync again, unless it is muted; within `resyncIntervalMs` of the last ask, once
	 * that much has passed (`retry`). Its answer is a step 2 we asked for, exempt from the rates like a new link's: the answer to a
	 * gap (structs pending) holds what the rates dropped, and was dropped again by them for good
	 * (red team, session 15). It stays bound by the content checks and the log cap. */
	requestResync(peer: string, retry = true): void {
		const resync = this.#resyncs.get(peer);
		if (!resync) return;
		const now = this.#now();
		const link = this.#peer(peer, now);
		if (link.standing.isMuted(now)) return;
		if (now - link.lastResync < this.limits.resyncIntervalMs) return retry ? this.#resyncLater(peer) : undefined;
		link.lastResync = now;
		link.syncExpected = true;
		resync();
	}

	/** A message from `peer` that did not even decode as a sync message: dropped, and the peer muted. */
	malformed(peer: string, bytes = 0): void {
		const now = this.#now();
		const link = this.#peer(peer, now);
		link.standing.mute(now, this.limits);
		this.#drop(link, peer, 'malformed-update', bytes);
	}

	/** What the gate knows of `peer` (a copy), or null. */
	peer(peer: string): PeerUpdateStats | null {
		const link = this.#peers.get(peer);
		if (!link) return null;
		return { applied: link.applied, dropped: { ...link.dropped }, mutedUntil: link.standing.mutedUntil, mutes: link.standing.mutes };
	}

	/** Every known peer's stats. */
	peers(): Map<string, PeerUpdateStats> {
		return new Map([...this.#peers.keys()].map((id) => [id, this.peer(id)!]));
	}

	isMuted(peer: string): boolean {
		return this.#peers.get(peer)?.standing.isMuted(this.#now()) ?? false;
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
		this.#pulls.clear();
		for (const timer of this.#retries.values()) clearTimeout(timer);
		this.#retries.clear();
	}

	#peer(peer: string, now: number): PeerState {
		let link = this.#peers.get(peer);
		if (link === undefined) {
			const l = this.limits;
			link = {
				standing: new Standing(now),
				applied: 0,
				dropped: {},
				updates: new TokenBucket(l.peerUpdatesPerSecond, l.peerUpdateBurst, now),
				bytes: new TokenBucket(l.bytesPerSecond, l.byteBurst, now),
				authors: new TokenBucket(l.authorsPerSecond, l.authorBurst, now),
				syncExpected: false,
				pullAskedAt: -Infinity,
				answers: new TokenBucket(l.step1AnswersPerSecond, l.step1AnswerBurst, now),
				requests: new TokenBucket(l.step1AnswersPerSecond, l.step1AnswerBurst, now),
				lastResync: -Infinity,
				lastSeen: now
			};
			this.#peers.set(peer, link);
			forgetOldest(this.#peers, MAX_PEERS, now);
		}
		link.lastSeen = now;
		return link;
	}

	#author(id: number, now: number): AuthorState {
		let author = this.#authors.get(id);
		if (author === undefined) {
			const l = this.limits;
			author = {
				updates: new TokenBucket(l.updatesPerSecond, l.updateBurst, now),
				entries: new TokenBucket(l.entriesPerSecond, l.entryBurst, now),
				lastSeen: now
			};
			this.#authors.set(id, author);
			forgetOldest(this.#authors, MAX_AUTHORS, now);
		}
		author.lastSeen = now;
		return author;
	}

	#rateDrop(link: PeerState, peer: string, bytes: number, now: number): UpdateDropReason {
		link.standing.strike(now, this.limits);
		return this.#drop(link, peer, 'rate', bytes);
	}

	/** A drop at the log cap. Unless exempt, its bytes and one update are charged to the peer, so
	 * sending it again is refused by the rates before it is decoded. */
	#logFull(link: PeerState, peer: string, bytes: number, now: number, exempt: boolean): UpdateDropReason {
		if (!exempt) {
			link.updates.take(1, now);
			link.bytes.take(bytes, now);
		}
		return this.#drop(link, peer, 'log-full', bytes);
	}

	/** Asks `peer` to sync again once the resync interval allows (one timer per peer). */
	#resyncLater(peer: string): void {
		if (this.#retries.has(peer) || !this.#resyncs.has(peer)) return;
		this.#retries.set(
			peer,
			setTimeout(() => {
				this.#retries.delete(peer);
				this.requestResync(peer, false);
			}, this.limits.resyncIntervalMs),
		);
	}

	#drop(link: PeerState, peer: string, reason: UpdateDropReason, bytes: number): UpdateDropReason {
		link.dropped[reason] = (link.dropped[reason] ?? 0) + 1;
		this.dropped[reason] = (this.dropped[reason] ?? 0) + 1;
		for (const listener of this.#listeners) listener({ peer, reason, bytes });
		return reason;
	}
}

/** Above `max` entries, forgets the least recently seen one that is not muted. */
function forgetOldest<K>(map: Map<K, { standing?: Standing; lastSeen: number }>, max: number, now: number): void {
	if (map.size <= max) return;
	let oldest: K | undefined;
	let seen = Infinity;
	for (const [key, s] of map) {
		if (!s.standing?.isMuted(now) && s.lastSeen < seen) [oldest, seen] = [key, s.lastSeen];
	}
	if (oldest !== undefined) map.delete(oldest);
}

const gates = new WeakMap<Y.Doc, UpdateGate>();

/** The gate of `doc`, if one was made (the first gate made for a doc is its gate). */
export function gateOf(doc: Y.Doc): UpdateGate | null {
	return gates.get(doc) ?? null;
}

/** The gate of `doc` shared by all its transports (created with the defaults on first use). */
export function updateGateFor(doc: Y.Doc): UpdateGate {
	let gate = gates.get(doc);
	if (gate === undefined) {
		gate = new UpdateGate(doc);
		gates.set(doc, gate);
	}
	return gate;
}
