/**
 * Fair randomness from hash chains. A seat commits to tip = H^L(secret) when it joins. Its k-th
 * reveal (k = 1..L) is H^(L-k)(secret): hashing it once gives the previous revealed value (the tip
 * at first), so everyone checks it, and nobody can compute it before it is revealed. A random
 * event's seed is H(game id, event number, the reveals of every seat that must reveal, in seat
 * order): fixed at commit time, so the last revealer can only stall, never steer.
 * Chain values are 32 bytes in base64url; the seed is hex, as the engine's { type: 'random' } takes it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../engine/index.js';
import { base64urlToBytes, bytesToBase64url } from './base64url.js';
import type { ChainCommit } from './entry.js';

/** Links a new chain gets by default. */
export const DEFAULT_CHAIN_LENGTH = 256;
/** Clients renew (a 'commit' entry) when fewer links than this are left. */
export const RENEW_BELOW = 8;

/** One hash step on a chain value (32 bytes in base64url). */
export function hashLink(value: string): string {
	const bytes = base64urlToBytes(value, 32);
	if (bytes === null) throw new RangeError('a chain value is 32 bytes in canonical base64url');
	return bytesToBase64url(sha256(bytes));
}

/** A seat's secret chain, kept on its device. */
export class HashChain {
	readonly length: number;
	/** links[i] = H^i(secret); links[length] is the tip. */
	private readonly links: string[];

	/** `secret`: 32 random bytes from the caller. */
	constructor(secret: Uint8Array, length = DEFAULT_CHAIN_LENGTH) {
		if (secret.length !== 32) throw new RangeError('a chain secret is 32 bytes');
		if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('a chain has at least one link');
		this.length = length;
		let link = Uint8Array.from(secret);
		this.links = [bytesToBase64url(link)];
		for (let i = 1; i <= length; i++) {
			link = sha256(link);
			this.links.push(bytesToBase64url(link));
		}
	}

	get commit(): ChainCommit {
		return { tip: this.links[this.length]!, length: this.length };
	}

	/** The k-th reveal (1-based): H^(length-k)(secret). */
	reveal(k: number): string {
		if (!Number.isSafeInteger(k) || k < 1 || k > this.length) throw new RangeError(`reveal ${k} of a ${this.length}-link chain`);
		return this.links[this.length - k]!;
	}
}

/** The seed for random event `event`: 64 hex digits, what the engine's { type: 'random' } takes. */
export function deriveSeed(game: string, event: number, reveals: readonly (readonly [seat: number, value: string])[]): string {
	return bytesToHex(sha256(utf8ToBytes(canonicalJson(['fnord-seed', game, event, reveals]))));
}
