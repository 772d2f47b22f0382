/**
 * Which signaling servers answer. y-webrtc keeps one connection per signaling URL per page
 * (shared by every room), a lib0 WebsocketClient that retries forever; transports register them
 * here so the UI can say "no signaling server at <url>" without loading y-webrtc (this module
 * imports nothing). A URL counts as unreachable once an attempt has failed and no connection is
 * open, e.g. a static copy of the app on a host without signaling.
 */

/** The part of a lib0 WebsocketClient (y-webrtc's SignalingConn) read here. */
export interface SignalingConnState {
	readonly url: string;
	readonly connected: boolean;
	/** Failed attempts since the last open connection (lib0). */
	readonly unsuccessfulReconnects?: number;
	/** False once the connection was closed on purpose (lib0). */
	readonly shouldConnect?: boolean;
}

const conns = new Map<string, SignalingConnState>();

/** Remembers the current connection of each URL. */
export function watchSignaling(list: readonly SignalingConnState[]): void {
	for (const conn of list) conns.set(conn.url, conn);
}

/** Of `urls`, those whose connection is in use, not open, and has failed at least once. */
export function unreachableSignaling(urls: readonly string[]): string[] {
	return urls.filter((url) => {
		const conn = conns.get(url);
		return conn !== undefined && conn.shouldConnect !== false && !conn.connected && (conn.unsuccessfulReconnects ?? 0) > 0;
	});
}
