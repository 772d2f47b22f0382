/**
 * The heavy half of the app adapter, loaded with a dynamic import() once a page needs a game:
 * the session layer (yjs, @noble), y-webrtc and IndexedDB. It builds sessions through MyGames,
 * links each one to the network (GameLink: presence, hash board, a WebRTC transport made on the
 * first "go online"; never for an imported copy, which is read-only), and does the "My games" file
 * work (export, import as a read-only copy, fork, delete).
 */
import { watchFork, type ForkProvenance } from './fork-provenance.js';
import { Awareness } from 'y-protocols/awareness';
import type { GameOptions, Seat } from '../engine/types.js';
import { refuse, type Result } from '../engine/result.js';
import { requestPersistentStorage } from '../net/persistence.js';
import { listPresence, presentKeys, setPresence, type MoreTimeNote, type PresentPeer } from '../net/presence.js';
import { CLAIM_REFRESH_MS, type ClaimCheck, type ClaimSigner } from '../net/presence-claim.js';
import type { NetSettings } from '../net/settings.js';
import type { Transport } from '../net/transport.js';
import { WebrtcTransport } from '../net/webrtc.js';
import { GameReplayer, Verifier, type ProtocolRules } from '../protocol/index.js';
import { workerOffload } from './verify-offload.js';
import { browserVault, DeferredHashBoard, gameIdOf, GameList, ImportError, MyGames, indexedDbPersistence, systemClock, type DocPersistence, type GameRecord, type GameSession, type HashReport, type RandomBytes, type SeedVault, type StallClock } from './index.js';
import { gameTransport } from './game-transport.js';
import { checkImportText, exportFileName, type ImportProblem } from './files.js';
import { flushBeforeDestroy } from './flush.js';
import { StorageKeyValueStore } from './local-store.js';
import { BotDriver, type BotSeat } from './bots/driver.js';
import { appThinker } from './bots/app-thinker.js';
import { SeatedBots } from './bots/seated.js';

/**
 * Builds a transport for a game's room (the browser: gameTransport, a relay mesh for links made
 * by hand plus y-webrtc when settings list a signaling server; tests: a fake).
 */
export type TransportMaker = (session: GameSession, awareness: Awareness, net: NetSettings) => Transport;

export const webrtcTransport: TransportMaker = (session, awareness, net) =>
	new WebrtcTransport({ doc: session.game.doc, code: session.roomCode, settings: net, awareness });

/** The key that created the game (its genesis entry's author), once the genesis is here. */
export function creatorKey(session: GameSession): string | null {
	const replayer = session.replayer;
	return replayer instanceof GameReplayer ? (replayer.dag.genesis?.entry.author ?? null) : null;
}

/** At least this long between two entries of this device's bots, so players can follow them (ms). */
const BOT_PACE_MS = 250;

/**
 * One open game and its network: presence and the hash board over one awareness of the game's
 * document (y-webrtc needs the awareness of that doc), and a transport made on the first goOnline.
 * A read-only link (an imported copy) never makes a transport: goOnline does nothing.
 *
 * The title: the protocol carries none, so each device publishes its own with its presence, and
 * a joined game (`followHostTitle`) shows the one its creator publishes, as a display name only
 * (presence is unauthenticated: cleaned and cut by cleanTitle, never trusted for anything else).
 *
 * This device's seat claim in presence is signed by its key and signed again every
 * CLAIM_REFRESH_MS (net/presence-claim.ts); the others' count only when their signature holds,
 * and only those decide anything (who drives a seated bot, whose title a joiner shows).
 */
export class GameLink {
	/** The game's id in My games (an imported copy's own id, not its game's). */
	readonly id: string;
	readonly readOnly: boolean;
	readonly session: GameSession;
	readonly awareness: Awareness;
	readonly board: DeferredHashBoard;
	#transport: Transport | null = null;
	readonly #makeTransport: TransportMaker;
	readonly #net: () => NetSettings;
	readonly #listeners = new Set<() => void>();
	readonly #off: (() => void)[] = [];
	#name = '';
	#title: string;
	readonly #followHostTitle: boolean;
	/** This device's presence (and hash report) as it was when the transport went offline. */
	#offlineState: Record<string, unknown> | null = null;
	/** This device's computer players at this table (none for an imported copy). */
	readonly bots: BotDriver | null;
	/** Computer players seated in this game's seats (any device's; this device drives some). */
	readonly seated: SeatedBots | null;
	readonly #clock: StallClock;
	readonly #signer: ClaimSigner;
	#refresh: unknown = null;
	/** setName was called: this device publishes its presence (and signs its claim again on each refresh). */
	#published = false;

	constructor(session: GameSession, board: DeferredHashBoard, makeTransport: TransportMaker, net: () => NetSettings, copy: { id: string } | null = null, followHostTitle = false, bots: readonly BotSeat[] = [], clock?: StallClock) {
		this.id = copy?.id ?? session.gameId;
		this.#title = session.title;
		this.#followHostTitle = followHostTitle && copy === null;
		this.readOnly = copy !== null;
		this.session = session;
		this.board = board;
		this.#makeTransport = makeTransport;
		this.#net = net;
		this.#clock = clock ?? systemClock;
		this.#signer = { game: session.gameId, identity: session.identity, now: () => this.#clock.now() };
		this.awareness = new Awareness(session.game.doc);
		board.attach(this.awareness);
		const onAwareness = () => {
			// Who is present decides who drives a seated bot (seated.ts).
			this.seated?.update();
			this.#adoptHostTitle();
			this.#notify();
		};
		this.awareness.on('change', onAwareness);
		this.#off.push(() => this.awareness.off('change', onAwareness));
		// The creator is known once the genesis arrives, which may be after the creator's presence.
		if (this.#followHostTitle) this.#off.push(session.subscribe(() => this.#adoptHostTitle()));
		const thinker = appThinker();
		this.bots = copy === null ? new BotDriver(session, bots, { thinker, seed: session.gameId, key: session.gameId, paceMs: BOT_PACE_MS }) : null;
		const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
		this.seated = copy === null ? new SeatedBots(session, { thinker, random, present: () => this.#presentKeys(), paceMs: BOT_PACE_MS, clock }) : null;
		if (this.seated) this.#off.push(this.seated.subscribe(() => this.#notify()));
		if (copy === null) this.#scheduleRefresh();
	}

	/** A fork's check against its parent on this device (fork-provenance.ts); null if none yet. */
	forkProvenance: ForkProvenance | null = null;

	setForkProvenance(provenance: ForkProvenance): void {
		this.forkProvenance = provenance;
		this.#notify();
	}

	/** Ends `off` with this link. */
	own(off: () => void): void {
		this.#off.push(off);
	}

	/** What the others' claims are checked against: this game, now. */
	#check(): ClaimCheck {
		return { game: this.session.gameId, now: this.#clock.now() };
	}

	/** The keys of the devices that prove they are present in the room now (signed claims), this one's included. */
	#presentKeys(): ReadonlySet<string> {
		return presentKeys(this.awareness, this.#check(), this.session.key);
	}

	/**
	 * Every CLAIM_REFRESH_MS: this device's claim signed again (else it goes stale for the others),
	 * and the decisions read presence again (a claim nobody renews expires without any awareness change).
	 */
	#scheduleRefresh(): void {
		this.#refresh = this.#clock.setTimeout(() => {
			if (this.#published && this.awareness.getLocalState() !== null) this.setName(this.#name);
			this.seated?.update();
			this.#notify();
			this.#scheduleRefresh();
		}, CLAIM_REFRESH_MS);
	}

	get transport(): Transport | null {
		return this.#transport;
	}

	/** Everyone present in the room (this device first). */
	presence(): PresentPeer[] {
		return listPresence(this.awareness, this.#check());
	}

	/** Accepted counts other peers of this game publish (for catch-up progress). */
	othersAccepted(): number[] {
		return this.board.others().filter((r: HashReport) => r.game === this.session.gameId).map((r) => r.accepted);
	}

	/** Connects (making the transport from the current settings the first time). */
	goOnline(): void {
		if (this.readOnly) return;
		if (this.#transport === null) {
			const transport = this.#makeTransport(this.session, this.awareness, this.#net());
			this.#transport = transport;
			this.#off.push(transport.on('status', () => this.#notify()), transport.on('peers', () => this.#notify()));
		}
		this.#transport.connect();
		// y-webrtc dropped this device's presence when it went offline: it is published again
		// (else the others would show "Seat 2" for this player until a reload).
		if (this.#offlineState !== null && this.awareness.getLocalState() === null) {
			this.awareness.setLocalState(this.#offlineState);
			// Its claim was signed before going offline: signed again, fresh.
			if (this.#published) this.setName(this.#name);
		}
		this.#offlineState = null;
		this.#notify();
	}

	goOffline(): void {
		const state = this.awareness.getLocalState();
		this.#transport?.disconnect();
		if (state !== null) this.#offlineState = state;
		this.#notify();
	}

	/** Publishes this device's name and key (a claim for the lobby; the log proves seats), and its title. */
	setName(name: string): void {
		this.#name = name;
		this.#published = true;
		setPresence(this.awareness, { name, seat: this.session.key, title: this.#title, ...(this.#moreTime === null ? {} : { moreTime: this.#moreTime }) }, this.#signer);
	}

	#moreTime: MoreTimeNote | null = null;

	/** Tells the table this device asked for more time in a window (null: no such note). */
	announceMoreTime(note: MoreTimeNote | null): void {
		this.#moreTime = note;
		if (this.awareness.getLocalState() !== null) this.setName(this.#name);
	}

	/** The game's title here: its own, or for a joined game the one its creator publishes. */
	get title(): string {
		return this.#title;
	}

	#adoptHostTitle(): void {
		if (!this.#followHostTitle) return;
		const creator = creatorKey(this.session);
		if (creator === null || creator === this.session.key) return;
		const host = this.presence().find((peer) => !peer.self && peer.seat === creator && peer.title !== undefined);
		if (host?.title === undefined || host.title === this.#title) return;
		this.#title = host.title;
		if (this.awareness.getLocalState() !== null) this.setName(this.#name);
	}

	get name(): string {
		return this.#name;
	}

	/** Called on transport, presence and hash-board changes (session changes: session.subscribe). */
	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	destroy(): void {
		if (this.#refresh !== null) this.#clock.clearTimeout(this.#refresh);
		this.#refresh = null;
		for (const off of this.#off) off();
		this.#listeners.clear();
		this.seated?.destroy();
		this.bots?.destroy();
		this.#transport?.destroy();
		this.session.destroy();
		this.awareness.destroy();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}

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
