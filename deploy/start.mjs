// One command for a public host: the app with its signaling and TURN credentials
// (scripts/serve.mjs) and coturn (Debian's turnserver) with a generated configuration that uses
// the same shared secret. TLS for the app is the reverse proxy's job (deploy/README.md).
//
//   FNORD_HOST=fnord.example.org node deploy/start.mjs
//
// Environment (or the matching --options):
//   FNORD_HOST            --host         public DNS name of this machine (required): TURN URLs, realm
//   FNORD_LISTEN          --listen       address the app listens on (127.0.0.1: behind the proxy)
//   PORT                  --port         the app's port (4173)
//   FNORD_TURN_PORT       --turn-port    TURN over UDP and TCP (3478)
//   FNORD_TURN_TLS_PORT   --tls-port     TURN over TLS (turns:) when a certificate is given (5349)
//   FNORD_TURN_CERT, FNORD_TURN_KEY      certificate and key files for turns: (optional)
//   FNORD_RELAY_PORTS     --relay-ports  relay port range, "min-max" (49160-49999)
//   FNORD_EXTERNAL_IP     --external-ip  "public" or "public/private" when behind NAT (most cloud VMs)
//   FNORD_TURN_IP         --turn-ip      the address coturn listens and relays on (default: coturn picks
//                                        the machine's non-loopback addresses)
//   FNORD_TURN_SECRET                    shared secret; default: generated once into the state dir
//   FNORD_TURN_TTL                       credential lifetime in seconds (scripts/lib/signal-turn.mjs)
//   FNORD_STATE_DIR       --state-dir    where the secret and turnserver.conf live (deploy/.state)
//   --no-turn    the app and signaling only (no coturn)
//   --dry-run    print what would run (secret hidden) and exit
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { coturnConfig, findTurnserver } from './coturn.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
	options: {
		host: { type: 'string' },
		listen: { type: 'string' },
		port: { type: 'string' },
		'turn-port': { type: 'string' },
		'tls-port': { type: 'string' },
		'relay-ports': { type: 'string' },
		'external-ip': { type: 'string' },
		'turn-ip': { type: 'string' },
		'state-dir': { type: 'string' },
		'no-turn': { type: 'boolean' },
		'dry-run': { type: 'boolean' }
	}
});
const env = process.env;

/** @param {string} message */
function fail(message) {
	console.error(`deploy/start.mjs: ${message}`);
	process.exit(2);
}

const host = values.host ?? env.FNORD_HOST ?? '';
if (!/^[a-z0-9.-]+$/i.test(host) && !/^[0-9a-f:]+$/i.test(host)) fail('set FNORD_HOST (or --host) to the public name of this machine, e.g. fnord.example.org');
const listen = values.listen ?? env.FNORD_LISTEN ?? '127.0.0.1';
const port = values.port ?? env.PORT ?? '4173';
const turnPort = Number(values['turn-port'] ?? env.FNORD_TURN_PORT ?? 3478);
const tlsPort = Number(values['tls-port'] ?? env.FNORD_TURN_TLS_PORT ?? 5349);
const [minPort, maxPort] = (values['relay-ports'] ?? env.FNORD_RELAY_PORTS ?? '49160-49999').split('-').map(Number);
if (!Number.isInteger(minPort) || !Number.isInteger(maxPort) || !(minPort < maxPort)) fail('relay ports must look like 49160-49999');
const externalIp = values['external-ip'] ?? env.FNORD_EXTERNAL_IP ?? '';
const turnIp = values['turn-ip'] ?? env.FNORD_TURN_IP ?? '';
const stateDir = path.resolve(values['state-dir'] ?? env.FNORD_STATE_DIR ?? path.join(root, 'deploy', '.state'));
const cert = env.FNORD_TURN_CERT ?? '';
const key = env.FNORD_TURN_KEY ?? '';
const withTurn = !values['no-turn'];
const dryRun = values['dry-run'] ?? false;

/** The shared secret: from the environment, else generated once and kept (0600) in the state dir. */
function secret() {
	if (env.FNORD_TURN_SECRET) return env.FNORD_TURN_SECRET;
	const file = path.join(stateDir, 'turn-secret');
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
	const made = crypto.randomBytes(32).toString('base64url');
	if (!dryRun) {
		fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
		fs.writeFileSync(file, made + '\n', { mode: 0o600 });
	}
	return made;
}

const turnHost = host.includes(':') ? `[${host}]` : host;
const turnUrls = [`turn:${turnHost}:${turnPort}?transport=udp`, `turn:${turnHost}:${turnPort}?transport=tcp`];
if (cert && key) turnUrls.push(`turns:${turnHost}:${tlsPort}?transport=tcp`);

const shared = withTurn ? secret() : '';
const conf = path.join(stateDir, 'turnserver.conf');
const turnText = withTurn
	? coturnConfig({
			secret: shared,
			realm: host,
			port: turnPort,
			listeningIps: turnIp ? [turnIp] : [],
			relayIps: turnIp ? [turnIp] : [],
			externalIps: externalIp ? [externalIp] : [],
			minPort,
			maxPort,
			tls: cert && key ? { port: tlsPort, cert, pkey: key } : null,
			pidFile: path.join(stateDir, 'turnserver.pid'),
			dbFile: path.join(stateDir, 'turndb')
		})
	: '';
const appArgs = [path.join(root, 'scripts', 'serve.mjs'), '--host', listen, '--port', port];
// The proxy in front (nginx, Caddy) connects from loopback: the signaling caps per address read
// the client's address from its X-Forwarded-For (docs/signaling.md).
const proxied = { ...env, FNORD_SIGNAL_TRUSTED_PROXIES: env.FNORD_SIGNAL_TRUSTED_PROXIES ?? '127.0.0.1,::1' };
const appEnv = withTurn ? { ...proxied, FNORD_TURN_URLS: turnUrls.join(','), FNORD_TURN_SECRET: shared } : { ...proxied, FNORD_TURN_URLS: '', FNORD_TURN_SECRET: '' };

if (dryRun) {
	const hide = (/** @type {string} */ text) => (shared ? text.split(shared).join('<secret>') : text);
	console.log(`app: ${process.execPath} ${appArgs.join(' ')}`);
	console.log(`app env: FNORD_TURN_URLS=${appEnv.FNORD_TURN_URLS} FNORD_TURN_SECRET=${appEnv.FNORD_TURN_SECRET ? '<secret>' : ''}`);
	if (withTurn) console.log(`coturn: turnserver -c ${conf}\n${hide(turnText)}`);
	process.exit(0);
}

const turnserver = withTurn ? findTurnserver() : null;
if (withTurn && turnserver === null) fail('turnserver not found: apt-get install coturn (or run with --no-turn)');
if (!fs.existsSync(path.join(root, 'build', 'index.html'))) {
	console.log('deploy/start.mjs: no build/ yet, building');
	const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @type {Map<import('node:child_process').ChildProcess, string>} */
const names = new Map();
if (withTurn && turnserver) {
	fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
	fs.writeFileSync(conf, turnText, { mode: 0o600 });
	const coturn = spawn(turnserver, ['-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
	children.push(coturn);
	names.set(coturn, 'coturn (turnserver)');
}
const appServer = spawn(process.execPath, appArgs, { cwd: root, env: appEnv, stdio: ['ignore', 'inherit', 'inherit'] });
children.push(appServer);
names.set(appServer, 'the app server (scripts/serve.mjs)');

let stopping = false;
/** @param {number} code */
function stop(code) {
	if (stopping) return;
	stopping = true;
	for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
	process.exitCode = code;
}
for (const child of children) {
	child.on('exit', (code, signal) => {
		if (!stopping) console.error(`deploy/start.mjs: ${names.get(child)} exited (${signal ?? code}); stopping`);
		stop(code ?? 0);
	});
}
for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => stop(0));
console.log(
	`Fnord on https://${host}/ (through the reverse proxy to http://${listen}:${port}); signaling wss://${host}/signal` +
		(withTurn ? `; TURN ${turnUrls.join(', ')} with relay ports ${minPort}-${maxPort}/udp` : '; no TURN')
);
