// A hostile client of the signaling hub that opens connections without end: many from one
// address, more than the server can hold in all, and many subscribers to one topic. Each test
// runs the real hub (scripts/lib/signal-hub.mjs) on 127.0.0.1 with real `ws` clients; clients of
// different "addresses" bind different loopback source addresses (127.0.0.2, 127.0.0.3, …), so
// the hub sees them apart exactly as it would see hosts on a network.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { attachSignaling, hubPerTest, inbox, roundTrip, send, SignalHub, until, WebSocket, type RunningHub } from './signal-hub-harness.js';

const hub = hubPerTest();

const from = (localAddress: string, headers?: Record<string, string>) => ({ localAddress, headers });
const openMany = (open: RunningHub['open'], n: number, options?: ReturnType<typeof from>) => Promise.all(Array.from({ length: n }, () => open(options)));

/** `ws` subscribes to `topic`, publishes `data` into it, and resolves when `receiver` got it. */
async function relays(ws: WebSocket, receiver: WebSocket, topic: string, data: string): Promise<void> {
	const [got, mine] = [inbox(receiver), inbox(ws)];
	send(receiver, { type: 'subscribe', topics: [topic] });
	await roundTrip(receiver, got);
	send(ws, { type: 'subscribe', topics: [topic] });
	send(ws, { type: 'publish', topic, data });
	await roundTrip(ws, mine);
	await until(() => got.some((m) => m.data === data), `"${data}" to be relayed`);
}

describe('signaling hub: connections per address', () => {
	it('refuses the 65th connection from one address by default (HTTP 429 with a reason), and another address still connects and relays', async () => {
		const { hub: h, open, refused } = await hub();
		const attacker = await openMany(open, 64, from('127.0.0.2'));
		const refusal = await refused(from('127.0.0.2'));
		expect(refusal.status).toBe(429);
		expect(refusal.body).toMatch(/too many connections from your address/);
		expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
		expect(h.stats().tooManyFromAddress).toBe(1);
		expect(h.stats().connections).toBe(64);
		const [honest, friend] = await openMany(open, 2, from('127.0.0.3'));
		await relays(honest!, friend!, 'room', 'hello from another address');
		// The attacker's own connections keep working: the cap refuses new ones, it closes none.
		await relays(attacker[0]!, attacker[1]!, 'attackers-room', 'still served');
	});

	it('lets the address in again once one of its connections closes', async () => {
		const { hub: h, open, refused } = await hub({ maxConnsPerAddress: 3 });
		const [first] = await openMany(open, 3, from('127.0.0.2'));
		expect((await refused(from('127.0.0.2'))).status).toBe(429);
		first!.close();
		await until(() => h.stats().connections === 2, 'the closed connection to be forgotten');
		await open(from('127.0.0.2'));
		expect((await refused(from('127.0.0.2'))).status).toBe(429);
		expect(h.stats().tooManyFromAddress).toBe(2);
	});

	it('ignores X-Forwarded-For unless the connection comes from a trusted proxy (a client cannot forge its address)', async () => {
		const { hub: h, open, refused } = await hub({ maxConnsPerAddress: 2 });
		await open(from('127.0.0.2', { 'x-forwarded-for': '203.0.113.1' }));
		await open(from('127.0.0.2', { 'x-forwarded-for': '203.0.113.2' }));
		expect((await refused(from('127.0.0.2', { 'x-forwarded-for': '203.0.113.3' }))).status).toBe(429);
		expect(h.stats().tooManyFromAddress).toBe(1);
	});

	it('counts clients behind a trusted proxy by the address the proxy appended to X-Forwarded-For', async () => {
		const { hub: h, open, refused } = await hub({ maxConnsPerAddress: 2, trustedProxies: ['127.0.0.1'] });
		const proxied = (client: string) => from('127.0.0.1', { 'x-forwarded-for': client });
		await openMany(open, 2, proxied('203.0.113.1'));
		expect((await refused(proxied('203.0.113.1'))).status).toBe(429);
		// The client wrote its own X-Forwarded-For, the proxy appended the real address: still refused.
		expect((await refused(proxied('198.51.100.7, 203.0.113.1'))).status).toBe(429);
		// Other clients behind the same proxy are counted apart.
		const [a, b] = await openMany(open, 2, proxied('203.0.113.2'));
		await relays(a!, b!, 'room', 'through the proxy');
		// A second trusted hop is skipped: nginx -> this proxy -> hub.
		expect((await refused(proxied('203.0.113.1, 127.0.0.1'))).status).toBe(429);
		// A direct connection from an address that is not a trusted proxy cannot use the header.
		await openMany(open, 2, from('127.0.0.5', { 'x-forwarded-for': '203.0.113.9' }));
		expect((await refused(from('127.0.0.5', { 'x-forwarded-for': '203.0.113.10' }))).status).toBe(429);
		expect(h.stats().tooManyFromAddress).toBe(4);
	});

	it('falls back to the proxy address when a trusted proxy sends no usable X-Forwarded-For', async () => {
		const { open, refused } = await hub({ maxConnsPerAddress: 1, trustedProxies: ['127.0.0.1'] });
		await open(from('127.0.0.1'));
		expect((await refused(from('127.0.0.1', { 'x-forwarded-for': 'not-an-address' }))).status).toBe(429);
	});
});

describe('signaling hub: connections in all', () => {
	it('refuses connections beyond the global cap (HTTP 503) from any address, and admits again when one closes', async () => {
		const { hub: h, open, refused } = await hub({ maxConns: 6 });
		const conns = [...(await openMany(open, 3, from('127.0.0.2'))), ...(await openMany(open, 3, from('127.0.0.3')))];
		const refusal = await refused(from('127.0.0.4'));
		expect(refusal.status).toBe(503);
		expect(refusal.body).toMatch(/server is full/);
		expect(h.stats().serverFull).toBe(1);
		expect(h.stats().connections).toBe(6);
		await relays(conns[0]!, conns[5]!, 'room', 'the admitted still relay');
		conns[0]!.close();
		await until(() => h.stats().connections === 5, 'a slot to free');
		await open(from('127.0.0.4'));
	});
});

describe('signaling hub: subscribers per topic', () => {
	it('holds at most 32 subscribers of one topic by default; the rest are ignored and counted, and relaying goes on', async () => {
		const { hub: h, open } = await hub();
		const conns = await openMany(open, 40, from('127.0.0.2'));
		const boxes = conns.map(inbox);
		for (const [i, ws] of conns.entries()) {
			send(ws, { type: 'subscribe', topics: ['room', `own-${i}`] });
			await roundTrip(ws, boxes[i]!); // one after the other, so the first 32 are the ones in
		}
		expect(h.topics.get('room')?.size).toBe(32);
		expect(h.stats().topicFull).toBe(8);
		// A refused subscribe is only that topic: the other topics of the same message were taken.
		expect(h.stats().topics).toBe(41);
		const inside = conns.filter((_, i) => i < 32);
		const outside = conns[39]!;
		send(inside[0]!, { type: 'publish', topic: 'room', data: 'to the room' });
		await until(() => inside.every((_, i) => boxes[i]!.some((m) => m.data === 'to the room')), 'every subscriber to get it');
		expect(boxes[39]!.some((m) => m.data === 'to the room')).toBe(false);
		// Not a subscriber, so it may not publish there either.
		const refusedBefore = h.stats().refused;
		send(outside, { type: 'publish', topic: 'room', data: 'from outside' });
		await roundTrip(outside, boxes[39]!);
		expect(h.stats().refused).toBe(refusedBefore + 1);
	});

	it('takes a new subscriber once one leaves (unsubscribe or close)', async () => {
		const { hub: h, open } = await hub({ maxSubscribersPerTopic: 2 });
		const [a, b, c] = await openMany(open, 3, from('127.0.0.2'));
		const got = [a!, b!, c!].map(inbox);
		for (const [i, ws] of [a!, b!, c!].entries()) {
			send(ws, { type: 'subscribe', topics: ['room'] });
			await roundTrip(ws, got[i]!);
		}
		expect(h.stats().topicFull).toBe(1);
		send(a!, { type: 'unsubscribe', topics: ['room'] });
		send(c!, { type: 'subscribe', topics: ['room'] });
		await roundTrip(c!, got[2]!);
		expect([...(h.topics.get('room') ?? [])].length).toBe(2);
		send(c!, { type: 'publish', topic: 'room', data: 'c is in' });
		await until(() => got[1]!.some((m) => m.data === 'c is in'), 'b to get c');
		b!.close();
		await until(() => h.topics.get('room')?.size === 1, 'b to be forgotten');
		send(a!, { type: 'subscribe', topics: ['room'] });
		await roundTrip(a!, got[0]!);
		expect(h.topics.get('room')?.size).toBe(2);
	});
});

/** Sends a WebSocket upgrade request for `path` on a raw TCP socket and resets the connection at once. */
function upgradeAndReset(port: number, path: string, localAddress = '127.0.0.2'): Promise<void> {
	return new Promise((resolve) => {
		const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => {
			socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
			socket.resetAndDestroy();
			resolve();
		});
		socket.on('error', () => {});
	});
}

describe('signaling hub: clients that reset refused handshakes', () => {
	it('survives a reset while it answers a refused handshake (an unhandled socket error would end the process)', async () => {
		const { hub: h, url, open, refused } = await hub({ maxConnsPerAddress: 1 });
		const port = Number(new URL(url).port);
		await open(from('127.0.0.2'));
		for (let i = 0; i < 100; i++) await upgradeAndReset(port, '/');
		// Some resets land before the request is read (never seen), some while the refusal is written.
		expect((await refused(from('127.0.0.2'))).status).toBe(429);
		expect(h.stats().tooManyFromAddress).toBeGreaterThanOrEqual(1);
		const [a, b] = [await open(from('127.0.0.3')), await open(from('127.0.0.4'))];
		await relays(a, b, 'room', 'still up');
	});

	it('survives a reset while the app server refuses an upgrade on another path (404)', async () => {
		const signalHub = new SignalHub();
		const server = http.createServer();
		attachSignaling(server, signalHub, '/signal');
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const port = (server.address() as AddressInfo).port;
			for (let i = 0; i < 100; i++) await upgradeAndReset(port, '/elsewhere');
			// Still answering: a WebSocket on the right path opens.
			await new Promise<void>((resolve, reject) => {
				const ws = new WebSocket(`ws://127.0.0.1:${port}/signal`);
				ws.once('open', () => (ws.close(), resolve()));
				ws.once('error', reject);
			});
		} finally {
			signalHub.close();
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
