/**
 * Test oracle: the fork verdict as one full pass over the entry graph (docs/protocol.md,
 * "Equivocation"). This is the original `forkVerdict` of src/lib/protocol/order/fork-verdict.ts,
 * kept word for word (renamed) so that the incremental verdict there can be compared with it
 * (tests/protocol/order/fork-verdict-incremental-equals-full-pass.test.ts) and timed against it
 * (bench/fork-verdict.ts). It costs a pass over every node per call.
 */
import type { DagNode, EntryDag } from '../../../src/lib/protocol/order/dag.js';
import type { ForkVerdict } from '../../../src/lib/protocol/order/fork-verdict.js';

/** The verdict for `author`, whose other members are `others` (the author excluded). */
export function forkVerdictFullPass(dag: EntryDag, author: string, others: ReadonlySet<string>): ForkVerdict {
	const chain = dag.chainOf(author);
	const forks = [...chain.entries()].filter(([, children]) => children.length > 1);
	const bit = new Map<DagNode, number>();
	for (const [, children] of forks) for (const child of children) bit.set(child, bit.size);
	// Which siblings each node descends from (nodes are kept in admission order: parents first).
	const masks = new Map<DagNode, bigint>();
	for (const node of dag.nodes.values()) {
		let mask = bit.has(node) ? 1n << BigInt(bit.get(node)!) : 0n;
		for (const parent of dag.parents(node)) mask |= masks.get(parent) ?? 0n;
		masks.set(node, mask);
	}
	const memberNodes = [...dag.nodes.values()].filter((node) => others.has(node.entry.author));
	/** Fork point key → the winning child and how far its witnesses reach. */
	const winners = new Map<string, { child: DagNode; reach: number } | null>();
	for (const [key, children] of forks) {
		const all = children.reduce((mask, child) => mask | (1n << BigInt(bit.get(child)!)), 0n);
		const reaches = children.map((child) => {
			const forbidden = all & ~(1n << BigInt(bit.get(child)!));
			const best = new Map<string, number>();
			for (const node of memberNodes) {
				if ((masks.get(node)! & forbidden) !== 0n) continue;
				best.set(node.entry.author, Math.max(best.get(node.entry.author) ?? -1, node.lamport));
			}
			let reach = others.size === 0 ? -1 : Infinity;
			for (const member of others) reach = Math.min(reach, best.get(member) ?? -1);
			return { child, reach };
		});
		const standing = reaches.filter(({ child, reach }) => child.lamport <= reach);
		const top = Math.max(...standing.map(({ reach }) => reach));
		const best = standing.filter(({ reach }) => reach === top);
		winners.set(key, best.length === 1 ? best[0]! : null);
	}
	// Walk the author's chain from its first entries down: a node stays while every fork above it chose its branch and covers it.
	const refused = new Set<DagNode>();
	let frontier = -1;
	const stack: { key: string; limit: number; lost: boolean }[] = [{ key: '', limit: Infinity, lost: false }];
	while (stack.length > 0) {
		const { key, limit, lost } = stack.pop()!;
		const children = chain.get(key) ?? [];
		const winner = children.length > 1 ? winners.get(key) : undefined;
		for (const child of children) {
			const childLost = lost || (winner !== undefined && winner?.child !== child);
			const childLimit = winner !== undefined && winner !== null && winner.child === child ? Math.min(limit, winner.reach) : limit;
			const out = childLost || child.lamport > childLimit;
			if (out) refused.add(child);
			else frontier = Math.max(frontier, child.lamport);
			stack.push({ key: child.id, limit: childLimit, lost: out });
		}
	}
	return { refused, frontier };
}
