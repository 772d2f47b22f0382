/**
 * GameReplayer: a version-2 game from its set of signed entries. Entries come in any order and
 * any number of times (the Yjs array's order means nothing); each is parsed and its signature
 * checked, then it joins the entry graph once everything it names is there. The orderer places
 * entries in the final order, which is replayed once, and the provisional tail is replayed after
 * it on a copy. Work per call is in proportion to the new entries and the tail, not the log.
 */
import { makeLog, stateHash, step, type Action, type GameLog, type GameState } from '../../engine/index.js';
import { Verifier as DefaultVerifier, type SignatureCheck, type Verifier } from '../crypto.js';
import { parseEntry, type Entry, type ParsedEntry } from '../entry.js';
import { EntryDag, type DagNode } from '../order/dag.js';
import { Orderer, type Membership } from '../order/orderer.js';
import { logHash, type AcceptedEntry, type ProtocolRejection } from '../v1/replayer.js';
import type { ProtocolRefusal } from '../refusal.js';
import { applyCarry, CarriedTexts, missingCarried, startFork, takesCarried, type CarriedText } from './carried.js';
import { cloneCoreV2, emptyCoreV2, memberKeys, votesAfterPeople, type CoreV2 } from './core.js';
import { afterEntryV2, applyEntryV2, markCheater } from './entry-handlers.js';
import { applyUndoEntry, isUndoKind, undoAfter, undoBefore } from './takeback.js';

/** Signature checks sent to the verifier at a time while preparing. */
const PREPARE_SLICE = 250;

interface Replayed {
	core: CoreV2;
	accepted: AcceptedEntry[];
	exported: Action[];
	rejections: ProtocolRejection[];
}

export class GameReplayer {
	readonly version = 2;
	readonly gameId: string;
	readonly #verifier: Verifier;
	readonly #signatures = new Map<string, boolean>();
	#dag: EntryDag;
	#orderer: Orderer;
	/** The final order's replay (only ever extended). */
	#final: Replayed = { core: emptyCoreV2(), accepted: [], exported: [], rejections: [] };
	/** The final replay plus the provisional tail. */
	#view: Replayed = this.#final;
	/** Refusals before the graph: malformed, oversized, bad signatures, wrong game, broken chains. */
	readonly #refusedIds = new Set<string>();
	readonly #refused: ProtocolRejection[] = [];
	/** Raw entries seen (any copies counted once per distinct text). */
	readonly #texts = new Set<unknown>();
	/** A fork's carried texts (entries of other games), by id. */
	readonly #carried = new CarriedTexts();

	constructor(gameId: string, options: { verifier?: Verifier; genesis?: string | null } = {}) {
		this.gameId = gameId;
		this.#verifier = options.verifier ?? new DefaultVerifier();
		this.#dag = new EntryDag(gameId, { genesisPin: options.genesis ?? null });
		this.#dag.missingOutside = (entry) => missingCarried(entry, this.#dag.genesis?.entry.author ?? null, this.#carried);
		this.#dag.refusedLater = (checked, refusal) => this.#refuse(checked.id, checked.entry.author, refusal);
		this.#orderer = new Orderer(this.#dag, this.#membership(this.#final.core));
	}

	/** Checks signatures ahead (WebCrypto is async); `add` then reads the verdicts. */
	async prepare(raws: readonly unknown[]): Promise<void> {
		const slices: Promise<void>[] = [];
		let ids: string[] = [];
		let checks: SignatureCheck[] = [];
		const send = () => {
			const sliceIds = ids;
			slices.push(this.#verifier.verifyMany(checks).then((verdicts) => sliceIds.forEach((id, i) => this.#signatures.set(id, verdicts[i]!))));
			ids = [];
			checks = [];
		};
		for (const raw of raws) {
			const parsed = parseEntry(raw);
			if (!parsed.ok || this.#signatures.has(parsed.id) || ids.includes(parsed.id)) continue;
			ids.push(parsed.id);
			checks.push({ publicKey: parsed.entry.author, signature: parsed.entry.sig, message: parsed.signed });
			if (checks.length === PREPARE_SLICE) send();
		}
		if (checks.length > 0) send();
		await Promise.all(slices);
	}

	/** Adds entries (new ones, copies, in any order); replays what changed. */
	add(raws: readonly unknown[]): void {
		for (const raw of raws) this.#admit(raw);
		this.#settle();
		this.#refuseDeadCarried();
	}

	/** The same as `add` (every entry the log holds; ones seen before cost a set lookup). */
	sync(raws: readonly unknown[]): void {
		this.add(raws);
	}

	get length(): number {
		return this.#texts.size;
	}
	get state(): GameState | null {
		return this.#view.core.engine;
	}
	get stateHash(): string | null {
		return this.#view.core.engine === null ? null : stateHash(this.#view.core.engine);
	}
	get rejections(): readonly ProtocolRejection[] {
		return [...this.#refused, ...this.#view.rejections];
	}
	get accepted(): readonly AcceptedEntry[] {
		return this.#view.accepted;
	}
	/** Accepted entries in the final order (they never change). */
	get finalCount(): number {
		return this.#final.accepted.length;
	}
	/** Random events settled so far (the next event's number). */
	get event(): number {
		return this.#view.core.settled;
	}
	get broken(): string | null {
		return this.#view.core.broken;
	}
	/** The game state of the final order only. */
	/** The id of the game's genesis (its `create` or `fork`), once admitted. */
	get genesisId(): string | null {
		return this.#dag.genesis?.id ?? null;
	}

	get core(): CoreV2 {
		return this.#view.core;
	}

	/**
	 * The state as it would be if the lone votes standing against `key` were void: what that member
	 * may still answer (a seat voted absent that comes back gives the share the event waits for).
	 * The same as `core` when no such vote stands.
	 */
	coreAnswering(key: string): CoreV2 {
		const standing = new Set(this.#orderer.standingAgainst(key));
		if (standing.size === 0) return this.#view.core;
		const view: Replayed = { core: cloneCoreV2(this.#final.core), accepted: [], exported: [], rejections: [] };
		for (const node of this.#orderer.tail()) if (!standing.has(node)) this.#apply(view, node);
		return view.core;
	}
	get finalCore(): CoreV2 {
		return this.#final.core;
	}
	get seats(): readonly (string | null)[] {
		return this.#view.core.seats.map((seat) => seat?.key ?? null);
	}
	get dag(): EntryDag {
		return this.#dag;
	}
	get orderer(): Orderer {
		return this.#orderer;
	}
	/** Whether an entry is placed in the final order. */
	isFinal(id: string): boolean {
		return this.#dag.nodes.get(id)?.final ?? false;
	}
	/** The author's latest entry in the graph (its next entry's `last`), or null. */
	lastOf(author: string): string | null {
		return this.#dag.latestNodeOf(author)?.id ?? null;
	}
	/** The `deps` of a new entry: the graph's heads, at most 16, without `last`. */
	depsFor(last: string | null): string[] {
		return [...this.#dag.heads]
			.filter((node) => node.id !== last)
			.sort((a, b) => b.lamport - a.lamport)
			.slice(0, 16)
			.map((node) => node.id)
			.sort();
	}

	/** A version-1 engine log of the accepted actions and the coin seeds (`fnord replay`). */
	exportLog(): GameLog {
		const core = this.#view.core;
		if (core.options === null) throw new Error('the game has no setup yet');
		const fork = core.fork === null ? {} : { parent: core.fork.parent, forkIndex: core.fork.index };
		return makeLog(core.options, this.#view.exported.slice(), { game: this.gameId, source: 'fnord-p2p', version: 2, ...fork });
	}

	/** The hash of the accepted entry ids 0..index: what a fork at `index` names. */
	logHash(index: number): string {
		if (index < 0 || index >= this.accepted.length) throw new RangeError(`logHash(${index}) of ${this.accepted.length}`);
		return logHash(this.accepted.slice(0, index + 1).map((entry) => entry.id));
	}

	#admit(raw: unknown): void {
		if (this.#texts.has(raw)) return;
		this.#texts.add(raw);
		const parsed: ParsedEntry = parseEntry(raw);
		if (!parsed.ok) return this.#refuse(null, null, parsed);
		const { entry, id, signed } = parsed;
		if (this.#dag.nodes.has(id) || this.#refusedIds.has(id)) return;
		if (entry.v !== 2 && entry.game === this.gameId) return this.#refuse(id, entry.author, { code: 'WRONG_VERSION', message: 'A version-2 game takes version-2 entries only.' });
		let valid = this.#signatures.get(id);
		if (valid === undefined) {
			valid = this.#verifier.verifySync(entry.author, entry.sig, signed);
			this.#signatures.set(id, valid);
		}
		if (!valid) return this.#refuse(id, entry.author, { code: 'BAD_SIGNATURE', message: 'The signature does not verify.' });
		if (entry.game !== this.gameId) return this.#pool(raw, parsed);
		const admission = this.#dag.admit({ id, entry, text: parsed.text });
		if (admission.status === 'refused') return this.#refuse(id, entry.author, admission);
		if (admission.status === 'admitted') this.#orderer.admitted(admission.nodes);
	}

	/** An entry of another game: a fork's carried text while its carried section is open. */
	#pool(raw: unknown, text: CarriedText): void {
		if (!takesCarried(this.#dag.genesis, this.#final.core)) {
			return this.#refuse(text.id, text.entry.author, { code: 'WRONG_GAME', message: `The entry belongs to game ${text.entry.game}, not ${this.gameId}.` });
		}
		for (const dropped of this.#carried.add(raw, text)) this.#texts.delete(dropped);
		this.#orderer.admitted(this.#dag.arrived(text.id));
	}

	/**
	 * Entries of another game pooled while they might still be carried (they came before the
	 * genesis, or while a fork's carried section was open) are refused WRONG_GAME once they cannot
	 * be: a `create` genesis, or a closed section (every text no carry lists). A peer that got them
	 * later refuses them on arrival; so every peer ends with the same refusals, in any order.
	 */
	#refuseDeadCarried(): void {
		const genesis = this.#dag.genesis;
		if (genesis === null || this.#carried.size === 0 || takesCarried(genesis, this.#final.core)) return;
		const all = genesis.entry.kind !== 'fork';
		if (!all && !this.#carried.holdsUnlisted) return;
		for (const text of this.#carried.takeDead(all)) this.#refuse(text.id, text.entry.author, { code: 'WRONG_GAME', message: `The entry belongs to game ${text.entry.game}, not ${this.gameId}.` });
	}

	#refuse(id: string | null, author: string | null, refusal: ProtocolRefusal): void {
		if (id !== null) this.#refusedIds.add(id);
		this.#refused.push({ index: -1, id, author, code: refusal.code, message: refusal.message });
	}

	#membership(core: CoreV2): Membership {
		const creator = this.#dag.genesis?.entry.author ?? null;
		const votesAfter = new Set(core.seats.flatMap((holder, seat) => (holder !== null && votesAfterPeople(core, seat) ? [holder.key] : [])));
		return { members: memberKeys(core, creator), seatKey: (seat) => core.seats[seat]?.key ?? null, seated: core.seats.length > 0 && core.seats.every((seat) => seat !== null), votesAfterPeople: votesAfter };
	}

	/** Final entries replayed so far (a change means the tail's view must be rebuilt). */
	#finalApplied = 0;
	/** The tail nodes applied on top of the final part in the current view, and what that view assumed. */
	#viewTail: { nodes: DagNode[]; finalApplied: number; equivocators: number } = { nodes: [], finalApplied: 0, equivocators: 0 };

	#settle(): void {
		// Nothing is final before this device's genesis: until then there are no members, and an
		// entry placed now (a rival genesis's subtree) could take another place once it comes.
		if (this.#dag.genesis !== null) this.#orderer.settle((node) => {
			const accepted = this.#final.accepted.length;
			this.#apply(this.#final, node);
			this.#finalApplied++;
			// An accepted return of an absent seat ends its cut in the order too.
			const returned = this.#final.accepted.length > accepted && node.entry.kind === 'action' && (node.entry.body as { type?: string }).type === 'returnPresent' ? node.entry.author : null;
			return { ...this.#membership(this.#final.core), returned };
		});
		if (this.#orderer.needsRebuild) return this.#rebuild();
		const tail = this.#orderer.tail();
		if (tail.length === 0) {
			this.#view = this.#final;
			this.#viewTail = { nodes: [], finalApplied: this.#finalApplied, equivocators: this.#dag.equivocators.size };
			return;
		}
		if (this.#extendsView(tail)) {
			// The common case (an entry appended after the others): only the new nodes are replayed.
			for (const node of tail.slice(this.#viewTail.nodes.length)) this.#apply(this.#view, node);
			this.#viewTail.nodes = tail;
			this.#tailLists.viewRewinds = this.#view.core.undo.rewinds;
			return;
		}
		// The tail's lists reuse one set of arrays: the final part is only appended to, so each array
		// drops the previous tail and takes the new final entries (no copy of the whole log). A
		// rewind (takeback.ts) shortens an exported list: then the arrays are filled anew.
		if (this.#tailLists.rewinds !== this.#final.core.undo.rewinds || this.#tailLists.viewRewinds !== this.#final.core.undo.rewinds) {
			this.#tailLists = { accepted: [], exported: [], rejections: [], finals: [0, 0, 0], rewinds: this.#final.core.undo.rewinds, viewRewinds: this.#final.core.undo.rewinds };
		}
		const lists = this.#tailLists;
		const view: Replayed = {
			core: cloneCoreV2(this.#final.core),
			accepted: followFinal(lists.accepted, this.#final.accepted, lists.finals, 0),
			exported: followFinal(lists.exported, this.#final.exported, lists.finals, 1),
			rejections: followFinal(lists.rejections, this.#final.rejections, lists.finals, 2),
		};
		for (const node of tail) this.#apply(view, node);
		this.#view = view;
		this.#viewTail = { nodes: tail, finalApplied: this.#finalApplied, equivocators: this.#dag.equivocators.size };
		lists.viewRewinds = view.core.undo.rewinds;
	}

	/**
	 * Whether the tail only adds nodes after those the current view applied, with nothing final or
	 * found equivocating since and no absence vote among them (a lone vote may turn void later).
	 */
	#extendsView(tail: readonly DagNode[]): boolean {
		const applied = this.#viewTail;
		if (this.#view === this.#final || applied.finalApplied !== this.#finalApplied || applied.equivocators !== this.#dag.equivocators.size) return false;
		if (applied.nodes.length === 0 || tail.length < applied.nodes.length) return false;
		for (let i = 0; i < applied.nodes.length; i++) if (tail[i] !== applied.nodes[i] || applied.nodes[i]!.entry.kind === 'absent') return false;
		return true;
	}

	/** An action this device checked itself before posting it: its replay reuses the result (one step per local action). */
	#expected: { id: string; before: GameState; after: GameState } | null = null;

	/** Tells the replay that entry `id` takes the engine from `before` to `after` (as `step` said). */
	expectStep(id: string, before: GameState, after: GameState): void {
		this.#expected = { id, before, after };
	}

	/** Arrays holding the final lists plus the tail's, and how many final items each held. */
	#tailLists = { accepted: [] as AcceptedEntry[], exported: [] as Action[], rejections: [] as ProtocolRejection[], finals: [0, 0, 0], rewinds: 0, viewRewinds: 0 };

	/** A cut or an equivocation changed the place of an entry already final: replay the graph from the start. */
	#rebuild(): void {
		const dag = this.#dag;
		for (const node of dag.nodes.values()) {
			node.final = false;
			node.acks.clear();
			dag.open.add(node);
		}
		this.#final = { core: emptyCoreV2(), accepted: [], exported: [], rejections: [] };
		this.#tailLists = { accepted: [], exported: [], rejections: [], finals: [0, 0, 0], rewinds: 0, viewRewinds: 0 };
		this.#finalApplied = 0;
		this.#view = this.#final;
		this.#viewTail = { nodes: [], finalApplied: 0, equivocators: this.#dag.equivocators.size };
		this.#orderer = new Orderer(dag, this.#membership(this.#final.core));
		this.#orderer.admitted([...dag.nodes.values()]);
		this.rebuilds++;
		this.#settle();
	}

	/** Times the final order had to be replayed from the start (a crossing cut or an equivocation). */
	rebuilds = 0;

	#apply(into: Replayed, node: DagNode): void {
		const entry: Entry = node.entry;
		const index = into.accepted.length + into.rejections.length;
		const core = into.core;
		if (entry.kind === 'carry' && !node.postFork && this.#dag.genesis === null) {
			into.rejections.push({ index, id: node.id, author: entry.author, code: 'NO_GAME', message: 'The game this entry carries into has not arrived.' });
			return;
		}
		if (entry.kind === 'carry' && !node.postFork) {
			// Its carried entries, accepted where it stands (never the carry itself).
			const refusal = applyCarry(into, node, this.#dag.genesis!.entry.author, this.#carried);
			if (refusal !== null) into.rejections.push({ index, id: node.id, author: entry.author, code: refusal.code, message: refusal.message });
			return;
		}
		let refusal: ProtocolRefusal | null;
		const undoSnapshot = undoBefore(core, into.exported);
		if (node.postFork) {
			markCheater(core, entry.author);
			refusal = { code: 'EQUIVOCATION', message: 'Its author signed two entries naming the same previous one: entries from that fork on are refused.' };
		} else if ((entry.kind === 'create' || entry.kind === 'fork') && node !== this.#dag.genesis) {
			refusal = { code: 'NO_GAME', message: 'The game has already begun.' };
		} else if (entry.kind === 'fork') {
			refusal = startFork(core, (entry as Entry<'fork'>).body);
		} else if (entry.kind === 'absent' && this.#orderer.answered(node)) {
			refusal = { code: 'VOTE_ANSWERED', message: 'With two seats a vote stands only while its target is silent: the target answered with an entry this vote had not seen.' };
		} else if (isUndoKind(entry.kind)) {
			refusal = applyUndoEntry(core, node.id, entry, into.exported, (id) => this.#dag.nodes.get(id)?.entry ?? null);
		} else {
			const expected = this.#expected;
			const stepper = expected !== null && expected.id === node.id ? (state: GameState, action: Action) => (state === expected.before ? ({ ok: true, state: expected.after } as const) : step(state, action)) : step;
			refusal = applyEntryV2(core, this.gameId, entry, into.exported, stepper);
		}
		if (refusal !== null) into.rejections.push({ index, id: node.id, author: entry.author, code: refusal.code, message: refusal.message });
		else into.accepted.push({ index, id: node.id, text: node.text, kind: entry.kind, state: null });
		afterEntryV2(core, this.gameId, node.id, into.exported);
		undoAfter(core, undoSnapshot, node.id, entry, refusal === null);
		if (refusal === null) {
			const last = into.accepted[into.accepted.length - 1]!;
			into.accepted[into.accepted.length - 1] = { ...last, state: core.engine };
		}
	}
}

/** `into` as `final` followed by nothing: drops what followed the final items last time and appends the new final ones. */
function followFinal<T>(into: T[], final: readonly T[], finals: number[], which: number): T[] {
	into.length = finals[which]!;
	for (let i = into.length; i < final.length; i++) into.push(final[i]!);
	finals[which] = final.length;
	return into;
}
