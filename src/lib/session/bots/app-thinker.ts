/**
 * The thinker the app gives its tables: a Web Worker made on the first question (none is started
 * for a table without bots), or this thread where there is no Worker.
 */
import { localThinker, type Thinker } from './thinker.js';
import { workerThinker } from './worker-thinker.js';

export function appThinker(): Thinker {
	let inner: Thinker | null = null;
	return {
		think(request) {
			inner ??= workerThinker() ?? localThinker(() => performance.now());
			return inner.think(request);
		},
		destroy() {
			inner?.destroy();
		},
	};
}
