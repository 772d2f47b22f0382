/**
 * The relay part of the mesh: for each peer heard of but not linked, the lower peer id offers a
 * WebRTC connection through a linked peer that knows it; signals for others are forwarded one
 * hop; failed attempts are retried after growing delays, through another relay when there is
 * one, then given up (and forgotten once no linked peer lists that peer any more). Every signal
 * is signed by its sender; one addressed here is acted on only if SignalCheck accepts it.
 */
import { HandshakeError } from '../handshake/errors.js';
import type { RtcLink } from '../handshake/rtc.js';
import { answer, offer, type AttemptOptions, type IncomingAttempt, type OutgoingAttempt } from './attempt.js';
import type { MeshLink } from './link.js';
import type { RejectReason, SignalMessage } from './messages.js';
import type { MeshReportCode } from './reports.js';
import type { SignalCheck } from './signal-check.js';
import { TokenBucket } from '../token-bucket.js';

/** What the relay needs of the mesh. */
export interface RelayHost {
	readonly id: string;
	readonly destroyed: boolean;
	readonly signals: SignalCheck;
	linked(peer: string): boolean;
	/** The registered link to a peer (own connection or y-webrtc). */
	route(peer: string): MeshLink | undefined;
	/** Peers heard of, with the linked peers that listed them. */
	known(): Map<string, string[]>;
	addRelayed(link: RtcLink & { key: string }, peer: string): void;
	report(code: MeshReportCode, detail: string, peer?: string | null, via?: string | null): void;
	now(): number;
	newId(): string;
}

interface Outgoing {
	sid: string;
	via: string;
	attempt: OutgoingAttempt | null;
}

interface Retry {
	count: number;
	timer: ReturnType<typeof setTimeout> | null;
	gaveUp: boolean;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 4000, 15_000];

/** Connection attempts under way at once, each way: a table has at most eight seats and a few
 * watchers, and each attempt holds an RTCPeerConnection (red team: one linked peer listing or
 * relaying made-up peers had this device open hundreds of them). */
export const MAX_ATTEMPTS_EACH_WAY = 8;

export class Relay {
	readonly #host: RelayHost;
	readonly #attempt: AttemptOptions;
	readonly #delays: readonly number[];
	readonly #outgoing = new Map<string, Outgoing>();
	readonly #incoming = new Map<string, { sid: string; attempt: IncomingAttempt | null }>();
	readonly #retries = new Map<string, Retry>();
	/** Attempts started: MAX_ATTEMPTS_EACH_WAY at once, then one a second (a peer sending list
	 * after list of made-up peers would otherwise have attempts opened and closed without end). */
	readonly #starts: TokenBucket;
	#later: ReturnType<typeof setTimeout> | null = null;

	constructor(host: RelayHost, attempt: AttemptOptions, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS) {
		this.#host = host;
		this.#attempt = attempt;
		this.#delays = retryDelaysMs;
		this.#starts = new TokenBucket(1, MAX_ATTEMPTS_EACH_WAY, host.now());
	}

	/** Starts an attempt for each peer heard of, not linked, not being tried, and ours to offer. */
	reconcile(): void {
		if (this.#host.destroyed) return;
		const known = this.#host.known();
		for (const [peer, retry] of this.#retries) {
			if (!known.has(peer) && !retry.timer) this.#retries.delete(peer); // gone: a return starts afresh
		}
		// An attempt to a peer no linked peer lists any more is given up at once.
		for (const [peer, entry] of this.#outgoing) {
			if (known.has(peer)) continue;
			this.#outgoing.delete(peer);
			entry.attempt?.close();
		}
		for (const [peer, vias] of known) {
			if (this.#outgoing.size >= MAX_ATTEMPTS_EACH_WAY) break;
			if (this.#host.linked(peer) || this.#outgoing.has(peer) || !(this.#host.id < peer)) continue;
			const retry = this.#retries.get(peer);
			if (retry && (retry.timer !== null || retry.gaveUp)) continue;
			const now = this.#host.now();
			if (!this.#starts.has(1, now)) {
				// Out of starts for now: look again in a second.
				this.#later ??= setTimeout(() => {
					this.#later = null;
					this.reconcile();
				}, 1000);
				break;
			}
			this.#starts.take(1, now);
			void this.#dial(peer, vias[(retry?.count ?? 0) % vias.length]!);
		}
	}

	/** A link to `peer` is up (by any means): stop trying. */
	linked(peer: string): void {
		const retry = this.#retries.get(peer);
		if (retry?.timer) clearTimeout(retry.timer);
		this.#retries.delete(peer);
		this.#outgoing.get(peer)?.attempt?.close();
		this.#outgoing.delete(peer);
	}

	close(): void {
		if (this.#later !== null) clearTimeout(this.#later);
		this.#later = null;
		for (const retry of this.#retries.values()) if (retry.timer) clearTimeout(retry.timer);
		for (const o of this.#outgoing.values()) o.attempt?.close();
		for (const i of this.#incoming.values()) i.attempt?.close();
		this.#retries.clear();
		this.#outgoing.clear();
		this.#incoming.clear();
	}

	async #dial(peer: string, via: string): Promise<void> {
		const host = this.#host;
		const entry: Outgoing = { sid: host.newId(), via, attempt: null };
		this.#outgoing.set(peer, entry);
		let attempt: OutgoingAttempt;
		try {
			attempt = await offer(this.#attempt);
		} catch (error) {
			return this.#dialFailed(peer, entry, codeOf(error));
		}
		if (this.#outgoing.get(peer) !== entry) return attempt.close();
		entry.attempt = attempt;
		const sent = host.route(via)?.send(
			host.signals.sign({ t: 'signal', sid: entry.sid, from: host.id, to: peer, hop: 0, kind: 'offer', sdp: attempt.offerSdp })
		);
		if (!sent) return this.#dialFailed(peer, entry, 'no-route');
		attempt.opened.then(
			(link) => {
				if (this.#outgoing.get(peer) === entry) this.#outgoing.delete(peer);
				host.addRelayed({ ...link, key: entry.sid }, peer);
			},
			(error: unknown) => this.#dialFailed(peer, entry, codeOf(error))
		);
	}

	#dialFailed(peer: string, entry: Outgoing, why: string): void {
		if (this.#outgoing.get(peer) !== entry) return;
		this.#outgoing.delete(peer);
		entry.attempt?.close();
		if (this.#host.destroyed) return;
		this.#host.report('relay-failed', why, peer, entry.via);
		const retry = this.#retries.get(peer) ?? { count: 0, timer: null, gaveUp: false };
		this.#retries.set(peer, retry);
		if (retry.count >= this.#delays.length) {
			retry.gaveUp = true;
			return this.#host.report('relay-gave-up', `after ${retry.count + 1} attempts`, peer);
		}
		retry.timer = setTimeout(() => {
			retry.timer = null;
			this.reconcile();
		}, this.#delays[retry.count++]);
	}

	/** A signal that arrived on `link` (whose hello was received). */
	handle(link: MeshLink, m: SignalMessage): void {
		const host = this.#host;
		const from = link.peerId!;
		if (m.to !== host.id) {
			// Relay: only what the device at the other end says for itself, one hop.
			if (m.hop !== 0 || m.from !== from) {
				return host.report('forged-message', `${m.kind} from ${m.from} hop ${m.hop}`, from);
			}
			if (!link.allowRelay(host.now())) return host.report('rate-limited', m.kind, from);
			const target = host.route(m.to);
			if (!target?.send({ ...m, hop: 1 })) {
				host.report('no-route', `${m.kind} from ${m.from} to ${m.to}`, m.to, from);
				if (m.kind !== 'reject') this.#reject(link, m, 'no-route');
			}
			return;
		}
		const relayed = m.hop === 1;
		if (m.from === host.id || (relayed ? m.from === from : m.from !== from)) {
			return host.report('forged-message', `${m.kind} from ${m.from} hop ${m.hop}`, from);
		}
		if (m.kind === 'offer' && this.#offerRefused(link, m, relayed)) return;
		const refused = host.signals.check(m);
		if (refused) return host.report(refused.code, refused.detail, m.from, from);
		if (m.kind === 'offer') return void this.#answer(link, m);
		const [peer, entry] = [...this.#outgoing].find(([, o]) => o.sid === m.sid) ?? [];
		if (!peer || !entry?.attempt || (m.kind === 'answer' && m.from !== peer)) {
			return host.report('unexpected-message', `${m.kind} for ${m.sid}`, m.from, from);
		}
		if (m.kind === 'reject') return this.#dialFailed(peer, entry, `rejected: ${m.reason}`);
		entry.attempt.accept(m.sdp!).catch((error: unknown) => {
			host.report('malformed-message', `answer: ${String(error)}`, peer, from);
			this.#dialFailed(peer, entry, 'malformed');
		});
	}

	/**
	 * Refusals of an offer that need no signature check (cheap ones first): a peer already linked,
	 * the higher peer id offering, a relayed offer from a peer its relay does not list as linked to
	 * it, or MAX_ATTEMPTS_EACH_WAY attempts under way. True when refused (rejected and reported).
	 */
	#offerRefused(link: MeshLink, m: SignalMessage, relayed: boolean): boolean {
		const host = this.#host;
		if (host.linked(m.from)) {
			this.#reject(link, m, 'already-linked');
			return true;
		}
		if (!(m.from < host.id)) {
			host.report('unexpected-message', 'offer from the higher peer id', m.from, link.peerId);
			this.#reject(link, m, 'wrong-initiator');
			return true;
		}
		if (relayed && !link.peersOfPeer.has(m.from)) {
			host.report('unexpected-message', `offer from ${m.from}, whom its relay does not list`, m.from, link.peerId);
			this.#reject(link, m, 'no-route');
			return true;
		}
		if (!this.#incoming.has(m.from) && this.#incoming.size >= MAX_ATTEMPTS_EACH_WAY) {
			host.report('rate-limited', `offer from ${m.from}: ${MAX_ATTEMPTS_EACH_WAY} attempts under way`, m.from, link.peerId);
			this.#reject(link, m, 'no-route');
			return true;
		}
		return false;
	}

	async #answer(link: MeshLink, m: SignalMessage): Promise<void> {
		const host = this.#host;
		this.#incoming.get(m.from)?.attempt?.close(); // a retry replaces an earlier attempt
		const entry: { sid: string; attempt: IncomingAttempt | null } = { sid: m.sid, attempt: null };
		this.#incoming.set(m.from, entry);
		let attempt: IncomingAttempt;
		try {
			attempt = await answer(this.#attempt, m.sdp!);
		} catch (error) {
			if (this.#incoming.get(m.from) === entry) this.#incoming.delete(m.from);
			host.report('malformed-message', `offer: ${String(error)}`, m.from, link.peerId);
			return this.#reject(link, m, 'bad-sdp');
		}
		if (this.#incoming.get(m.from) !== entry || host.destroyed) return attempt.close();
		entry.attempt = attempt;
		link.send(host.signals.sign({ t: 'signal', sid: m.sid, from: host.id, to: m.from, hop: 0, kind: 'answer', sdp: attempt.answerSdp }));
		attempt.opened.then(
			(rtc) => {
				if (this.#incoming.get(m.from) === entry) this.#incoming.delete(m.from);
				host.addRelayed({ ...rtc, key: m.sid }, m.from);
			},
			(error: unknown) => {
				if (this.#incoming.get(m.from) !== entry) return;
				this.#incoming.delete(m.from);
				host.report('relay-failed', codeOf(error), m.from, link.peerId);
			}
		);
	}

	#reject(link: MeshLink, m: SignalMessage, reason: RejectReason): void {
		link.send(this.#host.signals.sign({ t: 'signal', sid: m.sid, from: this.#host.id, to: m.from, hop: 0, kind: 'reject', reason }));
	}
}

function codeOf(error: unknown): string {
	return error instanceof HandshakeError ? error.code : String(error);
}
