/**
 * Several transports serving one game as one Transport (the session takes one): typically a
 * WebrtcTransport (signaling server) and a Mesh (manual handshakes and relayed links), with the
 * mesh relaying over y-webrtc's connections (mesh/companion.ts). All members must share one
 * awareness. Yjs merges whatever arrives from any member.
 */
import type { Awareness } from 'y-protocols/awareness';
import {
	TransportEmitter,
	type PeerLink,
	type Transport,
	type TransportEvents,
	type TransportStatus
} from './transport.js';

export class TransportGroup implements Transport {
	readonly kind = 'group';
	readonly awareness: Awareness;
	readonly members: readonly Transport[];
	readonly #events = new TransportEmitter();
	readonly #unsubscribe: Array<() => void> = [];
	#status: TransportStatus;

	constructor(members: Transport[]) {
		if (members.length === 0) throw new TypeError('a transport group needs a member');
		this.awareness = members[0]!.awareness;
		if (members.some((m) => m.awareness !== this.awareness)) throw new TypeError('members must share one awareness');
		this.members = [...members];
		this.#status = this.#combinedStatus();
		for (const member of members) {
			this.#unsubscribe.push(
				member.on('status', () => this.#update()),
				member.on('peers', () => this.#events.emit('peers', this.peers())),
				member.on('synced', (synced) => this.#events.emit('synced', synced))
			);
		}
	}

	get status(): TransportStatus {
		return this.#status;
	}

	connect(): void {
		for (const member of this.members) member.connect();
	}

	disconnect(): void {
		for (const member of this.members) member.disconnect();
	}

	destroy(): void {
		for (const off of this.#unsubscribe.splice(0)) off();
		for (const member of this.members) member.destroy();
		this.#set('destroyed');
		this.#events.clear();
	}

	/** Every member's peers (a peer linked two ways is listed by each). */
	peers(): PeerLink[] {
		return this.members.flatMap((m) => m.peers());
	}

	hasDataChannel(): boolean {
		return this.members.some((m) => m.hasDataChannel());
	}

	on<K extends keyof TransportEvents>(event: K, listener: (value: TransportEvents[K]) => void): () => void {
		return this.#events.on(event, listener);
	}

	/** The most connected member's status: connected, then searching, offline, idle. */
	#combinedStatus(): TransportStatus {
		const statuses = new Set(this.members.map((m) => m.status));
		for (const status of ['connected', 'searching', 'offline', 'idle'] as const) if (statuses.has(status)) return status;
		return 'destroyed';
	}

	#update(): void {
		if (this.#status !== 'destroyed') this.#set(this.#combinedStatus());
	}

	#set(status: TransportStatus): void {
		if (status === this.#status) return;
		this.#status = status;
		this.#events.emit('status', status);
	}
}
