// Framing on data channels: large messages deflated and split, order kept, bad input dropped
// with a reason while the messages after it still arrive.
import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { DEFLATE_MIN, frameReceiver, frameSender, inflate, MAX_MESSAGE_BYTES, type DropReason, type FrameTags } from '../../src/lib/net/framing.js';

const TAGS: FrameTags = { whole: 0, more: 1, last: 2, lastDeflated: 3 };
const CHUNK = 1000;

/** A sender wired to a receiver; records the pieces on the wire. */
function link(limit = MAX_MESSAGE_BYTES) {
	const wire: Uint8Array[] = [];
	const got: Uint8Array[] = [];
	const drops: DropReason[] = [];
	const receive = frameReceiver((m) => got.push(m), TAGS, (r) => drops.push(r), limit);
	const send = frameSender((piece) => {
		wire.push(piece);
		receive(piece.slice());
	}, TAGS, CHUNK);
	return { send, receive, wire, got, drops };
}

/** Repetitive bytes led by 0, the document-sync kind: the only kind that may be large (framing.ts kindLimit). */
const text = (n: number) => {
	const bytes = new TextEncoder().encode('{"author":"13cJZZ9Fj5SQQ7","kind":"action"}'.repeat(Math.ceil(n / 43)).slice(0, n));
	if (n > 0) bytes[0] = 0;
	return bytes;
};
/** Bytes that do not deflate: SHA-256 in counter mode. */
const noise = (n: number) => new Uint8Array(Buffer.concat(Array.from({ length: Math.ceil(n / 32) }, (_, i) => createHash('sha256').update(`noise ${i}`).digest())).subarray(0, n));

describe('frameSender and frameReceiver', () => {
	const messages: [string, Uint8Array, 'whole' | 'deflated' | 'plain pieces'][] = [
		['an empty message travels whole', new Uint8Array(0), 'whole'],
		['a small message travels whole', text(100), 'whole'],
		['a message just below DEFLATE_MIN travels in plain pieces', text(DEFLATE_MIN - 1), 'plain pieces'],
		['a large repetitive message travels deflated', text(200_000), 'deflated'],
		['a large message that does not deflate travels in plain pieces', noise(DEFLATE_MIN * 2), 'plain pieces'],
	];
	for (const [name, message, how] of messages) {
		it(name, async () => {
			const { send, wire, got, drops } = link();
			send(message);
			await vi.waitFor(() => expect(got).toHaveLength(1));
			expect(Buffer.compare(got[0]!, message)).toBe(0);
			expect(drops).toEqual([]);
			expect(Math.max(...wire.map((p) => p.length))).toBeLessThanOrEqual(CHUNK);
			const last = wire.at(-1)![0];
			expect(how === 'whole' ? wire.length === 1 && last === TAGS.whole : how === 'deflated' ? last === TAGS.lastDeflated : last === TAGS.last && wire.length > 1).toBe(true);
			if (how === 'deflated') expect(wire.reduce((n, p) => n + p.length, 0)).toBeLessThan(message.length / 5);
		});
	}

	it('keeps the order sent: small messages wait for a large one being deflated', async () => {
		const { send, got } = link();
		const sent = [text(10), text(300_000), text(20), noise(50_000), text(30)];
		for (const m of sent) send(m);
		await vi.waitFor(() => expect(got).toHaveLength(sent.length));
		expect(got.map((m) => m.length)).toEqual(sent.map((m) => m.length));
		got.forEach((m, i) => expect(Buffer.compare(m, sent[i]!)).toBe(0));
	});

	const bad: [string, Uint8Array[], DropReason][] = [
		['deflated data that does not inflate', [Uint8Array.of(TAGS.lastDeflated, 0xff, 0xfe, 0xfd)], 'corrupt'],
		['a deflated message above the limit once inflated (a zip bomb)', [Uint8Array.of(TAGS.lastDeflated, ...deflateRawSync(new Uint8Array(50_000)))], 'too-large'],
		['a plain message above the limit', [Uint8Array.of(TAGS.more, ...new Uint8Array(CHUNK - 1)), ...Array.from({ length: 20 }, () => Uint8Array.of(TAGS.more, ...new Uint8Array(CHUNK - 1))), Uint8Array.of(TAGS.last, 1)], 'too-large'],
		['a lone last piece', [Uint8Array.of(TAGS.last, 1, 2)], 'malformed'],
		['a whole message in the middle of pieces', [Uint8Array.of(TAGS.more, 1), Uint8Array.of(TAGS.whole!, 2)], 'malformed'],
		['an unknown tag', [Uint8Array.of(9, 1, 2)], 'malformed'],
	];
	for (const [name, pieces, reason] of bad) {
		it(`drops ${name} (${reason}) and delivers the next message`, async () => {
			const { send, receive, got, drops } = link(10_000);
			for (const piece of pieces) receive(piece);
			send(text(50));
			await vi.waitFor(() => expect(drops).toEqual([reason]));
			await vi.waitFor(() => expect(got.at(-1)).toEqual(text(50)));
			if (reason !== 'malformed' || name !== 'a whole message in the middle of pieces') expect(got).toHaveLength(1);
		});
	}

	it('inflate stops at its limit', async () => {
		const zeros = deflateRawSync(new Uint8Array(1_000_000));
		expect(await inflate(zeros, 999_999)).toBe('too-large');
		expect(((await inflate(zeros, 1_000_000)) as Uint8Array).length).toBe(1_000_000);
	});
});

describe('a receiver whose handler throws', () => {
	it('still delivers the messages after the one that threw', async () => {
		const got: number[] = [];
		const uncaught: unknown[] = [];
		const onUncaught = (error: unknown) => uncaught.push(error);
		process.on('uncaughtException', onUncaught);
		try {
			const receive = frameReceiver((m) => {
				if (m.length > 100) throw new Error('handler failed');
				got.push(m.length);
			}, TAGS);
			const send = frameSender(receive, TAGS, CHUNK);
			send(text(200_000)); // deflated: delivered later, and its handler throws
			send(text(5));
			await vi.waitFor(() => expect(got).toEqual([5]));
			await vi.waitFor(() => expect(uncaught).toHaveLength(1));
		} finally {
			process.off('uncaughtException', onUncaught);
		}
	});
});

describe('inflating without DecompressionStream (fflate, as in Safari before 16.4)', () => {
	const sample = text(300_000);
	const cases: [string, Uint8Array, number, Uint8Array | DropReason][] = [
		['a deflated message', deflateRawSync(sample), MAX_MESSAGE_BYTES, sample],
		['data that does not inflate', Uint8Array.of(0xff, 0xfe, 0xfd, 0xfc), MAX_MESSAGE_BYTES, 'corrupt'],
		['a truncated message', deflateRawSync(sample).subarray(0, 500), MAX_MESSAGE_BYTES, 'corrupt'],
		['nothing at all', new Uint8Array(0), MAX_MESSAGE_BYTES, 'corrupt'],
		['a zip bomb (1 MB of zeros, limit 100 KB)', deflateRawSync(new Uint8Array(1_000_000)), 100_000, 'too-large'],
	];
	for (const [name, data, limit, expected] of cases) {
		it(`${name}: ${typeof expected === 'string' ? expected : 'inflated'}, the same as the native path`, async () => {
			const native = await inflate(data, limit);
			vi.stubGlobal('DecompressionStream', undefined);
			try {
				const inJs = await inflate(data, limit);
				expect(typeof inJs === 'string' ? inJs : Buffer.compare(inJs, expected as Uint8Array)).toBe(typeof expected === 'string' ? expected : 0);
				expect(typeof native === 'string' ? native : Buffer.compare(native, expected as Uint8Array)).toBe(typeof expected === 'string' ? expected : 0);
			} finally {
				vi.unstubAllGlobals();
			}
		});
	}
});
