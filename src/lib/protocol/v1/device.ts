/**
 * What an honest client does: sign entries that continue its own chain and name the log head,
 * reveal automatically when the game waits for randomness, and renew chains before they run out.
 * Secrets for keys and chains come from the caller (crypto.getRandomValues in the app).
 */
import type { Identity } from '../crypto.js';
import { signEntry, type Bodies, type EntryKind } from '../entry.js';
import { HashChain } from '../randomness.js';
import type { ProtocolReplayer } from './replayer.js';

/** One device in one game: a key, and the hash chain of each seat it holds there. */
export class Device {
	readonly identity: Identity;
	readonly chains = new Map<number, HashChain>();

	constructor(identity: Identity) {
		this.identity = identity;
	}

	get key(): string {
		return this.identity.publicKey;
	}

	/** A signed entry continuing this device's chain of entries in the replayer's game. */
	entry<K extends EntryKind>(replay: ProtocolReplayer, kind: K, body: Bodies[K]): string {
		return signEntry(this.identity, { v: 1, game: replay.gameId, kind, body, prev: replay.head, last: replay.lastOf(this.key) });
	}

	/** A join claiming `seat` with a new chain (`secret`: 32 random bytes). */
	join(replay: ProtocolReplayer, seat: number, secret: Uint8Array, length?: number): string {
		const chain = new HashChain(secret, length);
		this.chains.set(seat, chain);
		return this.entry(replay, 'join', { seat, chain: chain.commit });
	}

	/** The reveals this device owes now, signed. Post them and append them in order. */
	dueReveals(replay: ProtocolReplayer): { seat: number; event: number; value: string }[] {
		return replay.pendingReveals(this.key).flatMap((due) => {
			const chain = this.chains.get(due.seat);
			return chain === undefined || due.link > chain.length ? [] : [{ seat: due.seat, event: due.event, value: chain.reveal(due.link) }];
		});
	}

	/** The next automatic entry (a reveal, else a renewal), or null. `secret` seeds a renewed chain. */
	nextAutomatic(replay: ProtocolReplayer, secret: () => Uint8Array, length?: number): string | null {
		const reveal = this.dueReveals(replay)[0];
		if (reveal !== undefined) return this.entry(replay, 'reveal', reveal);
		const seat = replay.renewals(this.key)[0];
		if (seat === undefined) return null;
		const chain = new HashChain(secret(), length);
		this.chains.set(seat, chain);
		return this.entry(replay, 'commit', { seat, chain: chain.commit });
	}
}
