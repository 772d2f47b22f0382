/**
 * What this origin lets the app do. Browsers give service workers (offline use, install) and
 * `crypto.subtle` (fast WebCrypto signature checks) only to secure contexts: https, localhost and
 * 127.0.0.1. A LAN address over plain http (`http://192.168.1.20:4173`) has neither; games still
 * work there (signatures are checked with @noble, see protocol/crypto.ts), only slower and online.
 */
export interface Capabilities {
	/** `window.isSecureContext`. */
	readonly secureContext: boolean;
	/** `navigator.serviceWorker` exists: the app can work offline and be installed. */
	readonly serviceWorker: boolean;
	/** `crypto.subtle` exists: signatures are checked with WebCrypto. */
	readonly subtle: boolean;
}

/** What the player loses here: no offline use, slower signature checks. */
export type MissingFeature = 'offline' | 'fastSignatures';

interface BrowserGlobals {
	isSecureContext?: boolean;
	navigator?: { serviceWorker?: unknown };
	crypto?: { subtle?: unknown };
}

/** Reads the capabilities from browser globals (globalThis in the app; any object in tests). */
export function readCapabilities(g: BrowserGlobals = globalThis as BrowserGlobals): Capabilities {
	return {
		secureContext: g.isSecureContext === true,
		serviceWorker: g.navigator?.serviceWorker != null,
		subtle: g.crypto?.subtle != null
	};
}

/** The features this origin lacks, in the order the notice lists them. */
export function missingFeatures(c: Capabilities): MissingFeature[] {
	const missing: MissingFeature[] = [];
	if (!c.serviceWorker) missing.push('offline');
	if (!c.subtle) missing.push('fastSignatures');
	return missing;
}
