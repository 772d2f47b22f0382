// Wiring the signaling hub (signal-hub.mjs) and TURN credentials (signal-turn.mjs) into HTTP
// servers: on a path of the app's own server (serve.mjs: ws(s)://<host>/signal), or as a
// server of its own that takes WebSocket upgrades on any path (signal.mjs, `npm run signal`,
// the ws://<host>:4444 that older settings name).
import http from 'node:http';
import net from 'node:net';
import { SignalHub } from './signal-hub.mjs';
import { answerTurnCredentials, SIGNAL_PATH, TURN_CREDENTIALS_PATH } from './signal-turn.mjs';
import { configOrExit } from './config-or-exit.mjs';

export { SignalHub };

/** The hub's caps that the environment may set (unset or empty: SignalHub's default). */
const CAP_VARIABLES = /** @type {const} */ ([
	['FNORD_SIGNAL_MAX_CONNECTIONS_PER_ADDRESS', 'maxConnsPerAddress'],
	['FNORD_SIGNAL_MAX_CONNECTIONS', 'maxConns'],
	['FNORD_SIGNAL_MAX_SUBSCRIBERS_PER_TOPIC', 'maxSubscribersPerTopic']
]);

/**
 * SignalHub options from the environment: the caps above, and FNORD_SIGNAL_TRUSTED_PROXIES, the
 * comma-separated IP addresses of reverse proxies whose X-Forwarded-For names the client (set it
 * only to proxies that append the client's address; unset, the header is ignored).
 * @param {Record<string, string | undefined>} env
 * @returns {import('./signal-hub.mjs').HubOptions}
 */
export function hubOptionsFromEnv(env) {
	/** @type {import('./signal-hub.mjs').HubOptions} */
	const options = {};
	for (const [variable, option] of CAP_VARIABLES) {
		const text = env[variable];
		if (text === undefined || text === '') continue;
		const value = Number(text);
		if (!Number.isInteger(value) || value < 1) throw new Error(`${variable}: a whole number, at least 1: ${text}`);
		options[option] = value;
	}
	const proxies = (env.FNORD_SIGNAL_TRUSTED_PROXIES ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s.length > 0);
	for (const proxy of proxies) {
		if (net.isIP(proxy) === 0) throw new Error(`FNORD_SIGNAL_TRUSTED_PROXIES: not an IP address: ${proxy}`);
	}
	if (proxies.length > 0) options.trustedProxies = proxies;
	return options;
}

/**
 * hubOptionsFromEnv for a command: a configuration error is printed and the process exits (2).
 * @param {Record<string, string | undefined>} env
 */
export function hubOptionsOrExit(env) {
	return configOrExit(() => hubOptionsFromEnv(env));
}

/** @param {import('node:http').IncomingMessage} req */
function pathOf(req) {
	try {
		return new URL(req.url ?? '/', 'http://localhost').pathname;
	} catch {
		return '';
	}
}

/**
 * Refuses an upgrade with a plain HTTP status on the raw socket.
 * @param {import('node:stream').Duplex} socket @param {number} status @param {string} reason
 */
function refuseUpgrade(socket, status, reason) {
	socket.on('error', () => socket.destroy()); // e.g. reset by the client: Node left no listener on an upgrade's socket
	socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Lets `server` take WebSocket upgrades on `path` into `hub`; other upgrade paths get 404.
 * @param {import('node:http').Server} server
 * @param {SignalHub} hub
 * @param {string | null} [path] null: every path
 */
export function attachSignaling(server, hub, path = SIGNAL_PATH) {
	server.on('upgrade', (req, socket, head) => {
		if (path !== null && pathOf(req) !== path) return refuseUpgrade(socket, 404, 'Not Found');
		hub.handleUpgrade(req, socket, head);
	});
}

/**
 * Answers the signaling routes of a plain HTTP request, if it is one: GET /turn-credentials and
 * a GET on the signaling path without an upgrade (426). Returns true when it answered.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('./signal-turn.mjs').TurnConfig | null} turn
 * @param {string} [signalPath]
 */
export function answerSignalingRoute(req, res, turn, signalPath = SIGNAL_PATH) {
	const path = pathOf(req);
	if (path === TURN_CREDENTIALS_PATH) {
		answerTurnCredentials(req, res, turn);
		return true;
	}
	if (path === signalPath) {
		res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket', connection: 'Upgrade' });
		res.end('Fnord signaling: connect with a WebSocket\n');
		return true;
	}
	return false;
}

/**
 * A server of its own: WebSocket upgrades on any path, GET /turn-credentials, and "okay" for any
 * other GET (a readiness probe, as y-webrtc's bin/server.js answers).
 * @param {SignalHub} hub
 * @param {import('./signal-turn.mjs').TurnConfig | null} turn
 */
export function signalingServer(hub, turn) {
	const server = http.createServer((req, res) => {
		if (pathOf(req) === TURN_CREDENTIALS_PATH) return answerTurnCredentials(req, res, turn);
		res.writeHead(200, { 'content-type': 'text/plain' });
		res.end('okay');
	});
	attachSignaling(server, hub, null);
	return server;
}

/**
 * The address a server listens on, for logs ("127.0.0.1:4173", "[::1]:4173").
 * @param {import('node:http').Server} server
 */
export function listeningOn(server) {
	const address = server.address();
	if (address === null || typeof address === 'string') return String(address);
	return address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;
}
