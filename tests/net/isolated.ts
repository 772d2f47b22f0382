/**
 * Runs a Node script of the real-WebRTC tests in a fresh network namespace that has only loopback
 * when one can be made (root with `unshare`, as in CI), so nothing can reach another machine.
 * Elsewhere it runs directly: the scripts use a signaling server on 127.0.0.1 and no ICE server,
 * so they contact nothing outside this machine either.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

export const loopbackOnly =
	process.platform === 'linux' &&
	typeof process.getuid === 'function' &&
	process.getuid() === 0 &&
	spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up'], { stdio: 'ignore' }).status === 0;

export function runIsolated(script: string, options: { timeout: number; env?: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
	const spawnOptions = { encoding: 'utf8' as const, timeout: options.timeout, env: options.env ?? process.env };
	return loopbackOnly
		? spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && exec "${process.execPath}" --import tsx ${script}`], spawnOptions)
		: spawnSync(process.execPath, ['--import', 'tsx', script], spawnOptions);
}
