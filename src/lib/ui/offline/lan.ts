/**
 * Playing on a LAN: one machine runs `HOST=0.0.0.0 npm start` (the app on :4173, signaling on
 * :4444), the others open http://<its address>:4173. Their settings still name the default
 * signaling server, ws://127.0.0.1:4444, which on a phone is the phone itself. These helpers
 * suggest the signaling server on the host that served the page instead.
 */
import { hostOf, isLocalHost } from '../../session/for-ui.js';

/** The port `npm run signal` and `npm start` use unless told otherwise. */
export const DEFAULT_SIGNAL_PORT = 4444;

/** Loopback: this device itself (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
	const h = host.toLowerCase().replace(/^\[|\]$/g, '');
	return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The signaling URL on the LAN host that served this page (`ws://192.168.1.20:4444`), or null when
 * the page comes from this device, from a public host (its operator says where signaling is) or
 * over https (a page there cannot use ws://).
 */
export function lanSignalingUrl(pageUrl: string, port = DEFAULT_SIGNAL_PORT): string | null {
	let url: URL;
	try {
		url = new URL(pageUrl);
	} catch {
		return null;
	}
	if (url.protocol !== 'http:') return null;
	const host = url.hostname;
	const bare = host.replace(/^\[|\]$/g, '');
	if (isLoopbackHost(bare) || !isLocalHost(bare)) return null;
	return `ws://${host}:${port}`;
}

/**
 * The LAN signaling URL to offer in the settings form, unless the list already names a server on
 * that host (such as the default, the page origin's own ws://<host>/signal).
 */
export function suggestLanSignaling(pageUrl: string, current: readonly string[]): string | null {
	const url = lanSignalingUrl(pageUrl);
	if (url === null) return null;
	const host = hostOf(url);
	return current.some((u) => hostOf(u) === host) ? null : url;
}

/** The list with `url` first and loopback servers (useless from another device) dropped. */
export function withLanSignaling(current: readonly string[], url: string): string[] {
	const kept = current.filter((u) => u !== url && !isLoopbackHost(hostOf(u) ?? ''));
	return [url, ...kept];
}
