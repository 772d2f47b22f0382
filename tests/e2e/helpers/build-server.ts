// A static server for build/ that a test owns: it can be stopped (so the network is really gone,
// not only emulated offline) and can serve a simulated next version of the app (a changed
// service worker and home page), to drive a real service-worker update in Chromium.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const BUILD_DIR = fileURLToPath(new URL('../../../build', import.meta.url));

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json',
	'.svg': 'image/svg+xml',
	'.png': 'image/png'
};

/** The marker a simulated next version puts in its home page and service worker. */
export const NEXT_VERSION = 'next';

export interface BuildServer {
	readonly url: string;
	/** Requests served so far, by path. */
	readonly served: string[];
	/** From now on, serve the next version: a changed sw.js (new home-page revision) and home page. */
	serveNextVersion(): void;
	/** Stops the server and drops every open connection. */
	close(): Promise<void>;
}

function fileFor(urlPath: string): string | null {
	const file = path.resolve(BUILD_DIR, '.' + path.posix.normalize('/' + decodeURIComponent(urlPath)));
	if (!file.startsWith(BUILD_DIR)) return null;
	for (const candidate of [file, path.join(file, 'index.html'), file + '.html']) {
		if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
	}
	return path.join(BUILD_DIR, '404.html');
}

/** sw.js of the next version: the home page's precache revision changes, and a marker is added. */
export function nextServiceWorker(sw: string): string {
	const changed = sw.replace(/(\{url:"\/",revision:")([0-9a-f]+)(")/, `$1${NEXT_VERSION}$3`);
	if (changed === sw) throw new Error('sw.js has no precache entry for "/"');
	return `${changed}\nself.__fnordTestVersion = ${JSON.stringify(NEXT_VERSION)};\n`;
}

/** The home page of the next version: marked with <meta name="fnord-test-version">. */
export function nextHomePage(html: string): string {
	return html.replace('<head>', `<head><meta name="fnord-test-version" content="${NEXT_VERSION}">`);
}

export async function startBuildServer(): Promise<BuildServer> {
	let next = false;
	const served: string[] = [];
	const server = http.createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://localhost');
		served.push(url.pathname);
		const file = fileFor(url.pathname);
		if (file === null || !fs.existsSync(file)) {
			res.writeHead(404).end();
			return;
		}
		let body: Buffer | string = fs.readFileSync(file);
		if (next && url.pathname === '/sw.js') body = nextServiceWorker(body.toString('utf8'));
		if (next && (url.pathname === '/' || url.pathname === '/index.html')) body = nextHomePage(body.toString('utf8'));
		res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
		res.end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		served,
		serveNextVersion: () => {
			next = true;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			})
	};
}
