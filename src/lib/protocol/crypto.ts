/**
 * Ed25519 identities. Signing is pure JS (@noble/curves, deterministic, so a signature is the same
 * on every device). Verification uses WebCrypto when the caller passes `crypto.subtle` (fast,
 * async) and @noble otherwise (plain-http LAN origins have no `crypto.subtle`). Both paths give
 * the same verdict on every input: encodings that verifiers are known to treat differently
 * (non-canonical points, S >= L, small-order or mixed-order keys) are refused before either runs.
 * Keys and signatures are spelled in canonical base64url (base64url.ts); any other spelling is refused.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
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

/** A canonical encoding of a point in the prime-order subgroup (and not the identity). */
function goodKey(bytes: Uint8Array): boolean {
	try {
		const point = ed25519.Point.fromBytes(bytes, false);
		return bytesToHex(point.toBytes()) === bytesToHex(bytes) && !point.is0() && point.isTorsionFree();
	} catch {
		return false;
	}
}

/** R must be a canonical point encoding and S below L (RFC 8032 strict). */
function goodSignature(sig: Uint8Array): boolean {
	let s = 0n;
	for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i]!);
	if (s >= L) return false;
	try {
		const r = sig.subarray(0, 32);
		return bytesToHex(ed25519.Point.fromBytes(r, false).toBytes()) === bytesToHex(r);
	} catch {
		return false;
	}
}

/** An ArrayBuffer-backed copy (WebCrypto's BufferSource). */
function buffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
	const out = new Uint8Array(new ArrayBuffer(bytes.length));
	out.set(bytes);
	return out;
}

export class Verifier {
	private readonly subtle: SubtleCrypto | null;
	private readonly keyChecks = new Map<string, boolean>();
	private readonly cryptoKeys = new Map<string, Promise<CryptoKey | null>>();

	/** `subtle`: globalThis.crypto?.subtle from the caller, or nothing for the pure-JS path. */
	constructor(subtle?: SubtleCrypto | null) {
		this.subtle = subtle ?? null;
	}

	get usesWebCrypto(): boolean {
		return this.subtle !== null;
	}

	/** Checks shared by both paths (canonical base64url, then canonical points and S < L); null when they fail. */
	private precheck(publicKey: string, signature: string): { key: Uint8Array; sig: Uint8Array } | null {
		const key = base64urlToBytes(publicKey, 32);
		const sig = base64urlToBytes(signature, 64);
		if (key === null || sig === null) return null;
		let keyOk = this.keyChecks.get(publicKey);
		if (keyOk === undefined) {
			keyOk = goodKey(key);
			this.keyChecks.set(publicKey, keyOk);
		}
		return keyOk && goodSignature(sig) ? { key, sig } : null;
	}

	/** Pure-JS verification (synchronous). */
	verifySync(publicKey: string, signature: string, message: Uint8Array): boolean {
		const checked = this.precheck(publicKey, signature);
		if (checked === null) return false;
		try {
			return ed25519.verify(checked.sig, message, checked.key, { zip215: false });
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
