/**
 * This device keeps its Yjs client id when a peer writes under it. Yjs names an item by (client
 * id, clock) and trusts whoever sends it; when a remote update holds items under this doc's own id
 * beyond its clock, Yjs picks a new random id for the doc. Any peer could then make a device take
 * a new id before each of its writes with one tiny item at its next clock, and every write would
 * come from an author new to the others: their gates allow few new authors per link (16, then one
 * per 30 s), so that device's moves were dropped and its link muted, and the countdown voted the
 * present, honest player out (red team, session 15; docs/update-gate.md "Two versions of an item").
 *
 * Keeping the id is as safe as the new one: the doc's next clock for its id is already past the
 * items someone else put there, so its own next items cannot land on their ids. An id the device
 * sets itself (tests, a simulation) is kept as set: only the change Yjs makes inside a remote
 * transaction is undone.
 */
import type * as Y from 'yjs';

const pinned = new WeakSet<Y.Doc>();

/** Undoes the client-id change Yjs makes when a remote update writes under this doc's own id. */
export function keepClientId(doc: Y.Doc): void {
	if (pinned.has(doc)) return;
	pinned.add(doc);
	let before = doc.clientID;
	doc.on('beforeTransaction', () => {
		before = doc.clientID;
	});
	doc.on('afterTransactionCleanup', (transaction: Y.Transaction) => {
		if (!transaction.local && doc.clientID !== before) doc.clientID = before;
	});
}
