/**
 * Review (session 15): lib0 reads a varuint written in more bytes than it needs (`0x80 0x00` is 0,
 * `0x81 0x00` is 1) like a plain one, so a message whose kind was padded slipped past the byte
 * checks of the links (the presence filter of y-webrtc links, the step 1 pace of ChannelSync) and
 * was then read as the kind they look for: a poisoned presence clock reached y-webrtc, and a padded
 * step 1 had the whole log sent back every time. No honest encoder pads; such a message is refused
 * as malformed on both link paths (gated-sync.ts paddedHeader).
 */
import * as encoding from 'lib0/encoding';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { ChannelSync } from '../../src/lib/net/channel-sync.js';
import { appendEntry, createGameDoc } from '../../src/lib/net/doc.js';
import { gatePeer, PULL_ALL_MESSAGE } from '../../src/lib/net/gated-sync.js';
import type { PeerLike } from '../../src/lib/net/peer-chunks.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { channelPair } from './gate-helpers.js';

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

describe('a message whose kind is padded', () => {
	it('a padded presence message never reaches y-webrtc (its clock 2^53 would freeze a peer)', () => {
		const doc = new Y.Doc();
		const gate = new UpdateGate(doc, { now: () => Date.now() });
		const delivered: Uint8Array[] = [];
		const peer = {
			send: () => undefined,
			emit: (_event: string | symbol, ...args: unknown[]) => {
				delivered.push(args[0] as Uint8Array);
				return true;
			},
		};
		gatePeer(peer as unknown as PeerLike, gate, 'rogue', doc, () => 42);
		const rogueDoc = new Y.Doc();
		rogueDoc.clientID = 7;
		const awareness = new awarenessProtocol.Awareness(rogueDoc);
		awareness.setLocalState({ name: 'x' });
		awareness.meta.get(7)!.clock = 2 ** 53;
		const encoder = encoding.createEncoder();
		encoding.writeVarUint(encoder, 1);
		encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, [7]));
		const plain = encoding.toUint8Array(encoder);
		peer.emit('data', plain);
		peer.emit('data', new Uint8Array([0x81, 0x00, ...plain.slice(1)]));
		expect(delivered).toEqual([]);
		awareness.destroy();
	});

	it('a padded step 1 on a ChannelSync link is refused: no answer, however often', () => {
		const game = createGameDoc('g', { clientID: 1 });
		appendEntry(game, Array.from({ length: 50 }, (_, i) => `entry ${i}`));
		const gate = new UpdateGate(game.doc, { now: () => Date.now() });
		const pair = channelPair();
		new ChannelSync(game.doc, pair.a, null, { gate, peer: 'asker' }).start();
		let answers = 0;
		pair.b.onMessage((message) => {
			if (message[0] === 0 && message[1] === syncProtocol.messageYjsSyncStep2) answers++;
		});
		for (let i = 0; i < 100; i++) pair.b.send(new Uint8Array([0x80, 0x00, ...PULL_ALL_MESSAGE.slice(1)]));
		for (let i = 0; i < 100; i++) pair.b.send(new Uint8Array([0x00, 0x80, 0x00, ...PULL_ALL_MESSAGE.slice(2)]));
		vi.advanceTimersByTime(60_000);
		expect(answers).toBe(0);
		expect(gate.dropped['malformed-update']).toBeGreaterThan(0);
	});
});
