// Tiny static file server for build/ with SPA fallback to 404.html. No dependencies.
// Usage: node scripts/serve.mjs [--host H] [--port N] [--dir D]   (env: HOST, PORT, DIR)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
	options: {
		host: { type: 'string' },
		port: { type: 'string' },
		dir: { type: 'string' }
	}
});
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

server.listen(port, host, () => {
	console.log(`Serving ${path.relative(process.cwd(), root) || '.'} on http://${host}:${port}/`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
	process.on(sig, () => process.exit(0));
}
