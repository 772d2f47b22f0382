// The invitation test: a signaling server, two invited peers (alice, bob: the whole version-2 room
// code) and two strangers (stranger.ts: one knowing only the room name the server sees, one with
// the code's public part and a wrong secret), each its own Node process. Prints a JSON summary.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PORT = '4456';
const CODE = process.env.FNORD_CODE ?? '';
const TIMEOUT_MS = 25_000;
const children: ChildProcess[] = [];

function start(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
	const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
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
	// The invited peers report no earlier than 6 s in: the strangers, started 1 s in, have tried by then.
	const peers = ['alice', 'bob'].map((name) => start(['--import', 'tsx', here('./peer.ts'), name, url, CODE], { FNORD_REPORT_AFTER_MS: '6000' }));
	await new Promise((resolve) => setTimeout(resolve, 1000));
	const strangers = ['name-only', 'wrong-secret'].map((mode) => start(['--import', 'tsx', here('./stranger.ts'), mode, url, CODE], { FNORD_STRANGER_MS: '6000' }));
	const lines = await Promise.all([...peers, ...strangers].map((p) => firstLine(p, (l) => l.startsWith('{'))));
	const [alice, bob, nameOnly, wrongSecret] = lines.map((l) => JSON.parse(l) as unknown);
	process.stdout.write(JSON.stringify({ ok: true, peers: [alice, bob], strangers: [nameOnly, wrongSecret] }) + '\n');
} catch (error) {
	process.stdout.write(JSON.stringify({ ok: false, error: String(error) }) + '\n');
	process.exitCode = 1;
} finally {
	clearTimeout(timeout);
	stopAll();
}
