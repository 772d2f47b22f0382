/**
 * The player's settings as plain data: display name and network settings (net/settings.ts),
 * read from and written to localStorage under the same key the /play lab reads ("fnord.net"), and
 * the text forms of the settings page (one URL per line). The language is kept by the i18n core.
 */
import { defaultNetSettings, effectiveNetSettings, hostOf, type NetSettings } from '../../net/settings.js';

export const NAME_KEY = 'fnord.name';
export const NET_KEY = 'fnord.net';
export const MAX_NAME_LENGTH = 40;

export interface AppSettings {
	name: string;
	net: NetSettings;
}

type Reader = Pick<Storage, 'getItem'>;
type Writer = Pick<Storage, 'setItem'>;

function isIceServer(value: unknown): value is RTCIceServer {
	const urls = (value as RTCIceServer | null)?.urls;
	return typeof value === 'object' && value !== null && (typeof urls === 'string' || (Array.isArray(urls) && urls.every((u) => typeof u === 'string')));
}

/** Stored settings; anything missing or unreadable takes the default (which contacts nothing public). */
export function readAppSettings(storage: Reader | null): AppSettings {
	const net = defaultNetSettings();
	let name = '';
	try {
		name = cleanName(storage?.getItem(NAME_KEY) ?? '');
		const stored = storage?.getItem(NET_KEY);
		if (stored) {
			const parsed = JSON.parse(stored) as Partial<Record<keyof NetSettings, unknown>>;
			if (Array.isArray(parsed.signaling)) net.signaling = parsed.signaling.filter((s): s is string => typeof s === 'string');
			if (Array.isArray(parsed.iceServers)) net.iceServers = parsed.iceServers.filter(isIceServer);
			if (typeof parsed.allowPublic === 'boolean') net.allowPublic = parsed.allowPublic;
		}
	} catch (_error) {
		// unreadable: defaults
	}
	return { name, net };
}

export function writeAppSettings(storage: Writer, settings: AppSettings): void {
	storage.setItem(NAME_KEY, cleanName(settings.name));
	storage.setItem(NET_KEY, JSON.stringify(settings.net));
}

/** A display name: single spaces, no control characters, at most 40 characters. */
export function cleanName(name: string): string {
	// eslint-disable-next-line no-control-regex
	return name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
}

/** Non-empty trimmed lines. */
function lines(text: string): string[] {
	return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
}

/** Signaling servers typed one per line: ws:// or wss:// URLs with a host; the rest is reported. */
export function parseSignalingText(text: string): { urls: string[]; invalid: string[] } {
	const urls: string[] = [];
	const invalid: string[] = [];
	for (const line of lines(text)) {
		if (/^wss?:\/\//i.test(line) && hostOf(line) !== null) {
			if (!urls.includes(line)) urls.push(line);
		} else invalid.push(line);
	}
	return { urls, invalid };
}

/**
 * ICE servers typed one URL per line (stun:, stuns:, turn:, turns:), or a JSON array of
 * RTCIceServer objects (for TURN credentials).
 */
export function parseIceText(text: string): { ok: true; servers: RTCIceServer[] } | { ok: false; invalid: string[] } {
	const trimmed = text.trim();
	if (trimmed.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(trimmed);
			if (Array.isArray(parsed) && parsed.every(isIceServer)) return { ok: true, servers: parsed };
		} catch (_error) {
			// reported below
		}
		return { ok: false, invalid: [trimmed.slice(0, 60)] };
	}
	const all = lines(text);
	const invalid = all.filter((line) => !/^(stuns?|turns?):/i.test(line) || hostOf(line) === null);
	return invalid.length > 0 ? { ok: false, invalid } : { ok: true, servers: all.map((urls) => ({ urls })) };
}

/** How ICE servers are shown in the settings form: plain URLs one per line, or JSON when credentials are set. */
export function iceText(servers: readonly RTCIceServer[]): string {
	const plain = servers.every((s) => typeof s.urls === 'string' && s.username === undefined && s.credential === undefined);
	return plain ? servers.map((s) => s.urls as string).join('\n') : JSON.stringify(servers, null, 1);
}

/** URLs these settings will not contact (public hosts while public servers are not allowed). */
export function blockedUrls(net: NetSettings): string[] {
	return effectiveNetSettings(net).blocked;
}
