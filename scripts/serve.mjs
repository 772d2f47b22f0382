// The app's server: build/ as static files with SPA fallback to 404.html, and on the same origin
// the y-webrtc signaling (WebSocket upgrade on /signal) and short-lived TURN credentials
// (GET /turn-credentials, only when FNORD_TURN_URLS and FNORD_TURN_SECRET are set; see
// scripts/lib/signal-turn.mjs). The app's default signaling server is ws(s)://<its host>/signal,
// so a copy served by this script needs no settings.
// Usage: node scripts/serve.mjs [--host H] [--port N] [--dir D] [--no-signal] [--signal-port N]
//   (env: HOST, PORT, DIR). --port 0 picks a free port (printed). --no-signal: static files only,
//   like a static host. --signal-port N: the same signaling also on ws://H:N (any path), the
//   address of older settings and of `npm run signal`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { answerSignalingRoute, attachSignaling, hubOptionsOrExit, listeningOn, SignalHub, signalingServer } from './lib/signal-http.mjs';
import { turnConfigOrExit } from './lib/signal-turn.mjs';

const { values } = parseArgs({
	options: {
		host: { type: 'string' },
		port: { type: 'string' },
		dir: { type: 'string' },
		'no-signal': { type: 'boolean' },
		'signal-port': { type: 'string' }
	}
});
const signaling = !values['no-signal'];
const turn = signaling ? turnConfigOrExit(process.env) : null;
const hub = signaling ? new SignalHub(hubOptionsOrExit(process.env)) : null;
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const port = Number(values.port ?? process.env.PORT ?? 4173);
const root = path.resolve(
	values.dir ?? process.env.DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build')
);
const fallback = path.join(root, '404.html');

const TYPES = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.webp': 'image/webp',
	'.txt': 'text/plain; charset=utf-8',
	'.wasm': 'application/wasm'
};

/** @param {string} file */
function isFile(file) {
	try {
		return fs.statSync(file).isFile();
	} catch {
		return false;
	}
}

/** Map a URL path to a file inside root, or null. @param {string} urlPath */
function resolveFile(urlPath) {
	let rel;
	try {
		rel = decodeURIComponent(urlPath);
	} catch {
		return null;
	}
	const file = path.resolve(root, '.' + path.posix.normalize('/' + rel));
	if (file !== root && !file.startsWith(root + path.sep)) return null;
	if (isFile(file)) return file;
	if (isFile(path.join(file, 'index.html'))) return path.join(file, 'index.html');
	if (isFile(file + '.html')) return file + '.html';
	return null;
}

const server = http.createServer((req, res) => {
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		res.writeHead(405, { allow: 'GET, HEAD' }).end();
		return;
	}
	if (hub && answerSignalingRoute(req, res, turn)) return;
	const url = new URL(req.url ?? '/', 'http://localhost');
	let file = resolveFile(url.pathname);
	let status = 200;
	if (!file) {
		if (!isFile(fallback)) {
			res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
			return;
		}
		file = fallback;
		// SPA fallback: the client router takes over; answer 200 so deep links work.
		status = 200;
	}
	const type = TYPES[/** @type {keyof typeof TYPES} */ (path.extname(file))] ?? 'application/octet-stream';
	const immutable = url.pathname.startsWith('/_app/immutable/');
	res.writeHead(status, {
		'content-type': type,
		'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
	});
	if (req.method === 'HEAD') {
		res.end();
		return;
	}
	fs.createReadStream(file).pipe(res);
});

if (hub) attachSignaling(server, hub);
else server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));

server.listen(port, host, () => {
	const at = listeningOn(server);
	const extra = hub ? ` with signaling on ws://${at}/signal${turn ? ` and TURN credentials for ${turn.urls.join(', ')}` : ''}` : ' (static only, no signaling)';
	console.log(`Serving ${path.relative(process.cwd(), root) || '.'} on http://${at}/${extra}`);
});

if (hub && values['signal-port'] !== undefined) {
	const extra = signalingServer(hub, turn);
	extra.listen(Number(values['signal-port']), host, () => console.log(`Signaling also on ws://${listeningOn(extra)}`));
}

for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, () => process.exit(0));
}
