/**
 * The order every peer replays a version-2 game in, computed from the entry graph alone
 * (docs/protocol.md, "Order and finality").
 *
 * Members are the keys that must keep the game moving: the seat holders still in the game and
 * present (the game's creator until the first seat is held). A member's entry is keyed by its own
 * Lamport number: a member cannot back-date an entry below its own previous one without naming the
 * same `last` twice, which is equivocation. Anyone else's entry (a stranger's, a new player's join,
 * an entry of a seat cut for stalling or caught equivocating) is keyed by the moment the members
 * acknowledged it: the largest Lamport number among each member's first entry that descends from
 * it, unknown until every member has. An entry's effective key is the largest key among it and its
 * ancestors.
 *
 * The watermark W is 1 + the smallest Lamport number of any member's latest entry: every entry a
 * member makes from now on has a larger one, and so has every acknowledgement. An entry whose
 * effective key is below W is final: nothing that reaches this peer later can be ordered before it,
 * so final entries are replayed once, in (key, Lamport, id) order, and never move. The rest (the
 * provisional tail) is replayed after them in the same order and may still change.
 */
import type { DagNode, EntryDag } from './dag.js';
import { absenceCount } from './absence-majority.js';
import { forkVerdict } from './fork-verdict.js';

/** Who must keep the game moving, as the final order so far says. */
export interface Membership {
	/** Keys of the seat holders in the game and present (or the creator before any). */
	readonly members: ReadonlySet<string>;
	/** The key holding a seat, for absence votes. */
	seatKey(seat: number): string | null;
	/**
	 * Whether every seat is claimed. Absence votes cut only then: a replay from the start would
	 * otherwise count a vote cast late in the game against the few members the lobby had.
	 */
	readonly seated?: boolean;
	/** Keys whose absence votes count only once most people voted (protocol rule botVotes: computer players). */
	readonly votesAfterPeople?: ReadonlySet<string>;
	/** The key whose return (an accepted `returnPresent`) the node just replayed was: its cut ends. */
	readonly returned?: string | null;
}

/**
 * Entry kinds by which a seat shows it is there. With two members a vote stands only while its
 * target has made none of them that the vote did not see (docs/protocol.md, "Two seats").
 */
const ANSWER_KINDS: ReadonlySet<string> = new Set(['share', 'action', 'deal', 'keys']);

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((key) => b.has(key));

/** (key, Lamport, id): the order of final entries and of the provisional tail. */
function compare(a: { node: DagNode; key: number }, b: { node: DagNode; key: number }): number {
	return a.key - b.key || a.node.lamport - b.node.lamport || (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0);
}

export class Orderer {
	readonly dag: EntryDag;
	/** Final nodes, in order: only ever appended to. */
	readonly final: DagNode[] = [];
	/** Keys cut from the members by a majority of absence votes → their entries the voters had seen. */
	readonly cut = new Map<string, Set<DagNode>>();
	/** Members whose acknowledgements are recorded. */
	readonly #tracked = new Set<string>();
	/** Absence votes in the graph. */
	readonly #votes: DagNode[] = [];
	/** Cut keys that came back → their return: only votes that saw it count against them again. */
	readonly #returns = new Map<string, DagNode>();
	/** Each author's latest entry of an answering kind (its chain is linear: the latest is the last). */
	readonly #latestAnswer = new Map<string, DagNode>();
	/** Lone votes found answered (never standing again: a later answer is not seen either). */
	readonly #answered = new Set<DagNode>();
	/** Lone vote → the target's latest answer it was last checked against. */
	readonly #checkedAgainst = new Map<DagNode, DagNode>();
	#membership: Membership;
	/** Set when a cut or an equivocation changed the key of an entry already final: replay must restart. */
	needsRebuild = false;

	constructor(dag: EntryDag, membership: Membership) {
		this.dag = dag;
		this.#membership = membership;
		// The dag marks every entry from the fork on; `#judgeForks` (on the next admission) keeps those final without the other branches.
		dag.onEquivocation = () => {
			this.#judgedFor = null;
		};
	}

	/** Final nodes that were refused as post-fork when they were placed. */
	readonly #refusedFinal = new Set<DagNode>();
	/** Equivocators → the largest Lamport number of their entries that stay. */
	readonly #frontiers = new Map<string, number>();
	/** The member keys and graph size the last fork verdicts were computed for. */
	#judgedFor: { members: ReadonlySet<string>; nodes: number } | null = null;

	/**
	 * Re-judges every equivocator's entries (fork-verdict.ts): an entry whose verdict changes after
	 * it was final, or a final entry placed by the author's acknowledgement beyond what stays, means
	 * the final order must be replayed from the start.
	 */
	#judgeForks(): void {
		if (this.dag.equivocators.size === 0) return;
		const members = this.#membership.members;
		if (this.#judgedFor !== null && sameSet(this.#judgedFor.members, members) && this.#judgedFor.nodes === this.dag.nodes.size) return;
		this.#judgedFor = { members, nodes: this.dag.nodes.size };
		for (const author of this.dag.equivocators.keys()) {
			const others = new Set([...members].filter((key) => key !== author && !this.cut.has(key)));
			const { refused, frontier } = forkVerdict(this.dag, author, others);
			for (const children of this.dag.chainOf(author).values()) {
				for (const node of children) {
					const out = refused.has(node);
					if (node.final && out !== this.#refusedFinal.has(node)) this.needsRebuild = true;
					if (node.postFork === out) continue;
					node.postFork = out;
					if (!out && !node.final && this.#tracked.has(author)) this.dag.acknowledge(author, node);
				}
			}
			const before = this.#frontiers.get(author);
			this.#frontiers.set(author, frontier);
			if (before !== undefined && frontier >= before) continue;
			// Final entries placed by an acknowledgement of the author beyond what stays: replay from the start.
			for (const node of this.final) if ((node.acks.get(author) ?? -1) > frontier) this.needsRebuild = true;
		}
	}

	/** The members whose entries keep their own Lamport number now. */
	get members(): ReadonlySet<string> {
		const out = new Set<string>();
		for (const key of this.#membership.members) if (!this.dag.equivocators.has(key) && !this.cut.has(key)) out.add(key);
		return out;
	}

	/**
	 * The watermark: below it, effective keys are final. A lone vote that stands holds it at the
	 * vote: its target may still answer it, so nothing from the vote on is final.
	 */
	get watermark(): number {
		const members = this.members;
		let low = Infinity;
		for (const key of members) low = Math.min(low, (this.dag.latestOf(key) ?? -1) + 1);
		for (const vote of this.#votes) if (!vote.final && this.#lone(vote, members) && !this.#isAnswered(vote)) low = Math.min(low, vote.lamport);
		return low;
	}

	/**
	 * Whether an absence vote is void because it is a lone vote (two members: one voter decides)
	 * and its target answered it: made an entry of an answering kind that the vote did not see.
	 * A void vote is refused where it stands; a lone vote that stands is never final.
	 */
	answered(vote: DagNode): boolean {
		return this.#lone(vote, this.members) && this.#isAnswered(vote);
	}

	/** Lone votes against `key` that stand (not final, not answered): what that member may still answer. */
	standingAgainst(key: string): DagNode[] {
		const members = this.members;
		return this.#votes.filter((vote) => !vote.final && this.#lone(vote, members) && this.#membership.seatKey((vote.entry.body as { target: number }).target) === key && !this.#isAnswered(vote));
	}

	#lone(vote: DagNode, members: ReadonlySet<string>): boolean {
		if (vote.postFork || members.size !== 2 || this.#membership.seated === false) return false;
		const target = this.#membership.seatKey((vote.entry.body as { target: number }).target);
		return target !== null && target !== vote.entry.author && members.has(target) && members.has(vote.entry.author);
	}

	#isAnswered(vote: DagNode): boolean {
		if (this.#answered.has(vote)) return true;
		const target = this.#membership.seatKey((vote.entry.body as { target: number }).target);
		const latest = target === null ? undefined : this.#latestAnswer.get(target);
		if (latest === undefined || this.#checkedAgainst.get(vote) === latest) return false;
		this.#checkedAgainst.set(vote, latest);
		if (this.dag.descends(vote, latest)) return false;
		this.#answered.add(vote);
		this.#checkedAgainst.delete(vote);
		return true;
	}

	/**
	 * Members caught equivocating → the largest Lamport number of their entries that stay (-1: none):
	 * those entries still count as a member's (own keys, acknowledgements), so a replay gives them
	 * the same place whether or not the fork had come to light yet.
	 */
	#formers(): Map<string, number> {
		const out = new Map<string, number>();
		for (const key of this.#membership.members) {
			if (!this.dag.equivocators.has(key) || this.cut.has(key)) continue;
			const last = this.dag.equivocators.get(key)!;
			out.set(key, this.#frontiers.get(key) ?? (last === null ? -1 : this.dag.nodes.get(last)!.lamport));
		}
		return out;
	}

	/** Records the acknowledgements and votes newly admitted nodes carry. */
	admitted(nodes: readonly DagNode[]): void {
		this.#judgeForks();
		const members = this.members;
		const formers = this.#formers();
		for (const node of nodes) {
			const author = node.entry.author;
			if ((members.has(author) || formers.has(author)) && this.#tracked.has(author) && !node.postFork) this.dag.acknowledge(author, node);
			if (node.entry.kind === 'absent') this.#votes.push(node);
			if (ANSWER_KINDS.has(node.entry.kind) && !node.postFork && node.lamport > (this.#latestAnswer.get(author)?.lamport ?? -1)) this.#latestAnswer.set(author, node);
		}
	}

	/**
	 * The key of a node that is not a member's own: when every member acknowledged it (and any member
	 * caught equivocating that acknowledged it before its fork).
	 */
	#acknowledged(node: DagNode, members: ReadonlySet<string>, formers: ReadonlyMap<string, number>): number {
		let key = -Infinity;
		for (const member of members) {
			const at = node.acks.get(member);
			if (at === undefined) return Infinity;
			key = Math.max(key, at);
		}
		for (const [former, fork] of formers) {
			const at = node.acks.get(former);
			if (at !== undefined && at <= fork) key = Math.max(key, at);
		}
		// Members that all turned out to be equivocators and never acknowledged it: it waits.
		return key === -Infinity && members.size === 0 && formers.size > 0 ? Infinity : key;
	}

	/** Whether a node is keyed by its own Lamport number (a member's), not by acknowledgement. */
	ownKeyed(node: DagNode): boolean {
		return this.#ownKey(node, this.members);
	}

	#ownKey(node: DagNode, members: ReadonlySet<string>): boolean {
		const author = node.entry.author;
		if (node.postFork) return false;
		if (members.has(author)) return true;
		const cut = this.cut.get(author);
		if (cut !== undefined) return cut.has(node);
		// An equivocator's entries before its fork are a member's: they keep their place (every one
		// of them is known, since both branches name them), whenever the fork comes to light.
		return this.dag.equivocators.has(author) && this.#membership.members.has(author);
	}

	/** Open nodes with their effective keys, in order. */
	keyed(): { node: DagNode; key: number }[] {
		const members = this.members;
		const formers = this.#formers();
		const open = [...this.dag.open].sort((a, b) => a.lamport - b.lamport);
		const keys = new Map<DagNode, number>();
		for (const node of open) {
			let key = this.#ownKey(node, members) ? node.lamport : this.#acknowledged(node, members, formers);
			for (const parent of this.dag.parents(node)) if (!parent.final) key = Math.max(key, keys.get(parent)!);
			keys.set(node, key);
		}
		return open.map((node) => ({ node, key: keys.get(node)! })).sort(compare);
	}

	/** The provisional tail: open nodes in the order they are replayed after the final ones. */
	tail(): DagNode[] {
		return this.keyed().map(({ node }) => node);
	}

	/**
	 * Finalizes every node that can be. `apply` replays one final node and returns the membership
	 * after it; a change of members re-evaluates the rest.
	 */
	settle(apply: (node: DagNode) => Membership): void {
		for (let changed = true; changed; ) {
			changed = false;
			this.#track();
			this.#judgeForks();
			this.#checkVotes();
			if (this.needsRebuild) return;
			const watermark = this.watermark;
			for (const { node, key } of this.keyed()) {
				if (key >= watermark) break;
				node.final = true;
				if (node.postFork) this.#refusedFinal.add(node);
				this.dag.open.delete(node);
				this.final.push(node);
				const next = apply(node);
				if (next.returned != null && this.#returned(next.returned, node)) {
					this.#membership = next;
					changed = true;
					break;
				}
				if (!sameSet(next.members, this.#membership.members)) {
					this.#membership = next;
					changed = true;
					break;
				}
				this.#membership = next;
			}
		}
	}

	/**
	 * A cut key came back (its `returnPresent` is final and accepted, the same place on every peer):
	 * its cut ends, as the replay forgets its votes (v2/stand-in.ts `afterOwnEntry`), and its
	 * acknowledgements are recorded again. Votes against it that did not see the return no longer
	 * count. False when the key was not cut.
	 */
	#returned(key: string, at: DagNode): boolean {
		if (!this.cut.has(key)) return false;
		this.cut.delete(key);
		this.#tracked.delete(key);
		this.#returns.set(key, at);
		this.#judgedFor = null;
		return true;
	}

	/** Starts recording acknowledgements of members not tracked yet (a new seat holder, the creator). */
	#track(): void {
		for (const member of [...this.members, ...this.#formers().keys()]) {
			if (this.#tracked.has(member)) continue;
			this.#tracked.add(member);
			const own = [...this.dag.open].filter((node) => node.entry.author === member && !node.postFork).sort((a, b) => a.lamport - b.lamport);
			for (const node of own) this.dag.acknowledge(member, node);
		}
	}

	/**
	 * A majority of the other members voting a member absent cuts it from the members: its entries
	 * the voters had not seen are keyed by acknowledgement from then on, and it no longer holds the
	 * watermark back (docs/protocol.md, "Stalling"); a computer player's vote counts only once most
	 * people voted (absence-majority.ts). With two members a vote never cuts: one voter
	 * alone cannot tell "absent" from "not seen yet", so a lone vote waits for its target's answer.
	 */
	#checkVotes(): void {
		if (this.#membership.seated === false) return;
		// Equivocators count as the members they were: whether a fork has come to light yet must not decide a cut.
		const members = new Set([...this.#membership.members].filter((key) => !this.cut.has(key)));
		if (members.size <= 2) return;
		const byTarget = new Map<string, Map<string, DagNode>>();
		for (const vote of this.#votes) {
			const voter = vote.entry.author;
			const target = this.#membership.seatKey((vote.entry.body as { target: number }).target);
			if (target === null || target === voter || !members.has(voter) || !members.has(target) || vote.postFork) continue;
			const returned = this.#returns.get(target);
			if (returned !== undefined && !this.dag.descends(vote, returned)) continue;
			const votes = byTarget.get(target) ?? new Map<string, DagNode>();
			if (!votes.has(voter)) votes.set(voter, vote);
			byTarget.set(target, votes);
		}
		const afterPeople = this.#membership.votesAfterPeople;
		for (const [target, votes] of byTarget) {
			const voters = [...members].filter((key) => key !== target);
			if (!absenceCount(voters, (key) => votes.has(key), (key) => afterPeople?.has(key) === true).majority) continue;
			this.cut.set(target, this.#seenBy(target, [...votes.values()]));
		}
	}

	/** The target's entries that are ancestors of the votes (walking back over open nodes only). */
	#seenBy(target: string, votes: readonly DagNode[]): Set<DagNode> {
		const seen = new Set<DagNode>();
		const visited = new Set<DagNode>();
		const stack = [...votes];
		const lowest = Math.min(...votes.map((vote) => vote.lamport));
		while (stack.length > 0) {
			const node = stack.pop()!;
			if (visited.has(node)) continue;
			visited.add(node);
			if (node.entry.author === target) seen.add(node);
			for (const parent of this.dag.parents(node)) if (!parent.final) stack.push(parent);
		}
		// A final entry of the target that crossed the votes (not seen by them) was keyed as a member's: start again.
		for (const node of this.final) {
			if (node.entry.author === target && node.lamport >= lowest && !votes.some((vote) => this.dag.descends(vote, node))) this.needsRebuild = true;
		}
		return seen;
	}
}
