import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import type { ProviderOptions } from 'y-webrtc';
import { describe, expect, it, vi } from 'vitest';
import { roomName } from '../../src/lib/net/room.js';
import {
	defaultNetSettings,
	effectiveNetSettings,
	hostOf,
	isLocalHost
} from '../../src/lib/net/settings.js';
import type { Transport, TransportStatus } from '../../src/lib/net/transport.js';
import {
	createWebrtcProvider,
	WebrtcTransport,
	type ProviderFactory,
	type ProviderLike
} from '../../src/lib/net/webrtc.js';

const CODE = '7KQ2MXH90D';

class FakeConn {
	destroyed = false;
	constructor(
		public connected: boolean,
		private onDestroy = () => {}
	) {}
	destroy() {
		this.destroyed = true;
		this.onDestroy(); // y-webrtc removes a closed conn from room.webrtcConns
	}
}

/** A stand-in for y-webrtc's provider: records calls, fires events on demand, no network. */
class FakeProvider implements ProviderLike {
	room = { webrtcConns: new Map<string, FakeConn>(), bcConns: new Set<string>() };
	calls: string[] = [];
	handlers = new Map<string, ((e: never) => void)[]>();
	connect() {
		this.calls.push('connect');
	}
	disconnect() {
		this.calls.push('disconnect');
		this.room.webrtcConns.clear(); // as y-webrtc's Room.disconnect does
		this.room.bcConns.clear();
	}
	destroy() {
		this.calls.push('destroy');
	}
	on(event: string, f: (e: never) => void): void {
		this.handlers.set(event, [...(this.handlers.get(event) ?? []), f]);
	}
	fire(event: string, e: unknown) {
		for (const f of this.handlers.get(event) ?? []) f(e as never);
	}
}

function setup(extra: Partial<ConstructorParameters<typeof WebrtcTransport>[0]> = {}) {
	const created: { room: string; options: ProviderOptions; provider: FakeProvider }[] = [];
	const factory: ProviderFactory = (room, _doc, options) => {
		const provider = new FakeProvider();
		created.push({ room, options, provider });
		return provider;
	};
	const transport = new WebrtcTransport({
		doc: new Y.Doc(),
		code: CODE,
		settings: defaultNetSettings(),
		createProvider: factory,
		...extra
	});
	return { transport, created };
}

describe('WebrtcTransport', () => {
	it('implements Transport, and y-webrtc satisfies the provider shape it uses', () => {
		const { transport } = setup();
		const t: Transport = transport;
		expect(t.kind).toBe('webrtc');
		const real: ProviderFactory = createWebrtcProvider; // type-level check against y-webrtc
		expect(typeof real).toBe('function');
	});

	it('contacts nothing until connect(), then passes hashed room, signaling and ICE explicitly', () => {
		const { transport, created } = setup();
		expect(created).toHaveLength(0);
		expect(transport.status).toBe('idle');
		expect(transport.peers()).toEqual([]);
		expect(transport.hasDataChannel()).toBe(false);
		transport.connect();
		expect(created).toHaveLength(1);
		const { room, options } = created[0]!;
		expect(room).toBe(roomName(CODE));
		expect(room).not.toContain(CODE);
		expect(options.signaling).toEqual(['ws://127.0.0.1:4444']);
		expect(options.peerOpts.config.iceServers).toEqual([]);
		expect(options.filterBcConns).toBe(true);
		expect(options.password).toBeUndefined();
		expect(options.awareness).toBe(transport.awareness);
		expect(transport.status).toBe('searching');
	});

	it('passes password, forceWebrtc and Node wrtc through; drops public servers unless allowed', () => {
		const wrtc = { marker: true };
		const settings = {
			signaling: ['wss://y-webrtc-eu.fly.dev', 'ws://192.168.1.5:4444'],
			iceServers: [{ urls: ['stun:stun.l.google.com:19302', 'stun:10.0.0.1:3478'] }],
			allowPublic: false
		};
		const { transport, created } = setup({
			settings,
			password: 'swordfish',
			forceWebrtc: true,
			peerOpts: {
				wrtc,
				config: { iceServers: [{ urls: 'stun:ignored.example' }], bundlePolicy: 'max-bundle' }
			}
		});
		transport.connect();
		const { options } = created[0]!;
		expect(options.password).toBe('swordfish');
		expect(options.filterBcConns).toBe(false);
		expect(options.signaling).toEqual(['ws://192.168.1.5:4444']);
		expect(options.peerOpts.wrtc).toBe(wrtc);
		expect(options.peerOpts.config).toEqual({
			bundlePolicy: 'max-bundle',
			iceServers: [{ urls: ['stun:10.0.0.1:3478'] }]
		});
		expect(transport.blocked).toEqual(['wss://y-webrtc-eu.fly.dev', 'stun:stun.l.google.com:19302']);

		const open = setup({ settings: { ...settings, allowPublic: true } });
		open.transport.connect();
		expect(open.created[0]!.options.signaling).toEqual(settings.signaling);
		expect(open.created[0]!.options.peerOpts.config.iceServers).toEqual(settings.iceServers);
	});

	it('turns connected when a link channel opens and back when it closes (y-webrtc emits nothing then)', () => {
		const { transport, created } = setup();
		const statuses: TransportStatus[] = [];
		transport.on('status', (s) => statuses.push(s));
		transport.connect();
		const provider = created[0]!.provider;
		const listeners = new Map<string, () => void>();
		const peer = { send: () => {}, emit: () => true, once: (event: string, f: () => void) => listeners.set(event, f) };
		const conn = Object.assign(new FakeConn(false), { peer });
		provider.room.webrtcConns.set('remote', conn);
		provider.fire('peers', { webrtcPeers: ['remote'], bcPeers: [] });
		expect(transport.status).toBe('searching');
		conn.connected = true;
		listeners.get('connect')!();
		expect(transport.status).toBe('connected');
		provider.room.webrtcConns.delete('remote');
		listeners.get('close')!();
		expect(transport.status).toBe('searching');
		expect(statuses).toEqual(['searching', 'connected', 'searching']);
		transport.destroy();
	});

	it('reports peers, data channels and status from provider events', () => {
		const { transport, created } = setup();
		const statuses: TransportStatus[] = [];
		const peerCounts: number[] = [];
		transport.on('status', (s) => statuses.push(s));
		transport.on('peers', (p) => peerCounts.push(p.length));
		transport.connect();
		const provider = created[0]!.provider;

		provider.room.bcConns.add('tab-2');
		provider.fire('peers', { webrtcPeers: [], bcPeers: ['tab-2'] });
		expect(transport.status).toBe('connected');
		expect(transport.hasDataChannel()).toBe(false); // a same-browser tab is not WebRTC

		provider.room.webrtcConns.set('remote', new FakeConn(false));
		provider.fire('peers', { webrtcPeers: ['remote'], bcPeers: ['tab-2'] });
		expect(transport.hasDataChannel()).toBe(false); // listed before the channel opens
		provider.room.webrtcConns.get('remote')!.connected = true;
		provider.fire('peers', { webrtcPeers: ['remote'], bcPeers: ['tab-2'] });
		expect(transport.hasDataChannel()).toBe(true);
		expect(transport.peers()).toEqual([
			{ id: 'remote', via: 'webrtc', connected: true },
			{ id: 'tab-2', via: 'broadcast', connected: true }
		]);

		transport.connect(); // idempotent: y-webrtc's connect() is not
		transport.disconnect();
		expect(transport.status).toBe('offline');
		expect(transport.peers()).toEqual([]);
		transport.connect();
		expect(provider.calls).toEqual(['disconnect', 'connect']);
		transport.destroy();
		expect(provider.calls.at(-1)).toBe('destroy');
		expect(transport.status).toBe('destroyed');
		expect(() => transport.connect()).toThrow();
		expect(statuses).toEqual(['searching', 'connected', 'offline', 'searching', 'destroyed']);
		expect(peerCounts).toEqual([1, 2, 2, 0]);
	});

	it('drops a link that never opens (crossed offers), and only that one', () => {
		vi.useFakeTimers();
		try {
			const { transport, created } = setup({ connectTimeoutMs: 4000, random: () => 1 });
			transport.connect();
			const conns = created[0]!.provider.room.webrtcConns;
			const stuck = new FakeConn(false, () => conns.delete('stuck'));
			const slow = new FakeConn(false);
			conns.set('stuck', stuck);
			conns.set('open', new FakeConn(true));
			vi.advanceTimersByTime(3000);
			conns.set('slow', slow);
			vi.advanceTimersByTime(4000); // stuck: first seen at 1 s, deadline 1 s + 4 s * 1.5
			expect(stuck.destroyed).toBe(true);
			expect(transport.droppedLinks).toBe(1);
			slow.connected = true;
			vi.advanceTimersByTime(20_000);
			expect(slow.destroyed).toBe(false);
			expect(transport.droppedLinks).toBe(1);
			transport.destroy();
			expect(vi.getTimerCount()).toBe(0);
		} finally {
			vi.useRealTimers();
		}
	});

	it('uses a shared awareness without destroying it', () => {
		const doc = new Y.Doc();
		const awareness = new Awareness(doc);
		const { transport } = setup({ doc, awareness });
		expect(transport.awareness).toBe(awareness);
		transport.destroy();
		awareness.setLocalStateField('still', 'alive');
		expect(awareness.getLocalState()).toMatchObject({ still: 'alive' });
	});
});

describe('network settings', () => {
	it('default to contacting nothing public', () => {
		const s = defaultNetSettings();
		expect(s).toEqual({ signaling: ['ws://127.0.0.1:4444'], iceServers: [], allowPublic: false });
		expect(effectiveNetSettings(s)).toEqual({ ...s, allowPublic: undefined, blocked: [] } as never);
	});

	it('know local hosts', () => {
		const local = [
			'ws://localhost:4444',
			'ws://127.0.0.1',
			'wss://10.1.2.3/x',
			'ws://[::1]:4444',
			'stun:192.168.0.9:3478',
			'turn:user@172.20.0.1',
			'ws://game.local',
			'ws://box.home.arpa',
			'stun:[fe80::1]'
		];
		const remote = [
			'wss://y-webrtc-eu.fly.dev',
			'stun:stun.l.google.com:19302',
			'ws://172.32.0.1',
			'ws://8.8.8.8',
			'turn:[2001:db8::1]:3478'
		];
		for (const url of local) expect(isLocalHost(hostOf(url)!), url).toBe(true);
		for (const url of remote) expect(isLocalHost(hostOf(url)!), url).toBe(false);
		expect(hostOf('not a url')).toBeNull();
	});

	it('block non-websocket signaling URLs', () => {
		const e = effectiveNetSettings({
			signaling: ['http://127.0.0.1:4444', 'ws://127.0.0.1:4444'],
			iceServers: [],
			allowPublic: true
		});
		expect(e.signaling).toEqual(['ws://127.0.0.1:4444']);
		expect(e.blocked).toEqual(['http://127.0.0.1:4444']);
	});
});
