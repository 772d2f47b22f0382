// Browser contexts whose randomness is seeded from the test side: `crypto.getRandomValues` (and
// `crypto.randomUUID`) are replaced, before any page script runs, by a small PRNG seeded with the
// context's seed and how many pages this context has loaded so far. Device seeds, chain secrets,
// room codes, y-webrtc peer ids and Yjs client ids all come from there, so a game between seeded
// contexts replays the same dice and draws when the same clicks are made; different seeds per
// context keep the peer and client ids apart. The app itself has no test backdoor.
import type { Browser, BrowserContext } from '@playwright/test';

/** Runs in the page (serialised by Playwright): nothing from outside may be used in it. */
function seedRandomness(seed: string): void {
	let loads = 0;
	try {
		const key = 'fnord.e2e.pageLoads';
		loads = Number(localStorage.getItem(key) ?? '0');
		localStorage.setItem(key, String(loads + 1));
	} catch {
		// about:blank and other opaque origins have no storage
	}
	// xmur3 (string to 32-bit seeds) then sfc32.
	const text = `${seed}#${loads}`;
	let h = 1779033703 ^ text.length;
	for (let i = 0; i < text.length; i++) {
		h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
		h = (h << 13) | (h >>> 19);
	}
	const mix = () => {
		h = Math.imul(h ^ (h >>> 16), 2246822507);
		h = Math.imul(h ^ (h >>> 13), 3266489909);
		return (h ^= h >>> 16) >>> 0;
	};
	let a = mix();
	let b = mix();
	let c = mix();
	let d = mix();
	const next = () => {
		const t = (((a + b) | 0) + d) | 0;
		d = (d + 1) | 0;
		a = b ^ (b >>> 9);
		b = (c + (c << 3)) | 0;
		c = (c << 21) | (c >>> 11);
		c = (c + t) | 0;
		return t >>> 0;
	};
	function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
		if (array !== null) {
			const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
			for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
		}
		return array;
	}
	function randomUUID(): `${string}-${string}-${string}-${string}-${string}` {
		const hex = Array.from(getRandomValues(new Uint8Array(16)), (byte, i) => (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte).toString(16).padStart(2, '0')).join('');
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
	}
	Object.defineProperty(Crypto.prototype, 'getRandomValues', { value: getRandomValues, configurable: true, writable: true });
	Object.defineProperty(Crypto.prototype, 'randomUUID', { value: randomUUID, configurable: true, writable: true });
}

export interface ContextOptions {
	width?: number;
	height?: number;
	locale?: string;
	/**
	 * The table's window countdown on this profile's first load (ui/table/table-prefs.ts); by
	 * default 0, windows wait for a click, as the scripted games expect (they click every pass).
	 */
	windowSeconds?: number;
}

/** Runs in the page: the table's settings, unless the profile already has some. */
function tableSettings(windowSeconds: number): void {
	try {
		if (localStorage.getItem('fnord.table') === null) localStorage.setItem('fnord.table', JSON.stringify({ windowSeconds, sound: false, vibrate: true, notify: false }));
	} catch {
		// about:blank and other opaque origins have no storage
	}
}

/** A new browser context (its own profile) whose page randomness comes from `seed`. */
export async function seededContext(browser: Browser, seed: string, options: ContextOptions = {}): Promise<BrowserContext> {
	const context = await browser.newContext({
		permissions: ['microphone', 'camera'],
		locale: options.locale ?? 'en-US',
		viewport: { width: options.width ?? 1280, height: options.height ?? 900 }
	});
	await context.addInitScript(seedRandomness, seed);
	await context.addInitScript(tableSettings, options.windowSeconds ?? 0);
	return context;
}
