/**
 * What the fork verdict (`fork-verdict.ts`, docs/protocol.md "Equivocation") needs from the graph,
 * kept up to date as entries are admitted instead of recomputed on every admission: for each child
 * Si of each of the author's fork points, and each author, the largest Lamport number of that
 * author's entries that descend from no other sibling Sj, j ≠ i (its "witnesses").
 *
 * Each node's mask (which fork children it descends from) depends only on its parents, and the
 * graph keeps nodes in admission order (parents first), so a new node is read once: its mask and
 * the bounds it raises cost O(fork children). Only a change in the author's fork points (a new one,
 * or a new sibling at one) gives nodes already read a new bit; the bookkeeping then starts over
 * with the new fork points, one pass over the graph.
 */
import type { DagNode, EntryDag } from './dag.js';

export class ForkWitnesses {
	readonly #dag: EntryDag;
	readonly #author: string;
	/** The author's fork points (the `last` key) → their children, as they stood at the last start. */
	#forks = new Map<string, readonly DagNode[]>();
	/** Fork child → its bit. */
	#bits = new Map<DagNode, bigint>();
	/** Fork child → the bits of its siblings (an entry carrying any of them is no witness for it). */
	#forbidden: [DagNode, bigint][] = [];
	/** Node → the bits of the fork children it descends from (absent: none). */
	#masks = new Map<DagNode, bigint>();
	/** Fork child → author key → the largest Lamport number of that author's witnesses. */
	#witnesses = new Map<DagNode, Map<string, number>>();
	/**
	 * A live iterator over the graph's nodes: a Map iterator sees entries set after it was made, as
	 * long as it has not run to its end, so it is only ever advanced while `#read` < the node count.
	 */
	#unread: Iterator<DagNode>;
	#read = 0;
	/** Bumped whenever one of the author's own entries is read (its chain or fork points changed). */
	version = 0;

	constructor(dag: EntryDag, author: string) {
		this.#dag = dag;
		this.#author = author;
		this.#unread = dag.nodes.values();
		this.#start();
	}

	/** The author's fork points (those read so far: call `catchUp` first) → their children. */
	get forks(): ReadonlyMap<string, readonly DagNode[]> {
		return this.#forks;
	}

	/** The largest Lamport number of `member`'s entries descending from no sibling of `child` (-1: none). */
	reach(child: DagNode, member: string): number {
		return this.#witnesses.get(child)?.get(member) ?? -1;
	}

	/** Reads the nodes admitted since the last call. */
	catchUp(): void {
		const nodes = this.#dag.nodes;
		while (this.#read < nodes.size) {
			const next = this.#unread.next();
			if (next.done === true) {
				// Cannot happen while the graph only grows; start over rather than read wrong.
				this.#start();
				continue;
			}
			const node = next.value;
			this.#read++;
			if (node.entry.author === this.#author) {
				this.version++;
				if (this.#forkPointsChanged(node)) {
					this.#start();
					continue;
				}
			}
			this.#take(node);
		}
	}

	/** Whether the author's node `node` makes or widens a fork point not yet counted. */
	#forkPointsChanged(node: DagNode): boolean {
		const key = node.entry.last ?? '';
		const siblings = this.#dag.chainOf(this.#author).get(key) ?? [];
		return siblings.length > 1 && this.#forks.get(key)?.length !== siblings.length;
	}

	/** Starts over with the author's fork points as they stand now (every admitted node is read again). */
	#start(): void {
		this.#forks = new Map([...this.#dag.chainOf(this.#author)].filter(([, children]) => children.length > 1).map(([key, children]) => [key, [...children]]));
		this.#bits = new Map();
		for (const children of this.#forks.values()) for (const child of children) this.#bits.set(child, 1n << BigInt(this.#bits.size));
		this.#forbidden = [];
		for (const children of this.#forks.values()) {
			const all = children.reduce((mask, child) => mask | this.#bits.get(child)!, 0n);
			for (const child of children) this.#forbidden.push([child, all & ~this.#bits.get(child)!]);
		}
		this.#masks = new Map();
		this.#witnesses = new Map(this.#forbidden.map(([child]) => [child, new Map()]));
		this.#unread = this.#dag.nodes.values();
		this.#read = 0;
	}

	#take(node: DagNode): void {
		let mask = this.#bits.get(node) ?? 0n;
		for (const parent of this.#dag.parents(node)) mask |= this.#masks.get(parent) ?? 0n;
		if (mask !== 0n) this.#masks.set(node, mask);
		const author = node.entry.author;
		for (const [child, forbidden] of this.#forbidden) {
			if ((mask & forbidden) !== 0n) continue;
			const best = this.#witnesses.get(child)!;
			if ((best.get(author) ?? -1) < node.lamport) best.set(author, node.lamport);
		}
	}
}
