// A hostile client of the signaling hub (scripts/lib/signal-hub.mjs, served by scripts/signal.mjs):
// malformed and oversized messages, thousands of topics, publishing into rooms it is not in,
// JSON nested too deep to re-serialise, floods, and a receiver that never reads. Each test runs
// the real hub on a free 127.0.0.1 port, in this process so its counters can be read.
import { describe, expect, it } from 'vitest';
import { hubPerTest, inbox, roundTrip, send, until } from './signal-hub-harness.js';

const startHub = hubPerTest();

describe('signaling hub under a hostile client', () => {
	it('ignores malformed JSON and ill-typed messages and keeps serving the connection', async () => {
		const { hub, open } = await startHub();
		const ws = await open();
		const got = inbox(ws);
		for (const junk of ['not json', '{"type":', '[]', 'null', '42', '"ping"', '{"type":"subscribe","topics":"abc"}', '{"type":"subscribe","topics":[1,null,{}]}', '{"type":"publish"}', '{"type":"publish","topic":{}}', '{"type":"unknown"}']) {
			ws.send(junk);
		}
		ws.send(Buffer.from([0xff, 0xfe, 0x00])); // binary, not UTF-8 JSON
		await roundTrip(ws, got);
		expect(got).toEqual([{ type: 'pong' }]);
		expect(hub.stats().topics).toBe(0);
		expect(hub.stats().refused).toBeGreaterThanOrEqual(3);
	});

	it('closes a connection that sends a message above 64 KiB (1009) and keeps serving the others', async () => {
		const { hub, open } = await startHub();
		const [big, other] = await Promise.all([open(), open()]);
		const closed = new Promise<number>((resolve) => big.once('close', resolve));
		send(big, { type: 'publish', topic: 't', data: 'x'.repeat(65 * 1024) });
		expect(await closed).toBe(1009);
		const got = inbox(other);
		await roundTrip(other, got);
		await until(() => hub.stats().connections === 1, 'the big sender to be gone');
	});

	it('holds at most 256 topics per connection, none longer than 256 characters, however many are asked for', async () => {
		const { hub, open } = await startHub();
		const ws = await open();
		const got = inbox(ws);
		send(ws, { type: 'subscribe', topics: Array.from({ length: 5000 }, (_, i) => `topic-${i}`) });
		send(ws, { type: 'subscribe', topics: Array.from({ length: 5000 }, (_, i) => `more-${i}`) });
		send(ws, { type: 'subscribe', topics: ['y'.repeat(257)] });
		await roundTrip(ws, got);
		expect(hub.stats().topics).toBe(256);
		expect(hub.stats().subscriptions).toBe(256);
		expect(hub.topics.has('y'.repeat(257))).toBe(false);
		ws.close();
		await until(() => hub.stats().topics === 0, 'topics to be forgotten on close');
	});

	it('relays nothing from a connection into a topic it has not subscribed to', async () => {
		const { hub, open } = await startHub();
		const [member, outsider] = await Promise.all([open(), open()]);
		const [inMember, inOutsider] = [inbox(member), inbox(outsider)];
		send(member, { type: 'subscribe', topics: ['room'] });
		await roundTrip(member, inMember);
		send(outsider, { type: 'publish', topic: 'room', data: 'junk' });
		await roundTrip(outsider, inOutsider);
		await roundTrip(member, inMember);
		expect(inMember.filter((m) => m.type === 'publish')).toEqual([]);
		expect(hub.stats().published).toBe(0);
		// Once subscribed, as y-webrtc always is before it publishes, it is relayed.
		send(outsider, { type: 'subscribe', topics: ['room'] });
		send(outsider, { type: 'publish', topic: 'room', data: 'hello' });
		await roundTrip(member, inMember);
		await until(() => inMember.some((m) => m.data === 'hello'), 'the relayed message');
	});

	it('survives a publish nested too deep to serialise again (the process would otherwise crash)', async () => {
		const { hub, open } = await startHub();
		const ws = await open();
		const got = inbox(ws);
		send(ws, { type: 'subscribe', topics: ['room'] });
		const depth = 30_000; // 60 KB, under the size cap; JSON.parse takes it, JSON.stringify overflows the stack
		ws.send(`{"type":"publish","topic":"room","data":${'['.repeat(depth)}${']'.repeat(depth)}}`);
		await roundTrip(ws, got);
		expect(got).toEqual([{ type: 'pong' }]);
		expect(hub.stats().refused).toBe(1);
		send(ws, { type: 'publish', topic: 'room', data: 1 });
		await until(() => got.some((m) => m.type === 'publish'), 'a normal publish after it');
	});

	it('drops what a flooding connection sends over its budget, and answers other connections', async () => {
		const { hub, open } = await startHub({ messagesPerSecond: 20, messageBurst: 50 });
		const [flooder, other] = await Promise.all([open(), open()]);
		const [inFlooder, inOther] = [inbox(flooder), inbox(other)];
		for (let i = 0; i < 2000; i++) flooder.send('{"type":"ping"}');
		await roundTrip(other, inOther);
		await until(() => hub.stats().limited + inFlooder.length >= 2000, 'the flood to be handled');
		expect(inFlooder.length).toBeLessThan(100); // the burst, plus what refilled meanwhile
		expect(hub.stats().limited).toBeGreaterThan(1900);
	});

	it('lets a receiver that never reads miss messages instead of buffering them without bound', async () => {
		const maxBufferedBytes = 256 * 1024;
		const { hub, open } = await startHub({ maxBufferedBytes, messageBurst: 1000 });
		const [sender, stalled] = await Promise.all([open(), open()]);
		const inSender = inbox(sender);
		send(sender, { type: 'subscribe', topics: ['room'] });
		send(stalled, { type: 'subscribe', topics: ['room'] });
		await roundTrip(sender, inSender);
		stalled.pause(); // stops reading its socket: the kernel's buffers fill, then the hub's
		const chunk = 'x'.repeat(60 * 1024);
		const messages = 400; // 24 MiB, far more than loopback's socket buffers
		for (let i = 0; i < messages; i++) send(sender, { type: 'publish', topic: 'room', data: chunk, i });
		await until(() => hub.stats().published === messages, 'every publish to be handled', 20_000);
		const conn = [...hub.conns].find((c) => c.topics?.has('room') && c.bufferedAmount > 0);
		expect(hub.stats().skipped).toBeGreaterThan(0);
		expect(conn?.bufferedAmount ?? 0).toBeLessThanOrEqual(maxBufferedBytes + 2 * chunk.length);
	}, 30_000);
});
