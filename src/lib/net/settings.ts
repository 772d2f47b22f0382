/**
 * Network settings: where signaling and ICE servers are. The defaults contact nothing public: the
 * signaling server on the origin the app was loaded from (`ws(s)://<its host>/signal`, which
 * `npm start` and scripts/serve.mjs answer; outside a browser the standalone `npm run signal` on
 * ws://127.0.0.1:4444) and no STUN/TURN servers, which is enough for same-device tabs, loopback
 * and a LAN. A server that hands out TURN credentials beside its signaling adds them at connect
 * time (turn-credentials.ts); they are never stored in these settings.
 *
 * Unless `allowPublic` is set, every URL whose host is not local (loopback, private or link-local
 * address, `localhost`, `*.local`, `*.lan`, `*.home.arpa`) and not the host the page was loaded
 * from is dropped before anything connects, and reported so the UI can say why.
 */

export interface NetSettings {
	/** Signaling server URLs (ws: or wss:). */
	signaling: string[];
	/** ICE servers given to RTCPeerConnection (STUN/TURN). */
	iceServers: RTCIceServer[];
	/** The user allows contacting servers outside the local network. */
	allowPublic: boolean;
}

/** The path of the signaling WebSocket on the app's own server (scripts/serve.mjs). */
export const SIGNAL_PATH = '/signal';

/** The standalone signaling server (`npm run signal`): the default where no page origin exists. */
export const STANDALONE_SIGNALING = 'ws://127.0.0.1:4444';

/** The parts of a page location these settings read. */
export interface PageLocation {
	readonly protocol: string;
	readonly host: string;
	readonly hostname: string;
}

/** The page's location when running in a browser page (not a file: or extension page), else null. */
export function pageLocation(): PageLocation | null {
	const location = (globalThis as { location?: PageLocation }).location;
	return location && /^https?:$/.test(location.protocol) && location.host ? location : null;
}

/** The signaling URL on the origin a page was loaded from (`wss://example.org/signal`), or null. */
export function originSignalingUrl(page: PageLocation | null = pageLocation()): string | null {
	if (page === null || !/^https?:$/.test(page.protocol) || !page.host) return null;
	return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}${SIGNAL_PATH}`;
}

/** The default signaling server: the page's own origin, else the standalone server on this machine. */
export const DEFAULT_SIGNALING = originSignalingUrl() ?? STANDALONE_SIGNALING;

export const DEFAULT_NET_SETTINGS: Readonly<NetSettings> = Object.freeze({
	signaling: [DEFAULT_SIGNALING],
	iceServers: [],
	allowPublic: false
});

export function defaultNetSettings(): NetSettings {
	return { signaling: [DEFAULT_SIGNALING], iceServers: [], allowPublic: false };
}

export interface EffectiveNetSettings {
	signaling: string[];
	iceServers: RTCIceServer[];
	/** URLs removed because they are public and `allowPublic` is off (or unparsable). */
	blocked: string[];
}

/**
 * The settings actually used: public servers removed unless the user allowed them. Servers on the
 * host the page was loaded from are kept: that host already knows this device is here.
 */
export function effectiveNetSettings(settings: NetSettings, page: PageLocation | null = pageLocation()): EffectiveNetSettings {
	const blocked: string[] = [];
	const pageHost = page ? page.hostname.toLowerCase().replace(/^\[|\]$/g, '') : null;
	const allowed = (url: string): boolean => {
		const host = hostOf(url);
		const ok = host !== null && (settings.allowPublic || isLocalHost(host) || host === pageHost);
		if (!ok) blocked.push(url);
		return ok;
	};
	const signaling = settings.signaling.filter(
		(url) => /^wss?:\/\//i.test(url.trim()) && allowed(url.trim())
	);
	for (const url of settings.signaling) {
		if (!/^wss?:\/\//i.test(url.trim()) && !blocked.includes(url)) blocked.push(url);
	}
	const iceServers: RTCIceServer[] = [];
	for (const server of settings.iceServers) {
		const urls = (Array.isArray(server.urls) ? server.urls : [server.urls]).filter(allowed);
		if (urls.length > 0) iceServers.push({ ...server, urls });
	}
	return { signaling, iceServers, blocked };
}

/**
 * The host of a ws(s)://, http(s)://, stun:, stuns:, turn: or turns: URL (lower case, IPv6
 * without brackets), or null.
 */
export function hostOf(url: string): string | null {
	const m = /^([a-z][a-z0-9+.-]*):(?:\/\/)?(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(url.trim());
	if (!m) return null;
	const host = (m[2] ?? '').toLowerCase().replace(/^\[|\]$/g, '');
	return host.length > 0 ? host : null;
}

/** Loopback, private, link-local or local-name hosts. */
export function isLocalHost(host: string): boolean {
	const h = host.toLowerCase();
	if (h === 'localhost' || /\.(localhost|local|lan|home\.arpa)$/.test(h)) return true;
	const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
	if (v4) {
		const [a, b] = [Number(v4[1]), Number(v4[2])];
		return (
			a === 127 ||
			a === 10 ||
			(a === 172 && b >= 16 && b <= 31) ||
			(a === 192 && b === 168) ||
			(a === 169 && b === 254)
		);
	}
	if (h.includes(':')) {
		return h === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(h) || /^fe[89ab][0-9a-f]?:/.test(h);
	}
	return false;
}
