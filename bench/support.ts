/**
 * What the benchmarks share: percentiles, a loopback-only network namespace to re-run in, a free
 * port, waiting for a local server, and starting one of the project's scripts (serve, signal).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Set in the environment of a benchmark re-run inside its own network namespace. */
export const NETNS_MARK = 'FNORD_BENCH_NETNS';

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** True when this process is the re-run inside a loopback-only network namespace. */
export function inNetns(): boolean {
	return process.env[NETNS_MARK] === 'netns';
}

/**
 * Re-runs the script at `scriptUrl` (its import.meta.url) inside a fresh network namespace holding
 * only loopback, and exits with its status, when possible (root with `unshare`); else returns.
 */
export function reexecInNetns(scriptUrl: string): void {
	if (process.env[NETNS_MARK]) return;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (!isRoot || spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status !== 0) return;
	const self = fileURLToPath(scriptUrl);
	const r = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" --import tsx "${self}"`], {
		stdio: 'inherit',
		cwd: root,
		env: { ...process.env, [NETNS_MARK]: 'netns' }
	});
	process.exit(r.status ?? 1);
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const port = (server.address() as net.AddressInfo).port;
			server.close(() => resolve(port));
		});
	});
}

export async function waitForHttp(url: string, timeoutMs = 15_000): Promise<void> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		try {
			if ((await fetch(url)).ok) return;
		} catch (_error) {
			// not up yet
		}
		if (Date.now() > until) throw new Error(`${url} did not answer`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/** Starts scripts/<script> (serve.mjs, signal.mjs) on 127.0.0.1:`port`. */
export function startScript(script: string, port: number): ChildProcess {
	return spawn(process.execPath, [path.join(root, 'scripts', script), '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore', cwd: root });
}

/** What allocating a list of legal options alone costs, in CPU µs per list (median over `lists`,
 * each built `repeat` times): fresh objects of the same shape as the engine's (an action of up to
 * six fields in an option of two), so the floor under any legalActions that returns fresh objects. */
export function allocationFloor(lists: readonly (readonly { readonly action: object; readonly aidCandidates?: readonly string[] }[])[], repeat = 100): number {
	const each: number[] = [];
	let kept = 0;
	for (const list of lists) {
		const c0 = process.cpuUsage();
		for (let r = 0; r < repeat; r++) {
			const out: object[] = [];
			for (const option of list) {
				const a = option.action as Record<string, unknown>;
				out.push({ action: { type: a.type, seat: a.seat, kind: a.kind, attacker: a.attacker, target: a.target, aids: a.aids }, aidCandidates: option.aidCandidates });
			}
			kept += out.length;
		}
		const used = process.cpuUsage(c0);
		each.push((used.user + used.system) / repeat);
	}
	if (kept < 0) console.log(kept); // keeps the loop's work observable
	return percentile(each, 50);
}
