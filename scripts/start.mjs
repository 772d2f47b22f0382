// npm start: build the app, then serve build/ on 127.0.0.1:4173 and run the signaling
// server on 127.0.0.1:4444 beside it. Ctrl-C stops both. Env: HOST, PORT, SIGNAL_PORT.
import { spawn, spawnSync } from 'node:child_process';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '4173';
const signalPort = process.env.SIGNAL_PORT ?? '4444';

const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [
	spawn(process.execPath, ['scripts/serve.mjs', '--host', host, '--port', port], {
		stdio: 'inherit'
	}),
	spawn(process.execPath, ['scripts/signal.mjs', '--host', host, '--port', signalPort], {
		stdio: 'inherit'
	})
];

let stopping = false;
/** @param {number} code */
function stop(code) {
	if (stopping) return;
	stopping = true;
	for (const child of children) {
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
	}
	process.exitCode = code;
}

for (const child of children) {
	child.on('exit', (code) => stop(code ?? 0));
}
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
	process.on(sig, () => stop(0));
}
console.log(`Fnord: http://${host}:${port}/  (signaling ws://${host}:${signalPort}; Ctrl-C stops both)`);
