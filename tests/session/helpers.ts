// Session test helpers: deterministic bytes, options, and a random legal player over sessions.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Chooser, randomEntry } from '../../src/lib/bots/random-player.js';
import { LOG_BASE_RULES, type CardId, type GameOptions, type Seat } from '../../src/lib/engine/index.js';
import type { GameSession } from '../../src/lib/session/index.js';

let counter = 0;
/** Deterministic "random" bytes (tests only). */
/** Deterministic random bytes of their own for one label: a game's randomness then does not depend on the tests run before it. */
export function randomBytesFor(label: string): (n: number) => Uint8Array {
	let count = 0;
	return (n) => {
		const out = new Uint8Array(n);
		for (let i = 0; i < n; i += 32) out.set(sha256(new TextEncoder().encode(`${label}:${count++}`)).subarray(0, Math.min(32, n - i)), i);
		return out;
	};
}

export const randomBytes = (n: number): Uint8Array => {
	const out = new Uint8Array(n);
	for (let i = 0; i < n; i += 32) out.set(sha256(new TextEncoder().encode(`session-test:${counter++}`)).subarray(0, Math.min(32, n - i)), i);
	return out;
};
export const seedOf = (name: string): string => bytesToHex(sha256(new TextEncoder().encode(`seed:${name}`)));
/** The base rules: the seeded games these tests replay were made before the later fixes were on by default. */
export const options = (players: number): GameOptions => ({ players, illuminati: 'random', sandbox: false, rules: LOG_BASE_RULES });

/** A random legal player for the seats one session holds. */
export class Player {
	readonly chooser: Chooser;
	readonly secrets = new Map<Seat, { goal: CardId; salt: string }>();
	constructor(seed: string) {
		this.chooser = new Chooser(seed);
	}

	/** One random move for one of the session's seats, if the engine's pick falls on one; true if acted. */
	move(session: GameSession): boolean {
		const state = session.state;
		if (state === null || state.random !== null) return false;
		const action = randomEntry(state, this.chooser, this.secrets, 'cautious');
		if (action === null || action.type === 'random' || action.type === 'fixed') return false;
		if (!session.mySeats.includes(action.seat)) return false;
		const result = session.act(action.seat, action);
		if (!result.ok) throw new Error(`act refused a legal move: ${result.error.code} ${result.error.message}`);
		return true;
	}
}
