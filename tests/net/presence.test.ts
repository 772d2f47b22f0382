import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { describe, expect, it, vi } from 'vitest';
import { ChannelSync, type ByteChannel } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc, readLog } from '../../src/lib/net/doc.js';
import { listPresence, observePresence, setPresence } from '../../src/lib/net/presence.js';

/** Two ends of a synchronous in-memory channel; `open` gates delivery. */
function channelPair() {
	const handlers: ((m: Uint8Array) => void)[] = [() => {}, () => {}];
	const state = { open: true, sent: 0 };
	const end = (me: 0 | 1): ByteChannel => ({
		send: (m) => {
			if (!state.open) return;
			state.sent++;
			handlers[1 - me]!(m);
		},
		onMessage: (h) => {
			handlers[me] = h;
			return () => (handlers[me] = () => {});
		}
	});
	return { a: end(0), b: end(1), state };
}

describe('presence over a channel', () => {
	it('shows who is connected, and a peer that leaves', () => {
		const ga = createGameDoc('g', { clientID: 10 });
		const gb = createGameDoc('g', { clientID: 20 });
		const wa = new Awareness(ga.doc);
		const wb = new Awareness(gb.doc);
		setPresence(wa, { name: 'Alice', seat: 'k1' });
		setPresence(wb, { name: 'Bob', spectator: true });
		const { a, b } = channelPair();
		const seen: string[][] = [];
		observePresence(wa, (peers) => seen.push(peers.map((p) => p.name)));
		new ChannelSync(ga.doc, a, wa).start();
		new ChannelSync(gb.doc, b, wb).start();
		expect(listPresence(wa)).toEqual([
			{ clientID: 10, self: true, name: 'Alice', claimedSeat: 'k1' },
			{ clientID: 20, self: false, name: 'Bob', spectator: true }
		]);
		setPresence(wb, null);
		expect(listPresence(wa).map((p) => p.name)).toEqual(['Alice']);
		expect(seen.at(-1)).toEqual(['Alice']);
		wa.destroy();
		wb.destroy();
	});

	it('ignores malformed presence states', () => {
		const doc = new Y.Doc();
		const w = new Awareness(doc);
		w.setLocalState({ fnord: { name: 42 } });
		expect(listPresence(w)).toEqual([]);
		w.destroy();
	});
});

describe('a reconnecting peer catches up over a channel', () => {
	it('resync after a cut delivers what was missed, both ways', () => {
		const ga = createGameDoc('g', { clientID: 1 });
		const gb = createGameDoc('g', { clientID: 2 });
		const { a, b, state } = channelPair();
		const sa = new ChannelSync(ga.doc, a);
		const sb = new ChannelSync(gb.doc, b);
		sa.start();
		sb.start();
		appendEntry(ga, 'one');
		expect(readLog(gb)).toEqual(['one']);
		state.open = false;
		appendEntry(ga, 'two');
		appendEntry(gb, 'three');
		expect(readLog(gb)).toEqual(['one', 'three']);
		state.open = true;
		sb.resync();
		sa.resync();
		expect(readLog(ga)).toEqual(readLog(gb));
		expect(readLog(ga)).toHaveLength(3);
	});

	it('counts and ignores garbage messages', () => {
		const ga = createGameDoc('g');
		const { a, b } = channelPair();
		const sa = new ChannelSync(ga.doc, a);
		sa.start();
		// y-protocols logs update errors itself; keep the test output clean.
		const log = vi.spyOn(console, 'error').mockImplementation(() => {});
		b.send(new Uint8Array([0, 2, 200, 1, 2]));
		b.send(new Uint8Array([]));
		log.mockRestore();
		expect(sa.errors).toBe(2);
		expect(readLog(ga)).toEqual([]);
		sa.stop();
		expect(sa.running).toBe(false);
	});
});
