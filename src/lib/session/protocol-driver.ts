/**
 * The protocol version a session plays. New games are version 2 (an order no peer can rewrite,
 * threshold-coin randomness: docs/protocol.md). Version-1 games, saved or exported before it,
 * still open to watch, step through and fork (a fork continues as version 2), but take no new
 * entries: their order was the Yjs array's, which any peer could rewrite.
 */
import { GameReplayer, PlayerDevice, ProtocolReplayer, parseEntry, type Bodies, type EntryKind, type Identity, type Verifier } from '../protocol/index.js';
import type { Seat } from '../engine/index.js';
import type { Knowledge } from '../engine/knowledge.js';
import { boxSecret, type RandomBytes } from './keys.js';
// Registers the stand-in bot, so every replayer made here can judge stand-ins (absence 'bot').
import './stand-in.js';

export type SessionReplayer = ProtocolReplayer | GameReplayer;

export interface ProtocolDriver {
	readonly version: 1 | 2;
	readonly replayer: SessionReplayer;
	readonly identity: Identity;
	/** Version 1: nothing new is signed (watch, step through, fork). */
	readonly readOnly: boolean;
	/** Replays what changed: `added` entries (version 2), or the whole log (version 1). */
	ingest(added: readonly unknown[], log: () => readonly string[]): void;
	/** A signed entry of this device continuing its chain (version 2 only). */
	entry<K extends EntryKind>(kind: K, body: Bodies[K]): string;
	join(seat: Seat): string;
	/** The next automatic entry (key generation, coin share, secret-deck shuffle, seal or draw, acknowledgement), or null. */
	nextAutomatic(): string | null;
	/** Secret deck: what this device knows of seat `seat`'s hidden cards, recomputed from the log and its keys. */
	knowledge(seat: Seat): Knowledge;
	/** Secret deck: the entry showing seat `seat`'s hidden card at `position` to all with proofs, or null. */
	showEntry(seat: Seat, position: number): string | null;
}

/**
 * The version of a stored log: 1 only when it holds a version-1 `create` or `fork` of this game
 * and no version-2 one, else 2 (new games too). Any peer can put a well-formed entry anywhere in
 * the shared array (its signature is checked later, and anyone can sign with a fresh key), so a
 * version-1 genesis placed first must not turn a version-2 game read-only after a reload: the
 * game's own version-2 genesis is in the log for good (found by a red-team pass). A pinned
 * genesis (`genesis`: its id, known only for version-2 games) settles it at once.
 */
export function logVersion(log: readonly unknown[], gameId?: string, genesis?: string | null): 1 | 2 {
	if (genesis) return 2;
	let v1 = false;
	for (const raw of log) {
		// Cheap first: entries are canonical JSON text; only a genesis kind is parsed.
		if (typeof raw === 'string' && !raw.includes('"kind":"create"') && !raw.includes('"kind":"fork"')) continue;
		const parsed = parseEntry(raw);
		if (!parsed.ok || (parsed.entry.kind !== 'create' && parsed.entry.kind !== 'fork')) continue;
		if (gameId !== undefined && parsed.entry.game !== gameId) continue;
		if (parsed.entry.v !== 1) return 2;
		v1 = true;
	}
	return v1 ? 1 : 2;
}

class ReadOnlyV1 implements ProtocolDriver {
	readonly version = 1;
	readonly readOnly = true;
	readonly replayer: ProtocolReplayer;
	readonly identity: Identity;
	constructor(replayer: ProtocolReplayer, identity: Identity) {
		this.replayer = replayer;
		this.identity = identity;
	}
	ingest(_added: readonly unknown[], log: () => readonly string[]): void {
		this.replayer.sync(log());
	}
	entry(): string {
		throw new Error('a version-1 game takes no new entries');
	}
	join(): string {
		return this.entry();
	}
	nextAutomatic(): string | null {
		return null;
	}
	knowledge(): Knowledge {
		return {};
	}
	showEntry(): string | null {
		return null;
	}
}

class PlayerV2 implements ProtocolDriver {
	readonly version = 2;
	readonly readOnly = false;
	readonly replayer: GameReplayer;
	readonly #device: PlayerDevice;
	constructor(replayer: GameReplayer, device: PlayerDevice) {
		this.replayer = replayer;
		this.#device = device;
	}
	get identity(): Identity {
		return this.#device.identity;
	}
	ingest(added: readonly unknown[]): void {
		this.replayer.add(added);
	}
	entry<K extends EntryKind>(kind: K, body: Bodies[K]): string {
		return this.#device.entry(this.replayer, kind, body);
	}
	join(seat: Seat): string {
		return this.#device.join(this.replayer, seat);
	}
	nextAutomatic(): string | null {
		return this.#device.nextAutomatic(this.replayer);
	}
	knowledge(seat: Seat): Knowledge {
		return this.#device.knowledge(this.replayer, seat);
	}
	showEntry(seat: Seat, position: number): string | null {
		return this.#device.showEntry(this.replayer, seat, position);
	}
}

export interface DriverOptions {
	readonly gameId: string;
	readonly seed: string;
	readonly identity: Identity;
	readonly randomBytes: RandomBytes;
	readonly verifier?: Verifier;
	/** A replayer whose signatures were checked ahead (`GameSession.open`). */
	readonly replayer?: SessionReplayer;
	/** The genesis this device holds to (version 2): its record's, or an invitation's prefix. */
	readonly genesis?: string | null;
}

/** The driver for a log (its version decides). */
export function driverFor(log: readonly unknown[], options: DriverOptions): ProtocolDriver {
	const version = options.replayer ? (options.replayer instanceof GameReplayer ? 2 : 1) : logVersion(log, options.gameId, options.genesis);
	if (version === 1) {
		const replayer = (options.replayer as ProtocolReplayer | undefined) ?? new ProtocolReplayer(options.gameId, { verifier: options.verifier });
		return new ReadOnlyV1(replayer, options.identity);
	}
	const replayer = (options.replayer as GameReplayer | undefined) ?? new GameReplayer(options.gameId, { verifier: options.verifier, genesis: options.genesis });
	const device = new PlayerDevice(options.identity, { box: (seat) => boxSecret(options.seed, options.gameId, seat), random: options.randomBytes });
	return new PlayerV2(replayer, device);
}

/** A replayer for a stored log whose signatures `open` checks ahead. */
export function replayerFor(log: readonly unknown[], gameId: string, verifier?: Verifier, genesis?: string | null): SessionReplayer {
	return logVersion(log, gameId, genesis) === 1 ? new ProtocolReplayer(gameId, { verifier }) : new GameReplayer(gameId, { verifier, genesis });
}

