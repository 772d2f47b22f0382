import { describe, expect, it } from 'vitest';
import { chunkPeer, joiner, PIECE_LAST, PIECE_MORE, splitMessage } from '../../src/lib/net/peer-chunks.js';

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

describe('splitting y-webrtc messages', () => {
	it('leaves small messages alone and splits large ones into tagged pieces', () => {
		const small = new Uint8Array([0, 1, 2]);
		expect(splitMessage(small, 10)).toEqual([small]);
		const big = Uint8Array.from({ length: 25 }, (_, i) => i);
		const pieces = splitMessage(big, 10);
		expect(pieces.map((p) => p.length)).toEqual([10, 10, 8]);
		expect(pieces.map((p) => p[0])).toEqual([PIECE_MORE, PIECE_MORE, PIECE_LAST]);
		const join = joiner();
		expect(pieces.map(join).at(-1)).toEqual(big);
		expect(join(small)).toBe(small);
	});

	it('patched peers exchange 1 MB messages in pieces of at most 16 KiB, small ones unchanged', () => {
		const { a, b, received, wire } = fakePeers();
		expect(chunkPeer(a)).toBe(true);
		expect(chunkPeer(b)).toBe(true);
		expect(chunkPeer(a)).toBe(false); // once only
		const big = Uint8Array.from({ length: 1_000_000 }, (_, i) => (i * 7) % 256);
		a.send(new Uint8Array([1, 5]));
		a.send(big);
		b.send(new Uint8Array([0, 9]));
		expect(received[1]!.map((m) => m.length)).toEqual([2, big.length]);
		expect(received[1]![0]).toEqual(new Uint8Array([1, 5]));
		// Byte comparison: a deep toEqual over a megabyte takes seconds on a busy machine.
		expect(Buffer.compare(received[1]![1]!, big)).toBe(0);
		expect(received[0]).toEqual([new Uint8Array([0, 9])]);
		expect(Math.max(...wire)).toBeLessThanOrEqual(16 * 1024);
		expect(a.emit('close')).toBe(true); // other events pass through
	});
});
