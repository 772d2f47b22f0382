import { Awareness } from 'y-protocols/awareness';
import { describe, expect, it, vi } from 'vitest';
import type { ByteChannel } from '../../src/lib/net/channel-sync.js';
import {
	ChannelTransport,
	chunkedChannel,
	dataChannelBytes,
	MAX_CHUNK,
	type DataChannelLike
} from '../../src/lib/net/channel-transport.js';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { listPresence, setPresence } from '../../src/lib/net/presence.js';
import type { Transport } from '../../src/lib/net/transport.js';

/** An ordered, reliable in-memory link that records the size of every piece it carries. */
function rawPair() {
	const handlers: ((m: Uint8Array) => void)[] = [() => {}, () => {}];
	const sizes: number[] = [];
	const end = (me: 0 | 1): ByteChannel => ({
		send: (m) => {
			sizes.push(m.length);
			handlers[1 - me]!(m.slice());
		},
		onMessage: (h) => {
			handlers[me] = h;
			return () => (handlers[me] = () => {});
		}
	});
	return { a: end(0), b: end(1), sizes };
}

describe('chunkedChannel', () => {
	it('splits large messages into bounded pieces and reassembles them in order', () => {
		const { a, b, sizes } = rawPair();
		const ca = chunkedChannel(a, 100);
		const cb = chunkedChannel(b, 100);
		const got: number[][] = [];
		cb.onMessage((m) => got.push([...m]));
		const big = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
		ca.send(new Uint8Array([1, 2, 3]));
		ca.send(big);
		ca.send(new Uint8Array([]));
		expect(got).toEqual([[1, 2, 3], [...big], []]);
		expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
	});

	it('drops a stray last piece without a start', () => {
		const { a, b } = rawPair();
		const got: Uint8Array[] = [];
		chunkedChannel(b).onMessage((m) => got.push(m));
		a.send(new Uint8Array([2, 9, 9]));
		expect(got).toEqual([]);
	});
});

describe('ChannelTransport', () => {
	it('syncs a 2,000-entry log deflated, in pieces of at most 16 KiB, with presence', async () => {
		const ga = createGameDoc('g', { clientID: 1 });
		const gb = createGameDoc('g', { clientID: 2 });
		for (let n = 0; n < 2000; n++) appendEntry(ga, `{"n":${n},"body":"${'x'.repeat(110)}"}`);
		const { a, b, sizes } = rawPair();
		const wa = new Awareness(ga.doc);
		const wb = new Awareness(gb.doc);
		setPresence(wa, { name: 'A' });
		setPresence(wb, { name: 'B' });
		const ta = new ChannelTransport({
			doc: ga.doc,
			channel: chunkedChannel(a),
			awareness: wa,
			peerId: 'b',
			kind: 'manual',
			isDataChannel: true
		});
		const tb: Transport = new ChannelTransport({
			doc: gb.doc,
			channel: chunkedChannel(b),
			awareness: wb,
			peerId: 'a'
		});
		ta.connect();
		tb.connect();
		await vi.waitFor(() => expect(readLog(gb)).toEqual(readLog(ga)));
		expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_CHUNK);
		expect(sizes.reduce((n, x) => n + x, 0)).toBeLessThan(2000 * 110); // the log's text alone, were it not deflated
		expect(listPresence(wb).map((p) => p.name)).toEqual(['B', 'A']);
		expect(ta.hasDataChannel()).toBe(true);
		expect(tb.hasDataChannel()).toBe(false);
		expect(ta.peers()).toEqual([{ id: 'b', via: 'webrtc', connected: true }]);
		expect(tb.peers()).toEqual([{ id: 'a', via: 'channel', connected: true }]);

		// Offline on one side, both keep writing; reconnecting catches both up.
		tb.disconnect();
		expect(tb.status).toBe('offline');
		appendEntry(ga, 'a-offline');
		appendEntry(gb, 'b-offline');
		tb.connect();
		await vi.waitFor(() => expect(readLog(ga)).toEqual(readLog(gb)));
		expect(readLog(ga)).toHaveLength(2002);
		ta.destroy();
		expect(ta.status).toBe('destroyed');
		expect(() => ta.connect()).toThrow();
	});

	it('adapts an RTCDataChannel-like object', () => {
		const sent: Uint8Array[] = [];
		const listeners = new Set<(e: { data: unknown }) => void>();
		const dc: DataChannelLike = {
			binaryType: 'blob',
			readyState: 'open',
			send: (d) => sent.push(d),
			addEventListener: (_t, l) => listeners.add(l),
			removeEventListener: (_t, l) => listeners.delete(l)
		};
		const channel = dataChannelBytes(dc);
		expect(dc.binaryType).toBe('arraybuffer');
		const got: number[][] = [];
		const off = channel.onMessage((m) => got.push([...m]));
		channel.send(new Uint8Array([7, 8]));
		expect(sent.map((s) => [...s])).toEqual([[0, 7, 8]]);
		for (const l of listeners) l({ data: new Uint8Array([0, 5, 6]).buffer });
		for (const l of listeners) l({ data: 'text is ignored' });
		expect(got).toEqual([[5, 6]]);
		off();
		expect(listeners.size).toBe(0);
	});
});
