/**
 * The prime-order group ristretto255 (RFC 9496) and its scalar field, as @noble/curves implements
 * them, with what the DKG and the coin share: strict encodings, hashing to scalars and points,
 * secret-independent nonces, polynomials and Lagrange coefficients. No curve arithmetic is done
 * here by hand: every point and scalar operation is noble's (`Point`, `Point.Fn`).
 *
 * Encodings: a point or a scalar is the canonical base64url (../base64url.ts) of its 32-byte
 * encoding (43 characters): RFC 9496 encoding for points, little-endian below ℓ for scalars. Any
 * other spelling is refused, so every value has exactly one accepted text.
 *
 * Hashes: every hash has its own domain-separation tag and hashes an unambiguous transcript
 * (each part typed and length-prefixed). Hash-to-scalar is RFC 9380 expand_message_xmd
 * (SHA-512, 64 bytes) reduced mod ℓ; hash-to-point is RFC 9380 hash_to_ristretto255.
 */
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url } from '../base64url.js';

export const Point = ristretto255.Point;
export type Point = InstanceType<typeof ristretto255.Point>;
/** The scalar field Z/ℓ (noble's field operations). */
export const Fn = Point.Fn;
/** ℓ = 2^252 + 27742317777372353535851937790883648493. */
export const ORDER = Fn.ORDER;
export const G = Point.BASE;

/** Supplies n random bytes (crypto.getRandomValues in the app, a seeded generator in tests). */
export type Random = (n: number) => Uint8Array;

/** Prefix of every domain-separation tag: the protocol version these hashes belong to. */
const DOMAIN = 'fnord-v2:';

/** Characters of one encoded point or scalar (32 bytes). */
export const ELEMENT_CHARS = 43;

export function encodePoint(point: Point): string {
	return bytesToBase64url(point.toBytes());
}

export function encodeScalar(scalar: bigint): string {
	if (!Fn.isValid(scalar)) throw new RangeError('a scalar is an integer in [0, ℓ)');
	return bytesToBase64url(Fn.toBytes(scalar));
}

/**
 * Encodings of points already encoded or decoded: a ristretto255 encoding costs an inverse square
 * root, and a proof's transcript encodes the same base, keys and shares again and again.
 */
const encodings = new WeakMap<Point, Uint8Array>();

/** A point's 32-byte encoding (remembered for this point object). */
export function pointBytes(point: Point): Uint8Array {
	let bytes = encodings.get(point);
	if (bytes === undefined) {
		bytes = point.toBytes();
		encodings.set(point, bytes);
	}
	return bytes;
}

/** The point a 32-byte encoding names, when the encoding is canonical; else null. */
export function pointFromBytes(bytes: Uint8Array): Point | null {
	try {
		const point = Point.fromBytes(bytes);
		const encoded = point.toBytes();
		if (bytesToBase64url(encoded) !== bytesToBase64url(bytes)) return null;
		encodings.set(point, encoded);
		return point;
	} catch {
		return null;
	}
}

/** The scalar a 32-byte little-endian encoding names, when it is below ℓ; else null. */
export function scalarFromBytes(bytes: Uint8Array): bigint | null {
	const scalar = bytesToNumberLE(bytes);
	return Fn.isValid(scalar) ? scalar : null;
}

/** Decodes a point; throws a RangeError naming `what` when the text is not canonical (or is the identity, unless allowed). */
export function decodePoint(text: unknown, what: string, allowIdentity = false): Point {
	const bytes = typeof text === 'string' ? base64urlToBytes(text, 32) : null;
	if (bytes === null || text !== bytesToBase64url(bytes)) throw new RangeError(`${what} is not 32 bytes in canonical base64url`);
	const point = pointFromBytes(bytes);
	if (point === null) throw new RangeError(`${what} is not a canonical ristretto255 encoding`);
	if (!allowIdentity && point.is0()) throw new RangeError(`${what} is the identity point`);
	return point;
}

/** Decodes a scalar; throws a RangeError naming `what` when the text is not canonical or not below ℓ. */
export function decodeScalar(text: unknown, what: string): bigint {
	const bytes = typeof text === 'string' ? base64urlToBytes(text, 32) : null;
	if (bytes === null || text !== bytesToBase64url(bytes)) throw new RangeError(`${what} is not 32 bytes in canonical base64url`);
	const scalar = scalarFromBytes(bytes);
	if (scalar === null) throw new RangeError(`${what} is not a scalar below ℓ`);
	return scalar;
}

/** The message of a RangeError thrown by `f`, or null when it returns. Other errors propagate. */
export function problemOf(f: () => unknown): string | null {
	try {
		f();
		return null;
	} catch (error) {
		if (error instanceof RangeError) return error.message;
		throw error;
	}
}

/** A non-negative index (a seat or a dealer) below `limit`, or a RangeError. */
export function checkIndex(value: unknown, what: string, limit = 2 ** 31): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value >= limit) {
		throw new RangeError(`${what} must be an integer in [0, ${limit})`);
	}
	return value;
}

/** point·scalar for a secret scalar (noble's constant-time ladder; 0 gives the identity). */
export function mulSecret(point: Point, scalar: bigint): Point {
	return scalar === 0n ? Point.ZERO : point.multiply(scalar);
}

/** A uniform non-zero scalar: 64 random bytes reduced mod ℓ (bias below 2^-250). */
export function randomScalar(random: Random): bigint {
	for (let attempt = 0; attempt < 4; attempt++) {
		const bytes = random(64);
		if (!(bytes instanceof Uint8Array) || bytes.length !== 64) throw new RangeError('random(64) must return 64 bytes');
		const scalar = Fn.create(bytesToNumberLE(bytes));
		if (scalar !== 0n) return scalar;
	}
	throw new RangeError('the random source keeps returning zero');
}

/** One part of a hashed transcript. */
export type Part = Uint8Array | string | number | Point;

const TYPE = { bytes: 1, text: 2, number: 3, point: 4 } as const;

/** An unambiguous byte string for the parts: each is a type byte, a 4-byte big-endian length and its bytes. */
export function transcript(parts: readonly Part[]): Uint8Array {
	const chunks: Uint8Array[] = [];
	for (const part of parts) {
		let type: number;
		let bytes: Uint8Array;
		if (part instanceof Uint8Array) [type, bytes] = [TYPE.bytes, part];
		else if (typeof part === 'string') [type, bytes] = [TYPE.text, utf8ToBytes(part)];
		else if (typeof part === 'number') {
			if (!Number.isSafeInteger(part) || part < 0 || part > 0xffffffff) throw new RangeError('a hashed number is a 32-bit unsigned integer');
			[type, bytes] = [TYPE.number, Uint8Array.of(part >>> 24, (part >>> 16) & 255, (part >>> 8) & 255, part & 255)];
		} else [type, bytes] = [TYPE.point, pointBytes(part)];
		const n = bytes.length;
		chunks.push(Uint8Array.of(type, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255), bytes);
	}
	return concatBytes(...chunks);
}

/** A scalar from the parts under a tag: RFC 9380 expand_message_xmd (SHA-512) with DST "fnord-v2:<tag>", reduced mod ℓ. */
export function hashToScalar(tag: string, ...parts: Part[]): bigint {
	return ristretto255_hasher.hashToScalar(transcript(parts), { DST: DOMAIN + tag });
}

/** A point nobody knows a logarithm of: RFC 9380 hash_to_ristretto255 with DST "fnord-v2:<tag>". */
export function hashToPoint(tag: string, message: Uint8Array): Point {
	return ristretto255_hasher.hashToCurve(message, { DST: DOMAIN + tag + ':ristretto255_XMD:SHA-512_R255MAP_RO_' });
}

/**
 * A proof nonce derived from the secret, the statement and 32 fresh random bytes (the hedged
 * construction of RFC 8032 / RFC 6979 style): a broken random source cannot leak the secret
 * through repeated nonces, and a good one keeps nonces unpredictable even to a side channel on the hash.
 */
export function nonce(tag: string, secret: bigint, random: Random, ...statement: Part[]): bigint {
	const fresh = random(32);
	if (!(fresh instanceof Uint8Array) || fresh.length !== 32) throw new RangeError('random(32) must return 32 bytes');
	const r = hashToScalar(`nonce/${tag}`, Fn.toBytes(secret), fresh, ...statement);
	if (r === 0n) throw new RangeError('a zero nonce (a hash collision with zero)');
	return r;
}

/** f(x) for f = Σ coefficients[k]·x^k over Z/ℓ (Horner's rule with noble's field operations). */
export function evalPolynomial(coefficients: readonly bigint[], x: bigint): bigint {
	let acc = Fn.ZERO;
	for (let k = coefficients.length - 1; k >= 0; k--) acc = Fn.add(Fn.mul(acc, x), coefficients[k]!);
	return acc;
}

/** Σ commitments[k]·x^k, i.e. G·f(x) for Feldman commitments G·a_k (Horner in the group; x is public and small). */
export function evalCommitments(commitments: readonly Point[], x: bigint): Point {
	let acc = Point.ZERO;
	for (let k = commitments.length - 1; k >= 0; k--) acc = acc.multiplyUnsafe(x).add(commitments[k]!);
	return acc;
}

/** The evaluation point of seat j (0-based): x = j + 1, never 0 (f(0) is the secret). */
export function evaluationPoint(seat: number): bigint {
	return BigInt(seat) + 1n;
}

/** Lagrange coefficients at 0 for distinct evaluation points: λ_j = Π_{k≠j} x_k / (x_k − x_j). */
export function lagrangeAtZero(xs: readonly bigint[]): bigint[] {
	return xs.map((xj, j) => {
		let numerator = Fn.ONE;
		let denominator = Fn.ONE;
		xs.forEach((xk, k) => {
			if (k === j) return;
			numerator = Fn.mul(numerator, xk);
			denominator = Fn.mul(denominator, Fn.sub(xk, xj));
		});
		return Fn.div(numerator, denominator);
	});
}
