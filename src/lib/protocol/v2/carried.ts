/**
 * A version-2 fork's carried section (docs/protocol.md, "Fork"). A fork's log holds its `fork`
 * entry, then `carry` entries by the forker chained by `last` that list, 80 at a time, the ids of
 * the parent's accepted entries 0..index in the parent's order, and those entries' texts as they
 * were (they name the parent game and keep their signatures). The texts wait in a pool by id; a
 * carry joins the entry graph once every text it lists is there, and when the final order reaches
 * it, its texts are replayed in the listed order as the parent's game: a version-1 parent through
 * the version-1 rules (ProtocolReplayer, carried mode), a version-2 parent through the version-2
 * rules in sequence (no graph, no orderer: the order is given), a parent that is itself a fork
 * through its own carried section first. Once `index + 1` texts are replayed their accepted ids
 * must hash to the fork's `parentHash` (else BAD_FORK); then every seat is free and play goes on
 * from the parent's engine state, as version 2.
 */
import type { Action, GameOptions, GameState } from '../../engine/index.js';
import { DEFAULT_PROTOCOL_RULES, type Bodies, type Entry, type ParsedEntry, type ProtocolRules } from '../entry.js';
import type { DagNode } from '../order/dag.js';
import { logHash, ProtocolReplayer, type AcceptedEntry, type ProtocolRejection } from '../v1/replayer.js';
import type { ProtocolRefusal } from '../refusal.js';
import { emptyCoreV2, type CoreV2 } from './core.js';
import { afterEntryV2, applyEntryV2 } from './entry-handlers.js';
import { applyUndoEntry, isUndoKind, undoAfter, undoBefore } from './takeback.js';
import { secretDeckForkRefusal } from './deck/fork.js';

/** A parsed entry whose signature was checked. */
export type CarriedText = Extract<ParsedEntry, { ok: true }>;

/** Texts kept in the pool that no carry of the forker lists yet, at most (beyond it the oldest is dropped). */
export const MAX_UNLISTED_TEXTS = 20_000;

const refuse = (code: ProtocolRefusal['code'], message: string): ProtocolRefusal => ({ code, message });

/**
 * Carried texts by id, checked (signature) and kept until a carry lists them. Texts a carry of the
 * forker lists are kept for good (a rebuild replays them again); the others at most
 * MAX_UNLISTED_TEXTS, the oldest dropped first and forgotten, so a later sync brings it back.
 */
export class CarriedTexts {
	readonly #texts = new Map<string, { text: CarriedText; raw: unknown }>();
	/** Ids some carry of the forker lists. */
	readonly #listed = new Set<string>();
	/** Ids no carry lists yet, oldest first. */
	readonly #unlisted = new Set<string>();

	get size(): number {
		return this.#texts.size;
	}

	get(id: string): CarriedText | null {
		return this.#texts.get(id)?.text ?? null;
	}

	/** Keeps a checked text; returns the raw values of texts dropped to stay within the bound. */
	add(raw: unknown, text: CarriedText): unknown[] {
		if (this.#texts.has(text.id)) return [];
		this.#texts.set(text.id, { text, raw });
		if (this.#listed.has(text.id)) return [];
		this.#unlisted.add(text.id);
		const dropped: unknown[] = [];
		for (const id of this.#unlisted) {
			if (this.#unlisted.size <= MAX_UNLISTED_TEXTS) break;
			this.#unlisted.delete(id);
			dropped.push(this.#texts.get(id)!.raw);
			this.#texts.delete(id);
		}
		return dropped;
	}

	/**
	 * Forgets the texts that can no longer be carried (every text no carry lists; with `all`, the
	 * listed ones too) and returns them: the game's section is closed, or it is no fork.
	 */
	takeDead(all: boolean): CarriedText[] {
		const dead: CarriedText[] = [];
		for (const [id, { text }] of this.#texts) {
			if (!all && this.#listed.has(id)) continue;
			dead.push(text);
			this.#texts.delete(id);
			this.#unlisted.delete(id);
		}
		return dead;
	}

	/** Whether a text no carry lists is held. */
	get holdsUnlisted(): boolean {
		return this.#unlisted.size > 0;
	}

	/** Marks ids as listed by a carry (kept for good); the first one not here yet, or null. */
	list(ids: readonly string[]): string | null {
		let missing: string | null = null;
		for (const id of ids) {
			this.#listed.add(id);
			this.#unlisted.delete(id);
			if (missing === null && !this.#texts.has(id)) missing = id;
		}
		return missing;
	}
}

/** The graph's extra "missing" check: a carry of the forker waits until every text it lists is pooled. */
export function missingCarried(entry: Entry, forker: string | null, texts: CarriedTexts): string | null {
	if (entry.kind !== 'carry' || entry.author !== forker) return null;
	return texts.list((entry as Entry<'carry'>).body.ids);
}

/** Whether an entry of another game may still be a carried text: the genesis is unknown, or a fork's section is still open. */
export function takesCarried(genesis: DagNode | null, finalCore: CoreV2): boolean {
	if (genesis === null) return true;
	return genesis.entry.kind === 'fork' && (finalCore.fork === null || finalCore.carried !== null);
}

/** A parent game replayed from its accepted entries in the given order. */
interface ParentReplay {
	feed(text: CarriedText): ProtocolRefusal | null;
	readonly engine: GameState | null;
	readonly options: GameOptions | null;
	readonly rules: ProtocolRules | null;
	readonly broken: string | null;
	exported(): Action[];
}

/** A version-1 parent: ProtocolReplayer in carried mode (no chain checks; signatures checked by the pool). */
class VersionOneParent implements ParentReplay {
	readonly #replayer: ProtocolReplayer;

	constructor(game: string, verified: ReadonlySet<string>) {
		this.#replayer = new ProtocolReplayer(game, { checkpointInterval: Infinity, carried: { verified: (id) => verified.has(id) } });
	}
	feed(text: CarriedText): ProtocolRefusal | null {
		if (text.entry.v !== 1) return refuse('WRONG_VERSION', 'A version-1 game takes version-1 entries only.');
		return this.#replayer.append(text.text);
	}
	get engine(): GameState | null {
		return this.#replayer.state;
	}
	get options(): GameOptions | null {
		return this.#replayer.state === null ? null : this.#replayer.exportLog().setup;
	}
	get rules(): ProtocolRules | null {
		return null;
	}
	get broken(): string | null {
		return this.#replayer.broken;
	}
	exported(): Action[] {
		return this.#replayer.state === null ? [] : (this.#replayer.exportLog().entries as Action[]);
	}
}

/** A version-2 parent: the version-2 rules applied in the given order, after its own carried section if it is a fork. */
class VersionTwoParent implements ParentReplay {
	readonly #game: string;
	readonly #core = emptyCoreV2();
	readonly #exported: Action[] = [];
	#started = false;

	constructor(game: string) {
		this.#game = game;
	}

	feed(text: CarriedText): ProtocolRefusal | null {
		const core = this.#core;
		const section = core.carried;
		if (section !== null) {
			const refusal = section.feed(text);
			if (!section.complete) return refusal;
			const end = finishFork(core, this.#exported);
			return refusal ?? end;
		}
		const { entry, id } = text;
		if (entry.game !== this.#game) return refuse('WRONG_GAME', `The entry belongs to game ${entry.game}, not ${this.#game}.`);
		if (entry.v !== 2) return refuse('WRONG_VERSION', 'A version-2 game takes version-2 entries only.');
		const genesis = entry.kind === 'create' || entry.kind === 'fork';
		if (genesis === this.#started) return refuse('NO_GAME', genesis ? 'The game has already begun.' : 'A game begins with a create or fork entry.');
		this.#started = true;
		if (entry.kind === 'fork') return startFork(core, (entry as Entry<'fork'>).body);
		if (entry.kind === 'carry') return refuse('BAD_CARRY', 'A carry entry is never itself carried: its entries are.');
		const undo = undoBefore(core, this.#exported);
		const refusal = isUndoKind(entry.kind) ? applyUndoEntry(core, id, entry, this.#exported, null) : applyEntryV2(core, this.#game, entry, this.#exported);
		afterEntryV2(core, this.#game, id, this.#exported);
		undoAfter(core, undo, id, entry, refusal === null);
		return refusal;
	}
	get engine(): GameState | null {
		return this.#core.carried?.engine ?? this.#core.engine;
	}
	get options(): GameOptions | null {
		return this.#core.carried?.options ?? this.#core.options;
	}
	get rules(): ProtocolRules | null {
		return this.#core.carried?.rules ?? this.#core.rules;
	}
	get broken(): string | null {
		return this.#core.broken ?? this.#core.carried?.broken ?? null;
	}
	exported(): Action[] {
		return this.#core.carried?.exported() ?? this.#exported;
	}
}

/**
 * One fork's carried section: the parent's accepted entries 0..index, fed in order. A copy (for
 * the provisional tail) shares what was fed and replays it only if it is fed more itself.
 */
export class CarriedSection {
	readonly fork: Bodies['fork'];
	readonly #accepted: string[] = [];
	readonly #fed: CarriedText[] = [];
	readonly #ids = new Set<string>();
	#replay: ParentReplay | null = null;
	/** A copy not yet replayed: the section it copies and how much of it. */
	#source: { section: CarriedSection; count: number } | null = null;

	constructor(fork: Bodies['fork']) {
		this.fork = fork;
	}

	/** Entries fed so far. */
	get fed(): number {
		return this.#source?.count ?? this.#fed.length;
	}
	/** Entries still to come. */
	get remaining(): number {
		return this.fork.index + 1 - this.fed;
	}
	get complete(): boolean {
		return this.remaining <= 0;
	}

	feed(text: CarriedText): ProtocolRefusal | null {
		this.#own();
		if (this.complete) throw new Error('protocol bug: a complete carried section was fed');
		this.#fed.push(text);
		if (this.#ids.has(text.id)) return refuse('DUPLICATE', 'The same entry is already carried.');
		this.#ids.add(text.id);
		// Every fed text comes from the pool, which checked its signature.
		this.#replay ??= text.entry.v === 1 ? new VersionOneParent(this.fork.parent, this.#ids) : new VersionTwoParent(this.fork.parent);
		const refusal = this.#replay.feed(text);
		if (refusal === null) this.#accepted.push(text.id);
		return refusal;
	}

	/** Ids of the fed entries that were accepted. */
	get accepted(): readonly string[] {
		this.#own();
		return this.#accepted;
	}
	/** The parent's engine state after the entries fed so far. */
	get engine(): GameState | null {
		this.#own();
		return this.#replay?.engine ?? null;
	}
	get options(): GameOptions | null {
		this.#own();
		return this.#replay?.options ?? null;
	}
	get rules(): ProtocolRules | null {
		this.#own();
		return this.#replay?.rules ?? null;
	}
	get broken(): string | null {
		this.#own();
		return this.#replay?.broken ?? null;
	}
	/** The engine actions of the parent so far (settled randomness included), for `exportLog`. */
	exported(): Action[] {
		this.#own();
		return this.#replay?.exported() ?? [];
	}

	copy(): CarriedSection {
		const copy = new CarriedSection(this.fork);
		copy.#source = this.#source ?? { section: this, count: this.#fed.length };
		return copy;
	}

	/** A copy replays what it copies the first time it is used (its source is never itself a copy). */
	#own(): void {
		const source = this.#source;
		if (source === null) return;
		this.#source = null;
		for (const text of source.section.#fed.slice(0, source.count)) this.feed(text);
	}
}

/** A `fork` genesis: the carried section opens. */
export function startFork(core: CoreV2, body: Bodies['fork']): ProtocolRefusal | null {
	core.fork = body;
	core.carried = new CarriedSection(body);
	return null;
}

/**
 * The end of a carried section: its accepted ids must hash to the fork's parentHash. Then every
 * seat is free and the game goes on from the parent's engine state (a BAD_FORK refusal otherwise).
 */
function finishFork(core: CoreV2, exported: Action[], forker: string | null = null): ProtocolRefusal | null {
	const section = core.carried!;
	core.carried = null;
	const { engine, options } = section;
	const problem = section.broken ?? (logHash(section.accepted) === section.fork.parentHash ? null : `The carried entries of game ${section.fork.parent} do not match the fork's parentHash.`);
	if (problem !== null || engine === null || options === null) {
		core.broken = problem ?? `The carried entries of game ${section.fork.parent} end before it has a game state to go on from.`;
		return refuse('BAD_FORK', core.broken);
	}
	// A hand-made fork of a secret-deck game after its first draw (docs/deck.md, "Forks").
	const secret = secretDeckForkRefusal(engine, forker, section.fork.parent, section.fork.index);
	if (secret !== null) {
		core.broken = secret.message;
		return secret;
	}
	Object.assign(core, emptyCoreV2(), {
		engine,
		options,
		rules: section.rules ?? DEFAULT_PROTOCOL_RULES,
		seats: Array.from({ length: options.players }, () => null),
		fork: section.fork,
	});
	exported.push(...section.exported());
	return null;
}

/** Where a carry's entries go: the replay being extended (final order or provisional tail). */
export interface CarryTarget {
	readonly core: CoreV2;
	readonly accepted: AcceptedEntry[];
	readonly exported: Action[];
	readonly rejections: ProtocolRejection[];
}

/**
 * A `carry` entry reached in the order: its listed texts are replayed as the parent's game, each
 * accepted one added to `into.accepted` where the carry stands. Returns the carry's refusal, or null.
 */
export function applyCarry(into: CarryTarget, node: DagNode, forker: string, texts: CarriedTexts): ProtocolRefusal | null {
	const core = into.core;
	const entry = node.entry as Entry<'carry'>;
	if (entry.author !== forker) return refuse('NOT_FORKER', 'Only the fork\u2019s author carries entries into it.');
	if (core.broken !== null) return refuse('BAD_FORK', core.broken);
	const section = core.carried;
	if (section === null) return refuse('BAD_CARRY', core.fork === null ? 'This game is not a fork.' : 'The carried section is complete.');
	const ids = entry.body.ids;
	if (ids.length > section.remaining) return refuse('BAD_CARRY', `The carried section has ${section.remaining} entries left, not ${ids.length}.`);
	for (const id of ids) {
		const text = texts.get(id);
		if (text === null) throw new Error(`protocol bug: carried text ${id} left the pool`);
		const refusal = section.feed(text);
		if (refusal !== null) {
			core.carried = null;
			core.broken = `Carried entry ${id} of game ${text.entry.game} was refused (${refusal.code}): ${refusal.message}`;
			return refuse('BAD_FORK', core.broken);
		}
		into.accepted.push({ index: into.accepted.length + into.rejections.length, id, text: text.text, kind: text.entry.kind, state: section.engine });
	}
	return section.complete ? finishFork(core, into.exported, forker) : null;
}
