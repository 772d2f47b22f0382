/**
 * A device's secrets in one game, all derived from one stored seed (32 random bytes, hex), so a
 * reload resumes with the same key and can rebuild every hash chain it committed to:
 * the Ed25519 identity from (seed, game), the k-th chain secret from (seed, game, k).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { readRoomCode } from '../net/room.js';
import { bytesToBase64url, generateIdentity, HashChain, type ChainCommit, type Identity, type ProtocolReplayer } from '../protocol/index.js';

export type RandomBytes = (n: number) => Uint8Array;

const SEED = /^[0-9a-f]{64}$/;

export function newSeed(randomBytes: RandomBytes): string {
	const bytes = randomBytes(32);
	if (bytes.length !== 32) throw new Error('newSeed: 32 random bytes needed');
	return bytesToHex(bytes);
}

function derive(seed: string, ...parts: (string | number)[]): Uint8Array {
	if (!SEED.test(seed)) throw new Error('a device seed is 64 hex digits');
	return sha256(utf8ToBytes(['fnord-session-v1', seed, ...parts].join('\u0000')));
}

export function gameIdentity(seed: string, gameId: string): Identity {
	return generateIdentity(derive(seed, 'key', gameId));
}

/** A seat's box secret in a version-2 game: its key-generation shares are sealed to it. */
export function boxSecret(seed: string, gameId: string, seat: number): Uint8Array {
	return derive(seed, 'box', gameId, seat);
}

export function chainSecret(seed: string, gameId: string, k: number): Uint8Array {
	return derive(seed, 'chain', gameId, k);
}

/**
 * The protocol game id of a room: 16 bytes hashed, in base64url (22 characters). For a version-2
 * code only its public part is hashed, so the id (in every entry, in exported files) says nothing
 * about the room's secret; a version-1 code (no secret) is hashed whole, as before, so games stored
 * under it keep their id.
 */
export function gameIdOf(roomCode: string): string {
	const reading = readRoomCode(roomCode);
	const input = reading.ok && reading.version === 2 ? `fnord-game-v2\u0000${reading.publicPart}` : `fnord-game-v1\u0000${roomCode}`;
	return bytesToBase64url(sha256(utf8ToBytes(input)).subarray(0, 16));
}

/**
 * The hash chains of one key in one game. The k-th chain secret derives from (seed, game, k); k
 * counts every chain this key committed to (joins and renewals in the log), so none repeats and
 * a reload can rebuild any of them.
 */
export class ChainKeeper {
	readonly #seed: string;
	readonly #gameId: string;
	readonly #byTip = new Map<string, HashChain>();
	#count: number;

	constructor(seed: string, gameId: string, count: number) {
		this.#seed = seed;
		this.#gameId = gameId;
		this.#count = count;
	}

	/** The next unused chain secret. */
	nextSecret(): Uint8Array {
		return chainSecret(this.#seed, this.#gameId, this.#count++);
	}

	remember(chain: HashChain | undefined): void {
		if (chain) this.#byTip.set(chain.commit.tip, chain);
	}

	/** The chain behind `commit`, rebuilt from the seed if this session did not make it; null if not ours. */
	find(commit: ChainCommit): HashChain | null {
		let chain = this.#byTip.get(commit.tip);
		for (let k = 0; chain === undefined && k < this.#count; k++) {
			const candidate = new HashChain(chainSecret(this.#seed, this.#gameId, k), commit.length);
			this.remember(candidate);
			if (candidate.commit.tip === commit.tip) chain = candidate;
		}
		return chain ?? null;
	}
}

/** The chain commitment the replay accepted last for `seat` (its join or latest renewal), or null. */
export function acceptedChain(replayer: ProtocolReplayer, seat: number): ChainCommit | null {
	const accepted = replayer.accepted;
	for (let i = accepted.length - 1; i >= 0; i--) {
		const entry = accepted[i]!;
		if (entry.kind !== 'join' && entry.kind !== 'commit') continue;
		const body = (JSON.parse(entry.text) as { body: { seat: number; chain: ChainCommit } }).body;
		if (body.seat === seat) return body.chain;
	}
	return null;
}
