// The signaling hub: y-webrtc's publish/subscribe protocol over WebSocket, attachable to any
// http.Server's 'upgrade' event (the app's own server on /signal, or a standalone port).
//
// Protocol (as y-webrtc's bin/server.js, which clients expect):
//   { type: 'subscribe', topics: string[] }    join topics (rooms)
//   { type: 'unsubscribe', topics: string[] }  leave them
//   { type: 'publish', topic, ... }            sent to every subscriber of topic (the sender too),
//                                              with `clients` set to their number
//   { type: 'ping' } -> { type: 'pong' }
// State held: for each open connection the set of its topics, and for each topic the set of its
// connections. Nothing is stored after a connection closes, and messages are never kept.
//
// Differences from bin/server.js: a published message is serialised once for all receivers;
// unsubscribe also forgets the topic on the connection and drops empty topics (bin/server.js
// keeps them until the connection closes); message size, topics per connection and topic name
// length are capped; a connection whose send buffer is full skips messages rather than growing;
// only a subscriber of a topic may publish to it (y-webrtc always subscribes first); each
// connection has a message budget (a token bucket) and messages over it are dropped; a message
// that cannot be handled (e.g. nested too deep to serialise again) is dropped, never fatal.
import { WebSocketServer } from 'ws';

/**
 * @typedef {object} HubOptions
 * @property {number} [pingIntervalMs] a connection that answered no ping in this time is closed (30 s)
 * @property {number} [maxPayload] largest message accepted, in bytes (64 KiB; y-webrtc's offers are a few KiB)
 * @property {number} [maxTopicsPerConn] topics one connection may hold (256)
 * @property {number} [maxTopicLength] characters in a topic name (256)
 * @property {number} [maxBufferedBytes] a receiver with more unsent bytes than this misses messages (4 MiB)
 * @property {number} [messagesPerSecond] a connection's sustained message budget (100 a second)
 * @property {number} [messageBurst] messages a connection may send at once before the budget applies (1000)
 */

/** @typedef {import('ws').WebSocket & { topics?: Set<string>, alive?: boolean, tokens?: number, refilledAt?: number }} Conn */

export class SignalHub {
	/** @type {Map<string, Set<Conn>>} */
	topics = new Map();
	/** @type {Set<Conn>} */
	conns = new Set();
	counters = { published: 0, delivered: 0, skipped: 0, refused: 0, limited: 0, accepted: 0 };
	#wss;
	#timer;
	#options;

	/** @param {HubOptions} [options] */
	constructor(options = {}) {
		this.#options = {
			pingIntervalMs: options.pingIntervalMs ?? 30_000,
			maxPayload: options.maxPayload ?? 64 * 1024,
			maxTopicsPerConn: options.maxTopicsPerConn ?? 256,
			maxTopicLength: options.maxTopicLength ?? 256,
			maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
			messagesPerSecond: options.messagesPerSecond ?? 100,
			messageBurst: options.messageBurst ?? 1000
		};
		this.#wss = new WebSocketServer({ noServer: true, maxPayload: this.#options.maxPayload, perMessageDeflate: false });
		this.#wss.on('connection', (/** @type {Conn} */ conn) => this.#accept(conn));
		this.#timer = setInterval(() => this.#ping(), this.#options.pingIntervalMs);
		this.#timer.unref?.();
	}

	/**
	 * Takes over an HTTP upgrade request (call from server.on('upgrade')).
	 * @param {import('node:http').IncomingMessage} req
	 * @param {import('node:stream').Duplex} socket
	 * @param {Buffer} head
	 */
	handleUpgrade(req, socket, head) {
		this.#wss.handleUpgrade(req, socket, head, (ws) => this.#wss.emit('connection', ws, req));
	}

	/** Numbers for logs and benchmarks. */
	stats() {
		let subscriptions = 0;
		for (const set of this.topics.values()) subscriptions += set.size;
		return { connections: this.conns.size, topics: this.topics.size, subscriptions, ...this.counters };
	}

	/** Closes every connection and stops the ping timer. */
	close() {
		clearInterval(this.#timer);
		for (const conn of this.conns) conn.terminate();
		this.conns.clear();
		this.topics.clear();
		this.#wss.close();
	}

	/** @param {Conn} conn */
	#accept(conn) {
		conn.topics = new Set();
		conn.alive = true;
		conn.tokens = this.#options.messageBurst;
		conn.refilledAt = Date.now();
		this.conns.add(conn);
		this.counters.accepted++;
		conn.on('pong', () => (conn.alive = true));
		conn.on('error', () => conn.terminate());
		conn.on('close', () => {
			for (const topic of conn.topics ?? []) this.#leave(conn, topic);
			conn.topics?.clear();
			this.conns.delete(conn);
		});
		conn.on('message', (data, isBinary) => {
			if (!this.#withinBudget(conn)) {
				this.counters.limited++;
				return;
			}
			try {
				this.#message(conn, data, isBinary);
			} catch {
				this.counters.refused++; // e.g. JSON nested too deep to serialise again
			}
		});
	}

	/** Token bucket: `messageBurst` at once, refilled at `messagesPerSecond`. @param {Conn} conn */
	#withinBudget(conn) {
		const now = Date.now();
		const { messagesPerSecond, messageBurst } = this.#options;
		conn.tokens = Math.min(messageBurst, (conn.tokens ?? 0) + ((now - (conn.refilledAt ?? now)) * messagesPerSecond) / 1000);
		conn.refilledAt = now;
		if (conn.tokens < 1) return false;
		conn.tokens--;
		return true;
	}

	/** @param {Conn} conn @param {import('ws').RawData} data @param {boolean} isBinary */
	#message(conn, data, isBinary) {
		/** @type {any} */
		let message;
		try {
			message = JSON.parse(isBinary ? Buffer.from(/** @type {Buffer} */ (data)).toString('utf8') : data.toString());
		} catch {
			this.counters.refused++;
			return;
		}
		if (message === null || typeof message !== 'object') return;
		const topics = Array.isArray(message.topics) ? message.topics : [];
		switch (message.type) {
			case 'subscribe':
				for (const topic of topics) {
					if (typeof topic !== 'string' || topic.length > this.#options.maxTopicLength) continue;
					if (conn.topics?.has(topic)) continue;
					if ((conn.topics?.size ?? 0) >= this.#options.maxTopicsPerConn) {
						this.counters.refused++;
						break;
					}
					let set = this.topics.get(topic);
					if (!set) this.topics.set(topic, (set = new Set()));
					set.add(conn);
					conn.topics?.add(topic);
				}
				break;
			case 'unsubscribe':
				for (const topic of topics) {
					if (typeof topic === 'string' && conn.topics?.delete(topic)) this.#leave(conn, topic);
				}
				break;
			case 'publish': {
				const receivers = typeof message.topic === 'string' ? this.topics.get(message.topic) : undefined;
				if (!receivers || !receivers.has(conn)) {
					this.counters.refused++;
					break;
				}
				message.clients = receivers.size;
				const text = JSON.stringify(message);
				this.counters.published++;
				for (const receiver of receivers) this.#send(receiver, text);
				break;
			}
			case 'ping':
				this.#send(conn, '{"type":"pong"}');
				break;
		}
	}

	/** @param {Conn} conn @param {string} topic */
	#leave(conn, topic) {
		const set = this.topics.get(topic);
		if (!set) return;
		set.delete(conn);
		if (set.size === 0) this.topics.delete(topic);
	}

	/** @param {Conn} conn @param {string} text */
	#send(conn, text) {
		if (conn.readyState !== conn.OPEN) return;
		if (conn.bufferedAmount > this.#options.maxBufferedBytes) {
			this.counters.skipped++;
			return;
		}
		this.counters.delivered++;
		conn.send(text);
	}

	#ping() {
		for (const conn of this.conns) {
			if (!conn.alive) {
				conn.terminate();
				continue;
			}
			conn.alive = false;
			try {
				conn.ping();
			} catch {
				conn.terminate();
			}
		}
	}
}
