/**
 * The heavy half of the app adapter, loaded with a dynamic import() once a page needs a game:
 * the session layer (yjs, @noble), y-webrtc and IndexedDB. It builds sessions through MyGames,
 * links each one to the network (GameLink in game-link.ts: presence, hash board, a WebRTC transport made on the
 * first "go online"; never for an imported copy, which is read-only), and does the "My games" file
 * work (export, import as a read-only copy, fork, delete).
 */
import { watchFork } from './fork-provenance.js';
import type { GameOptions, Seat } from '../engine/types.js';
import { refuse, type Result } from '../engine/result.js';
import { requestPersistentStorage } from '../net/persistence.js';
import type { NetSettings } from '../net/settings.js';
import { Verifier, type ProtocolRules } from '../protocol/index.js';
import { workerOffload } from './verify-offload.js';
import { browserVault, DeferredHashBoard, gameIdOf, GameList, ImportError, MyGames, indexedDbPersistence, systemClock, type DocPersistence, type GameRecord, type GameSession, type RandomBytes, type SeedVault, type StallClock } from './index.js';
import { gameTransport } from './game-transport.js';
import { checkImportText, exportFileName, type ImportProblem } from './files.js';
import { flushBeforeDestroy } from './flush.js';
import { StorageKeyValueStore } from './local-store.js';
import type { BotSeat } from './bots/driver.js';
import { GameLink, type TransportMaker } from './game-link.js';

export { creatorKey, GameLink, webrtcTransport, type TransportMaker } from './game-link.js';

/** An import: `id` is the read-only copy's (see ImportedCopy for the rest). */
export type ImportResult = Result<{ id: string; gameId: string; existed: boolean; known: boolean; refused: number; setups: number }, ImportProblem | 'noGame'>;

export interface RuntimeOptions {
	storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
	persistence: DocPersistence;
	randomBytes: RandomBytes;
	now: () => number;
	net: () => NetSettings;
	makeTransport?: TransportMaker;
	verifier?: Verifier;
	/** Times the countdowns before automatic absence votes (none: no automatic vote). */
	clock?: StallClock;
	/** Seals the games' seeds at rest (session/vault.ts); none: stored plain. */
	vault?: SeedVault | null;
}

export class Runtime {
	readonly list: GameList;
	readonly games: MyGames;
	readonly #o: RuntimeOptions;

	constructor(options: RuntimeOptions) {
		this.#o = options;
		this.list = new GameList(new StorageKeyValueStore(options.storage), options.vault ?? null);
		this.games = new MyGames({ list: this.list, persistence: flushBeforeDestroy(options.persistence), randomBytes: options.randomBytes, now: options.now });
	}

	gameIdOf(roomCode: string): string {
		return gameIdOf(roomCode);
	}

	#link(session: GameSession, board: DeferredHashBoard, followHostTitle = false, bots: readonly BotSeat[] = []): GameLink {
		const link = new GameLink(session, board, this.#o.makeTransport ?? gameTransport, this.#o.net, null, followHostTitle, bots, this.#o.clock);
		// A fork is checked against its parent when this device holds it (fork-provenance.ts).
		link.own(watchFork(session, (id) => (id === session.gameId ? Promise.resolve(null) : this.games.peekReplay(id)), (provenance) => link.setForkProvenance(provenance)));
		return link;
	}

	/** `bots`: seats this device's computer players play (a game against the computer). */
	async create(options: GameOptions, seats: readonly Seat[], title: string, rules?: ProtocolRules, bots: readonly BotSeat[] = []): Promise<GameLink> {
		const board = new DeferredHashBoard();
		const session = await this.games.create(options, seats, title, { board, verifier: this.#o.verifier, clock: this.#o.clock, rules });
		if (bots.length > 0) await this.list.update(session.gameId, { bots: bots.map(({ seat, level }) => ({ seat, level })) });
		return this.#link(session, board, false, bots);
	}

	/** `genesis`: the invitation link's pin, if it had one. */
	async join(roomCode: string, title: string, genesis: string | null = null): Promise<GameLink> {
		const board = new DeferredHashBoard();
		const session = await this.games.join(roomCode, title, { board, verifier: this.#o.verifier, clock: this.#o.clock, genesis });
		// Its title is a stand-in ("Game 7KQ2-MXH9") until the creator's arrives (adoptTitle).
		await this.list.update(session.gameId, { titleFromHost: true });
		return this.#link(session, board, true);
	}

	/**
	 * The creator's title for a joined game (GameLink.title once it changed): stored in its record,
	 * shown in My games. Only a record that follows its host's title changes; true if it did.
	 */
	async adoptTitle(gameId: string, title: string): Promise<boolean> {
		const record = await this.list.get(gameId);
		if (record === null || record.titleFromHost !== true || record.title === title) return false;
		await this.list.update(gameId, { title });
		return true;
	}

	/** A stored game; an imported copy opens read-only (no transport, ever). */
	async resume(gameId: string): Promise<GameLink | null> {
		const board = new DeferredHashBoard();
		const record = await this.list.get(gameId);
		const following = record?.titleFromHost === true;
		const session = await this.games.resume(gameId, { board, verifier: this.#o.verifier, clock: this.#o.clock });
		if (session !== null) return this.#link(session, board, following, record?.bots ?? []);
		const copy = await this.games.openCopy(gameId, { verifier: this.#o.verifier });
		return copy === null ? null : new GameLink(copy, board, this.#o.makeTransport ?? gameTransport, this.#o.net, { id: gameId });
	}

	/** A stored game's session, a copy's included (for export and fork). */
	async #session(gameId: string): Promise<GameSession | null> {
		return (await this.games.resume(gameId, { verifier: this.#o.verifier })) ?? (await this.games.openCopy(gameId, { verifier: this.#o.verifier }));
	}

	/** Records the seats a game's session holds now (after a claim). */
	async saveSeats(session: GameSession): Promise<void> {
		await this.list.update(session.gameId, { seats: session.mySeats, lastPlayed: this.#o.now() });
	}

	/** A stored game as an export file (the documented log format); `live`: its open session, if any. */
	async exportFile(gameId: string, live: GameSession | null = null): Promise<{ name: string; text: string } | null> {
		const record = await this.list.get(gameId);
		if (record === null) return null;
		const text = live !== null ? JSON.stringify(live.exportLog(), null, 1) : await this.games.exportGame(gameId);
		return text === null ? null : { name: exportFileName(record.title, gameId), text };
	}

	/**
	 * Imports an exported file as a read-only copy (session/import.ts). A broken file is refused
	 * before anything is stored; no game on this device, the file's own included, is changed.
	 */
	async importFile(text: string, size: number): Promise<ImportResult> {
		const check = checkImportText(text, size);
		if (!check.ok) return check;
		try {
			const copy = await this.games.importGame(text, { verifier: this.#o.verifier });
			return { ok: true, id: copy.record.id, gameId: check.gameId, existed: copy.existed, known: copy.known, refused: copy.refused, setups: copy.setups };
		} catch (error) {
			const detail = error instanceof Error ? error.message : String(error);
			if (error instanceof ImportError) return refuse(error.code, error.code === 'noGame' ? check.gameId : detail);
			return refuse('notPlayable', detail);
		}
	}

	/**
	 * Forks a stored game (or copy) after its accepted entry `index` (by default its last); the new
	 * game's id, or null if there is nothing to fork there. `live`: its open session, if any.
	 */
	async fork(gameId: string, title: string, live: GameSession | null = null, index?: number): Promise<string | null> {
		const session = live ?? (await this.#session(gameId));
		if (session === null) return null;
		try {
			const at = index ?? session.accepted - 1;
			if (!Number.isInteger(at) || at < 0 || at >= session.accepted) return null;
			const fork = await this.games.fork(session, at, title, gameId);
			fork.destroy();
			return fork.gameId;
		} finally {
			if (session !== live) session.destroy();
		}
	}

	async remove(gameId: string): Promise<void> {
		await this.games.remove(gameId);
	}

	/**
	 * Forgets a game nothing ever arrived for (a room code no game answered): its record and its
	 * empty document go, so My games keeps no phantom. `empty`: whether the open session's log is
	 * empty, as read before it was closed (null: the stored document is read). True if forgotten;
	 * a game with any entry, or an imported copy, is kept.
	 */
	async forgetIfEmpty(gameId: string, empty: boolean | null = null): Promise<boolean> {
		const record = await this.list.get(gameId);
		if (record === null || record.copyOf !== undefined) return false;
		let nothing = empty;
		if (nothing === null) {
			const session = await this.games.resume(gameId);
			nothing = session !== null && session.game.log.length === 0;
			session?.destroy();
		}
		if (!nothing) return false;
		await this.games.remove(gameId);
		return true;
	}

	listGames(): Promise<GameRecord[]> {
		return this.games.list();
	}
}

/** The browser's runtime: localStorage for the list, IndexedDB for logs, WebCrypto for signatures. */
export function browserRuntime(net: () => NetSettings): Runtime {
	void requestPersistentStorage();
	return new Runtime({
		storage: localStorage,
		persistence: indexedDbPersistence,
		randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
		now: () => Date.now(),
		clock: systemClock,
		vault: browserVault(),
		net,
		// Catch-up batches are checked in a Web Worker where there is one.
		verifier: new Verifier(globalThis.crypto?.subtle ?? null, { offload: workerOffload() ?? undefined })
	});
}
