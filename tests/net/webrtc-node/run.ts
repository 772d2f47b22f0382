// Runs a signaling server and two WebRTC peers (each its own Node process: y-webrtc allows one
// provider per room per realm) and prints a JSON summary. Meant to run inside
// `unshare -n sh -c 'ip link set lo up && node --import tsx tests/net/webrtc-node/run.ts'`
// so that signaling and ICE can only use loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PORT = '4455';
const CODE = '7KQ2MXH90D';
const TIMEOUT_MS = 20_000;
const children: ChildProcess[] = [];

function start(args: string[]): ChildProcess {
	const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	children.push(child);
	child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
	return child;
}

function firstLine(child: ChildProcess, match: (line: string) => boolean): Promise<string> {
	return new Promise((resolve, reject) => {
		let buffer = '';
		child.stdout?.on('data', (d: Buffer) => {
			buffer += d.toString();
			for (const line of buffer.split('\n')) if (match(line)) resolve(line);
		});
		child.on('exit', (code) => reject(new Error(`exited with ${code} before answering`)));
	});
}

const stopAll = () => {
	for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
const timeout = setTimeout(() => {
	process.stdout.write(JSON.stringify({ ok: false, error: 'timeout' }) + '\n');
	stopAll();
	process.exit(1);
}, TIMEOUT_MS);

try {
	const signal = start([here('../../../scripts/signal.mjs'), '--host', '127.0.0.1', '--port', PORT]);
	await firstLine(signal, (l) => l.startsWith('Signaling server on'));
	const url = `ws://127.0.0.1:${PORT}`;
	const peers = ['alice', 'bob'].map((name) =>
		start(['--import', 'tsx', here('./peer.ts'), name, url, CODE])
	);
	const results = await Promise.all(peers.map((p) => firstLine(p, (l) => l.startsWith('{'))));
	process.stdout.write(JSON.stringify({ ok: true, peers: results.map((r) => JSON.parse(r)) }) + '\n');
} catch (error) {
	process.stdout.write(JSON.stringify({ ok: false, error: String(error) }) + '\n');
	process.exitCode = 1;
} finally {
	clearTimeout(timeout);
	stopAll();
}
