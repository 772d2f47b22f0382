/**
 * Network settings: where signaling and ICE servers are. The defaults contact nothing public: one
 * signaling server on this machine (`npm run signal`) and no STUN/TURN servers, which is enough for
 * same-device tabs and loopback, and for a LAN when the signaling URL points at a LAN host.
 *
 * Unless `allowPublic` is set, every URL whose host is not local (loopback, private or link-local
 * address, `localhost`, `*.local`, `*.lan`, `*.home.arpa`) is dropped before anything connects,
 * and reported so the UI can say why.
 */

export interface NetSettings {
	/** Signaling server URLs (ws: or wss:). */
	signaling: string[];
	/** ICE servers given to RTCPeerConnection (STUN/TURN). */
	iceServers: RTCIceServer[];
	/** The user allows contacting servers outside the local network. */
	allowPublic: boolean;
}

export const DEFAULT_SIGNALING = 'ws://127.0.0.1:4444';

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

/** The settings actually used: public servers removed unless the user allowed them. */
export function effectiveNetSettings(settings: NetSettings): EffectiveNetSettings {
	const blocked: string[] = [];
	const allowed = (url: string): boolean => {
		const host = hostOf(url);
		const ok = host !== null && (settings.allowPublic || isLocalHost(host));
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
