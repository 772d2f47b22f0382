/**
 * A DocPersistence whose `destroy` first waits until the store has loaded (and so written) the
 * document. y-indexeddb opens its database asynchronously: a game imported, forked or created and
 * closed at once would otherwise be stopped before a single update reached IndexedDB.
 */
import type { DocPersistence } from './storage.js';

export function flushBeforeDestroy(inner: DocPersistence): DocPersistence {
	return {
		attach(gameId, doc) {
			const persisted = inner.attach(gameId, doc);
			return {
				whenSynced: persisted.whenSynced,
				destroy: async () => {
					await persisted.whenSynced.catch(() => undefined);
					await persisted.destroy();
				},
				clear: () => persisted.clear()
			};
		},
		remove: (gameId) => inner.remove(gameId)
	};
}
