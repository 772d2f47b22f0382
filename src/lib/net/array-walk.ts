/**
 * The two walks the push-only arrays of a game document (the `log`, net/doc.ts; the `chat`,
 * net/chat-doc.ts) share, so that both guard alike against a rogue peer's deletions:
 * - `pushedValues`: every value ever pushed, in array order, deleted or not (game documents keep
 *   deleted content, `gc: false`); content that reached this device already erased is skipped.
 * - `valuesAdded`: the values one transaction added to one array, reading only the structs the
 *   transaction made (its cost follows the change, where Yjs's `event.changes` walks the array).
 */
import * as Y from 'yjs';

/** Typed as the array's values; a rogue peer may have pushed anything else (callers check). */
export function pushedValues<T>(array: Y.Array<T>): T[] {
	const out: T[] = [];
	for (let item = array._start; item !== null; item = item.right) {
		if (!item.countable || item.content instanceof Y.ContentDeleted) continue;
		for (const value of item.content.getContent()) out.push(value as T);
	}
	return out;
}

/** `deleted`: also the values deleted again in the same transaction (false: skipped). */
export function valuesAdded<T>(doc: Y.Doc, tr: Y.Transaction, array: Y.Array<T>, { deleted }: { deleted: boolean }): unknown[] {
	const added: unknown[] = [];
	for (const [client, after] of tr.afterState) {
		const before = tr.beforeState.get(client) ?? 0;
		if (after <= before) continue;
		const structs = doc.store.clients.get(client)!;
		for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) {
			const struct = structs[i]!;
			if (struct.id.clock >= after) break;
			if (!(struct instanceof Y.Item) || struct.parent !== (array as Y.AbstractType<unknown>) || struct.content instanceof Y.ContentDeleted) continue;
			if (!deleted && struct.deleted) continue;
			const values = struct.content.getContent();
			for (let k = Math.max(0, before - struct.id.clock); k < Math.min(struct.length, after - struct.id.clock); k++) added.push(values[k]);
		}
	}
	return added;
}
