/**
 * The browser's VerifyOffload: batches of signature checks run in Web Workers (verify-worker.ts),
 * so a long catch-up leaves the page's thread to parse and replay. Batches go round robin to a
 * few workers: WebCrypto checks in separate workers run in parallel (5,000 Ed25519 checks take
 * ~300 ms in one worker here and ~160 ms in two). Null where there is no Worker or no WebCrypto
 * (then the Verifier checks everything itself). The workers start at once, ready for the first
 * batch. A worker that fails is dropped with every batch it held (they are refused, and the
 * Verifier checks those entries itself); the others go on.
 */
import type { VerifyOffload } from '../protocol/index.js';

/** At most this many workers, and never more than the device has cores. */
const MAX_WORKERS = 2;

type Pending = Map<number, { resolve: (verdicts: (boolean | null)[]) => void; reject: (error: Error) => void }>;

interface Slot {
	/** Null once it failed. */
	worker: Worker | null;
	readonly pending: Pending;
}

export function workerOffload(workers = Math.min(MAX_WORKERS, globalThis.navigator?.hardwareConcurrency ?? 1)): VerifyOffload | null {
	if (typeof Worker === 'undefined' || globalThis.crypto?.subtle === undefined) return null;
	const slots: Slot[] = Array.from({ length: Math.max(1, workers) }, () => ({ worker: null, pending: new Map() }));
	let next = 0;
	const fail = (slot: Slot) => {
		slot.worker?.terminate();
		slot.worker = null;
		for (const { reject } of slot.pending.values()) reject(new Error('the signature worker failed'));
		slot.pending.clear();
	};
	const start = (slot: Slot): Worker => {
		const created = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
		created.onmessage = (event: MessageEvent<{ id: number; verdicts: (boolean | null)[] }>) => {
			const waiting = slot.pending.get(event.data.id);
			slot.pending.delete(event.data.id);
			waiting?.resolve(event.data.verdicts);
		};
		created.onerror = () => fail(slot);
		created.onmessageerror = () => fail(slot);
		return created;
	};
	// Started now, not at the first batch: a module worker takes tens of ms to load, and the first
	// batch comes when a catch-up begins.
	for (const slot of slots) slot.worker = start(slot);
	return (batch) => {
		const live = slots.filter((slot) => slot.worker !== null);
		if (live.length === 0) return Promise.reject(new Error('the signature worker failed'));
		const id = next++;
		const slot = live[id % live.length]!;
		return new Promise((resolve, reject) => {
			slot.pending.set(id, { resolve, reject });
			slot.worker!.postMessage({ id, batch });
		});
	};
}
