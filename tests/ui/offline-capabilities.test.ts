import { describe, expect, it } from 'vitest';
import { missingFeatures, readCapabilities } from '../../src/lib/ui/offline/capabilities.js';

describe('what an origin lets the app do', () => {
	it('a secure origin (https, localhost) has offline use and WebCrypto: nothing is missing', () => {
		const c = readCapabilities({ isSecureContext: true, navigator: { serviceWorker: {} }, crypto: { subtle: {} } });
		expect(c).toEqual({ secureContext: true, serviceWorker: true, subtle: true });
		expect(missingFeatures(c)).toEqual([]);
	});

	it('plain http on a LAN has neither service workers nor crypto.subtle: no offline use, slower signature checks', () => {
		const c = readCapabilities({ isSecureContext: false, navigator: {}, crypto: {} });
		expect(c).toEqual({ secureContext: false, serviceWorker: false, subtle: false });
		expect(missingFeatures(c)).toEqual(['offline', 'fastSignatures']);
	});

	it('each missing feature is reported on its own (a browser without service workers on https)', () => {
		expect(missingFeatures(readCapabilities({ isSecureContext: true, navigator: {}, crypto: { subtle: {} } }))).toEqual(['offline']);
		expect(missingFeatures(readCapabilities({ isSecureContext: true, navigator: { serviceWorker: {} }, crypto: {} }))).toEqual(['fastSignatures']);
	});

	it('missing globals (no navigator, no crypto) count as missing, never throw', () => {
		expect(missingFeatures(readCapabilities({}))).toEqual(['offline', 'fastSignatures']);
	});

	it('reads Node’s own globals by default (WebCrypto present, no service worker)', () => {
		const c = readCapabilities();
		expect(c.subtle).toBe(true);
		expect(c.serviceWorker).toBe(false);
	});
});
