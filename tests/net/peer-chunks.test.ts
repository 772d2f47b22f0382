import { describe, expect, it, vi } from 'vitest';
import { chunkPeer, PIECE_LAST, PIECE_LAST_DEFLATED, PIECE_MORE, splitMessage } from '../../src/lib/net/peer-chunks.js';

/** Two fake simple-peer instances wired back to back. */
function fakePeers() {
	const received: Uint8Array[][] = [[], []];
	const wire: number[] = [];
	const make = (me: 0 | 1) => {
		const peer = {
			other: null as null | { emit: (e: string, ...a: unknown[]) => boolean },
			send(data: Uint8Array) {
				wire.push(data.length);
				peer.other!.emit('data', data.slice());
			},
			emit(event: string | symbol, ...args: unknown[]): boolean {
				if (event === 'data') received[me]!.push(args[0] as Uint8Array);
				return true;
			}
		};
		return peer;
	};
	const a = make(0);
	const b = make(1);
	a.other = b;
	b.other = a;
	return { a, b, received, wire };
}

describe('framing y-webrtc messages', () => {
	it('leaves small messages alone and splits large ones into tagged pieces', () => {
		const small = new Uint8Array([0, 1, 2]);
		expect(splitMessage(small, 10)).toEqual([small]);
		const big = Uint8Array.from({ length: 25 }, (_, i) => i);
		const pieces = splitMessage(big, 10);
		expect(pieces.map((p) => p.length)).toEqual([10, 10, 8]);
		expect(pieces.map((p) => p[0])).toEqual([PIECE_MORE, PIECE_MORE, PIECE_LAST]);
		expect(Buffer.concat(pieces.map((p) => p.subarray(1)))).toEqual(Buffer.from(big));
	});

	it('patched peers exchange 1 MB messages deflated, in pieces of at most 16 KiB, in the order sent; small ones unchanged', async () => {
		const { a, b, received, wire } = fakePeers();
		expect(chunkPeer(a)).toBe(true);
		expect(chunkPeer(b)).toBe(true);
		expect(chunkPeer(a)).toBe(false); // once only
		const big = Uint8Array.from({ length: 1_000_000 }, (_, i) => (i * 7) % 256);
		a.send(new Uint8Array([1, 5]));
		a.send(big);
		a.send(new Uint8Array([2, 6])); // sent while the big one is being deflated: still arrives after it
		b.send(new Uint8Array([0, 9]));
		expect(received[1]!.map((m) => m.length)).toEqual([2]); // the small one before went at once
		await vi.waitFor(() => expect(received[1]!.map((m) => m.length)).toEqual([2, big.length, 2]));
		expect(received[1]![0]).toEqual(new Uint8Array([1, 5]));
		expect(received[1]![2]).toEqual(new Uint8Array([2, 6]));
		// Byte comparison: a deep toEqual over a megabyte takes seconds on a busy machine.
		expect(Buffer.compare(received[1]![1]!, big)).toBe(0);
		expect(received[0]).toEqual([new Uint8Array([0, 9])]);
		expect(Math.max(...wire)).toBeLessThanOrEqual(16 * 1024);
		expect(wire.reduce((n, x) => n + x, 0)).toBeLessThan(big.length / 10); // a repeating pattern deflates well
		expect(a.emit('close')).toBe(true); // other events pass through
	});

	it('reports a dropped message and delivers the next one', async () => {
		const { a, b, received } = fakePeers();
		const drops: string[] = [];
		chunkPeer(b, undefined, (reason) => drops.push(reason));
		a.send(Uint8Array.of(PIECE_MORE, 1, 2));
		a.send(Uint8Array.of(PIECE_LAST_DEFLATED, 0xff, 0xff, 0xff)); // not deflate data
		a.send(Uint8Array.of(0, 7));
		await vi.waitFor(() => expect(received[1]).toEqual([Uint8Array.of(0, 7)]));
		expect(drops).toEqual(['corrupt']);
	});
});
