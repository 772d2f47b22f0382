// Short-lived TURN credentials, coturn's "TURN REST API" scheme (turnserver --use-auth-secret
// --static-auth-secret=SECRET): username = "<expiry unix time>:<name>", password =
// base64(HMAC-SHA1(SECRET, username)). coturn recomputes the password from the username and its
// copy of the secret and refuses the username once its expiry has passed, so the long-term secret
// stays on the server and a leaked credential is worth at most its lifetime.
//
// Configuration (environment; nothing is handed out unless both URLS and SECRET are set):
//   FNORD_TURN_URLS    comma-separated turn:/turns: URLs, e.g.
//                      "turn:turn.example.org:3478?transport=udp,turn:turn.example.org:3478?transport=tcp"
//   FNORD_TURN_SECRET  the static-auth-secret shared with coturn
//   FNORD_TURN_TTL     credential lifetime in seconds (default 3600 = 1 h, at least 60). It bounds
//                      new allocations only: a relayed link made in time outlives it (docs/signaling.md)
//   FNORD_STUN_URLS    optional comma-separated stun: URLs sent along (no credentials)
import crypto from 'node:crypto';
import { configOrExit } from './config-or-exit.mjs';

export const DEFAULT_TURN_TTL = 3600;

/**
 * @typedef {object} TurnConfig
 * @property {string[]} urls turn:/turns: URLs
 * @property {string} secret coturn's static-auth-secret
 * @property {number} ttl seconds
 * @property {string[]} stun stun: URLs (no credentials)
 */

/** @param {string | undefined} text */
function list(text) {
	return (text ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s.length > 0);
}

/**
 * The TURN configuration from the environment, or null when TURN is off (the default).
 * @param {Record<string, string | undefined>} env
 * @returns {TurnConfig | null}
 */
export function turnConfigFromEnv(env) {
	const urls = list(env.FNORD_TURN_URLS);
	const secret = env.FNORD_TURN_SECRET ?? '';
	if (urls.length === 0 || secret.length === 0) return null;
	for (const url of urls) {
		if (!/^turns?:[^\s]+$/i.test(url)) throw new Error(`FNORD_TURN_URLS: not a turn: or turns: URL: ${url}`);
	}
	const stun = list(env.FNORD_STUN_URLS);
	for (const url of stun) {
		if (!/^stuns?:[^\s]+$/i.test(url)) throw new Error(`FNORD_STUN_URLS: not a stun: URL: ${url}`);
	}
	const ttl = env.FNORD_TURN_TTL === undefined || env.FNORD_TURN_TTL === '' ? DEFAULT_TURN_TTL : Number(env.FNORD_TURN_TTL);
	if (!Number.isInteger(ttl) || ttl < 60) throw new Error(`FNORD_TURN_TTL: a whole number of seconds, at least 60: ${env.FNORD_TURN_TTL}`);
	return { urls, secret, ttl, stun };
}

/**
 * turnConfigFromEnv for a command: a configuration error is printed and the process exits (2).
 * @param {Record<string, string | undefined>} env
 */
export function turnConfigOrExit(env) {
	return configOrExit(() => turnConfigFromEnv(env));
}

/**
 * coturn's REST API password for a username.
 * @param {string} secret
 * @param {string} username
 */
export function turnPassword(secret, username) {
	return crypto.createHmac('sha1', secret).update(username).digest('base64');
}

/**
 * Fresh credentials: `{ iceServers, ttl }` as the app expects from GET /turn-credentials.
 * Each call gets its own random name, so coturn's per-user quota counts each browser apart.
 * @param {TurnConfig} config
 * @param {{ now?: number, name?: string }} [options] now in ms (tests)
 */
export function turnCredentials(config, options = {}) {
	const now = options.now ?? Date.now();
	const expiry = Math.floor(now / 1000) + config.ttl;
	const name = options.name ?? `fnord-${crypto.randomBytes(6).toString('hex')}`;
	const username = `${expiry}:${name}`;
	/** @type {Array<{ urls: string | string[], username?: string, credential?: string }>} */
	const iceServers = [];
	if (config.stun.length > 0) iceServers.push({ urls: config.stun });
	iceServers.push({ urls: config.urls, username, credential: turnPassword(config.secret, username) });
	return { iceServers, ttl: config.ttl };
}

/**
 * Answers GET /turn-credentials: 200 with fresh credentials, or 404 `{ iceServers: [], ttl: 0 }`
 * when TURN is off. Never cached (each answer is personal and short-lived).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {TurnConfig | null} config
 */
export function answerTurnCredentials(req, res, config) {
	const body = config ? turnCredentials(config) : { iceServers: [], ttl: 0 };
	res.writeHead(config ? 200 : 404, {
		'content-type': 'application/json; charset=utf-8',
		'cache-control': 'no-store',
		'x-content-type-options': 'nosniff'
	});
	res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}

/** The path the app fetches credentials from, beside the signaling path. */
export const TURN_CREDENTIALS_PATH = '/turn-credentials';
/** The path of the signaling WebSocket on the app's own server. */
export const SIGNAL_PATH = '/signal';
