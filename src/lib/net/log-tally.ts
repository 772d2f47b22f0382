/**
 * Keeps count of a game doc's log and chat together (entries or messages and UTF-8 bytes, deleted
 * ones included, as readLog shows them: one cap bounds both) and bounds what Yjs holds as pending (structs whose dependencies never came).
 *
 * The log is walked once, at creation; after that each transaction adds only the structs it
 * created (Yjs's before/after state per client), so the cost follows the change, not the log.
 */
import * as Y from 'yjs';
import { CHAT_KEY } from './chat-doc.js';
import { LOG_KEY } from './doc.js';
import { utf8Length } from './update-check.js';

export interface LogTallyOptions {
	/** Pending structs above this size (their encoded update) are discarded. Default: no bound. */
	maxPendingBytes?: number;
	/** Called after pending structs were discarded (their honest part can be fetched again). */
	onPendingCleared?: (bytes: number) => void;
}

export class LogTally {
	/** Entries in the log and their UTF-8 bytes. */
	entries = 0;
	bytes = 0;
	/** Times pending structs were discarded. */
	pendingCleared = 0;
	readonly #doc: Y.Doc;
	readonly #log: Y.Array<unknown>;
	readonly #options: LogTallyOptions;

	constructor(doc: Y.Doc, options: LogTallyOptions = {}) {
		this.#doc = doc;
		this.#log = doc.getArray(LOG_KEY);
		this.#options = options;
		for (const array of [this.#log, doc.share.get(CHAT_KEY)]) for (let item = array?._start ?? null; item !== null; item = item.right) this.#count(item, 0, item.length);
		doc.on('afterTransaction', this.#afterTransaction);
	}

	/** Bytes of the update Yjs holds as pending (0 if none). */
	get pendingBytes(): number {
		return this.#doc.store.pendingStructs?.update.byteLength ?? 0;
	}

	destroy(): void {
		this.#doc.off('afterTransaction', this.#afterTransaction);
	}

	#afterTransaction = (tr: Y.Transaction): void => {
		for (const [client, after] of tr.afterState) {
			const before = tr.beforeState.get(client) ?? 0;
			if (after <= before) continue;
			const structs = this.#doc.store.clients.get(client)!;
			for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) {
				const s = structs[i]!;
				if (s.id.clock >= after) break;
				if (s instanceof Y.Item) this.#count(s, Math.max(0, before - s.id.clock), Math.min(s.length, after - s.id.clock));
			}
		}
		const pending = this.pendingBytes;
		const max = this.#options.maxPendingBytes ?? Infinity;
		if (pending > max) {
			this.#doc.store.pendingStructs = null;
			this.pendingCleared++;
			this.#options.onPendingCleared?.(pending);
		}
	};

	/** Counts values [from, to) of a log or chat item. */
	#count(item: Y.Item, from: number, to: number): void {
		// The chat is looked up each time: Yjs replaces a root type made by a remote update when getArray first asks for it.
		const parent = item.parent;
		if ((parent !== this.#log && (parent === null || parent !== this.#doc.share.get(CHAT_KEY))) || !(item.content instanceof Y.ContentAny)) return;
		const values = item.content.arr;
		for (let i = from; i < to; i++) {
			const value: unknown = values[i];
			this.entries++;
			if (typeof value === 'string') this.bytes += utf8Length(value);
		}
	}
}
