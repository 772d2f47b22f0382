// Which address the signaling hub counts a connection under (scripts/lib/signal-address.mjs), and
// how a refused y-webrtc client behaves: it must back off, not reconnect in a loop.
import { afterEach, describe, expect, it } from 'vitest';
import { WebsocketClient } from 'lib0/websocket';
import { startHub, until, WebSocket, type RunningHub } from './signal-hub-harness.js';

const signalAddress = '../../scripts/lib/signal-address.mjs';
const { addressKey } = (await import(/* @vite-ignore */ signalAddress)) as { addressKey: (address: string) => string };

describe('addressKey', () => {
	it('counts IPv4 and IPv4-mapped IPv6 as the same IPv4 address', () => {
		expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
		expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
		expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
	});

	it('counts IPv6 addresses per /64, however they are written (one host usually holds a whole /64)', () => {
		const key = addressKey('2001:db8:0:7::1');
		expect(key).toBe('2001:db8:0:7::/64');
		expect(addressKey('2001:0db8:0000:0007:ffff:1:2:3')).toBe(key);
		expect(addressKey('2001:DB8:0:7:a::')).toBe(key);
		expect(addressKey('2001:db8:0:7::1%eth0')).toBe(key);
		expect(addressKey('2001:db8:0:8::1')).not.toBe(key);
		expect(addressKey('::1')).toBe('0:0:0:0::/64');
		expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
	});
});

describe('a y-webrtc client refused for its address', () => {
	let running: RunningHub | undefined;
	let client: WebsocketClient | undefined;
	afterEach(async () => {
		client?.destroy();
		await running?.stop();
		delete (globalThis as { WebSocket?: unknown }).WebSocket;
	});

	it('waits longer before each new attempt instead of reconnecting in a loop', async () => {
		running = await startHub({ maxConnsPerAddress: 1 });
		const { hub, open, url } = running;
		await open(); // the address's only slot, taken
		// lib0/websocket, which y-webrtc's SignalingConn extends, uses the global WebSocket (Node 20 has none).
		(globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
		const started = Date.now();
		client = new WebsocketClient(url);
		await until(() => hub.stats().tooManyFromAddress >= 4, 'four refused attempts');
		// lib0 waits log10(n + 1) × 1.2 s after the n-th failed attempt: 0.36 + 0.57 + 0.72 s before the
		// 4th. Had the socket been opened and then closed, the back-off would reset and it would retry at once.
		expect(Date.now() - started).toBeGreaterThan(1500);
		expect(hub.stats().connections).toBe(1);
	});
});
