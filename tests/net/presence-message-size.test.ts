/**
 * Only document sync may be large. Presence (awareness) is not gated by the update gate, so before
 * this limit a muted peer's 33 KB deflated presence message was inflated to 32 MiB, parsed, kept
 * and relayed to the victim's other links (found by a red-team pass). Now a presence message, and
 * any other kind but document sync, is held to 256 KiB, deflated (checked as it inflates) or not.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { Awareness } from 'y-protocols/awareness';
import { ChannelSync } from '../../src/lib/net/channel-sync.js';
import { chunkedChannel } from '../../src/lib/net/channel-transport.js';
import { frameReceiver, kindLimit, MAX_AWARENESS_BYTES, MAX_MESSAGE_BYTES, MAX_OTHER_BYTES, type DropReason, type FrameTags } from '../../src/lib/net/framing.js';
import { UpdateGate } from '../../src/lib/net/update-gate.js';
import { channelPair } from './gate-helpers.js';

/** A y-protocols awareness message for one made-up client whose state holds a `size`-character name. */
function awarenessMessage(client: number, size: number): Uint8Array {
	const inner = encoding.createEncoder();
	encoding.writeVarUint(inner, 1);
	encoding.writeVarUint(inner, client);
	encoding.writeVarUint(inner, 1);
	encoding.writeVarString(inner, JSON.stringify({ fnord: { name: 'x'.repeat(size) } }));
	const message = encoding.createEncoder();
	encoding.writeVarUint(message, 1);
	encoding.writeVarUint8Array(message, encoding.toUint8Array(inner));
	return encoding.toUint8Array(message);
}

/** Pieces as the framing sends them (tags 1 more, 2 last, 3 last deflated), 16 KiB each. */
function pieces(body: Uint8Array, deflated: boolean): Uint8Array[] {
	const out: Uint8Array[] = [];
	const step = 16 * 1024 - 1;
	for (let at = 0; at < body.length; at += step) {
		const end = Math.min(body.length, at + step);
		const piece = new Uint8Array(end - at + 1);
		piece[0] = end < body.length ? 1 : deflated ? 3 : 2;
		piece.set(body.subarray(at, end), 1);
		out.push(piece);
	}
	return out;
}

describe('message size by kind', () => {
	it.each([
		['deflated, 32 MiB once inflated, from a muted peer', 32 * 1024 * 1024, true],
		['plain, 300 KB', 300_000, false],
		['plain, 270 KB', 270_000, false],
	])('a presence message %s is dropped too-large: nothing held, nothing relayed', async (_, size, deflated) => {
		const doc = new Y.Doc();
		const awareness = new Awareness(doc);
		const gate = new UpdateGate(doc);
		gate.malformed('rogue');
		const toRogue = channelPair();
		const toHonest = channelPair();
		const drops: string[] = [];
		const fromRogue = new ChannelSync(doc, chunkedChannel(toRogue.a, undefined, (reason) => drops.push(reason)), awareness, { gate, peer: 'rogue' });
		const toPeer = new ChannelSync(doc, chunkedChannel(toHonest.a), awareness, { gate, peer: 'honest' });
		let relayed = 0;
		toHonest.b.onMessage(() => relayed++);
		toRogue.b.onMessage(() => undefined);
		fromRogue.start();
		toPeer.start();
		relayed = 0;
		const whole = awarenessMessage(424242, size);
		for (const piece of pieces(deflated ? deflateRawSync(whole, { level: 9 }) : whole, deflated)) toRogue.b.send(piece);
		await vi.waitFor(() => expect(drops).toEqual(['too-large']));
		expect(awareness.getStates().has(424242)).toBe(false);
		expect(relayed).toBe(0);
	});

	it('a presence message within the limit (every state of a busy room at once, 200 KB) still arrives', async () => {
		const doc = new Y.Doc();
		const awareness = new Awareness(doc);
		const link = channelPair();
		const sync = new ChannelSync(doc, chunkedChannel(link.a), awareness, { gate: new UpdateGate(doc), peer: 'friend' });
		link.b.onMessage(() => undefined);
		sync.start();
		for (const piece of pieces(awarenessMessage(777, 200_000), false)) link.b.send(piece);
		await vi.waitFor(() => expect(awareness.getStates().has(777)).toBe(true));
	});

	it('kindLimit: document sync keeps the full limit; presence and every other kind are small', () => {
		expect(kindLimit(new Uint8Array([0, 1]))).toBe(MAX_MESSAGE_BYTES);
		expect(kindLimit(new Uint8Array([1]))).toBe(MAX_AWARENESS_BYTES);
		expect(kindLimit(new Uint8Array([16]))).toBe(MAX_OTHER_BYTES);
		expect(kindLimit(new Uint8Array([123]))).toBe(MAX_OTHER_BYTES);
		expect(kindLimit(new Uint8Array([1]), 1000)).toBe(1000);
	});

	it('a deflated sync message is not held to a small limit by its compressed first byte', async () => {
		const TAGS: FrameTags = { whole: 0, more: 1, last: 2, lastDeflated: 3 };
		const got: Uint8Array[] = [];
		const drops: DropReason[] = [];
		const receive = frameReceiver((m) => got.push(m), TAGS, (r) => drops.push(r));
		const sync = new Uint8Array(2_000_000).fill(7);
		sync[0] = 0;
		sync[1] = 1;
		for (const piece of pieces(deflateRawSync(sync), true)) receive(piece);
		await vi.waitFor(() => expect(got).toHaveLength(1));
		expect(got[0]!.length).toBe(sync.length);
		expect(drops).toEqual([]);
	});
});
