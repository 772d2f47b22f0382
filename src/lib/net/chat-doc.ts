/**
 * The table chat's place in a game's Y.Doc: a second root Y.Array, `chat`, of message strings
 * (signed by the protocol's chat module, protocol/chat), beside the `log` of entries. It lives in
 * the same document so it is stored in the same IndexedDB database and synced over the same links
 * and through the same update gate (update-check.ts admits string appends to `log` and `chat`
 * only); the rules replayer never reads it (readLog walks `log` only).
 *
 * Like the log it is push only, and reading it walks every item ever pushed, deleted or not (game
 * documents keep deleted content, `gc: false`), so a rogue delete hides no message from a peer
 * that holds it. Order in the array means nothing: the protocol orders messages itself.
 */
import * as Y from 'yjs';
import { LOCAL_ORIGIN, type GameDoc } from './doc.js';

/** Name of the shared Y.Array holding chat messages (part of the wire format: never rename). */
export const CHAT_KEY = 'chat';

/** The game's chat array. */
export function chatArray(game: GameDoc): Y.Array<string> {
	return game.doc.getArray<string>(CHAT_KEY);
}

/** Appends one message string at the end of the chat, in one transaction (origin LOCAL_ORIGIN). */
export function appendChat(game: GameDoc, message: string): void {
	if (typeof message !== 'string') throw new TypeError('appendChat: a message is a string');
	game.doc.transact(() => chatArray(game).push([message]), LOCAL_ORIGIN);
}

/** Every value ever pushed to the chat, deleted or not, in array order (non-strings included: the protocol refuses them). */
export function readChat(game: GameDoc): unknown[] {
	const out: unknown[] = [];
	for (let item = chatArray(game)._start; item !== null; item = item.right) {
		if (!item.countable || item.content instanceof Y.ContentDeleted) continue;
		for (const value of item.content.getContent()) out.push(value);
	}
	return out;
}

/**
 * Calls `listener` after every transaction that added values to the chat, with those values
 * (deleted ones too: a rogue that inserts and deletes in one update hides nothing). Reads only
 * the structs the transaction made, so its cost follows the change. Returns the unsubscribe function.
 */
export function observeChat(game: GameDoc, listener: (added: unknown[]) => void): () => void {
	const chat = chatArray(game);
	const handler = (tr: Y.Transaction) => {
		const added: unknown[] = [];
		for (const [client, after] of tr.afterState) {
			const before = tr.beforeState.get(client) ?? 0;
			if (after <= before) continue;
			const structs = game.doc.store.clients.get(client)!;
			for (let i = Y.findIndexSS(structs, before); i < structs.length; i++) {
				const struct = structs[i]!;
				if (struct.id.clock >= after) break;
				if (!(struct instanceof Y.Item) || struct.parent !== chat || struct.content instanceof Y.ContentDeleted) continue;
				const values = struct.content.getContent();
				for (let k = Math.max(0, before - struct.id.clock); k < Math.min(struct.length, after - struct.id.clock); k++) added.push(values[k]);
			}
		}
		if (added.length > 0) listener(added);
	};
	game.doc.on('afterTransaction', handler);
	return () => game.doc.off('afterTransaction', handler);
}
