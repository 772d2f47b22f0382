/**
 * The browser's Thinker: questions go to one Web Worker (bot-worker.ts), one at a time in the
 * order asked. Null where there is no Worker (the caller then uses `localThinker`). A worker that
 * fails refuses what it held and is started again for the next question.
 */
import type { PlayerAction } from '../../engine/index.js';
import type { Thinker, ThinkRequest } from './thinker.js';

type Answer = { id: number; action: PlayerAction | null } | { id: number; error: string };

export function workerThinker(): Thinker | null {
	if (typeof Worker === 'undefined') return null;
	const pending = new Map<number, { resolve: (action: PlayerAction | null) => void; reject: (error: Error) => void }>();
	let worker: Worker | null = null;
	let next = 0;
	const fail = (why: string) => {
		worker?.terminate();
		worker = null;
		for (const { reject } of pending.values()) reject(new Error(why));
		pending.clear();
	};
	const start = (): Worker => {
		const created = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
		created.onmessage = (event: MessageEvent<Answer>) => {
			const waiting = pending.get(event.data.id);
			pending.delete(event.data.id);
			if (waiting === undefined) return;
			if ('error' in event.data) waiting.reject(new Error(event.data.error));
			else waiting.resolve(event.data.action);
		};
		created.onerror = () => fail('the bot worker failed');
		created.onmessageerror = () => fail('the bot worker could not read a question');
		return created;
	};
	// Started now: a module worker takes tens of milliseconds to load.
	worker = start();
	return {
		think(request: ThinkRequest) {
			worker ??= start();
			const id = next++;
			return new Promise((resolve, reject) => {
				pending.set(id, { resolve, reject });
				worker!.postMessage({ id, request });
			});
		},
		destroy() {
			fail('the thinker was stopped');
		},
	};
}
