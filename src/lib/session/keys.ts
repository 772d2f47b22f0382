/**
 * A device's secrets in one game, all derived from one stored seed (32 random bytes, hex), so a
 * reload resumes with the same key and can rebuild every hash chain it committed to:
 * the Ed25519 identity from (seed, game), the k-th chain secret from (seed, game, k).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { generateIdentity, type Identity } from '../protocol/index.js';

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

export function chainSecret(seed: string, gameId: string, k: number): Uint8Array {
	return derive(seed, 'chain', gameId, k);
}

/** The protocol game id of a room: 32 hex digits from the room code. */
export function gameIdOf(roomCode: string): string {
	return bytesToHex(sha256(utf8ToBytes(`fnord-game-v1\u0000${roomCode}`))).slice(0, 32);
}
