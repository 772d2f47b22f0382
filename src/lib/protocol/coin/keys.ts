/**
 * Box keys: the per-game key pair (b, B = G·b) to which dealers encrypt DKG shares
 * (hashed ElGamal-style pads, see dkg.ts). Each seat publishes B in its signed join/DKG entry and
 * keeps b on its device until the DKG is over.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToNumberLE } from '@noble/curves/utils.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodePoint, Fn, G } from './group.js';

export interface BoxKeyPair {
	/** b in [1, ℓ): stays on the device. */
	readonly secret: bigint;
	/** B = G·b as a canonical point (43 characters): published. */
	readonly publicKey: string;
}

/** A box key pair from 32 secret bytes: b = SHA-512("fnord-v2:box-key" ‖ bytes) mod ℓ, B = G·b. */
export function boxKeyPair(secret32: Uint8Array): BoxKeyPair {
	if (!(secret32 instanceof Uint8Array) || secret32.length !== 32) throw new RangeError('a box key comes from 32 secret bytes');
	const secret = Fn.create(bytesToNumberLE(sha512(concatBytes(utf8ToBytes('fnord-v2:box-key'), secret32))));
	if (secret === 0n) throw new RangeError('these bytes give the zero scalar; draw others');
	return { secret, publicKey: encodePoint(G.multiply(secret)) };
}
