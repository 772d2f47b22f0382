// The standalone signaling server (scripts/signal.mjs) takes the hub's caps and trusted proxies
// from the environment (hubOptionsFromEnv in scripts/lib/signal-http.mjs), and refuses to start
// on a value it cannot use. Real process on a free 127.0.0.1 port, real `ws` clients.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from './signal-hub-harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const signalHttp = '../../scripts/lib/signal-http.mjs';
const { hubOptionsFromEnv } = (await import(/* @vite-ignore */ signalHttp)) as { hubOptionsFromEnv: (env: Record<string, string>) => Record<string, unknown> };

let child: ChildProcess | undefined;
const sockets: InstanceType<typeof WebSocket>[] = [];
afterEach(() => {
	for (const ws of sockets.splice(0)) ws.close();
	child?.kill();
	child = undefined;
});

/** Starts signal.mjs with `env`; resolves with its port, or with its exit code and stderr. */
function startSignal(env: Record<string, string>): Promise<{ port: number } | { code: number | null; stderr: string }> {
	child = spawn(process.execPath, [path.join(root, 'scripts', 'signal.mjs'), '--host', '127.0.0.1', '--port', '0'], {
		cwd: root,
		env: { ...process.env, FNORD_TURN_URLS: '', FNORD_TURN_SECRET: '', ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	const started = child;
	return new Promise((resolve) => {
		let stderr = '';
		started.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
		started.stdout?.on('data', (d: Buffer) => {
			const port = /127\.0\.0\.1:(\d+)/.exec(d.toString())?.[1];
			if (port) resolve({ port: Number(port) });
		});
		started.on('exit', (code) => resolve({ code, stderr }));
	});
}

/** Resolves with "open" or the HTTP status of the refused handshake. */
function connect(port: number, options: ClientOptions): Promise<'open' | number> {
	return new Promise((resolve, reject) => {
		const ws = new WebSocket(`ws://127.0.0.1:${port}`, options);
		ws.once('open', () => {
			sockets.push(ws);
			resolve('open');
		});
		ws.once('unexpected-response', (_req, res) => resolve(res.statusCode));
		ws.once('error', reject);
	});
}

describe('signal.mjs options from the environment', () => {
	it('caps connections per client address, naming clients by X-Forwarded-For from the trusted proxy only', async () => {
		const started = await startSignal({ FNORD_SIGNAL_MAX_CONNECTIONS_PER_ADDRESS: '1', FNORD_SIGNAL_TRUSTED_PROXIES: '127.0.0.1' });
		if (!('port' in started)) throw new Error(`signal.mjs did not start: ${started.stderr}`);
		const viaProxy = (client: string): ClientOptions => ({ localAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
		expect(await connect(started.port, viaProxy('203.0.113.1'))).toBe('open');
		expect(await connect(started.port, viaProxy('203.0.113.2'))).toBe('open');
		expect(await connect(started.port, viaProxy('203.0.113.1'))).toBe(429);
		expect(await connect(started.port, { localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.3' } })).toBe('open');
		expect(await connect(started.port, { localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.4' } })).toBe(429);
	});

	it('refuses to start on a cap that is not a positive whole number or a proxy that is not an IP address', async () => {
		for (const [variable, value] of [
			['FNORD_SIGNAL_MAX_CONNECTIONS', '0'],
			['FNORD_SIGNAL_MAX_SUBSCRIBERS_PER_TOPIC', 'many'],
			['FNORD_SIGNAL_TRUSTED_PROXIES', '127.0.0.1, proxy.example.org']
		] as const) {
			const result = await startSignal({ [variable]: value });
			expect(result).toMatchObject({ code: 2 });
			expect('stderr' in result && result.stderr).toContain(variable);
		}
	});

	it('leaves unset or empty variables to the hub defaults', () => {
		expect(hubOptionsFromEnv({ FNORD_SIGNAL_MAX_CONNECTIONS: '', FNORD_SIGNAL_TRUSTED_PROXIES: ' ' })).toEqual({});
		expect(hubOptionsFromEnv({ FNORD_SIGNAL_MAX_CONNECTIONS: '20000', FNORD_SIGNAL_MAX_SUBSCRIBERS_PER_TOPIC: '8', FNORD_SIGNAL_TRUSTED_PROXIES: '10.0.0.1,::1' })).toEqual({
			maxConns: 20000,
			maxSubscribersPerTopic: 8,
			trustedProxies: ['10.0.0.1', '::1']
		});
	});
});
