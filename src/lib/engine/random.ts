/**
 * Randomness comes from outside: a log entry supplies a seed, and this module turns it into dice
 * and draws. The seed is stretched with SHA-256 in counter mode; dice and picks use rejection
 * sampling on single bytes, so there is no modulo bias and no float anywhere.
 */
import { sha256Padded, sha256Padding } from './hash.js';

const SEED_PATTERN = /^[0-9a-f]{16,128}$/;

export function isValidSeed(seed: unknown): seed is string {
	return typeof seed === 'string' && seed.length % 2 === 0 && SEED_PATTERN.test(seed);
}

function hexToBytes(hex: string): Uint8Array {
	const bytes = new Uint8Array(hex.length / 2);
	for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
	return bytes;
}

/** A deterministic byte source: sha256(seed ‖ counter) blocks, one after another (the counter a
 * big-endian 32-bit word). One padded input and one block buffer, rewritten for each block. */
export class ByteStream {
	/** seed ‖ counter, padded for SHA-256; the counter's four bytes are at `at`. */
	private readonly input: Uint8Array;
	private readonly at: number;
	private readonly block = new Uint8Array(32);
	private position = 32;
	private counter = 0;

	constructor(seedHex: string) {
		const seed = hexToBytes(seedHex);
		this.input = sha256Padding(seed, 4);
		this.at = seed.length;
	}

	nextByte(): number {
		if (this.position >= 32) {
			const input = this.input;
			const at = this.at;
			const counter = this.counter++;
			input[at] = counter >>> 24;
			input[at + 1] = counter >>> 16;
			input[at + 2] = counter >>> 8;
			input[at + 3] = counter;
			sha256Padded(input, this.block);
			this.position = 0;
		}
		return this.block[this.position++]!;
	}

	/** Uniform integer in [0, n) for 1 <= n <= 256. */
	below(n: number): number {
		if (n < 1 || n > 256) throw new RangeError(`below(${n})`);
		const limit = 256 - (256 % n);
		for (;;) {
			const byte = this.nextByte();
			if (byte < limit) return byte % n;
		}
	}

	die(): number {
		return this.below(6) + 1;
	}

	twoDice(): readonly [number, number] {
		return [this.die(), this.die()];
	}
}
