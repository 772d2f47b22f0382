/**
 * Ed25519 identities. Signing is pure JS (@noble/curves, deterministic, so a signature is the same
 * on every device). Verification uses WebCrypto when the caller passes `crypto.subtle` (fast,
 * async) and @noble otherwise (plain-http LAN origins have no `crypto.subtle`). Both paths give
 * the same verdict on every input: encodings that verifiers are known to treat differently
 * (non-canonical keys, S >= L, small-order or mixed-order keys) are refused before either runs,
 * and the pure-JS path checks the same cofactorless equation as WebCrypto.
 * Keys and signatures are spelled in canonical base64url (base64url.ts); any other spelling is refused.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { base64urlToBytes, bytesToBase64url, isBase64url } from './base64url.js';

export interface Identity {
	/** 32 secret bytes; never leaves the device. */
	readonly secretKey: Uint8Array;
	/** The public key in base64url (43 characters): the author id in entries. */
	readonly publicKey: string;
}

/** The order of the Ed25519 base point. */
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

/** 32 bytes in canonical base64url (43 characters). */
export function isPublicKey(value: unknown): value is string {
	return isBase64url(value, 32);
}

/** 64 bytes in canonical base64url (86 characters). */
export function isSignature(value: unknown): value is string {
	return isBase64url(value, 64);
}

/** A key pair from 32 random bytes the caller supplies (crypto.getRandomValues in the app). */
export function generateIdentity(randomBytes: Uint8Array): Identity {
	if (randomBytes.length !== 32) throw new RangeError('generateIdentity needs 32 random bytes');
	const secretKey = Uint8Array.from(randomBytes);
	return { secretKey, publicKey: bytesToBase64url(ed25519.getPublicKey(secretKey)) };
}

/** Signs bytes; the signature in base64url (86 characters). */
export function sign(secretKey: Uint8Array, message: Uint8Array): string {
	return bytesToBase64url(ed25519.sign(message, secretKey));
}

type Point = InstanceType<typeof ed25519.Point>;

/** The key's point when it is a canonical encoding of a point in the prime-order subgroup (and not the identity). */
function goodKey(bytes: Uint8Array): Point | null {
	try {
		const point = ed25519.Point.fromBytes(bytes, false);
		return bytesToHex(point.toBytes()) === bytesToHex(bytes) && !point.is0() && point.isTorsionFree() ? point : null;
	} catch {
		return null;
	}
}

function littleEndian(bytes: Uint8Array): bigint {
	let n = 0n;
	for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
	return n;
}

/** S below L (RFC 8032 §5.1.7). R needs no check: both paths compare it bytewise (below). */
function goodSignature(sig: Uint8Array): boolean {
	return littleEndian(sig.subarray(32)) < L;
}

/**
 * RFC 8032 §5.1.7 verification in its cofactorless form, as WebCrypto's Ed25519 (BoringSSL,
 * OpenSSL) does it: encode([S]B - [k]A) must equal R byte for byte. (@noble's own `verify` checks
 * the cofactored equation, which also accepts an R with a small-order part: the two paths would
 * then disagree on a signature crafted that way.)
 */
function verifyCofactorless(sig: Uint8Array, message: Uint8Array, key: Uint8Array, A: Point): boolean {
	const R = sig.subarray(0, 32);
	const k = littleEndian(sha512(concatBytes(R, key, message))) % L;
	const expected = ed25519.Point.BASE.multiplyUnsafe(littleEndian(sig.subarray(32))).subtract(A.multiplyUnsafe(k));
	return bytesToHex(expected.toBytes()) === bytesToHex(R);
}

/** The bytes as WebCrypto's BufferSource: as they are when they fill their own ArrayBuffer, else a copy. */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
	// WebCrypto copies its input when called, so passing the caller's array is safe.
	if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) {
		return bytes as Uint8Array<ArrayBuffer>;
	}
	const out = new Uint8Array(new ArrayBuffer(bytes.length));
	out.set(bytes);
	return out;
}

/** Smaller batches are checked here: a round trip to a worker would only add latency. */
const OFFLOAD_MIN = 32;

/** A signature check whose shared prechecks passed, for a WebCrypto Ed25519 verify elsewhere. */
export interface CheckedSignature {
	readonly key: Uint8Array;
	readonly sig: Uint8Array;
	readonly message: Uint8Array;
}

/**
 * Runs WebCrypto Ed25519 verifications off the caller's thread (a Web Worker in the browser):
 * one verdict per item, or null where it could not run one (then the Verifier checks that one itself).
 */
export type VerifyOffload = (batch: readonly CheckedSignature[]) => Promise<readonly (boolean | null)[]>;

export interface SignatureCheck {
	readonly publicKey: string;
	readonly signature: string;
	readonly message: Uint8Array;
}

export class Verifier {
	private readonly subtle: SubtleCrypto | null;
	private readonly offload: VerifyOffload | null;
	/** Checked keys: their point, or null when refused. */
	private readonly keyChecks = new Map<string, Point | null>();
	private readonly cryptoKeys = new Map<string, Promise<CryptoKey | null>>();

	/**
	 * `subtle`: globalThis.crypto?.subtle from the caller, or nothing for the pure-JS path.
	 * `offload`: where `verifyMany` sends its batches (only with `subtle`: the same WebCrypto).
	 */
	constructor(subtle?: SubtleCrypto | null, options: { offload?: VerifyOffload } = {}) {
		this.subtle = subtle ?? null;
		this.offload = this.subtle !== null ? (options.offload ?? null) : null;
	}

	/**
	 * Several checks at once, with the verdicts `verify` gives. With an offload, the WebCrypto calls
	 * run there, in one batch, so a long catch-up leaves the page's own thread free.
	 */
	async verifyMany(checks: readonly SignatureCheck[]): Promise<boolean[]> {
		const one = (c: SignatureCheck) => this.verify(c.publicKey, c.signature, c.message);
		if (this.offload === null || checks.length < OFFLOAD_MIN) return Promise.all(checks.map(one));
		const prechecked = checks.map((c) => this.precheck(c.publicKey, c.signature));
		const sent: number[] = [];
		const batch: CheckedSignature[] = [];
		prechecked.forEach((p, i) => {
			if (p === null) return;
			sent.push(i);
			batch.push({ key: p.key, sig: p.sig, message: checks[i]!.message });
		});
		const verdicts = await this.offload(batch).catch(() => null);
		const out: Promise<boolean>[] = checks.map(() => Promise.resolve(false));
		sent.forEach((i, k) => {
			const verdict = verdicts?.[k];
			out[i] = typeof verdict === 'boolean' ? Promise.resolve(verdict) : one(checks[i]!);
		});
		return Promise.all(out);
	}

	get usesWebCrypto(): boolean {
		return this.subtle !== null;
	}

	/** Checks shared by both paths (canonical base64url, a canonical prime-order key, S < L); null when they fail. */
	private precheck(publicKey: string, signature: string): { key: Uint8Array; point: Point; sig: Uint8Array } | null {
		const key = base64urlToBytes(publicKey, 32);
		const sig = base64urlToBytes(signature, 64);
		if (key === null || sig === null) return null;
		let point = this.keyChecks.get(publicKey);
		if (point === undefined) {
			point = goodKey(key);
			this.keyChecks.set(publicKey, point);
		}
		return point !== null && goodSignature(sig) ? { key, point, sig } : null;
	}

	/** Pure-JS verification (synchronous). */
	verifySync(publicKey: string, signature: string, message: Uint8Array): boolean {
		const checked = this.precheck(publicKey, signature);
		if (checked === null) return false;
		try {
			return verifyCofactorless(checked.sig, message, checked.key, checked.point);
		} catch {
			return false;
		}
	}

	/** WebCrypto when available, else the pure-JS path; the same verdict either way. */
	async verify(publicKey: string, signature: string, message: Uint8Array): Promise<boolean> {
		if (this.subtle === null) return this.verifySync(publicKey, signature, message);
		const checked = this.precheck(publicKey, signature);
		if (checked === null) return false;
		const key = await this.cryptoKey(publicKey, checked.key);
		if (key === null) return this.verifySync(publicKey, signature, message);
		try {
			return await this.subtle.verify({ name: 'Ed25519' }, key, buffer(checked.sig), buffer(message));
		} catch {
			return false;
		}
	}

	/** The imported key, or null when this WebCrypto has no Ed25519 (then noble answers). */
	private cryptoKey(publicKey: string, raw: Uint8Array): Promise<CryptoKey | null> {
		let key = this.cryptoKeys.get(publicKey);
		if (key === undefined) {
			key = this.subtle!.importKey('raw', buffer(raw), { name: 'Ed25519' }, false, ['verify']).catch(() => null);
			this.cryptoKeys.set(publicKey, key);
		}
		return key;
	}
}
