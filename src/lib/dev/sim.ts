/**
 * An in-memory network of N game documents for tests (no DOM, no sockets, no clocks).
 *
 * Every pair of peers is linked by two ByteChannels carrying the same y-protocols messages a real
 * transport carries (through ChannelSync). A seeded generator decides each message's delay and
 * whether it is duplicated; messages due at the same tick are delivered in random order, so
 * delivery is delayed, reordered and duplicated. Partitions drop messages on cut links; healing a
 * link makes both ends resync, as a reconnecting peer does.
 *
 * Each peer counts reorders: changes that inserted entries before entries it already had.
 */
import { ChannelSync, type ByteChannel } from '../net/channel-sync.js';
import { appendEntry, createGameDoc, observeLog, readLog, type GameDoc } from '../net/doc.js';
import { LogGuard } from '../net/guard.js';
import { createPrng, type Prng } from './prng.js';
import { NO_RATE_LIMITS, UpdateGate } from '../net/update-gate.js';

export interface SimOptions {
	/** Number of peers (at least 2). */
	peers: number;
	/** Seed of the generator that drives delays, duplicates and delivery order. */
	seed: number;
	/** Largest delay of a message, in ticks (each message takes 1..maxDelay). Default 6. */
	maxDelay?: number;
	/** Probability that a message is delivered twice. Default 0.1. */
	duplicateRate?: number;
	/** Which peers run a LogGuard (honest peers). Default: none. */
	guards?: boolean | ((index: number) => boolean);
	/** Guards defer restores by 1..guardDelay ticks (LogGuard `schedule`). Default 0: at once. */
	guardDelay?: number;
	/** Game id shared by all documents. */
	gameId?: string;
	/**
	 * Every peer's remote updates pass an UpdateGate (content checks and log caps; no rate caps,
	 * the clock being ticks). Default true; false lets a rogue's deletions through (LogGuard tests).
	 */
	gates?: boolean;
}

export interface SimPeer {
	readonly index: number;
	readonly game: GameDoc;
	readonly guard: LogGuard | null;
	readonly gate: UpdateGate | null;
	/** Changes that inserted remote entries before entries this peer already had. */
	reorders: number;
	/** Entries that such insertions moved to a later index. */
	displaced: number;
}

export interface SimStats {
	sent: number;
	delivered: number;
	duplicated: number;
	/** Messages lost on a cut link. */
	dropped: number;
	/** Messages delivered after a later-sent message on the same directed link. */
	outOfOrder: number;
}

interface Message {
	readonly from: number;
	readonly to: number;
	readonly seq: number;
	readonly due: number;
	readonly data: Uint8Array;
}

/** Fixed Yjs client ids: peer i has FIRST_CLIENT_ID + i. */
export const FIRST_CLIENT_ID = 1;

/** Milliseconds a tick stands for, on the gates' clocks. */
const TICK_MS = 100;

export class SimNetwork {
	readonly peers: SimPeer[] = [];
	readonly stats: SimStats = { sent: 0, delivered: 0, duplicated: 0, dropped: 0, outOfOrder: 0 };
	readonly prng: Prng;
	readonly #maxDelay: number;
	readonly #duplicateRate: number;
	#now = 0;
	#queue: Message[] = [];
	#tasks: { due: number; run: () => void }[] = [];
	/** handlers[to][from]: the receiver of messages on the link from -> to. */
	readonly #handlers: ((m: Uint8Array) => void)[][] = [];
	/** syncs[i][j]: peer i's end of the link to j. */
	readonly #syncs: (ChannelSync | null)[][] = [];
	readonly #up: boolean[][] = [];
	readonly #nextSeq: number[][] = [];
	readonly #lastDelivered: number[][] = [];
	readonly #unobserve: (() => void)[] = [];

	constructor(options: SimOptions) {
		const n = options.peers;
		if (!Number.isInteger(n) || n < 2) throw new RangeError('SimNetwork needs at least 2 peers');
		this.prng = createPrng(options.seed);
		this.#maxDelay = Math.max(1, options.maxDelay ?? 6);
		this.#duplicateRate = options.duplicateRate ?? 0.1;
		const guarded = options.guards ?? false;
		for (let i = 0; i < n; i++) {
			const game = createGameDoc(options.gameId ?? 'sim-game', { clientID: FIRST_CLIENT_ID + i });
			const useGuard = typeof guarded === 'function' ? guarded(i) : guarded;
			const peer: SimPeer = {
				index: i,
				game,
				guard: useGuard ? new LogGuard(game, this.#guardOptions(options.guardDelay ?? 0)) : null,
				gate: options.gates === false ? null : new UpdateGate(game.doc, { limits: NO_RATE_LIMITS, now: () => this.#now * TICK_MS }),
				reorders: 0,
				displaced: 0
			};
			this.#unobserve.push(
				observeLog(game, (change) => {
					if (change.local || !change.insertedBeforeEnd) return;
					peer.reorders++;
					peer.displaced += change.lengthBefore - change.deleted - change.firstIndex;
				})
			);
			this.peers.push(peer);
			this.#handlers.push(new Array<(m: Uint8Array) => void>(n));
			this.#syncs.push(new Array<ChannelSync | null>(n).fill(null));
			this.#up.push(new Array<boolean>(n).fill(true));
			this.#nextSeq.push(new Array<number>(n).fill(0));
			this.#lastDelivered.push(new Array<number>(n).fill(-1));
		}
		for (let i = 0; i < n; i++) {
			for (let j = 0; j < n; j++) {
				if (i === j) continue;
				const sync = new ChannelSync(this.peers[i]!.game.doc, this.#channel(i, j), null, { gate: this.peers[i]!.gate, peer: `sim-${j}` });
				this.#syncs[i]![j] = sync;
			}
		}
		for (const row of this.#syncs) for (const sync of row) sync?.start();
	}

	#guardOptions(delay: number): { schedule?: (restore: () => void) => void } {
		if (delay <= 0) return {};
		return {
			schedule: (run) => this.#tasks.push({ due: this.#now + 1 + this.prng.int(delay), run })
		};
	}

	get now(): number {
		return this.#now;
	}

	/** Messages still in flight. */
	get pending(): number {
		return this.#queue.length;
	}

	/** Appends entries on peer `index` (a local, push-only append). */
	append(index: number, entry: string | readonly string[]): void {
		appendEntry(this.#peer(index).game, entry);
	}

	log(index: number): string[] {
		return readLog(this.#peer(index).game);
	}

	logs(): string[][] {
		return this.peers.map((p) => readLog(p.game));
	}

	/** Total reorders seen by all peers. */
	reorders(): number {
		return this.peers.reduce((sum, p) => sum + p.reorders, 0);
	}

	isLinked(a: number, b: number): boolean {
		return this.#up[a]![b]!;
	}

	/** Cuts every link between different groups (peers not listed form one more group). */
	partition(groups: readonly (readonly number[])[]): void {
		const groupOf = new Array<number>(this.peers.length).fill(-1);
		groups.forEach((g, k) => g.forEach((i) => (groupOf[this.#peer(i).index] = k)));
		for (let a = 0; a < this.peers.length; a++) {
			for (let b = a + 1; b < this.peers.length; b++) {
				if (groupOf[a] !== groupOf[b]) this.setLink(a, b, false);
			}
		}
	}

	/** Takes one peer off the network (all its links down). */
	disconnect(index: number): void {
		for (let b = 0; b < this.peers.length; b++) if (b !== index) this.setLink(index, b, false);
	}

	/** Brings one peer back: its links come up and resync. */
	reconnect(index: number): void {
		for (let b = 0; b < this.peers.length; b++) if (b !== index) this.setLink(index, b, true);
	}

	/** Restores every link; links that were down resync. */
	heal(): void {
		for (let a = 0; a < this.peers.length; a++) {
			for (let b = a + 1; b < this.peers.length; b++) this.setLink(a, b, true);
		}
	}

	/** Sets a link up or down. Going down drops its messages in flight; coming up resyncs. */
	setLink(a: number, b: number, up: boolean): void {
		if (a === b || this.#up[a]![b] === up) return;
		this.#up[a]![b] = up;
		this.#up[b]![a] = up;
		if (!up) {
			const kept = this.#queue.filter(
				(m) => !((m.from === a && m.to === b) || (m.from === b && m.to === a))
			);
			this.stats.dropped += this.#queue.length - kept.length;
			this.#queue = kept;
		} else {
			this.#syncs[a]![b]!.resync(); // also asks b for its state vector: both catch up
		}
	}

	/** Advances one tick and delivers, in random order, every message due by then. */
	tick(): number {
		this.#now++;
		const tasks = this.#tasks.filter((t) => t.due <= this.#now);
		this.#tasks = this.#tasks.filter((t) => t.due > this.#now);
		for (const task of tasks) task.run();
		const due: Message[] = [];
		const later: Message[] = [];
		for (const m of this.#queue) (m.due <= this.#now ? due : later).push(m);
		this.#queue = later;
		this.prng.shuffle(due);
		for (const m of due) this.#deliver(m);
		return due.length;
	}

	/** Ticks until no message is in flight. Returns the number of ticks. */
	flushAll(maxTicks = 1_000_000): number {
		let ticks = 0;
		while (this.#queue.length > 0 || this.#tasks.length > 0) {
			if (ticks++ >= maxTicks) throw new Error(`flushAll: still ${this.#queue.length} messages`);
			this.tick();
		}
		return ticks;
	}

	destroy(): void {
		for (const off of this.#unobserve) off();
		for (const row of this.#syncs) for (const sync of row) sync?.stop();
		for (const p of this.peers) {
			p.guard?.destroy();
			p.gate?.destroy();
			p.game.doc.destroy();
		}
		this.#queue = [];
		this.#tasks = [];
	}

	#peer(index: number): SimPeer {
		const p = this.peers[index];
		if (!p) throw new RangeError(`no peer ${index}`);
		return p;
	}

	#channel(from: number, to: number): ByteChannel {
		return {
			send: (data) => this.#send(from, to, data),
			onMessage: (handler) => {
				this.#handlers[from]![to] = handler;
				return () => {
					if (this.#handlers[from]![to] === handler) delete this.#handlers[from]![to];
				};
			}
		};
	}

	#send(from: number, to: number, data: Uint8Array): void {
		if (!this.#up[from]![to]) {
			this.stats.dropped++;
			return;
		}
		const seq = this.#nextSeq[from]![to]!++;
		this.stats.sent++;
		const copies = this.prng.chance(this.#duplicateRate) ? 2 : 1;
		if (copies === 2) this.stats.duplicated++;
		for (let c = 0; c < copies; c++) {
			const due = this.#now + 1 + this.prng.int(this.#maxDelay);
			this.#queue.push({ from, to, seq, due, data });
		}
	}

	#deliver(m: Message): void {
		const handler = this.#handlers[m.to]![m.from];
		if (!handler) {
			this.stats.dropped++;
			return;
		}
		const last = this.#lastDelivered[m.from]![m.to]!;
		if (m.seq < last) this.stats.outOfOrder++;
		else this.#lastDelivered[m.from]![m.to] = m.seq;
		this.stats.delivered++;
		handler(m.data);
	}
}
