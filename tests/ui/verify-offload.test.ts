// The browser's signature offload: batches go round robin to a small pool of Web Workers started
// at once; a failed worker is dropped with its batches, and the others go on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerOffload } from '../../src/lib/session/verify-offload.js';
import type { CheckedSignature } from '../../src/lib/protocol/index.js';

/** A stand-in Worker: records batches; answers each with its index parity, or fails on request. */
class FakeWorker {
	static made: FakeWorker[] = [];
	onmessage: ((event: { data: unknown }) => void) | null = null;
	onerror: (() => void) | null = null;
	onmessageerror: (() => void) | null = null;
	readonly batches: number[] = [];
	terminated = false;
	constructor() {
		FakeWorker.made.push(this);
	}
	postMessage({ id, batch }: { id: number; batch: CheckedSignature[] }): void {
		this.batches.push(id);
		queueMicrotask(() => this.onmessage?.({ data: { id, verdicts: batch.map((_, i) => i % 2 === 0) } }));
	}
	terminate(): void {
		this.terminated = true;
	}
}

const batch = (n: number): CheckedSignature[] => Array.from({ length: n }, () => ({ key: new Uint8Array(32), sig: new Uint8Array(64), message: new Uint8Array(3) }));

afterEach(() => {
	vi.unstubAllGlobals();
	FakeWorker.made = [];
});

describe('workerOffload', () => {
	it('starts its workers at once and sends batches round robin', async () => {
		vi.stubGlobal('Worker', FakeWorker);
		const offload = workerOffload(2)!;
		expect(FakeWorker.made).toHaveLength(2); // before any batch: ready for the first one
		const verdicts = await Promise.all([offload(batch(3)), offload(batch(2)), offload(batch(1))]);
		expect(verdicts).toEqual([[true, false, true], [true, false], [true]]);
		expect(FakeWorker.made.map((w) => w.batches)).toEqual([[0, 2], [1]]);
	});

	it('drops a failed worker with its batches; the others take the next ones', async () => {
		vi.stubGlobal('Worker', FakeWorker);
		const offload = workerOffload(2)!;
		const [first] = FakeWorker.made;
		first!.postMessage = function (this: FakeWorker, { id }: { id: number }) {
			this.batches.push(id); // never answers...
			queueMicrotask(() => this.onerror?.()); // ...and fails
		};
		await expect(offload(batch(1))).rejects.toThrow('the signature worker failed');
		expect(first!.terminated).toBe(true);
		expect(await offload(batch(2))).toEqual([true, false]);
		expect(await offload(batch(1))).toEqual([true]);
		expect(FakeWorker.made[1]!.batches).toEqual([1, 2]);
	});

	it('is null without Worker (then the Verifier checks everything itself)', () => {
		vi.stubGlobal('Worker', undefined);
		expect(workerOffload(2)).toBeNull();
	});
});
