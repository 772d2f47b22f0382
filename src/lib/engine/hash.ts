/**
 * SHA-256 and canonical JSON, in plain integer arithmetic, so the engine needs no platform crypto.
 * Used for state hashes, randomness expansion and the UFOs' goal commitment.
 */

const K = new Uint32Array([
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const W = new Uint32Array(64);

/** The initial hash value, and the working one (sha256 never runs inside itself). */
const H0 = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const H = new Uint32Array(8);

function rotr(x: number, n: number): number {
	return (x >>> n) | (x << (32 - n));
}

/** SHA-256 of raw bytes. */
export function sha256(bytes: Uint8Array): Uint8Array {
	const out = new Uint8Array(32);
	sha256Padded(sha256Padding(bytes, 0), out);
	return out;
}

/** `bytes` and `extra` more zero bytes, padded as SHA-256 pads a message (FIPS 180-4 5.1.1): a
 * buffer that sha256Padded hashes as many times as wanted, the extra bytes rewritten in place. */
export function sha256Padding(bytes: Uint8Array, extra: number): Uint8Array {
	const length = bytes.length + extra;
	const bitLength = length * 8;
	const padded = new Uint8Array((((length + 9 + 63) >> 6) << 6));
	padded.set(bytes);
	padded[length] = 0x80;
	const view = new DataView(padded.buffer);
	view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
	view.setUint32(padded.length - 4, bitLength >>> 0);
	return padded;
}

/** SHA-256 of a message padded by sha256Padding, written into `out` (32 bytes): no allocation. */
export function sha256Padded(padded: Uint8Array, out: Uint8Array): void {
	const h = H;
	h.set(H0);
	for (let offset = 0; offset < padded.length; offset += 64) {
		for (let i = 0; i < 16; i++) {
			const j = offset + i * 4;
			W[i] = (padded[j]! << 24) | (padded[j + 1]! << 16) | (padded[j + 2]! << 8) | padded[j + 3]!;
		}
		for (let i = 16; i < 64; i++) {
			const a = W[i - 15]!;
			const b = W[i - 2]!;
			const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
			const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
			W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
		}
		// Indexed reads: destructuring a typed array goes through its iterator.
		let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, hh = h[7]!;
		for (let i = 0; i < 64; i++) {
			const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
			const ch = (e & f) ^ (~e & g);
			const t1 = (hh + s1 + ch + K[i]! + W[i]!) | 0;
			const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
			const maj = (a & b) ^ (a & c) ^ (b & c);
			const t2 = (s0 + maj) | 0;
			hh = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		h[0]! += a;
		h[1]! += b;
		h[2]! += c;
		h[3]! += d;
		h[4]! += e;
		h[5]! += f;
		h[6]! += g;
		h[7]! += hh;
	}
	for (let i = 0; i < 8; i++) {
		const word = h[i]!;
		out[i * 4] = word >>> 24;
		out[i * 4 + 1] = word >>> 16;
		out[i * 4 + 2] = word >>> 8;
		out[i * 4 + 3] = word;
	}
}

export function utf8(text: string): Uint8Array {
	return new TextEncoder().encode(text);
}

export function toHex(bytes: Uint8Array): string {
	let out = '';
	for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
	return out;
}

export function sha256Hex(text: string): string {
	return toHex(sha256(utf8(text)));
}

/** JSON with object keys sorted at every level, so equal data always gives equal text. */
export function canonicalJson(value: unknown): string {
	if (value === null || typeof value !== 'object') {
		if (typeof value === 'number' && !Number.isFinite(value)) {
			throw new TypeError('canonicalJson: non-finite number');
		}
		return JSON.stringify(value) ?? 'null';
	}
	// Plain loops: this runs on every entry of a catch-up and every state hash.
	let out: string;
	if (Array.isArray(value)) {
		out = '[';
		for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
		return out + ']';
	}
	const record = value as Record<string, unknown>;
	out = '{';
	for (const key of Object.keys(record).sort()) {
		const member = record[key];
		if (member === undefined) continue;
		out += (out.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(member);
	}
	return out + '}';
}

/** The hash every peer compares: sha256 of the state's canonical JSON. */
export function stateHash(state: unknown): string {
	return sha256Hex(canonicalJson(state));
}
