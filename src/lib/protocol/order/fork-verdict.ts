/**
 * Which entries of an equivocating author stay (docs/protocol.md, "Equivocation"). At a fork point
 * (the author's entries naming the same `last`: siblings S1..Sk), an entry e of the author in Si's
 * subtree stays iff it is final without the other siblings: every other member has an entry with a
 * Lamport number ≥ e's that descends from no Sj, j ≠ i. An entry that was final in some peer's
 * view before it saw Sj always passes (that peer's graph held no Sj). When entries of two subtrees
 * would pass, the subtree whose witnesses reach furthest (the largest such bound) keeps them; a tie
 * (a genuine partition) keeps none: every entry from the fork on is refused. The verdict reads only
 * the graph and the member keys given, never the order entries arrived in.
 *
 * Cost: the witnesses' bounds are kept up to date as entries arrive (`fork-witnesses.ts`: each new
 * node once, O(fork children); a new fork point, one pass over the graph), so a verdict costs
 * O(fork children × members), plus a walk of the author's chain when its entries or a winner
 * changed (an unchanged verdict is returned as the same object). The former full pass per call
 * is the tests' oracle (tests/protocol/order/fork-verdict-full-pass.ts): the verdicts are equal.
 */
import type { DagNode, EntryDag } from './dag.js';
import { ForkWitnesses } from './fork-witnesses.js';

/** The author's entries refused (on a losing branch, or beyond what its winning branch's witnesses cover), and its staying frontier. */
export interface ForkVerdict {
	readonly refused: ReadonlySet<DagNode>;
	/** The largest Lamport number of the author's entries that stay (-1: none). */
	readonly frontier: number;
}

type Winners = Map<string, { child: DagNode; reach: number } | null>;

/** What is kept per graph and author between calls: the witnesses, and the last verdict with what it was drawn from. */
interface Judge {
	readonly witnesses: ForkWitnesses;
	last: { version: number; winners: Winners; verdict: ForkVerdict } | null;
}

const judges = new WeakMap<EntryDag, Map<string, Judge>>();

function judgeOf(dag: EntryDag, author: string): Judge {
	let byAuthor = judges.get(dag);
	if (byAuthor === undefined) judges.set(dag, (byAuthor = new Map()));
	let judge = byAuthor.get(author);
	if (judge === undefined) byAuthor.set(author, (judge = { witnesses: new ForkWitnesses(dag, author), last: null }));
	return judge;
}

/** The verdict for `author`, whose other members are `others` (the author excluded). */
export function forkVerdict(dag: EntryDag, author: string, others: ReadonlySet<string>): ForkVerdict {
	const judge = judgeOf(dag, author);
	const { witnesses } = judge;
	witnesses.catchUp();
	/** Fork point key → the winning child and how far its witnesses reach. */
	const winners: Winners = new Map();
	for (const [key, children] of witnesses.forks) {
		const reaches = children.map((child) => {
			let reach = others.size === 0 ? -1 : Infinity;
			for (const member of others) reach = Math.min(reach, witnesses.reach(child, member));
			return { child, reach };
		});
		const standing = reaches.filter(({ child, reach }) => child.lamport <= reach);
		const top = Math.max(...standing.map(({ reach }) => reach));
		const best = standing.filter(({ reach }) => reach === top);
		winners.set(key, best.length === 1 ? best[0]! : null);
	}
	const last = judge.last;
	if (last !== null && last.version === witnesses.version && sameWinners(last.winners, winners)) return last.verdict;
	const verdict = walk(dag.chainOf(author), winners);
	judge.last = { version: witnesses.version, winners, verdict };
	return verdict;
}

function sameWinners(a: Winners, b: Winners): boolean {
	if (a.size !== b.size) return false;
	for (const [key, winner] of a) {
		const other = b.get(key);
		if (other === undefined || (winner === null) !== (other === null)) return false;
		if (winner !== null && (winner.child !== other!.child || winner.reach !== other!.reach)) return false;
	}
	return true;
}

/** Walks the author's chain from its first entries down: a node stays while every fork above it chose its branch and covers it. */
function walk(chain: ReadonlyMap<string, readonly DagNode[]>, winners: Winners): ForkVerdict {
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
