// TransportGroup: a signaling-server transport and a mesh serve one game as one Transport.
// Members are ChannelTransports over in-memory channels, so the group really syncs documents.
import { describe, expect, it } from 'vitest';
import { Awareness } from 'y-protocols/awareness';
import type { ByteChannel } from '../../src/lib/net/channel-sync.js';
import { ChannelTransport } from '../../src/lib/net/channel-transport.js';
import { appendEntry, createGameDoc, readLog, type GameDoc } from '../../src/lib/net/doc.js';
import { TransportGroup } from '../../src/lib/net/transport-group.js';

function bytePair(): [ByteChannel, ByteChannel] {
	const handlers: Array<Set<(m: Uint8Array) => void>> = [new Set(), new Set()];
	const end = (me: number): ByteChannel => ({
		send: (m) => handlers[1 - me]!.forEach((h) => h(m)),
		onMessage: (h) => {
			handlers[me]!.add(h);
			return () => handlers[me]!.delete(h);
		}
	});
	return [end(0), end(1)];
}

function member(game: GameDoc, awareness: Awareness, channel: ByteChannel, peerId: string, isDataChannel: boolean) {
	return new ChannelTransport({ doc: game.doc, awareness, channel, peerId, kind: 'test', isDataChannel });
}

describe('TransportGroup', () => {
	it('syncs through whichever member is linked, and reports the most connected status', () => {
		const [mine, b, c] = [createGameDoc('g'), createGameDoc('g'), createGameDoc('g')];
		const awareness = new Awareness(mine.doc);
		const [toB, fromMe1] = bytePair();
		const [toC, fromMe2] = bytePair();
		const first = member(mine, awareness, toB, 'b', false);
		const second = member(mine, awareness, toC, 'c', true);
		const group = new TransportGroup([first, second]);
		const statuses: string[] = [];
		group.on('status', (s) => statuses.push(s));
		expect(group.status).toBe('idle');
		member(b, new Awareness(b.doc), fromMe1, 'me', false).connect();
		member(c, new Awareness(c.doc), fromMe2, 'me', true).connect();
		group.connect();
		appendEntry(mine, 'hello');
		expect([readLog(b), readLog(c)]).toEqual([['hello'], ['hello']]);
		expect(group.peers().map((p) => p.id)).toEqual(['b', 'c']);
		expect(group.hasDataChannel()).toBe(true);
		first.disconnect();
		expect(group.status).toBe('connected');
		second.disconnect();
		expect(group.status).toBe('offline');
		expect(statuses).toEqual(['connected', 'offline']);
		group.destroy();
		expect([first.status, second.status, group.status]).toEqual(['destroyed', 'destroyed', 'destroyed']);
	});

	it('refuses members with different awareness', () => {
		const game = createGameDoc('g');
		const [x, y] = bytePair();
		expect(
			() => new TransportGroup([member(game, new Awareness(game.doc), x, 'a', true), member(game, new Awareness(game.doc), y, 'b', true)])
		).toThrow(TypeError);
	});
});
