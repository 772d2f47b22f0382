// The real signaling hub (scripts/lib/signal-hub.mjs) on a free 127.0.0.1 port, in this process so
// its counters can be read, and real `ws` clients that may connect from another loopback address
// (127.0.0.0/8 is all loopback on Linux) or send headers such as X-Forwarded-For. No mocks.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { afterEach } from 'vitest';

/** The part of the `ws` package's client used here (the package ships no types). */
export interface WebSocket {
	send(data: string | Buffer): void;
	close(): void;
	pause(): void;
	on(event: 'message', listener: (data: Buffer) => void): void;
	once(event: 'open', listener: () => void): void;
	once(event: 'error', listener: (error: Error) => void): void;
	once(event: 'close', listener: (code: number) => void): void;
	once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number; headers: Record<string, string>; on(e: 'data', l: (d: Buffer) => void): void; on(e: 'end', l: () => void): void }) => void): void;
}
export interface ClientOptions {
	/** the source address the client binds to, e.g. 127.0.0.2 */
	localAddress?: string;
	headers?: Record<string, string>;
}
export const WebSocket = createRequire(import.meta.url)('ws').WebSocket as new (url: string, options?: ClientOptions) => WebSocket;

export type HubCounter = 'connections' | 'addresses' | 'topics' | 'subscriptions' | 'published' | 'delivered' | 'skipped' | 'refused' | 'limited' | 'accepted' | 'tooManyFromAddress' | 'serverFull' | 'topicFull';
/** The part of scripts/lib/signal-hub.mjs used here (loaded by a computed path: scripts/ is outside tsc's program). */
export interface SignalHub {
	topics: Map<string, Set<unknown>>;
	conns: Set<{ topics?: Set<string>; bufferedAmount: number }>;
	stats(): Record<HubCounter, number>;
	close(): void;
}
export type HubOptions = Partial<
	Record<'maxBufferedBytes' | 'messagesPerSecond' | 'messageBurst' | 'maxConnsPerAddress' | 'maxConns' | 'maxSubscribersPerTopic', number> & { trustedProxies: string[] }
>;
const signalHttp = '../../scripts/lib/signal-http.mjs';
export const { SignalHub, signalingServer, attachSignaling } = (await import(/* @vite-ignore */ signalHttp)) as {
	SignalHub: new (options?: HubOptions) => SignalHub;
	signalingServer: (hub: SignalHub, turn: null) => Server;
	attachSignaling: (server: Server, hub: SignalHub, path?: string | null) => void;
};

export interface RunningHub {
	hub: SignalHub;
	url: string;
	/** Opens a client and resolves when it is open (rejects if the hub refuses it). */
	open: (options?: ClientOptions) => Promise<WebSocket>;
	/** Tries to open a client and resolves with the HTTP status and body of the refusal (rejects if it opens). */
	refused: (options?: ClientOptions) => Promise<{ status: number; body: string; retryAfter: string | undefined }>;
	/** Closes the clients, the hub and the server. */
	stop: () => Promise<void>;
}

/** A `startHub` for one test file: the hub a test started is stopped after it. */
export function hubPerTest(): (options?: HubOptions) => Promise<RunningHub> {
	let running: RunningHub | undefined;
	afterEach(async () => {
		await running?.stop();
		running = undefined;
	});
	return async (options) => (running = await startHub(options));
}

export async function startHub(options?: HubOptions): Promise<RunningHub> {
	const hub = new SignalHub(options);
	const server = signalingServer(hub, null);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
	const clients: WebSocket[] = [];
	const connect = (clientOptions?: ClientOptions) => {
		const ws = new WebSocket(url, clientOptions);
		clients.push(ws);
		return ws;
	};
	const open = (clientOptions?: ClientOptions) =>
		new Promise<WebSocket>((resolve, reject) => {
			const ws = connect(clientOptions);
			ws.once('open', () => resolve(ws));
			ws.once('error', reject);
		});
	const refused = (clientOptions?: ClientOptions) =>
		new Promise<{ status: number; body: string; retryAfter: string | undefined }>((resolve, reject) => {
			const ws = new WebSocket(url, clientOptions); // not in `clients`: a refused socket cannot be closed
			ws.once('open', () => {
				clients.push(ws);
				reject(new Error('the hub accepted the connection'));
			});
			ws.once('unexpected-response', (_req, res) => {
				let body = '';
				res.on('data', (d) => (body += d.toString()));
				res.on('end', () => resolve({ status: res.statusCode, body, retryAfter: res.headers['retry-after'] }));
			});
		});
	const stop = async () => {
		for (const ws of clients) ws.close();
		hub.close();
		await new Promise((resolve) => server.close(resolve));
	};
	return { hub, url, open, refused, stop };
}

/** Messages a socket receives, parsed. */
export function inbox(ws: WebSocket): Record<string, unknown>[] {
	const got: Record<string, unknown>[] = [];
	ws.on('message', (data) => got.push(JSON.parse(data.toString()) as Record<string, unknown>));
	return got;
}

/** Waits until `ready()` holds (polling the hub's state, which has no events to await). */
export async function until(ready: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
	const end = Date.now() + timeoutMs;
	while (!ready()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 10));
	}
}

/** Sends a ping and resolves when its pong arrives: the hub has handled everything sent before. */
export function roundTrip(ws: WebSocket, got: Record<string, unknown>[]): Promise<void> {
	const pongs = got.filter((m) => m.type === 'pong').length;
	ws.send('{"type":"ping"}');
	return until(() => got.filter((m) => m.type === 'pong').length > pongs, 'pong');
}

export const send = (ws: WebSocket, message: unknown) => ws.send(JSON.stringify(message));
