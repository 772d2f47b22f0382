/**
 * ProtocolReplayer: the game from an ordered list of signed entries (the Y.Array's order). Each
 * entry is parsed, checked (duplicate, signature, game, the author's own chain) and applied; a
 * refused entry is recorded with a stable code and changes nothing. When the engine asks for
 * randomness and every seat taking part has revealed, the replayer settles it itself. Checkpoints
 * let a reorder recompute from the nearest one before the first changed entry.
 */
import { canonicalJson, makeLog, stateHash, type Action, type GameLog, type GameState, type Seat } from '../../engine/index.js';
import type { SignatureCheck, Verifier } from '../crypto.js';
import { Verifier as DefaultVerifier } from '../crypto.js';
import { parseEntry, sha256Text, type Entry, type ParsedEntry } from '../entry.js';
import { RENEW_BELOW } from '../randomness.js';
import { applyKind, cloneCore, emptyCore, requiredSeats, resetSeats, revealsOpen, settleRandomness, type Core, type ProtocolRefusal } from './entry-handlers.js';

export interface ProtocolRejection {
	readonly index: number;
	/** The entry id, when the entry parsed. */
	readonly id: string | null;
	readonly author: string | null;
	readonly code: ProtocolRefusal['code'];
	readonly message: string;
}

export interface AcceptedEntry {
	readonly index: number;
	readonly id: string;
	/** The entry's canonical JSON (what a fork carries). */
	readonly text: string;
	readonly kind: Entry['kind'];
	/** The engine state right after it (and any randomness it settled); null before the setup. */
	readonly state: GameState | null;
}

/** A reveal a device owes: chain link `link` (1-based) of its seat's current chain. */
export interface DueReveal {
	readonly seat: Seat;
	readonly event: number;
	readonly link: number;
}

interface Checkpoint {
	readonly position: number;
	readonly core: Core;
	readonly accepted: number;
	readonly exported: number;
	readonly rejections: number;
}

interface Info {
	readonly author: string;
	readonly game: string;
}

export const CHECKPOINT_INTERVAL = 32;

/**
 * Every entry is a carried one (a version-2 fork carrying a version-1 game, in the order its carry
 * entries give): no `last`/`prev` checks. `verified(id)`: signatures the caller already checked.
 */
export interface CarriedMode {
	verified(id: string): boolean;
}

/** Signature checks sent to the verifier at a time while preparing. */
const PREPARE_SLICE = 250;

/** The hash of a list of accepted entry ids: a fork's parentHash. */
export function logHash(ids: readonly string[]): string {
	return sha256Text(canonicalJson(ids));
}

export class ProtocolReplayer {
	readonly gameId: string;
	private readonly verifier: Verifier;
	private readonly interval: number;
	/** Replaying a version-2 fork's carried section (v2/carried.ts), or null. */
	private readonly carriedMode: CarriedMode | null;
	/** Signature verdicts by entry id; they never change, so they survive recomputations. */
	private readonly signatures = new Map<string, boolean>();
	/** Parses by log text: prepare, replay and every recomputation after a reorder share them. */
	private readonly parses = new Map<string, ParsedEntry>();
	private raws: unknown[] = [];
	private seen = new Map<string, number>();
	/** Entries whose envelope passed (so they count in their author's chain), by index. */
	private infos: (Info | null)[] = [];
	private acceptedList: AcceptedEntry[] = [];
	private exported: Action[] = [];
	private rejectionList: ProtocolRejection[] = [];
	private core: Core = emptyCore();
	private checkpoints: Checkpoint[] = [];

	constructor(gameId: string, options: { verifier?: Verifier; checkpointInterval?: number; carried?: CarriedMode } = {}) {
		this.gameId = gameId;
		this.verifier = options.verifier ?? new DefaultVerifier();
		this.interval = options.checkpointInterval ?? CHECKPOINT_INTERVAL;
		this.carriedMode = options.carried ?? null;
		this.checkpoints.push(this.snapshot());
	}

	/**
	 * Verifies signatures ahead (WebCrypto is async); replay then reads the verdicts. Entries go to
	 * the verifier in slices as they are parsed, so checking the first slices overlaps parsing the rest.
	 */
	async prepare(raws: readonly unknown[]): Promise<void> {
		const queued = new Set<string>();
		const slices: Promise<void>[] = [];
		let ids: string[] = [];
		let checks: SignatureCheck[] = [];
		const send = () => {
			const sliceIds = ids;
			slices.push(this.verifier.verifyMany(checks).then((verdicts) => sliceIds.forEach((id, i) => this.signatures.set(id, verdicts[i]!))));
			ids = [];
			checks = [];
		};
		for (const raw of raws) {
			const parsed = this.parse(raw);
			if (!parsed.ok || this.signatures.has(parsed.id) || queued.has(parsed.id)) continue;
			queued.add(parsed.id);
			ids.push(parsed.id);
			checks.push({ publicKey: parsed.entry.author, signature: parsed.entry.sig, message: parsed.signed });
			if (checks.length === PREPARE_SLICE) send();
		}
		if (checks.length > 0) send();
		await Promise.all(slices);
	}

	get length(): number {
		return this.raws.length;
	}
	get state(): GameState | null {
		return this.core.engine;
	}
	get stateHash(): string | null {
		return this.core.engine === null ? null : stateHash(this.core.engine);
	}
	get rejections(): readonly ProtocolRejection[] {
		return this.rejectionList;
	}
	get accepted(): readonly AcceptedEntry[] {
		return this.acceptedList;
	}
	/** Why the game cannot go on (a fork whose carried entries don't match), or null. */
	get broken(): string | null {
		return this.core.broken;
	}
	/** The next random event's number. */
	get event(): number {
		return this.core.event;
	}
	/** Seat → the public key holding it (null: unclaimed). */
	get seats(): readonly (string | null)[] {
		return this.core.seats.map((seat) => seat?.key ?? null);
	}
	/** The entry id a new entry names as `prev`: the last entry in the log, or null. */
	get head(): string | null {
		for (let i = this.raws.length - 1; i >= 0; i--) {
			const parsed = this.parse(this.raws[i]);
			if (parsed.ok) return parsed.id;
		}
		return null;
	}
	/** The author's last entry in the root game (its next entry's `last`), or null. */
	lastOf(author: string): string | null {
		return this.core.heads.get(`${this.gameId} ${author}`) ?? null;
	}

	/** The reveals a key owes now (clients post them at once). */
	pendingReveals(author: string): DueReveal[] {
		if (!revealsOpen(this.core) || this.core.frames.length !== 1) return [];
		return requiredSeats(this.core)
			.filter((seat) => this.core.seats[seat]?.key === author && !this.core.reveals.has(seat))
			.map((seat) => ({ seat, event: this.core.event, link: this.core.seats[seat]!.used + 1 }));
	}

	/** Seats of a key whose chain should be renewed now (few links left, nothing pending). */
	renewals(author: string): Seat[] {
		if (this.core.engine === null || this.core.engine.random !== null || this.core.frames.length !== 1) return [];
		return this.core.seats.flatMap((seat, index) => (seat?.key === author && seat.length - seat.used < RENEW_BELOW ? [index] : []));
	}

	/** Appends one entry; the refusal if it was refused. */
	append(raw: unknown): ProtocolRejection | null {
		const before = this.rejectionList.length;
		this.process(raw);
		if (this.raws.length % this.interval === 0) this.checkpoints.push(this.snapshot());
		return this.rejectionList.length > before ? this.rejectionList[this.rejectionList.length - 1]! : null;
	}

	/** Brings the replay to `raws` (the whole log as it is now), recomputing from the first change. */
	sync(raws: readonly unknown[]): void {
		let same = 0;
		while (same < raws.length && same < this.raws.length && raws[same] === this.raws[same]) same++;
		this.replaceFrom(same, raws.slice(same));
	}

	/** Replaces every entry from `index` on, recomputing from the nearest checkpoint before it. */
	replaceFrom(index: number, raws: readonly unknown[]): void {
		if (index < 0 || index > this.raws.length) throw new RangeError(`replaceFrom(${index}) of ${this.raws.length}`);
		if (index < this.raws.length) {
			let c = this.checkpoints.length - 1;
			while (this.checkpoints[c]!.position > index) c--;
			const checkpoint = this.checkpoints[c]!;
			this.checkpoints = this.checkpoints.slice(0, c + 1);
			const redo = this.raws.slice(checkpoint.position, index);
			this.restore(checkpoint);
			for (const raw of redo) this.append(raw);
		}
		for (const raw of raws) this.append(raw);
	}

	/** A version-1 engine log of the accepted actions and the settled randomness (`fnord replay`). */
	exportLog(): GameLog {
		if (this.core.options === null) throw new Error('the game has no setup yet');
		const fork = this.core.fork;
		const meta = { game: this.gameId, source: 'fnord-p2p', ...(fork ? { parent: fork.parent, forkIndex: fork.index } : {}) };
		return makeLog(this.core.options, this.exported.slice(), meta);
	}

	/** The hash of the accepted entry ids 0..index: what a fork at `index` names. */
	logHash(index: number): string {
		if (index < 0 || index >= this.acceptedList.length) throw new RangeError(`logHash(${index}) of ${this.acceptedList.length}`);
		return logHash(this.acceptedList.slice(0, index + 1).map((entry) => entry.id));
	}

	private snapshot(): Checkpoint {
		return { position: this.raws.length, core: cloneCore(this.core), accepted: this.acceptedList.length, exported: this.exported.length, rejections: this.rejectionList.length };
	}

	private restore(checkpoint: Checkpoint): void {
		const position = checkpoint.position;
		this.raws = this.raws.slice(0, position);
		this.infos = this.infos.slice(0, position);
		for (const [id, index] of this.seen) if (index >= position) this.seen.delete(id);
		this.acceptedList = this.acceptedList.slice(0, checkpoint.accepted);
		this.exported = this.exported.slice(0, checkpoint.exported);
		this.rejectionList = this.rejectionList.slice(0, checkpoint.rejections);
		this.core = cloneCore(checkpoint.core);
	}

	private parse(raw: unknown): ParsedEntry {
		if (typeof raw !== 'string') return parseEntry(raw);
		let parsed = this.parses.get(raw);
		if (parsed === undefined) {
			parsed = parseEntry(raw);
			this.parses.set(raw, parsed);
		}
		return parsed;
	}

	private signatureValid(entry: Entry, id: string, signed: Uint8Array): boolean {
		let valid = this.signatures.get(id) ?? (this.carriedMode?.verified(id) || undefined);
		if (valid === undefined) {
			valid = this.verifier.verifySync(entry.author, entry.sig, signed);
			this.signatures.set(id, valid);
		}
		return valid;
	}

	/** The author's own chain: `last` must be its previous entry in this game; `prev` an earlier entry. */
	private chainProblem(entry: Entry, index: number): ProtocolRefusal | null {
		const head = this.core.heads.get(`${entry.game} ${entry.author}`) ?? null;
		if (entry.last !== head) {
			const at = entry.last === null ? undefined : this.seen.get(entry.last);
			const info = at === undefined ? null : this.infos[at];
			const ownEarlier = entry.last === null || (info != null && info.author === entry.author && info.game === entry.game);
			if (ownEarlier) return { code: 'EQUIVOCATION', message: 'Another entry of this author already follows the same entry.' };
			return { code: 'BAD_CHAIN', message: '`last` is not an earlier entry of this author in this game.' };
		}
		if (entry.prev != null && !((this.seen.get(entry.prev) ?? index) < index)) {
			return { code: 'BAD_CHAIN', message: '`prev` is not an earlier entry of the log.' };
		}
		return null;
	}

	private process(raw: unknown): void {
		const depth = this.core.frames.length;
		this.check(raw);
		this.closeFrames(depth);
	}

	private check(raw: unknown): void {
		const index = this.raws.length;
		this.raws.push(raw);
		this.infos.push(null);
		const parsed = this.parse(raw);
		if (!parsed.ok) return this.reject(index, null, null, parsed);
		const { entry, id, signed } = parsed;
		const reject = (refusal: ProtocolRefusal) => this.reject(index, id, entry.author, refusal);
		if (entry.v !== 1) return reject({ code: 'WRONG_VERSION', message: 'A version-1 game takes version-1 entries only.' });
		if (this.seen.has(id)) return reject({ code: 'DUPLICATE', message: `The same entry is already at index ${this.seen.get(id)}.` });
		this.seen.set(id, index);
		if (!this.signatureValid(entry, id, signed)) return reject({ code: 'BAD_SIGNATURE', message: 'The signature does not verify.' });
		const frames = this.core.frames;
		if (frames.length === 0) {
			if (entry.game !== this.gameId || (entry.kind !== 'create' && entry.kind !== 'fork')) {
				return reject({ code: 'NO_GAME', message: 'The log begins with this game\u2019s create or fork entry.' });
			}
			frames.push({ game: this.gameId, remaining: Infinity, ids: [], parentHash: null, started: false });
		}
		const top = frames[frames.length - 1]!;
		if (entry.game !== top.game) return reject({ code: 'WRONG_GAME', message: `The entry belongs to game ${entry.game}, not ${top.game}.` });
		if (this.core.broken !== null) return reject({ code: 'BAD_FORK', message: this.core.broken });
		// A fork carries its parent's accepted entries only: their `last`/`prev` may name entries left out.
		const carried = this.carriedMode !== null || frames.length > 1;
		const chain = carried ? null : this.chainProblem(entry, index);
		if (chain !== null) return reject(chain);
		this.infos[index] = { author: entry.author, game: entry.game };
		this.core.heads.set(`${entry.game} ${entry.author}`, id);
		const depth = frames.length;
		const refusal = applyKind(this.core, entry, top, this.exported);
		if (refusal !== null) return reject(refusal);
		settleRandomness(this.core, this.exported);
		this.acceptedList.push({ index, id, text: parsed.text, kind: entry.kind, state: this.core.engine });
		for (const frame of frames.slice(1, depth)) frame.ids.push(id);
	}

	/** Counts the entry in the carried sections open before it; closes those that are complete. */
	private closeFrames(depth: number): void {
		const frames = this.core.frames;
		for (const frame of frames.slice(1, depth)) frame.remaining -= 1;
		while (frames.length > 1 && frames[frames.length - 1]!.remaining <= 0) {
			const done = frames.pop()!;
			if (logHash(done.ids) !== done.parentHash) {
				this.core.broken = `The carried entries of game ${done.game} do not match the fork's parentHash.`;
			}
			if (frames[frames.length - 1]!.game !== done.game) resetSeats(this.core);
		}
	}

	private reject(index: number, id: string | null, author: string | null, refusal: ProtocolRefusal): void {
		this.rejectionList.push({ index, id, author, code: refusal.code, message: refusal.message });
	}
}
