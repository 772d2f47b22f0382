/**
 * The browser's VerifyOffload: batches of signature checks run in a Web Worker (verify-worker.ts),
 * so a long catch-up leaves the page's thread to parse and replay. Null where there is no Worker
 * or no WebCrypto (then the Verifier checks everything itself). A worker that fails is dropped:
 * its pending batches are refused, and the Verifier checks those entries itself.
 */
import type { VerifyOffload } from '../../protocol/index.js';

export function workerOffload(): VerifyOffload | null {
	if (typeof Worker === 'undefined' || globalThis.crypto?.subtle === undefined) return null;
	let worker: Worker | null = null;
	let broken = false;
	let next = 0;
	const pending = new Map<number, { resolve: (verdicts: (boolean | null)[]) => void; reject: (error: Error) => void }>();
	const fail = () => {
		broken = true;
		worker?.terminate();
		worker = null;
		for (const { reject } of pending.values()) reject(new Error('the signature worker failed'));
		pending.clear();
	};
	const start = (): Worker => {
		const created = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
		created.onmessage = (event: MessageEvent<{ id: number; verdicts: (boolean | null)[] }>) => {
			const waiting = pending.get(event.data.id);
			pending.delete(event.data.id);
			waiting?.resolve(event.data.verdicts);
		};
		created.onerror = fail;
		created.onmessageerror = fail;
		return created;
	};
	return (batch) => {
		if (broken) return Promise.reject(new Error('the signature worker failed'));
		worker ??= start();
		const id = next++;
		return new Promise((resolve, reject) => {
			pending.set(id, { resolve, reject });
			worker!.postMessage({ id, batch });
		});
	};
}
