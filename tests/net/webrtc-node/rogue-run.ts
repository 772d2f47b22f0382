// The rogue test: a signaling server, two honest peers (gated-peer.ts) and a rogue (rogue.ts)
// with the same room code, each its own Node process. Once the rogue has attacked, the honest
// peers each append an entry and report. Prints a JSON summary.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const PORT = '4457';
const CODE = process.env.FNORD_CODE ?? '';
const TIMEOUT_MS = 50_000;
const children: ChildProcess[] = [];

function start(args: string[]): ChildProcess {
	const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
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
	const honest = ['alice', 'bob'].map((name) => start(['--import', 'tsx', here('./gated-peer.ts'), name, url, CODE]));
	const rogue = start(['--import', 'tsx', here('./rogue.ts'), url, CODE]);
	const rogueLine = await firstLine(rogue, (l) => l.startsWith('{'));
	const reports = honest.map((p) => firstLine(p, (l) => l.startsWith('{')));
	for (const p of honest) p.stdin?.write('finish\n');
	const results = await Promise.all(reports);
	process.stdout.write(JSON.stringify({ ok: true, rogue: JSON.parse(rogueLine), peers: results.map((r) => JSON.parse(r)) }) + '\n');
} catch (error) {
	process.stdout.write(JSON.stringify({ ok: false, error: String(error) }) + '\n');
	process.exitCode = 1;
} finally {
	clearTimeout(timeout);
	stopAll();
}
