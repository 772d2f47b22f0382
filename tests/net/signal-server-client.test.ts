// The app's side of same-origin signaling: the default signaling URL is the page origin's
// /signal, the origin's own servers pass the "no public servers" filter, TURN credentials are
// fetched from the origin before connecting (and only there), and a signaling URL that does not
// answer is reported for the UI.
import * as Y from 'yjs';
import type { ProviderOptions } from 'y-webrtc';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultNetSettings, effectiveNetSettings, originSignalingUrl, STANDALONE_SIGNALING, type PageLocation } from '../../src/lib/net/settings.js';
import { unreachableSignaling, watchSignaling } from '../../src/lib/net/signaling-status.js';
import { clearIceCredentials, credentialsUrlFor, fetchIceCredentials, parseIceCredentials } from '../../src/lib/net/turn-credentials.js';
import { WebrtcTransport, type ProviderFactory, type ProviderLike } from '../../src/lib/net/webrtc.js';

const page = (href: string): PageLocation => {
	const url = new URL(href);
	return { protocol: url.protocol, host: url.host, hostname: url.hostname };
};

const TURN = { iceServers: [{ urls: ['turn:turn.example.org:3478?transport=udp'], username: '1700000000:fnord-abc', credential: 'c2VjcmV0' }], ttl: 600 };

function jsonResponse(body: unknown, status = 200): Response {
	return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => clearIceCredentials());

describe('default signaling: the origin the app was loaded from', () => {
	it('is ws(s)://<host>/signal for an http(s) page, the standalone server elsewhere', () => {
		expect(originSignalingUrl(page('https://fnord.example.org/game?id=x'))).toBe('wss://fnord.example.org/signal');
		expect(originSignalingUrl(page('http://192.168.1.20:4173/'))).toBe('ws://192.168.1.20:4173/signal');
		expect(originSignalingUrl(page('http://[::1]:4173/'))).toBe('ws://[::1]:4173/signal');
		expect(originSignalingUrl({ protocol: 'file:', host: '', hostname: '' })).toBeNull();
		expect(originSignalingUrl(null)).toBeNull();
		// Vitest runs in Node: no page, so the standalone `npm run signal` address.
		expect(defaultNetSettings().signaling).toEqual([STANDALONE_SIGNALING]);
	});

	it("keeps the page host's own servers when public servers are not allowed, and drops other public hosts", () => {
		const settings = {
			signaling: ['wss://fnord.example.org/signal', 'wss://other.example.net/signal'],
			iceServers: [{ urls: 'turn:fnord.example.org:3478' }, { urls: 'stun:stun.example.net' }],
			allowPublic: false
		};
		const e = effectiveNetSettings(settings, page('https://fnord.example.org/'));
		expect(e.signaling).toEqual(['wss://fnord.example.org/signal']);
		expect(e.iceServers).toEqual([{ urls: ['turn:fnord.example.org:3478'] }]);
		expect(e.blocked).toEqual(['wss://other.example.net/signal', 'stun:stun.example.net']);
		expect(effectiveNetSettings(settings, null).signaling).toEqual([]);
	});
});

describe('TURN credentials from the origin', () => {
	it('are asked for only when a signaling URL is the origin’s own /signal', () => {
		const p = page('https://fnord.example.org/play');
		expect(credentialsUrlFor(['wss://fnord.example.org/signal'], p)).toBe('https://fnord.example.org/turn-credentials');
		expect(credentialsUrlFor(['ws://fnord.example.org/signal'], p)).toBeNull(); // another scheme
		expect(credentialsUrlFor(['wss://fnord.example.org:8443/signal'], p)).toBeNull(); // another port
		expect(credentialsUrlFor(['ws://192.168.1.20:4444'], page('http://192.168.1.20:4173/'))).toBeNull();
		expect(credentialsUrlFor(['wss://fnord.example.org/signal'], null)).toBeNull();
	});

	it('accept only well-formed answers with stun:/turn: URLs', () => {
		expect(parseIceCredentials(TURN)).toEqual(TURN);
		expect(parseIceCredentials({ iceServers: [], ttl: 0 })).toEqual({ iceServers: [], ttl: 0 });
		expect(parseIceCredentials({ iceServers: [{ urls: 'https://evil.example' }], ttl: 60 })).toBeNull();
		expect(parseIceCredentials({ iceServers: [{ urls: 'turn:x', credential: 5 }], ttl: 60 })).toBeNull();
		expect(parseIceCredentials({ iceServers: [], ttl: 'soon' })).toBeNull();
		expect(parseIceCredentials('<!doctype html>')).toBeNull();
	});

	it('are null for a 404, an HTML fallback, a network error or no answer in time; one answer is shared for half its ttl', async () => {
		let calls = 0;
		const answers: (() => Promise<Response>)[] = [
			async () => jsonResponse({ iceServers: [], ttl: 0 }, 404),
			async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
			async () => {
				throw new TypeError('Failed to fetch');
			},
			() => new Promise<Response>(() => {})
		];
		for (const [i, answer] of answers.entries()) {
			const url = `https://h${i}.example/turn-credentials`;
			const fetch = ((_url: string, init?: RequestInit) => {
				calls++;
				init?.signal?.addEventListener('abort', () => undefined);
				return Promise.race([answer(), new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))]);
			}) as typeof globalThis.fetch;
			expect(await fetchIceCredentials(url, { fetch, timeoutMs: 50 })).toBeNull();
		}
		expect(calls).toBe(4);

		let now = 1_000_000;
		let served = 0;
		const fetch = (async () => {
			served++;
			return jsonResponse(TURN);
		}) as unknown as typeof globalThis.fetch;
		const url = 'https://fnord.example.org/turn-credentials';
		expect(await fetchIceCredentials(url, { fetch, now: () => now })).toEqual(TURN);
		now += 299_000;
		expect(await fetchIceCredentials(url, { fetch, now: () => now })).toEqual(TURN);
		expect(served).toBe(1);
		now += 2_000; // past half of the 600 s ttl
		await fetchIceCredentials(url, { fetch, now: () => now });
		expect(served).toBe(2);
	});
});

class FakeProvider implements ProviderLike {
	room = { webrtcConns: new Map(), bcConns: new Set<string>() };
	signalingConns = [{ url: 'wss://fnord.example.org/signal', connected: false, unsuccessfulReconnects: 0, shouldConnect: true, on() {}, emit() {} }];
	calls: string[] = [];
	connect() {
		this.calls.push('connect');
	}
	disconnect() {
		this.calls.push('disconnect');
	}
	destroy() {
		this.calls.push('destroy');
	}
	on(): void {}
}

function transportWith(fetch: typeof globalThis.fetch) {
	const created: { options: ProviderOptions; provider: FakeProvider }[] = [];
	const factory: ProviderFactory = (_room, _doc, options) => {
		const provider = new FakeProvider();
		created.push({ options, provider });
		return provider;
	};
	const transport = new WebrtcTransport({
		doc: new Y.Doc(),
		code: '7KQ2MXH90D',
		settings: { signaling: ['wss://fnord.example.org/signal'], iceServers: [{ urls: 'stun:10.0.0.1:3478' }], allowPublic: true },
		iceCredentialsUrl: 'https://fnord.example.org/turn-credentials',
		fetch,
		createProvider: factory
	});
	return { transport, created };
}

describe('WebrtcTransport with origin credentials', () => {
	it('creates the provider once the credentials arrived, with them after the configured ICE servers', async () => {
		let release: (r: Response) => void = () => {};
		const { transport, created } = transportWith((() => new Promise<Response>((r) => (release = r))) as unknown as typeof globalThis.fetch);
		transport.connect();
		expect(transport.status).toBe('searching');
		expect(created).toHaveLength(0);
		release(jsonResponse(TURN));
		await expect.poll(() => created.length).toBe(1);
		expect(created[0]!.options.peerOpts.config.iceServers).toEqual([{ urls: ['stun:10.0.0.1:3478'] }, ...TURN.iceServers]);
		transport.destroy();
	});

	it('goes offline when disconnected while waiting, and connects only when asked again', async () => {
		let release: (r: Response) => void = () => {};
		const { transport, created } = transportWith((() => new Promise<Response>((r) => (release = r))) as unknown as typeof globalThis.fetch);
		transport.connect();
		transport.disconnect();
		expect(transport.status).toBe('offline');
		release(jsonResponse({ iceServers: [], ttl: 0 }, 404));
		await new Promise((r) => setTimeout(r, 20));
		expect(created).toHaveLength(0);
		transport.connect();
		expect(created).toHaveLength(1);
		expect(created[0]!.options.peerOpts.config.iceServers).toEqual([{ urls: ['stun:10.0.0.1:3478'] }]);
		transport.destroy();
	});

	it('registers its signaling connections: one that failed and is not open is reported unreachable', async () => {
		const { transport, created } = transportWith((async () => jsonResponse({ iceServers: [], ttl: 0 }, 404)) as unknown as typeof globalThis.fetch);
		transport.connect();
		await expect.poll(() => created.length).toBe(1);
		const conn = created[0]!.provider.signalingConns[0]!;
		expect(unreachableSignaling(['wss://fnord.example.org/signal'])).toEqual([]); // first attempt under way
		conn.unsuccessfulReconnects = 2;
		expect(unreachableSignaling(['wss://fnord.example.org/signal', 'wss://unknown.example/signal'])).toEqual(['wss://fnord.example.org/signal']);
		conn.connected = true;
		expect(unreachableSignaling(['wss://fnord.example.org/signal'])).toEqual([]);
		watchSignaling([{ url: 'wss://fnord.example.org/signal', connected: false, unsuccessfulReconnects: 3, shouldConnect: false }]);
		expect(unreachableSignaling(['wss://fnord.example.org/signal'])).toEqual([]); // closed on purpose
		transport.destroy();
	});
});
