// Who a signaling connection comes from, for the hub's per-address connection cap.
//
// The address is the TCP peer's, unless that peer is a trusted proxy (an explicit list): then
// X-Forwarded-For is read from the right, skipping trusted proxies, and the first other hop is
// the client. Entries further left were written by the client itself and are never believed, so
// a client cannot pick its own address; and without a trusted proxy the header is ignored.
// IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as IPv4, and IPv6 addresses count per /64: one host
// is usually handed a whole /64, so counting single IPv6 addresses would limit nothing.
import net from 'node:net';

/** "::ffff:1.2.3.4" -> "1.2.3.4", "fe80::1%eth0" -> "fe80::1"; other text as is. @param {string} address */
export function plainAddress(address) {
	const unzoned = address.trim().replace(/%.*$/, '');
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
	return mapped ? mapped[1] : unzoned.toLowerCase();
}

/**
 * The first four 16-bit groups of an IPv6 address, e.g. "2001:db8:0:7::/64".
 * @param {string} address a valid IPv6 address (net.isIPv6)
 */
function ipv6Prefix64(address) {
	const [head, tail] = address.split('::');
	const groups = (/** @type {string | undefined} */ part) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
	const left = groups(head);
	const right = tail === undefined ? [] : groups(tail);
	const full = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
	return `${full
		.slice(0, 4)
		.map((g) => parseInt(g, 16).toString(16))
		.join(':')}::/64`;
}

/**
 * The key one client's connections are counted under: an IPv4 address, or an IPv6 /64.
 * @param {string} address
 */
export function addressKey(address) {
	const plain = plainAddress(address);
	return net.isIPv6(plain) ? ipv6Prefix64(plain) : plain;
}

/**
 * The client's address of an HTTP request (the WebSocket upgrade), as described above.
 * @param {import('node:http').IncomingMessage} req
 * @param {ReadonlySet<string>} trustedProxies plain addresses (plainAddress) of proxies whose X-Forwarded-For is believed
 */
export function clientAddress(req, trustedProxies) {
	let client = plainAddress(req.socket.remoteAddress ?? '');
	if (!trustedProxies.has(client)) return client;
	const header = req.headers['x-forwarded-for'];
	const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
	for (let i = hops.length - 1; i >= 0; i--) {
		const hop = plainAddress(hops[i] ?? '');
		if (net.isIP(hop) === 0) break; // junk or nothing: keep the last address known for sure
		client = hop;
		if (!trustedProxies.has(hop)) break;
	}
	return client;
}
