/**
 * Randomness comes from outside: a log entry supplies a seed, and this module turns it into dice
 * and draws. The seed is stretched with SHA-256 in counter mode; dice and picks use rejection
 * sampling on single bytes, so there is no modulo bias and no float anywhere.
 */
import { sha256 } from './hash.js';

const SEED_PATTERN = /^[0-9a-f]{16,128}$/;

export function isValidSeed(seed: unknown): seed is string {
	return typeof seed === 'string' && seed.length % 2 === 0 && SEED_PATTERN.test(seed);
}

function hexToBytes(hex: string): Uint8Array {
	const bytes = new Uint8Array(hex.length / 2);
	for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
	return bytes;
}

/** A deterministic byte source: sha256(seed ‖ counter) blocks, one after another. */
export class ByteStream {
	private readonly seed: Uint8Array;
	private block: Uint8Array = new Uint8Array(0);
	private position = 0;
	private counter = 0;

	constructor(seedHex: string) {
		this.seed = hexToBytes(seedHex);
	}

	nextByte(): number {
		if (this.position >= this.block.length) {
			const input = new Uint8Array(this.seed.length + 4);
			input.set(this.seed);
			new DataView(input.buffer).setUint32(this.seed.length, this.counter++);
			this.block = sha256(input);
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
