/**
 * The signaling server under load (node --import tsx bench/signaling.ts), on loopback: the app's
 * server (scripts/serve.mjs, signaling on /signal) in its own process, and from this process
 * ROOMS rooms of PEERS WebSocket clients each, every client subscribed to its room's topic as
 * y-webrtc does. Printed:
 * - the server's resident memory idle, with every client connected and subscribed, and the
 *   difference per room and per connection (Linux /proc; the server's V8 heap grows in steps, so
 *   treat it as an order of magnitude);
 * - the round trip of one message at a time (the other clients idle);
 * - publish/subscribe throughput: every client publishes to its room and sends its next message
 *   when its own copy comes back (y-webrtc's signaling server echoes to the sender too), so there
 *   are always ROOMS×PEERS messages in flight; messages published and delivered per second, and
 *   the round trip's median and 99th percentile, for an announce-sized (~200 B) and an
 *   offer-sized (~2 KB, an encrypted SDP offer) message;
 * - a connection flood from one address: FLOOD handshakes, FLOOD_BATCH at a time; how many the
 *   per-address cap let in, how many it refused (HTTP 429), and the server's CPU time per refusal.
 * The hub allows 64 connections per client address, so the rooms' clients connect from several
 *   loopback source addresses (127.0.1.1, 127.0.1.2, …: 127.0.0.0/8 is all loopback on Linux),
 *   at most 32 connections each, as players on many hosts would.
 * Client and server share the machine's cores, so these are lower bounds for the server alone.
 * Env: FNORD_BENCH_ROOMS (200), FNORD_BENCH_PEERS (4), FNORD_BENCH_SECONDS (4 per phase),
 * FNORD_BENCH_FLOOD (2000), FNORD_BENCH_FLOOD_BATCH (50).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, percentile, reexecInNetns, root } from './support.js';

reexecInNetns(import.meta.url);

const ROOMS = Number(process.env.FNORD_BENCH_ROOMS ?? 200);
const PEERS = Number(process.env.FNORD_BENCH_PEERS ?? 4);
const SECONDS = Number(process.env.FNORD_BENCH_SECONDS ?? 4);
const FLOOD = Number(process.env.FNORD_BENCH_FLOOD ?? 2000);
const FLOOD_BATCH = Number(process.env.FNORD_BENCH_FLOOD_BATCH ?? 50);
/** Connections per loopback source address, under the hub's per-address cap (64). */
const PER_ADDRESS = 32;

/** The part of the `ws` client used here (the package ships no types). */
interface Ws {
	send(data: string): void;
	close(): void;
	terminate(): void;
	on(event: 'message', listener: (data: Buffer) => void): void;
	once(event: 'open' | 'close', listener: () => void): void;
	once(event: 'error', listener: (error: Error) => void): void;
	once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number; resume(): void }) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws').WebSocket as new (url: string, options?: { localAddress?: string }) => Ws;

/** The n-th loopback source address for clients: 127.0.1.1, 127.0.1.2, … (never 127.0.0.1). */
const sourceAddress = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

function rssKiB(pid: number): number {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; 10 ms resolution). */
function cpuMs(pid: number): number {
	const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** Opens one client from `localAddress`: "open" with its socket, or the HTTP status it was refused with. */
function connect(url: string, localAddress: string): Promise<Ws | number> {
	return new Promise((resolve, reject) => {
		const ws = new WebSocket(url, { localAddress });
		ws.once('open', () => resolve(ws));
		ws.once('unexpected-response', (_req, res) => {
			res.resume();
			resolve(res.statusCode);
		});
		ws.once('error', reject);
	});
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
	const port = await freePort();
	const dir = fs.mkdtempSync(path.join(root, '.bench-signal-'));
	fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
	const server = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), '--host', '127.0.0.1', '--port', String(port), '--dir', dir], {
		stdio: ['ignore', 'pipe', 'inherit'],
		env: { ...process.env, FNORD_TURN_URLS: '', FNORD_TURN_SECRET: '' }
	});
	try {
		await new Promise<void>((resolve, reject) => {
			server.stdout?.on('data', (d: Buffer) => d.toString().includes('Serving') && resolve());
			server.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
		});
		await sleep(500);
		const idle = rssKiB(server.pid!);
		const url = `ws://127.0.0.1:${port}/signal`;

		// Connect and subscribe, a room at a time (y-webrtc: one subscribe per room per client).
		const clients: { ws: Ws; room: number; onEcho: ((data: string) => void) | null }[] = [];
		const roomsPerAddress = Math.max(1, Math.floor(PER_ADDRESS / PEERS));
		for (let room = 0; room < ROOMS; room++) {
			await Promise.all(
				Array.from({ length: PEERS }, async () => {
					const ws = await connect(url, sourceAddress(Math.floor(room / roomsPerAddress)));
					if (typeof ws === 'number') throw new Error(`the hub refused a room's client: HTTP ${ws}`);
					const client = { ws, room, onEcho: null as ((data: string) => void) | null };
					ws.on('message', (data) => client.onEcho?.(data.toString()));
					ws.send(JSON.stringify({ type: 'subscribe', topics: [`fnord-v2-room-${room.toString(16).padStart(60, '0')}`] }));
					clients.push(client);
				})
			);
		}
		await sleep(1500);
		const connected = rssKiB(server.pid!);
		const perRoom = (connected - idle) / ROOMS;
		console.log(
			`signaling bench: ${ROOMS} rooms × ${PEERS} peers = ${clients.length} WebSocket connections to scripts/serve.mjs /signal on loopback\n` +
				`  server memory (RSS): ${(idle / 1024).toFixed(1)} MiB idle, ${(connected / 1024).toFixed(1)} MiB connected and subscribed: ` +
				`${perRoom.toFixed(1)} KiB per room, ${(perRoom / PEERS).toFixed(1)} KiB per connection`
		);

		// One message at a time (the others idle): the round trip without queueing.
		{
			const client = clients[0]!;
			const quiet: number[] = [];
			for (let i = 0; i < 300; i++) {
				const t0 = performance.now();
				await new Promise<void>((resolve) => {
					client.onEcho = (text) => text.includes('"from":"solo"') && resolve();
					client.ws.send(JSON.stringify({ type: 'publish', topic: `fnord-v2-room-${client.room.toString(16).padStart(60, '0')}`, data: { type: 'announce', from: 'solo', n: i } }));
				});
				quiet.push(performance.now() - t0);
			}
			client.onEcho = null;
			console.log(`  one message at a time: round trip median ${percentile(quiet, 50).toFixed(2)} ms, p99 ${percentile(quiet, 99).toFixed(2)} ms`);
		}

		for (const [label, size] of [
			['announce-sized', 200],
			['offer-sized', 2000]
		] as const) {
			const pad = 'x'.repeat(size);
			let published = 0;
			let delivered = 0;
			const rtts: number[] = [];
			let running = true;
			const sentAt = new Map<Ws, number>();
			const topicOf = (room: number) => `fnord-v2-room-${room.toString(16).padStart(60, '0')}`;
			const send = (client: (typeof clients)[number], me: string) => {
				sentAt.set(client.ws, performance.now());
				client.ws.send(JSON.stringify({ type: 'publish', topic: topicOf(client.room), data: { type: 'announce', from: me, pad } }));
				published++;
			};
			const senders = clients.map((client, i) => {
				const me = `peer-${i}`;
				const mark = `"from":"${me}",`;
				client.onEcho = (text) => {
					delivered++;
					if (!text.includes(mark)) return; // another peer's message
					rtts.push(performance.now() - sentAt.get(client.ws)!);
					if (running) send(client, me);
				};
				return () => send(client, me);
			});
			const started = performance.now();
			for (const start of senders) start();
			await sleep(SECONDS * 1000);
			running = false;
			const elapsed = (performance.now() - started) / 1000;
			await sleep(300);
			const peak = rssKiB(server.pid!);
			console.log(
				`  ${label} messages (~${size + 120} B): ${Math.round(published / elapsed).toLocaleString('en')} published/s, ` +
					`${Math.round(delivered / elapsed).toLocaleString('en')} delivered/s (each to the ${PEERS} peers of its room), ` +
					`round trip median ${percentile(rtts, 50).toFixed(1)} ms, p99 ${percentile(rtts, 99).toFixed(1)} ms; server RSS after ${(peak / 1024).toFixed(1)} MiB`
			);
		}
		for (const client of clients) client.ws.terminate();

		// A connection flood from one address (one not used above): the cap lets 64 in, refuses the rest.
		{
			const flooder = sourceAddress(Math.ceil(ROOMS / roomsPerAddress) + 1);
			const opened: Ws[] = [];
			let refused = 0;
			const cpu0 = cpuMs(server.pid!);
			const t0 = performance.now();
			for (let sent = 0; sent < FLOOD; sent += FLOOD_BATCH) {
				const results = await Promise.all(Array.from({ length: Math.min(FLOOD_BATCH, FLOOD - sent) }, () => connect(url, flooder)));
				for (const result of results) {
					if (typeof result === 'number') refused++;
					else opened.push(result);
				}
			}
			const seconds = (performance.now() - t0) / 1000;
			const cpu = cpuMs(server.pid!) - cpu0;
			console.log(
				`  connection flood from one address: ${FLOOD} handshakes, ${FLOOD_BATCH} at a time: ${opened.length} opened, ${refused} refused (HTTP 429) ` +
					`at ${Math.round(FLOOD / seconds).toLocaleString('en')} handshakes/s; server CPU ${cpu.toFixed(0)} ms, ${((cpu * 1000) / FLOOD).toFixed(0)} µs per handshake`
			);
			for (const ws of opened) ws.terminate();
		}
		console.log(`  (${SECONDS} s per phase; client and server share this machine's ${os.cpus().length} cores)`);
	} finally {
		server.kill('SIGTERM');
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

await main();
