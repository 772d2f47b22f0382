// The app's server (scripts/serve.mjs) answers the y-webrtc signaling on /signal of its own origin
// and hands out coturn REST-API TURN credentials on /turn-credentials only when configured; the
// standalone scripts/signal.mjs keeps working. Real processes on 127.0.0.1 with free ports.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The part of the `ws` package's client used here (the package ships no types). */
interface WebSocket {
	send(data: string): void;
	close(): void;
	on(event: 'message', listener: (data: Buffer) => void): void;
	once(event: 'open', listener: () => void): void;
	once(event: 'error', listener: (error: Error) => void): void;
	once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws').WebSocket as new (url: string) => WebSocket;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECRET = 'test-secret-that-never-leaves-the-server';
const TURN_URLS = 'turn:turn.example.org:3478?transport=udp,turn:turn.example.org:3478?transport=tcp';
const children: ChildProcess[] = [];
let dir = '';

/** Starts a script and resolves with the first stdout line matching `ready` and the port in it. */
function start(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; port: number; line: string }> {
	const child = spawn(process.execPath, [path.join(root, 'scripts', script), '--host', '127.0.0.1', '--port', '0', ...args], {
		cwd: root,
		env: { ...process.env, FNORD_TURN_URLS: '', FNORD_TURN_SECRET: '', ...env },
		stdio: ['ignore', 'pipe', 'pipe']
	});
	children.push(child);
	return new Promise((resolve, reject) => {
		let out = '';
		let err = '';
		child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
		child.stdout?.on('data', (d: Buffer) => {
			out += d.toString();
			const line = out.split('\n').find((l) => ready.test(l));
			const port = line ? /127\.0\.0\.1:(\d+)/.exec(line)?.[1] : undefined;
			if (line && port) resolve({ child, port: Number(port), line });
		});
		child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${err}`)));
	});
}

function open(url: string): Promise<WebSocket> {
	return new Promise((resolve, reject) => {
		const ws = new WebSocket(url);
		ws.once('open', () => resolve(ws));
		ws.once('error', reject);
		ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
	});
}

/** Messages a socket receives, parsed. */
function inbox(ws: WebSocket): Record<string, unknown>[] {
	const got: Record<string, unknown>[] = [];
	ws.on('message', (data) => got.push(JSON.parse(data.toString()) as Record<string, unknown>));
	return got;
}

const settle = () => new Promise((r) => setTimeout(r, 100));

let app: { port: number; line: string };
let plain: { port: number };
let staticOnly: { port: number; line: string };

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fnord-serve-'));
	fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Fnord</title>');
	fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html><title>Fnord</title>');
	[app, plain, staticOnly] = await Promise.all([
		start('serve.mjs', ['--dir', dir], { FNORD_TURN_URLS: TURN_URLS, FNORD_TURN_SECRET: SECRET, FNORD_TURN_TTL: '600' }, /^Serving /),
		start('serve.mjs', ['--dir', dir], {}, /^Serving /),
		start('serve.mjs', ['--dir', dir, '--no-signal'], {}, /^Serving /)
	]);
});

afterAll(() => {
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
	if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('signaling on the app origin (serve.mjs /signal)', () => {
	it('relays publish to every subscriber of a topic, stops after unsubscribe, and answers ping', async () => {
		const url = `ws://127.0.0.1:${app.port}/signal`;
		const [a, b, c] = await Promise.all([open(url), open(url), open(url)]);
		const [inA, inB, inC] = [inbox(a), inbox(b), inbox(c)];
		a.send(JSON.stringify({ type: 'subscribe', topics: ['room-1'] }));
		b.send(JSON.stringify({ type: 'subscribe', topics: ['room-1', 'room-2'] }));
		c.send(JSON.stringify({ type: 'subscribe', topics: ['room-2'] }));
		await settle();
		a.send(JSON.stringify({ type: 'publish', topic: 'room-1', data: { from: 'a' } }));
		await settle();
		expect(inA).toEqual([{ type: 'publish', topic: 'room-1', data: { from: 'a' }, clients: 2 }]);
		expect(inB).toEqual(inA);
		expect(inC).toEqual([]);
		b.send(JSON.stringify({ type: 'unsubscribe', topics: ['room-1'] }));
		await settle();
		a.send(JSON.stringify({ type: 'publish', topic: 'room-1', data: 2 }));
		c.send(JSON.stringify({ type: 'ping' }));
		await settle();
		expect(inA.at(-1)).toEqual({ type: 'publish', topic: 'room-1', data: 2, clients: 1 });
		expect(inB).toHaveLength(1);
		expect(inC).toEqual([{ type: 'pong' }]);
		for (const ws of [a, b, c]) ws.close();
	});

	it('takes WebSocket upgrades only on /signal; a plain GET there says to upgrade', async () => {
		await expect(open(`ws://127.0.0.1:${app.port}/`)).rejects.toThrow('HTTP 404');
		await expect(open(`ws://127.0.0.1:${app.port}/signal/x`)).rejects.toThrow('HTTP 404');
		expect((await fetch(`http://127.0.0.1:${app.port}/signal`)).status).toBe(426);
		expect(await (await fetch(`http://127.0.0.1:${app.port}/`)).text()).toContain('<title>Fnord</title>');
	});

	it('a static-only copy (--no-signal) refuses the WebSocket and has no credentials route', async () => {
		expect(staticOnly.line).toContain('static only');
		await expect(open(`ws://127.0.0.1:${staticOnly.port}/signal`)).rejects.toThrow('HTTP 404');
		const res = await fetch(`http://127.0.0.1:${staticOnly.port}/turn-credentials`);
		expect(res.headers.get('content-type')).toContain('text/html'); // the SPA fallback, as a static host answers
	});
});

describe('TURN credentials (coturn REST API scheme)', () => {
	it('hands out expiring credentials whose password is HMAC-SHA1(secret, username), never the secret', async () => {
		const before = Math.floor(Date.now() / 1000);
		const res = await fetch(`http://127.0.0.1:${app.port}/turn-credentials`);
		expect(res.status).toBe(200);
		expect(res.headers.get('cache-control')).toBe('no-store');
		const text = await res.text();
		expect(text).not.toContain(SECRET);
		const body = JSON.parse(text) as { iceServers: { urls: string[]; username: string; credential: string }[]; ttl: number };
		expect(body.ttl).toBe(600);
		expect(body.iceServers).toHaveLength(1);
		const [server] = body.iceServers;
		expect(server!.urls).toEqual(TURN_URLS.split(','));
		const m = /^(\d+):(fnord-[0-9a-f]{12})$/.exec(server!.username);
		expect(m, server!.username).not.toBeNull();
		const expiry = Number(m![1]);
		expect(expiry).toBeGreaterThanOrEqual(before + 600);
		expect(expiry).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
		expect(server!.credential).toBe(createHmac('sha1', SECRET).update(server!.username).digest('base64'));
		// Each request gets its own name (coturn's per-user quota then counts browsers apart).
		const again = (await (await fetch(`http://127.0.0.1:${app.port}/turn-credentials`)).json()) as typeof body;
		expect(again.iceServers[0]!.username).not.toBe(server!.username);
		expect(app.line).toContain('TURN credentials for turn:turn.example.org');
	});

	it('is off unless configured: 404 with no servers', async () => {
		const res = await fetch(`http://127.0.0.1:${plain.port}/turn-credentials`);
		expect(res.status).toBe(404);
		expect(await res.json()).toEqual({ iceServers: [], ttl: 0 });
	});

	it('refuses a malformed configuration at start', async () => {
		await expect(start('serve.mjs', ['--dir', dir], { FNORD_TURN_URLS: 'http://x', FNORD_TURN_SECRET: 's' }, /^Serving /)).rejects.toThrow(/not a turn: or turns: URL/);
		await expect(start('serve.mjs', ['--dir', dir], { FNORD_TURN_URLS: 'turn:x', FNORD_TURN_SECRET: 's', FNORD_TURN_TTL: '5' }, /^Serving /)).rejects.toThrow(/FNORD_TURN_TTL/);
	});
});

describe('more listeners of one hub', () => {
	it('--signal-port serves the same rooms on another port, on any path (older settings: ws://host:4444)', async () => {
		const both = await start('serve.mjs', ['--dir', dir, '--signal-port', '0'], {}, /^Signaling also on /);
		const a = await open(`ws://127.0.0.1:${both.port}/`);
		const inA = inbox(a);
		a.send(JSON.stringify({ type: 'subscribe', topics: ['t'] }));
		await settle();
		a.send(JSON.stringify({ type: 'publish', topic: 't', data: 1 }));
		await settle();
		expect(inA).toEqual([{ type: 'publish', topic: 't', data: 1, clients: 1 }]);
		expect(await (await fetch(`http://127.0.0.1:${both.port}/`)).text()).toBe('okay');
		a.close();
	});

	it('the standalone scripts/signal.mjs still prints its ready line and relays on any path', async () => {
		const signal = await start('signal.mjs', [], {}, /^Signaling server on /);
		expect(await (await fetch(`http://127.0.0.1:${signal.port}/`)).text()).toBe('okay');
		const [a, b] = await Promise.all([open(`ws://127.0.0.1:${signal.port}`), open(`ws://127.0.0.1:${signal.port}/any/path`)]);
		const inB = inbox(b);
		for (const ws of [a, b]) ws.send(JSON.stringify({ type: 'subscribe', topics: ['t'] }));
		await settle();
		a.send(JSON.stringify({ type: 'publish', topic: 't', data: 'x' }));
		await settle();
		expect(inB).toEqual([{ type: 'publish', topic: 't', data: 'x', clients: 2 }]);
		a.close();
		b.close();
	});
});

describe('deploy/start.mjs', () => {
	it('--dry-run: the app gets TURN URLs for the host and the secret coturn uses; the secret is not printed', () => {
		const state = fs.mkdtempSync(path.join(os.tmpdir(), 'fnord-deploy-'));
		try {
			const r = spawnSync(process.execPath, [path.join(root, 'deploy', 'start.mjs'), '--dry-run', '--state-dir', state], {
				encoding: 'utf8',
				env: { ...process.env, FNORD_HOST: 'fnord.example.org', FNORD_TURN_SECRET: SECRET, FNORD_EXTERNAL_IP: '203.0.113.7/10.0.0.5' }
			});
			expect(r.status, r.stderr).toBe(0);
			expect(r.stdout).not.toContain(SECRET);
			expect(r.stdout).toContain('FNORD_TURN_URLS=turn:fnord.example.org:3478?transport=udp,turn:fnord.example.org:3478?transport=tcp FNORD_TURN_SECRET=<secret>');
			for (const line of ['use-auth-secret', 'static-auth-secret=<secret>', 'realm=fnord.example.org', 'external-ip=203.0.113.7/10.0.0.5', 'denied-peer-ip=10.0.0.0-10.255.255.255', 'no-cli']) {
				expect(r.stdout.split('\n')).toContain(line);
			}
			const missingHost = spawnSync(process.execPath, [path.join(root, 'deploy', 'start.mjs'), '--dry-run'], { encoding: 'utf8', env: { ...process.env, FNORD_HOST: '' } });
			expect(missingHost.status).toBe(2);
			expect(missingHost.stderr).toContain('set FNORD_HOST');
		} finally {
			fs.rmSync(state, { recursive: true, force: true });
		}
	});
});
