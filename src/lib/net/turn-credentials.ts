/**
 * TURN credentials from the app's own server. When a signaling URL in use is the page origin's
 * own (`ws(s)://<host>/signal`), the server beside it may hand out short-lived TURN credentials:
 * GET `<origin>/turn-credentials` answers `{ iceServers: RTCIceServer[], ttl: seconds }` (coturn's
 * shared-secret scheme, scripts/lib/signal-turn.mjs), or 404 when the server has no TURN. A static
 * host answers something else (its HTML fallback, or nothing): then there are simply no extra ICE
 * servers. The long-term secret never leaves the server; these credentials expire after `ttl`.
 *
 * They come from the origin that served the app, so they are used even when public servers are
 * not allowed in the settings (that origin already knows this device), and are never stored.
 */
import { originSignalingUrl, pageLocation, type PageLocation } from './settings.js';

/** Where the server beside the signaling hands out credentials. */
export const TURN_CREDENTIALS_PATH = '/turn-credentials';

export interface IceCredentials {
	readonly iceServers: RTCIceServer[];
	/** Seconds they stay valid from when they were fetched. */
	readonly ttl: number;
}

/**
 * The credentials URL for these signaling URLs: the page origin's `/turn-credentials` when one of
 * them is the origin's own signaling URL, else null (no request at all: tests, a LAN server on
 * another port, Node).
 */
export function credentialsUrlFor(signaling: readonly string[], page: PageLocation | null = pageLocation()): string | null {
	const own = originSignalingUrl(page);
	if (own === null || page === null) return null;
	const same = signaling.some((url) => {
		try {
			const a = new URL(url.trim());
			const b = new URL(own);
			return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
		} catch {
			return false;
		}
	});
	return same ? `${page.protocol}//${page.host}${TURN_CREDENTIALS_PATH}` : null;
}

function isServer(value: unknown): value is RTCIceServer {
	if (typeof value !== 'object' || value === null) return false;
	const { urls, username, credential } = value as Record<string, unknown>;
	const list = typeof urls === 'string' ? [urls] : Array.isArray(urls) ? urls : null;
	return (
		list !== null &&
		list.length > 0 &&
		list.every((u) => typeof u === 'string' && /^(stuns?|turns?):\S+$/i.test(u)) &&
		(username === undefined || typeof username === 'string') &&
		(credential === undefined || typeof credential === 'string')
	);
}

/** The body of a /turn-credentials answer, or null when it is not one. */
export function parseIceCredentials(body: unknown): IceCredentials | null {
	if (typeof body !== 'object' || body === null) return null;
	const { iceServers, ttl } = body as Record<string, unknown>;
	if (!Array.isArray(iceServers) || !iceServers.every(isServer)) return null;
	if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0) return null;
	return { iceServers: iceServers.map((s) => ({ ...s })), ttl };
}

export interface FetchIceOptions {
	fetch?: typeof globalThis.fetch;
	/** Gives up after this long (default 3000 ms): connecting waits for the answer. */
	timeoutMs?: number;
	/** Clock for the cache (tests). */
	now?: () => number;
}

const cache = new Map<string, { value: Promise<IceCredentials | null>; until: number }>();

/**
 * The credentials at `url`, or null when there are none (404, not JSON, malformed, no answer in
 * time, offline). An answer is reused for half its ttl, so every game of a page shares one, and
 * a failed one for 30 s.
 */
export function fetchIceCredentials(url: string, options: FetchIceOptions = {}): Promise<IceCredentials | null> {
	const now = options.now ?? Date.now;
	const hit = cache.get(url);
	if (hit && hit.until > now()) return hit.value;
	const entry = { value: Promise.resolve<IceCredentials | null>(null), until: now() + 30_000 };
	entry.value = load(url, options).then((credentials) => {
		if (credentials && credentials.ttl > 0) entry.until = now() + (credentials.ttl * 1000) / 2;
		return credentials && credentials.iceServers.length > 0 ? credentials : null;
	});
	cache.set(url, entry);
	return entry.value;
}

/** Forgets fetched credentials (tests). */
export function clearIceCredentials(): void {
	cache.clear();
}

async function load(url: string, options: FetchIceOptions): Promise<IceCredentials | null> {
	const fetcher = options.fetch ?? globalThis.fetch;
	if (typeof fetcher !== 'function') return null;
	const abort = new AbortController();
	const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? 3000);
	try {
		const response = await fetcher(url, { cache: 'no-store', credentials: 'omit', signal: abort.signal });
		if (!response.ok || !/json/i.test(response.headers.get('content-type') ?? '')) return null;
		return parseIceCredentials(await response.json());
	} catch (_error) {
		return null; // offline, refused, too slow or not JSON: no TURN
	} finally {
		clearTimeout(timer);
	}
}
