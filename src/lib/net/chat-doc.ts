/**
 * The table chat's place in a game's Y.Doc: a second root Y.Array, `chat`, of message strings
 * (signed by the protocol's chat module, protocol/chat), beside the `log` of entries. It lives in
 * the same document so it is stored in the same IndexedDB database and synced over the same links
 * and through the same update gate (update-check.ts admits string appends to `log` and `chat`
 * only); the rules replayer reads only log entries (readLog takes strings by their shape, doc.ts).
 *
 * Like the log it is push only, and reading it walks every item ever pushed, deleted or not (game
 * documents keep deleted content, `gc: false`), so a rogue delete hides no message from a peer
 * that holds it. Order in the array means nothing: the protocol orders messages itself.
 */
import type * as Y from 'yjs';
import { pushedValues, valuesAdded } from './array-walk.js';
import { isChatText, isEntryText, LOCAL_ORIGIN, type GameDoc } from './doc.js';

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

/** Every value ever pushed to the chat, deleted or not, in array order (non-strings included: the
 * protocol refuses them); log entries that landed here are the log's, and chat messages that landed
 * in the log are the chat's (doc.ts `isChatText`). */
export function readChat(game: GameDoc): unknown[] {
	return [...pushedValues(chatArray(game)).filter((value) => !isEntryText(value)), ...pushedValues(game.log).filter(isChatText)];
}

/**
 * Calls `listener` after every transaction that added values to the chat, with those values
 * (deleted ones too: a rogue that inserts and deletes in one update hides nothing). Reads only
 * the structs the transaction made, so its cost follows the change. Returns the unsubscribe function.
 */
export function observeChat(game: GameDoc, listener: (added: unknown[]) => void): () => void {
	const chat = chatArray(game);
	const handler = (tr: Y.Transaction) => {
		const added = valuesAdded(game.doc, tr, chat, { deleted: true }).filter((value) => !isEntryText(value));
		for (const value of valuesAdded(game.doc, tr, game.log, { deleted: true })) if (isChatText(value)) added.push(value);
		if (added.length > 0) listener(added);
	};
	game.doc.on('afterTransaction', handler);
	return () => game.doc.off('afterTransaction', handler);
}
