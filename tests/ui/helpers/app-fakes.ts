// Fakes for the app adapter's tests: localStorage in memory, a transport that only records
// what it is asked, and a Runtime over both (in-memory documents, deterministic bytes).
import type { Awareness } from 'y-protocols/awareness';
import { defaultNetSettings } from '../../../src/lib/net/settings.js';
import { TransportEmitter, type PeerLink, type Transport, type TransportStatus } from '../../../src/lib/net/transport.js';
import { MemoryDocStore } from '../../../src/lib/session/index.js';
import { Runtime } from '../../../src/lib/session/runtime.js';
import { randomBytes } from '../../session/helpers.js';

/** localStorage in memory. */
export function memoryStorage() {
	const map = new Map<string, string>();
	return {
		getItem: (key: string) => map.get(key) ?? null,
		setItem: (key: string, value: string) => void map.set(key, value),
		removeItem: (key: string) => void map.delete(key),
		key: (i: number) => [...map.keys()][i] ?? null,
		get length() {
			return map.size;
		}
	};
}

/** A transport that only records what it is asked to do. */
export class FakeTransport implements Transport {
	readonly kind = 'fake';
	status: TransportStatus = 'idle';
	links: PeerLink[] = [];
	readonly events = new TransportEmitter();
	constructor(readonly awareness: Awareness) {}
	connect() {
		this.set('searching');
	}
	disconnect() {
		this.set('offline');
	}
	destroy() {
		this.set('destroyed');
	}
	peers() {
		return this.links;
	}
	hasDataChannel() {
		return this.links.some((l) => l.via === 'webrtc' && l.connected);
	}
	on: Transport['on'] = (event, listener) => this.events.on(event, listener);
	set(status: TransportStatus) {
		this.status = status;
		this.events.emit('status', status);
	}
}

export function makeRuntime(docs = new MemoryDocStore()) {
	const made: FakeTransport[] = [];
	const runtime = new Runtime({
		storage: memoryStorage(),
		persistence: docs,
		randomBytes,
		now: () => 1_000,
		net: defaultNetSettings,
		makeTransport: (_session, awareness) => {
			const transport = new FakeTransport(awareness);
			made.push(transport);
			return transport;
		}
	});
	return { runtime, made, docs };
}
