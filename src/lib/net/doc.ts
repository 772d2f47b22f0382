/**
 * One Y.Doc per game: an append-only Y.Array of log entries and a small Y.Map of metadata.
 *
 * Entries are opaque strings here (the protocol layer parses, verifies and replays them). Nothing
 * derived from the log (game state, checkpoints, accepted/rejected marks) is ever stored in Yjs.
 *
 * Yjs gives every peer the same array order after sync, but that order can place a remote entry
 * *before* entries a peer already had (concurrent appends): `observeLog` reports, for every change,
 * the first index that changed, so the session can recompute from its nearest checkpoint.
 */
import * as Y from 'yjs';
import { pushedValues, valuesAdded } from './array-walk.js';
import { keepClientId } from './client-id-pin.js';

/** Name of the shared Y.Array holding the log (part of the wire format: never rename). */
export const LOG_KEY = 'log';
/** Name of the shared Y.Map holding metadata (part of the wire format: never rename). */
export const META_KEY = 'meta';

/** Transaction origin of entries appended by this device. */
export const LOCAL_ORIGIN: unique symbol = Symbol('fnord.net.local-append');

/** Metadata values: small, plain, JSON-compatible. */
export type MetaValue = string | number | boolean | null;

export interface GameDoc {
	readonly gameId: string;
	readonly doc: Y.Doc;
	/** The log: entry strings, push only. */
	readonly log: Y.Array<string>;
	/** Small metadata (format version, title, ...). Never derived state. */
	readonly meta: Y.Map<MetaValue>;
}

export interface CreateGameDocOptions {
	/** Fixed Yjs client id (tests and simulations); random by default. */
	clientID?: number;
}

/** A new, empty game document. The Y.Doc's guid is the game id. */
export function createGameDoc(gameId: string, options: CreateGameDocOptions = {}): GameDoc {
	if (gameId.length === 0) throw new Error('createGameDoc: empty game id');
	const doc = new Y.Doc({ guid: gameId, gc: false });
	if (options.clientID !== undefined) doc.clientID = options.clientID;
	return wrapGameDoc(gameId, doc);
}

/** The game view of an existing Y.Doc (e.g. one restored from IndexedDB). */
export function wrapGameDoc(gameId: string, doc: Y.Doc): GameDoc {
	// Deleted items keep their content, so readLog still has what a rogue peer deletes.
	doc.gc = false;
	// A peer writing under this device's client id does not make it take a new one (client-id-pin.ts).
	keepClientId(doc);
	// Define the shared types right after creating the doc (Yjs best practice).
	return { gameId, doc, log: doc.getArray<string>(LOG_KEY), meta: doc.getMap<MetaValue>(META_KEY) };
}

/**
 * Appends entries at the end of the log, in one transaction whose origin is `origin`
 * (LOCAL_ORIGIN by default). Push only: this layer never inserts elsewhere or deletes.
 */
export function appendEntry(
	game: GameDoc,
	entry: string | readonly string[],
	origin: unknown = LOCAL_ORIGIN
): void {
	const entries = typeof entry === 'string' ? [entry] : [...entry];
	for (const e of entries) {
		if (typeof e !== 'string') throw new TypeError('appendEntry: entries are strings');
	}
	if (entries.length === 0) return;
	game.doc.transact(() => game.log.push(entries), origin);
}

/**
 * The log in canonical (Y.Array) order, deletions ignored: the log is append-only, so an entry a
 * rogue peer deletes (or "edits": delete + insert) stays in place in every honest view. Game
 * documents keep deleted content (`gc: false`). Content that reached this device already erased
 * (a peer that garbage-collected it sent the first sync) is counted by `erasedEntries`.
 */
export function readLog(game: GameDoc): string[] {
	// Non-strings too (typed as the log's strings): the protocol refuses them as MALFORMED, visibly.
	const chat = chatOf(game);
	const log = pushedValues(game.log).filter((value) => !isChatText(value));
	return chat === null ? log : [...log, ...(pushedValues(chat).filter(isEntryText) as string[])];
}

/** The chat array's name (chat-doc.ts `CHAT_KEY`, which imports this module). */
const CHAT_ARRAY = 'chat';

/** The game's chat array if the document has one. */
function chatOf(game: GameDoc): Y.Array<unknown> | null {
	// A root type a remote update made before anything here asked for it is a plain AbstractType
	// until getArray types it (locally: no update is sent).
	return game.doc.share.has(CHAT_ARRAY) ? game.doc.getArray<unknown>(CHAT_ARRAY) : null;
}

/**
 * Which kind a string is, by its shape: a signed log entry is canonical JSON whose first key is
 * `author` (protocol/entry.ts), a chat message canonical JSON whose first key is `at`
 * (protocol/chat/message.ts). Readers take each string by its shape, in whichever of the two
 * arrays it landed: a rogue that wrote one Yjs id as a log item to one device and as a chat item
 * to the others made that device's next items, placed after that neighbour, land in the others'
 * chat (its moves never reached their logs, and their countdown voted it out), or the mirror (red
 * team, session 14). Any other string stays in the array it is in.
 */
export function isEntryText(value: unknown): boolean {
	return typeof value === 'string' && value.startsWith('{"author":');
}

export function isChatText(value: unknown): boolean {
	return typeof value === 'string' && value.startsWith('{"at":');
}

/** Log items whose content this device never received (erased before they reached it). */
export function erasedEntries(game: GameDoc): number {
	let erased = 0;
	for (let item = game.log._start; item !== null; item = item.right) {
		// Erased content is ContentDeleted, which Yjs does not count as array content.
		if (item.content instanceof Y.ContentDeleted) erased += item.length;
	}
	return erased;
}

/** One change of the log, as seen by one peer. */
export interface LogChange {
	/** First index whose entry differs from before; entries before it are unchanged. */
	readonly firstIndex: number;
	/** Entries inserted (anywhere) in this change. */
	readonly inserted: number;
	/** Entries removed in this change (only a rogue peer, or a bug, removes entries). */
	readonly deleted: number;
	/** Log length before and after. */
	readonly lengthBefore: number;
	readonly lengthAfter: number;
	/** True when entries were only added at the end: replay can simply continue. */
	readonly appendOnly: boolean;
	/**
	 * True when entries were inserted before entries this peer already had (a reorder):
	 * replay must restart from `firstIndex`.
	 */
	readonly insertedBeforeEnd: boolean;
	/** The transaction origin (LOCAL_ORIGIN for this device's appends). */
	readonly origin: unknown;
	readonly local: boolean;
}

/** Calls `listener` after every change of the log. Returns the unsubscribe function. */
export function observeLog(game: GameDoc, listener: (change: LogChange) => void): () => void {
	const handler = (event: Y.YArrayEvent<string>, tr: Y.Transaction) => {
		listener(describeDelta(event.changes.delta, game.log.length, tr.origin));
	};
	game.log.observe(handler);
	return () => game.log.unobserve(handler);
}

type Delta = Y.YArrayEvent<string>['changes']['delta'];

/**
 * Calls `listener` after every transaction that added entries to the log, with the entries it
 * added (in no meaningful order: the protocol orders them) and whether it was this device's own.
 * Reads only the structs the transaction created, so it costs time in proportion to the change
 * (Yjs's `event.changes` walks the whole array).
 */
/** `origin`: the transaction origin that counts as local (LOCAL_ORIGIN, or another for a second signer on this device, e.g. a computer player's session). */
export function observeAdded(game: GameDoc, listener: (added: unknown[], local: boolean) => void, origin: unknown = LOCAL_ORIGIN): () => void {
	const handler = (tr: Y.Transaction) => {
		const chat = chatOf(game);
		const added = valuesAdded(game.doc, tr, game.log, { deleted: false }).filter((value) => !isChatText(value));
		if (chat !== null) for (const value of valuesAdded(game.doc, tr, chat, { deleted: false })) if (isEntryText(value)) added.push(value);
		if (added.length > 0) listener(added, tr.origin === origin);
	};
	game.doc.on('afterTransaction', handler);
	return () => game.doc.off('afterTransaction', handler);
}

/** Summarises a Y.Array delta (retain / insert / delete ops) into a LogChange. */
export function describeDelta(delta: Delta, lengthAfter: number, origin: unknown): LogChange {
	let index = 0;
	let firstIndex = -1;
	let inserted = 0;
	let deleted = 0;
	let firstInsertIndex = -1;
	for (const op of delta) {
		if (op.retain !== undefined) {
			index += op.retain;
		} else if (op.insert !== undefined) {
			const n = Array.isArray(op.insert) ? op.insert.length : 1;
			if (firstIndex < 0) firstIndex = index;
			if (firstInsertIndex < 0) firstInsertIndex = index;
			inserted += n;
			index += n;
		} else if (op.delete !== undefined) {
			if (firstIndex < 0) firstIndex = index;
			deleted += op.delete;
		}
	}
	const lengthBefore = lengthAfter - inserted + deleted;
	if (firstIndex < 0) firstIndex = lengthAfter;
	const appendOnly = deleted === 0 && firstIndex === lengthBefore;
	return {
		firstIndex,
		inserted,
		deleted,
		lengthBefore,
		lengthAfter,
		appendOnly,
		insertedBeforeEnd: inserted > 0 && firstInsertIndex < lengthBefore - deleted,
		origin,
		local: origin === LOCAL_ORIGIN
	};
}
