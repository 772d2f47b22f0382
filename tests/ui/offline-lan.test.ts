import { describe, expect, it } from 'vitest';
import { isLoopbackHost, lanSignalingUrl, suggestLanSignaling, withLanSignaling } from '../../src/lib/ui/offline/lan.js';

describe('signaling on a LAN', () => {
	it('a page served from a LAN address suggests the signaling server on that address', () => {
		expect(lanSignalingUrl('http://192.168.1.20:4173/')).toBe('ws://192.168.1.20:4444');
		expect(lanSignalingUrl('http://10.0.0.5:8080/game?id=x')).toBe('ws://10.0.0.5:4444');
		expect(lanSignalingUrl('http://fnord.lan:4173/')).toBe('ws://fnord.lan:4444');
		expect(lanSignalingUrl('http://box.local/')).toBe('ws://box.local:4444');
		expect(lanSignalingUrl('http://[fd12::5]:4173/')).toBe('ws://[fd12::5]:4444');
		expect(lanSignalingUrl('http://192.168.1.20:4173/', 5555)).toBe('ws://192.168.1.20:5555');
	});

	it('no suggestion from this device, a public host, https, or a broken URL', () => {
		for (const page of ['http://127.0.0.1:4173/', 'http://localhost:4173/', 'http://[::1]:4173/', 'http://app.localhost/', 'http://example.com/', 'http://8.8.8.8/', 'https://192.168.1.20/', 'not a url']) {
			expect(lanSignalingUrl(page), page).toBeNull();
		}
	});

	it('the settings form offers it only while the list lacks it', () => {
		expect(suggestLanSignaling('http://192.168.1.20:4173/', ['ws://127.0.0.1:4444'])).toBe('ws://192.168.1.20:4444');
		expect(suggestLanSignaling('http://192.168.1.20:4173/', ['ws://192.168.1.20:4444'])).toBeNull();
		expect(suggestLanSignaling('http://192.168.1.20:4173/', ['ws://192.168.1.20:4173/signal'])).toBeNull(); // the origin default
		expect(suggestLanSignaling('http://127.0.0.1:4173/', [])).toBeNull();
	});

	it('using it puts it first and drops loopback servers, keeping the others', () => {
		expect(withLanSignaling(['ws://127.0.0.1:4444', 'ws://localhost:9999', 'wss://signal.example.org', 'ws://10.0.0.9:4444'], 'ws://192.168.1.20:4444')).toEqual([
			'ws://192.168.1.20:4444',
			'wss://signal.example.org',
			'ws://10.0.0.9:4444'
		]);
		expect(withLanSignaling(['ws://192.168.1.20:4444'], 'ws://192.168.1.20:4444')).toEqual(['ws://192.168.1.20:4444']);
	});

	it('loopback means this device only', () => {
		expect(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'a.localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
		expect(['192.168.1.20', '10.0.0.1', 'fnord.lan', '::2', 'example.com'].some(isLoopbackHost)).toBe(false);
	});
});
