/**
 * "My games": the games this device takes part in, with what it needs to resume one after a
 * reload (the device seed for that game, from which its key and chains are derived). Kept in a
 * KeyValueStore (memory in node; localStorage or IndexedDB in the browser), the seeds sealed by
 * the device vault where there is one (game-list.ts, vault.ts).
 */
import type { GameOptions, Seat } from '../engine/index.js';
import type { ProtocolRules } from '../protocol/index.js';
import { GameSession, type SessionOptions } from './game-session.js';
import { createGameDoc, readLog } from '../net/doc.js';
import { replayerFor, type SessionReplayer } from './protocol-driver.js';
import { gameIdOf, newSeed, type RandomBytes } from './keys.js';
import type { DocPersistence } from './storage.js';
import { GameList, type GameRecord } from './game-list.js';
import { importCopy, isCopy, openCopy, type ImportedCopy } from './import.js';
import { VaultError } from './vault.js';

export { GameList, type AtRest, type GameRecord } from './game-list.js';

/** What MyGames needs from the app: storage, randomness, a clock. */
export interface MyGamesOptions {
	list: GameList;
	persistence: DocPersistence;
	randomBytes: RandomBytes;
	/** Milliseconds since the epoch (Date.now in the app). */
	now: () => number;
}

type Extras = Pick<SessionOptions, 'transport' | 'board' | 'verifier' | 'clock'>;

/**
 * "My games": create, resume, export, import (a read-only copy), fork, delete. Each game gets its own device seed,
 * kept in the record (sealed where the list has a vault), so a reload resumes with the same key,
 * seats and chains. Resuming unseals the seed in memory for the session.
 */
export class MyGames {
	readonly #o: MyGamesOptions;

	constructor(options: MyGamesOptions) {
		this.#o = options;
	}

	list(): Promise<GameRecord[]> {
		return this.#o.list.list();
	}

	/** A new game; `rules`: the protocol's rule options (countdown, equivocation), by default NEW_GAME_PROTOCOL_RULES. */
	async create(options: GameOptions, seats: readonly Seat[], title: string, extras: Extras & { rules?: ProtocolRules } = {}): Promise<GameSession> {
		const seed = newSeed(this.#o.randomBytes);
		const session = GameSession.create({ ...extras, options, seats, title, seed, randomBytes: this.#o.randomBytes, persistence: this.#o.persistence });
		await this.#record(session, seed);
		return session;
	}

	/**
	 * A game by room code (someone else's): an empty document that the transport fills. `genesis`:
	 * the invitation link's pin (a prefix of the genesis id), so a rival `create` is never taken.
	 * The record keeps the genesis id once it arrives: every later open holds to it.
	 */
	async join(roomCode: string, title: string, extras: Extras & { genesis?: string | null } = {}): Promise<GameSession> {
		const seed = newSeed(this.#o.randomBytes);
		const gameId = gameIdOf(roomCode);
		const session = await GameSession.open({ ...extras, gameId, roomCode, title, seed, randomBytes: this.#o.randomBytes, persistence: this.#o.persistence });
		await this.#record(session, seed, undefined, extras.genesis ?? undefined);
		this.#keepGenesis(session, extras.genesis ?? undefined);
		return session;
	}

	/** Records the genesis id once the session has it (a join's arrives with the transport). */
	#keepGenesis(session: GameSession, known: string | undefined): void {
		const save = (id: string) => void this.#o.list.update(session.gameId, { genesis: id }).catch(() => undefined);
		const now = session.genesisId;
		if (now !== null) {
			if (now !== known) save(now);
			return;
		}
		const stop = session.subscribe((s) => {
			const id = s.genesisId;
			if (id === null) return;
			queueMicrotask(() => stop());
			save(id);
		});
	}

	/**
	 * A stored game after a reload (same key, seats and chains); null if unknown, or an imported
	 * copy (openCopy: a copy must never get the transport a resumed game is given). A VaultError
	 * if its seed cannot be unsealed (GameList.seedOf); the record is kept.
	 */
	async resume(id: string, extras: Extras = {}): Promise<GameSession | null> {
		const record = await this.#o.list.get(id);
		if (record === null || isCopy(record)) return null;
		const seed = await this.#o.list.seedOf(record);
		const session = await GameSession.open({ ...extras, gameId: id, roomCode: record.roomCode, title: record.title, seed, genesis: record.genesis ?? null, randomBytes: this.#o.randomBytes, persistence: this.#o.persistence });
		// Best effort: a full storage must not keep a stored game from opening, or being exported
		// to make room (found by a red-team pass); the record's time and seats wait for the next write.
		await this.#o.list.update(id, { lastPlayed: this.#o.now(), seats: session.mySeats }).catch(() => undefined);
		this.#keepGenesis(session, record.genesis);
		return session;
	}

	/** A stored game's replay, to read only (a fork's parent, to check the fork: fork-provenance.ts):
	 * its stored log replayed with no device, so nothing is signed or stored (a session would post
	 * this device's automatic entries into the parent: a second session beside an open one could
	 * equivocate); its record is not touched. Null if unknown or an imported copy. */
	async peekReplay(id: string): Promise<SessionReplayer | null> {
		const record = await this.#o.list.get(id);
		if (record === null || isCopy(record)) return null;
		const game = createGameDoc(id);
		const persisted = this.#o.persistence.attach(id, game.doc);
		try {
			await persisted.whenSynced;
		} finally {
			await persisted.destroy();
		}
		const log = readLog(game);
		game.doc.destroy();
		const replayer = replayerFor(log, id, undefined, record.genesis ?? null);
		await replayer.prepare(log);
		replayer.sync(log);
		return replayer;
	}

	/** The exported JSON (a version-1 log `fnord replay` accepts); null if unknown. */
	async exportGame(id: string): Promise<string | null> {
		const session = (await this.resume(id)) ?? (await this.openCopy(id));
		if (session === null) return null;
		try {
			return JSON.stringify(session.exportLog(), null, 1);
		} finally {
			session.destroy();
		}
	}

	/**
	 * Imports an exported game as a separate read-only copy (session/import.ts): the game itself,
	 * listed here or live elsewhere, is never touched. Open the copy with openCopy, never resume.
	 */
	async importGame(text: string, extras: Pick<Extras, 'verifier'> = {}): Promise<ImportedCopy> {
		const copy = await importCopy(text, { ...this.#o, verifier: extras.verifier });
		// The record as stored (its seed sealed), not the one importCopy made.
		return { ...copy, record: (await this.#o.list.get(copy.record.id)) ?? copy.record };
	}

	/** An imported copy's session (no transport, no seat); null if `id` is no copy. */
	async openCopy(id: string, extras: Pick<Extras, 'verifier'> = {}): Promise<GameSession | null> {
		const record = await this.#o.list.get(id);
		if (record === null || !isCopy(record)) return null;
		// A copy's seed holds no seat: one that cannot be unsealed is replaced by a fresh one (in memory).
		const seed = await this.#o.list.seedOf(record).catch((error: unknown) => {
			if (error instanceof VaultError) return newSeed(this.#o.randomBytes);
			throw error;
		});
		return openCopy({ ...record, seed }, { ...this.#o, verifier: extras.verifier });
	}

	/** Forks a game (`parent`: its id here, a copy's own id) at an accepted entry into a new game (new room), offline. */
	async fork(session: GameSession, index: number, title = `${session.title} (fork)`, parent = session.gameId): Promise<GameSession> {
		const fork = session.fork(index, { title, persistence: this.#o.persistence });
		await this.#record(fork, fork.seed, parent);
		return fork;
	}

	async remove(id: string): Promise<void> {
		await this.#o.persistence.remove(id);
		await this.#o.list.remove(id);
	}

	async #record(session: GameSession, seed: string, parent?: string, pin?: string): Promise<void> {
		const genesis = session.genesisId ?? pin;
		await this.#o.list.add({ id: session.gameId, roomCode: session.roomCode, title: session.title, seats: session.mySeats, lastPlayed: this.#o.now(), seed, ...(parent ? { parent } : {}), ...(genesis ? { genesis } : {}) });
	}
}
