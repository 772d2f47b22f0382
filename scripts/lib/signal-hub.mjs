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
// Connections are capped per client address (signal-address.mjs) and in all, and subscribers per
// topic: a connection over a cap is refused during the HTTP handshake (429 or 503 with a reason
// and Retry-After), not opened and then closed, because y-webrtc's client (lib0/websocket) resets
// its reconnect back-off when a socket opens and would come back at once, in a loop; a refused
// handshake makes it wait longer each time (up to 2.5 s). A subscribe to a full topic is ignored.
import { WebSocketServer } from 'ws';
import { addressKey, clientAddress, plainAddress } from './signal-address.mjs';

/**
 * @typedef {object} HubOptions
 * @property {number} [pingIntervalMs] a connection that answered no ping in this time is closed (30 s)
 * @property {number} [maxPayload] largest message accepted, in bytes (64 KiB; y-webrtc's offers are a few KiB)
 * @property {number} [maxTopicsPerConn] topics one connection may hold (256)
 * @property {number} [maxTopicLength] characters in a topic name (256)
 * @property {number} [maxBufferedBytes] a receiver with more unsent bytes than this misses messages (4 MiB)
 * @property {number} [messagesPerSecond] a connection's sustained message budget (100 a second)
 * @property {number} [messageBurst] messages a connection may send at once before the budget applies (1000)
 * @property {number} [maxConnsPerAddress] open connections from one client address, IPv6 per /64 (64: several players behind one NAT, each tab one connection)
 * @property {number} [maxConns] open connections in all (10,000)
 * @property {number} [maxSubscribersPerTopic] connections subscribed to one topic (32: a room of 6 players, re-joins and spare tabs)
 * @property {string[]} [trustedProxies] addresses of reverse proxies whose X-Forwarded-For names the client (none: the header is ignored)
 */

/** @typedef {import('ws').WebSocket & { topics?: Set<string>, alive?: boolean, tokens?: number, refilledAt?: number }} Conn */

/** Seconds a refused client is asked to wait (Retry-After); y-webrtc ignores it and backs off by itself. */
const RETRY_AFTER_SECONDS = 10;

export class SignalHub {
	/** @type {Map<string, Set<Conn>>} */
	topics = new Map();
	/** @type {Set<Conn>} */
	conns = new Set();
	counters = { published: 0, delivered: 0, skipped: 0, refused: 0, limited: 0, accepted: 0, tooManyFromAddress: 0, serverFull: 0, topicFull: 0 };
	/** open connections per client address key (addressKey) @type {Map<string, number>} */
	connsPerAddress = new Map();
	#wss;
	#trustedProxies;
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
			messageBurst: options.messageBurst ?? 1000,
			maxConnsPerAddress: options.maxConnsPerAddress ?? 64,
			maxConns: options.maxConns ?? 10_000,
			maxSubscribersPerTopic: options.maxSubscribersPerTopic ?? 32
		};
		this.#trustedProxies = new Set((options.trustedProxies ?? []).map(plainAddress));
		this.#wss = new WebSocketServer({ noServer: true, maxPayload: this.#options.maxPayload, perMessageDeflate: false });
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
		const address = addressKey(clientAddress(req, this.#trustedProxies));
		if (this.conns.size >= this.#options.maxConns) {
			this.counters.serverFull++;
			return refuseUpgrade(socket, 503, 'Service Unavailable', 'Fnord signaling: the server is full, try again later');
		}
		if ((this.connsPerAddress.get(address) ?? 0) >= this.#options.maxConnsPerAddress) {
			this.counters.tooManyFromAddress++;
			return refuseUpgrade(socket, 429, 'Too Many Requests', `Fnord signaling: too many connections from your address (${this.#options.maxConnsPerAddress})`);
		}
		// ws completes the handshake synchronously (no verifyClient), so no other upgrade can pass
		// the checks above before this connection is counted.
		this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, address));
	}

	/** Numbers for logs and benchmarks. */
	stats() {
		let subscriptions = 0;
		for (const set of this.topics.values()) subscriptions += set.size;
		return { connections: this.conns.size, addresses: this.connsPerAddress.size, topics: this.topics.size, subscriptions, ...this.counters };
	}

	/** Closes every connection and stops the ping timer. */
	close() {
		clearInterval(this.#timer);
		for (const conn of this.conns) conn.terminate();
		this.conns.clear();
		this.connsPerAddress.clear();
		this.topics.clear();
		this.#wss.close();
	}

	/** @param {Conn} conn @param {string} address its addressKey */
	#accept(conn, address) {
		conn.topics = new Set();
		conn.alive = true;
		conn.tokens = this.#options.messageBurst;
		conn.refilledAt = Date.now();
		this.conns.add(conn);
		this.connsPerAddress.set(address, (this.connsPerAddress.get(address) ?? 0) + 1);
		this.counters.accepted++;
		conn.on('pong', () => (conn.alive = true));
		conn.on('error', () => conn.terminate());
		conn.on('close', () => {
			for (const topic of conn.topics ?? []) this.#leave(conn, topic);
			conn.topics?.clear();
			if (!this.conns.delete(conn)) return; // already forgotten by close()
			const left = (this.connsPerAddress.get(address) ?? 1) - 1;
			if (left > 0) this.connsPerAddress.set(address, left);
			else this.connsPerAddress.delete(address);
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
					if (set && set.size >= this.#options.maxSubscribersPerTopic) {
						this.counters.topicFull++;
						continue;
					}
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

/**
 * Refuses a WebSocket upgrade with an HTTP status, a reason in the body and Retry-After.
 * @param {import('node:stream').Duplex} socket @param {number} status @param {string} statusText @param {string} reason
 */
function refuseUpgrade(socket, status, statusText, reason) {
	const body = `${reason}\n`;
	socket.on('error', () => socket.destroy()); // e.g. reset by the client: Node left no listener on an upgrade's socket
	socket.end(
		`HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nRetry-After: ${RETRY_AFTER_SECONDS}\r\n` +
			`Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
	);
}
