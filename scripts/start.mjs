// npm start: build the app, then serve it on 127.0.0.1:4173 with the signaling on the same origin
// (ws://127.0.0.1:4173/signal, the app's default) and, for settings saved by older versions and
// the LAN suggestion, the same signaling also on port 4444. Ctrl-C stops it.
// Env: HOST, PORT, SIGNAL_PORT (the extra signaling port; "off" for none), and the TURN settings
// of scripts/lib/signal-turn.mjs (FNORD_TURN_URLS, FNORD_TURN_SECRET; off unless both are set).
import { spawn, spawnSync } from 'node:child_process';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '4173';
const signalPort = process.env.SIGNAL_PORT ?? '4444';

const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const args = ['scripts/serve.mjs', '--host', host, '--port', port];
if (signalPort !== 'off' && signalPort !== '') args.push('--signal-port', signalPort);
const child = spawn(process.execPath, args, { stdio: 'inherit' });

let stopping = false;
/** @param {number} code */
function stop(code) {
	if (stopping) return;
	stopping = true;
	if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
	process.exitCode = code;
}

child.on('exit', (code) => stop(code ?? 0));
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.on(sig, () => stop(0));
}
const display = host.includes(':') ? `[${host}]` : host;
console.log(`Fnord: http://${display}:${port}/  (signaling ws://${display}:${port}/signal` + (args.includes('--signal-port') ? ` and ws://${display}:${signalPort}` : '') + '; Ctrl-C stops)');
