/**
 * The entry graph of a version-2 game. Every entry names `last` (its author's previous entry) and
 * `deps` (the heads of what its author had seen), so the entries form a graph whose shape no peer
 * can change: where an entry sits in the Yjs array means nothing. An entry joins the graph only
 * once its signature is checked and everything it names is in the graph (until then it waits, and
 * nothing remembers it), so a refused or early entry never shadows a valid one. Each node gets a
 * Lamport number (1 + the largest it names). Two entries of one author naming the same `last` are
 * an equivocation: a proof any peer can check (docs/protocol.md, "Equivocation").
 */
import type { Entry } from '../entry.js';

export interface DagNode {
	readonly id: string;
	readonly entry: Entry;
	readonly text: string;
	/** Lamport number: 0 for the genesis, else 1 + the largest of what it names. */
	readonly lamport: number;
	/** Member key → Lamport number of that member's first entry that descends from this one. */
	readonly acks: Map<string, number>;
	/** Placed in the final order (never moves again). */
	final: boolean;
	/** Its author equivocated and this entry is on or after the fork: refused, never a member's. */
	postFork: boolean;
}

export type Admission =
	| { readonly status: 'admitted'; readonly nodes: readonly DagNode[] }
	| { readonly status: 'waiting' }
	| { readonly status: 'duplicate' }
	| { readonly status: 'refused'; readonly code: 'BAD_CHAIN' | 'NO_GAME' | 'WRONG_GAME'; readonly message: string };

/** An entry whose signature was checked, ready to be admitted. */
export interface CheckedEntry {
	readonly id: string;
	readonly entry: Entry;
	readonly text: string;
}

/** Entries kept waiting for what they name, at most (a flood beyond it is dropped, oldest first). */
export const MAX_WAITING = 20_000;

interface AuthorChain {
	/** Highest Lamport number among the author's entries. */
	latest: number;
	/** The author's entry with that number (its next entry's `last`). */
	latestNode: DagNode;
	/** `last` (or '' for a first entry) → the author's entries naming it. */
	readonly children: Map<string, DagNode[]>;
}

export class EntryDag {
	readonly gameId: string;
	readonly nodes = new Map<string, DagNode>();
	/** Nodes not yet final, in admission order. */
	readonly open = new Set<DagNode>();
	genesis: DagNode | null = null;
	/** Nodes no other node names: what a new entry's `deps` lists. */
	readonly heads = new Set<DagNode>();
	/** Authors caught equivocating → the entry both branches name (null: their first entry). */
	readonly equivocators = new Map<string, string | null>();
	readonly #chains = new Map<string, AuthorChain>();
	/** Missing id → entries waiting for it. */
	readonly #waiting = new Map<string, CheckedEntry[]>();
	readonly #waitingIds = new Set<string>();
	#waitingCount = 0;
	/** Copies of entries already in the graph (harmless, counted). */
	duplicates = 0;
	/** Waiting entries dropped at the cap. */
	droppedWaiting = 0;
	/** Listeners told of each new equivocation (author, the shared `last`). */
	onEquivocation: ((author: string, last: string | null) => void) | null = null;
	/** Something else an entry waits for, outside the graph (a fork's carried texts): its id, or null. */
	missingOutside: ((entry: Entry) => string | null) | null = null;
	/** Told of a waiting entry refused once what it named arrived, so that its refusal is recorded as
	 * it is on a peer that had what it named first (the same refusals in any arrival order). */
	refusedLater: ((checked: CheckedEntry, refusal: Extract<Admission, { status: 'refused' }>) => void) | null = null;

	/**
	 * The genesis this device holds to (an id, or a prefix of one of at least 16 characters), from an
	 * invitation link or from the game's own record: a rival `create` for the same game id, wherever
	 * a peer puts it in the shared array, is then never taken for the genesis. Null: the first admitted.
	 */
	readonly genesisPin: string | null;

	constructor(gameId: string, options: { genesisPin?: string | null } = {}) {
		this.gameId = gameId;
		const pin = options.genesisPin ?? null;
		if (pin !== null && (pin.length < 16 || !/^[A-Za-z0-9_-]+$/.test(pin))) throw new Error('a genesis pin is an entry id or a prefix of at least 16 base64url characters');
		this.genesisPin = pin;
	}

	/** Entries still waiting for something they name. */
	get waiting(): number {
		return this.#waitingCount;
	}

	/** Every id a waiting entry (of an author `by` accepts) names, in `last` or `deps`, that is
	 * neither admitted nor waiting itself (an entry waits under its first missing name only); the
	 * first `limit` found (a caller asking whether any is missing stops at one). */
	missingIds(by: (author: string) => boolean = () => true, limit = Infinity): string[] {
		const missing = new Set<string>();
		for (const entries of this.#waiting.values()) {
			for (const { entry } of entries) {
				if (!by(entry.author)) continue;
				for (const id of [...(entry.last === null ? [] : [entry.last]), ...(entry.deps ?? [])]) {
					if (this.holds(id)) continue;
					missing.add(id);
					if (missing.size >= limit) return [...missing];
				}
			}
		}
		return [...missing];
	}

	/** Whether the entry is admitted or waiting here. */
	holds(id: string): boolean {
		return this.nodes.has(id) || this.#waitingIds.has(id);
	}

	latestOf(author: string): number | null {
		return this.#chains.get(author)?.latest ?? null;
	}

	/** The author's latest entry (highest Lamport number), or null. */
	latestNodeOf(author: string): DagNode | null {
		return this.#chains.get(author)?.latestNode ?? null;
	}

	/** The author's entries naming `last` (its chain children). */
	childrenOf(author: string, last: string | null): readonly DagNode[] {
		return this.#chains.get(author)?.children.get(last ?? '') ?? [];
	}

	/** The author's chain: `last` (or '' for a first entry) → its entries naming it. */
	chainOf(author: string): ReadonlyMap<string, readonly DagNode[]> {
		return this.#chains.get(author)?.children ?? new Map();
	}

	/** Admits a checked entry, and every waiting entry that this completes. */
	admit(checked: CheckedEntry): Admission {
		if (this.nodes.has(checked.id)) {
			this.duplicates++;
			return { status: 'duplicate' };
		}
		if (this.#waitingIds.has(checked.id)) return { status: 'waiting' };
		const problem = this.#problem(checked.entry);
		if (problem !== null) return problem;
		const missing = this.#missing(checked.entry);
		if (missing !== null) {
			this.#wait(missing, checked);
			return { status: 'waiting' };
		}
		const admitted: DagNode[] = [];
		const queue: CheckedEntry[] = [checked];
		while (queue.length > 0) {
			const next = queue.shift()!;
			const node = this.#insert(next);
			admitted.push(node);
			const released = this.#waiting.get(node.id);
			if (released === undefined) continue;
			this.#waiting.delete(node.id);
			for (const entry of released) {
				this.#waitingIds.delete(entry.id);
				this.#waitingCount--;
				if (this.nodes.has(entry.id)) continue;
				const stillMissing = this.#missing(entry.entry);
				if (stillMissing !== null) {
					this.#wait(stillMissing, entry);
					continue;
				}
				const refused = this.#problem(entry.entry);
				if (refused === null) queue.push(entry);
				else if (refused.status === 'refused') this.refusedLater?.(entry, refused);
			}
		}
		return { status: 'admitted', nodes: admitted };
	}

	/** Problems no later entry can mend. */
	#problem(entry: Entry): Admission | null {
		if (entry.game !== this.gameId) return { status: 'refused', code: 'WRONG_GAME', message: `The entry belongs to game ${entry.game}, not ${this.gameId}.` };
		const genesis = entry.kind === 'create' || entry.kind === 'fork';
		if (!genesis && entry.deps!.length === 0 && entry.last === null) return { status: 'refused', code: 'BAD_CHAIN', message: 'The entry names nothing earlier.' };
		if (entry.last !== null) {
			const last = this.nodes.get(entry.last);
			if (last !== undefined && last.entry.author !== entry.author) return { status: 'refused', code: 'BAD_CHAIN', message: '`last` is not an earlier entry of this author.' };
		}
		return null;
	}

	/** The first id the entry names that is not in the graph yet, or null. */
	#missing(entry: Entry): string | null {
		if (entry.last !== null && !this.nodes.has(entry.last)) return entry.last;
		for (const dep of entry.deps!) if (!this.nodes.has(dep)) return dep;
		return this.missingOutside?.(entry) ?? null;
	}

	/** What `missingOutside` named arrived: admits the entries waiting for it that it completes. */
	arrived(id: string): DagNode[] {
		const released = this.#waiting.get(id) ?? [];
		this.#waiting.delete(id);
		const admitted: DagNode[] = [];
		for (const entry of released) {
			this.#waitingIds.delete(entry.id);
			this.#waitingCount--;
			const admission = this.admit(entry);
			if (admission.status === 'admitted') admitted.push(...admission.nodes);
			else if (admission.status === 'refused') this.refusedLater?.(entry, admission);
		}
		return admitted;
	}

	#wait(missing: string, checked: CheckedEntry): void {
		if (this.#waitingCount >= MAX_WAITING) {
			// Drop the oldest waiting entry: only a flood of entries naming what never comes gets here.
			const [key, list] = this.#waiting.entries().next().value as [string, CheckedEntry[]];
			const dropped = list.shift()!;
			if (list.length === 0) this.#waiting.delete(key);
			this.#waitingIds.delete(dropped.id);
			this.#waitingCount--;
			this.droppedWaiting++;
		}
		const list = this.#waiting.get(missing);
		if (list) list.push(checked);
		else this.#waiting.set(missing, [checked]);
		this.#waitingIds.add(checked.id);
		this.#waitingCount++;
	}

	#insert(checked: CheckedEntry): DagNode {
		const { entry } = checked;
		let lamport = -1;
		if (entry.last !== null) lamport = this.nodes.get(entry.last)!.lamport;
		for (const dep of entry.deps!) lamport = Math.max(lamport, this.nodes.get(dep)!.lamport);
		const lastNode = entry.last === null ? null : this.nodes.get(entry.last)!;
		const node: DagNode = { id: checked.id, entry, text: checked.text, lamport: lamport + 1, acks: new Map(), final: false, postFork: lastNode?.postFork ?? false };
		this.nodes.set(node.id, node);
		this.open.add(node);
		if (lastNode !== null) this.heads.delete(lastNode);
		for (const dep of entry.deps!) this.heads.delete(this.nodes.get(dep)!);
		this.heads.add(node);
		if ((entry.kind === 'create' || entry.kind === 'fork') && this.genesis === null && (this.genesisPin === null || node.id.startsWith(this.genesisPin))) this.genesis = node;
		let chain = this.#chains.get(entry.author);
		if (chain === undefined) {
			chain = { latest: node.lamport, latestNode: node, children: new Map() };
			this.#chains.set(entry.author, chain);
		}
		if (node.lamport >= chain.latest) {
			chain.latest = node.lamport;
			chain.latestNode = node;
		}
		const key = entry.last ?? '';
		const siblings = chain.children.get(key);
		if (siblings === undefined) chain.children.set(key, [node]);
		else {
			siblings.push(node);
			this.#equivocation(entry.author, entry.last);
		}
		return node;
	}

	/**
	 * Marks every entry of `author` on or after the fork at `last` as post-fork; the orderer then
	 * keeps those that were final without the other branches (`fork-verdict.ts`).
	 */
	#equivocation(author: string, last: string | null): void {
		const known = this.equivocators.has(author);
		if (!known) this.equivocators.set(author, last);
		const stack = [...this.childrenOf(author, last)];
		while (stack.length > 0) {
			const node = stack.pop()!;
			if (node.postFork) continue;
			node.postFork = true;
			stack.push(...this.childrenOf(author, node.id));
		}
		if (!known) this.onEquivocation?.(author, last);
	}

	/** The nodes a node names (its `last` and `deps`). */
	parents(node: DagNode): DagNode[] {
		const out: DagNode[] = [];
		if (node.entry.last !== null) out.push(this.nodes.get(node.entry.last)!);
		for (const dep of node.entry.deps!) out.push(this.nodes.get(dep)!);
		return out;
	}

	/** Whether `ancestor` is `node` or one of its ancestors (walks back no further than `ancestor`'s Lamport number). */
	descends(node: DagNode, ancestor: DagNode): boolean {
		if (node === ancestor) return true;
		const seen = new Set<DagNode>([node]);
		const stack = [node];
		while (stack.length > 0) {
			for (const parent of this.parents(stack.pop()!)) {
				if (parent === ancestor) return true;
				if (parent.lamport <= ancestor.lamport || seen.has(parent)) continue;
				seen.add(parent);
				stack.push(parent);
			}
		}
		return false;
	}

	/**
	 * Records that `member`'s new entry `node` acknowledges every open ancestor it had not yet
	 * acknowledged. Walks only open nodes not yet acknowledged by that member (each node once per member).
	 */
	acknowledge(member: string, node: DagNode): void {
		const stack = [node];
		while (stack.length > 0) {
			const current = stack.pop()!;
			if (current.final || current.acks.has(member)) continue;
			current.acks.set(member, node.lamport);
			stack.push(...this.parents(current));
		}
	}
}
