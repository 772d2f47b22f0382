/**
 * Which chat lines this device has shown with the panel open, per chat (session/chat.ts): kept for
 * the page's life, so the lobby's panel and the game's (two components, one chat) count the same
 * lines as read, and a message read in the lobby is not unread again when the game begins.
 */
const marks = new WeakMap<object, ReadonlySet<string>>();

export function readMarks(chat: object | null): ReadonlySet<string> {
	return (chat !== null && marks.get(chat)) || new Set();
}

export function markRead(chat: object | null, ids: Iterable<string>): ReadonlySet<string> {
	const next = new Set([...readMarks(chat), ...ids]);
	if (chat !== null) marks.set(chat, next);
	return next;
}
