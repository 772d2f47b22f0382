/**
 * GameSession: one game on one device. It owns the game's Y.Doc (the log of signed entries), a
 * LogGuard, a ProtocolReplayer kept in step with the log (a reorder recomputes from a checkpoint,
 * and subscribers see the correction), the device's key and hash chains for the seats it holds
 * (several in hot seat), automatic reveals and chain renewals, desync detection over a HashBoard,
 * export/import and fork. Framework-free: `subscribe` is all a UI adapter needs.
 */
import * as Y from 'yjs';
import { legalActions, type GameLog, type GameOptions, type GameState, type LegalAction, type PlayerAction, type Seat } from '../engine/index.js';
import { viewFor, type Knowledge } from '../engine/knowledge.js';
import { forkEntriesV2, GameReplayer, parseEntry, NEW_GAME_PROTOCOL_RULES, type Identity, type ProtocolRejection, type ProtocolRules } from '../protocol/index.js';
import { appendEntry, createGameDoc, erasedEntries, observeAdded, readLog, wrapGameDoc, type GameDoc } from '../net/doc.js';
import { LogGuard } from '../net/guard.js';
import { newRoomCode } from '../net/room.js';
import type { Transport } from '../net/transport.js';
import { AwarenessHashBoard, type Desync, type HashBoard } from './desync.js';
import type { BotClaim } from '../protocol/bot-claim.js';
import { boxKeyPair } from '../protocol/coin/keys.js';
import { boxSecret, gameIdentity, gameIdOf } from './keys.js';
import { driverFor, replayerFor, type ProtocolDriver, type SessionReplayer } from './protocol-driver.js';
import type { DocPersistence } from './storage.js';
import { VerifyAhead } from './verify-ahead.js';
import { StallWatch, systemClock, type AwaitedSeat } from './stall-watch.js';
import { MissingPull } from './missing-pull.js';
import { StandInDesk } from './stand-in.js';
import { sessionRefused, type ActResult } from './refusal.js';
import { UndoDesk } from './undo.js';
import type { InternalOptions, SessionOptions } from './session-options.js';
import { DesyncWatch } from './desync-watch.js';
import { exportedLog, signedLog } from './log-file.js';
import { AutomaticEntries } from './automatic-entries.js';
import { appended, postAction, showFirst, type Append } from './moves.js';

export type { SessionOptions } from './session-options.js';
export type { ActResult } from './refusal.js';

const READ_ONLY: ActResult = sessionRefused('READ_ONLY', 'This game was saved by an earlier version of Fnord: it can be watched, stepped through and forked, not played on.');

/** Automatic entries one refresh may post before it lets the page breathe (a bug guard, never reached in play). */
const MAX_AUTOMATIC_ROUNDS = 64;

export { HASH_RING } from './desync-watch.js';

export class GameSession {
	readonly game: GameDoc;
	readonly gameId: string;
	readonly roomCode: string;
	readonly title: string;
	/** The protocol version this game is played in, and what signs and replays its entries. */
	readonly protocol: ProtocolDriver;
	readonly guard: LogGuard;
	readonly transport: Transport | null;
	readonly desyncs: Desync[];
	/** Refreshes that changed entries already accepted here (a reorder's correction subscribers saw). */
	corrections = 0;
	readonly #options: InternalOptions;
	/** Hashes published on the board, and the desyncs found there (desync-watch.ts). */
	readonly #hashes: DesyncWatch;
	readonly #listeners = new Set<(session: GameSession) => void>();
	/** Entries added to the log since the last replay (version 2 replays only what is new). */
	#added: unknown[] = [];
	readonly #cleanup: (() => void)[] = [];
	#busy = false;
	readonly #automaticEntries = new AutomaticEntries();
	#dirty = false;
	#destroyed = false;
	/** Remote entries' signatures, checked in batches ahead of their replay. */
	readonly #ahead: VerifyAhead;
	/** Who the table waits for and this device's absence votes (stall-watch.ts). */
	readonly stall: StallWatch;
	/** Asks peers for everything when entries wait too long for what they name (missing-pull.ts). */
	readonly pull: MissingPull;
	/** Taking back moves, asking the table, answering its requests (undo.ts). */
	readonly undo: UndoDesk;
	/** Posting the stand-in bot's moves for absent seats (absence 'bot', stand-in.ts). */
	readonly standIn: StandInDesk;

	constructor(options: InternalOptions) {
		this.#options = options;
		this.game = options.game;
		this.gameId = options.game.gameId;
		this.roomCode = options.roomCode;
		this.title = options.title ?? '';
		const stored = readLog(this.game);
		this.protocol = driverFor(stored, { gameId: this.gameId, seed: options.seed, identity: gameIdentity(options.seed, this.gameId), randomBytes: options.randomBytes, verifier: options.verifier, replayer: options.replayer, genesis: options.genesis });
		this.#ahead = new VerifyAhead(this.replayer, options.verifier?.usesWebCrypto === true, { progress: () => this.#notify(), settled: () => this.refresh() });
		// readLog keeps deleted entries in place, so the guard only detects and reports deletions:
		// pushing copies back would add duplicates to every honest view.
		this.guard = new LogGuard(this.game, { restore: false });
		this.transport = typeof options.transport === 'function' ? options.transport(this.game) : (options.transport ?? null);
		this.#hashes = new DesyncWatch(options.board ?? (this.transport ? new AwarenessHashBoard(this.transport.awareness) : null), options.testHashHook);
		this.desyncs = this.#hashes.desyncs;
		for (const raw of stored) this.#ahead.known(raw); // replayed below (open() checked them ahead)
		this.#added.push(...stored);
		this.stall = new StallWatch(this, (entry) => this.#append(entry), options.clock ?? null);
		this.undo = new UndoDesk(this, (entry) => this.#append(entry));
		this.standIn = new StandInDesk(this, (entry) => this.#append(entry), options.standIn);
		this.pull = new MissingPull(this, options.clock ?? systemClock);
		this.#cleanup.push(
			observeAdded(this.game, (added, local) => {
				// This device's own appends are queued and replayed by #append itself (one refresh each).
				if (local) return;
				this.#added.push(...added);
				if (this.#ahead.start(added as string[])) return;
				this.refresh();
			}, options.origin)
		);
		if (this.board) this.#cleanup.push(this.board.subscribe(() => this.#compare()));
		this.refresh();
	}

	/** A new game: a new room, `create`, and joins for `seats` (hot seat: several). */
	static create(options: Omit<SessionOptions, 'game' | 'roomCode' | 'persisted'> & { options: GameOptions; seats: readonly Seat[]; roomCode?: string; persistence?: DocPersistence; rules?: ProtocolRules }): GameSession {
		const roomCode = options.roomCode ?? newRoomCode(options.randomBytes);
		const game = createGameDoc(gameIdOf(roomCode));
		const persisted = options.persistence?.attach(game.gameId, game.doc);
		const session = new GameSession({ ...options, roomCode, game, persisted });
		session.start(options.options, options.rules);
		for (const seat of options.seats) session.claim(seat);
		return session;
	}

	/** A session over a document holding `update` (e.g. a snapshot). */
	static fromUpdate(update: Uint8Array, options: Omit<SessionOptions, 'game'> & { gameId: string }): GameSession {
		const doc = new Y.Doc({ guid: options.gameId, gc: false });
		Y.applyUpdate(doc, update);
		return new GameSession({ ...options, game: wrapGameDoc(options.gameId, doc) });
	}

	/**
	 * A stored game after a reload: attach persistence, wait until the stored log is in the doc,
	 * then start the session (its guard sees the stored log first). Connect transports after.
	 */
	static async open(options: Omit<SessionOptions, 'game' | 'persisted'> & { gameId: string; persistence: DocPersistence }): Promise<GameSession> {
		const game = createGameDoc(options.gameId);
		const persisted = options.persistence.attach(options.gameId, game.doc);
		await persisted.whenSynced;
		const log = readLog(game);
		const replayer = replayerFor(log, options.gameId, options.verifier, options.genesis);
		await replayer.prepare(log);
		return new GameSession({ ...options, game, persisted, replayer });
	}

	get key(): string {
		return this.protocol.identity.publicKey;
	}
	/** The id of the genesis this session plays (version 2, once it arrived): a game's record keeps it as its pin. */
	get genesisId(): string | null {
		const replayer = this.replayer;
		return replayer instanceof GameReplayer ? replayer.genesisId : null;
	}
	/** This device's key pair in this game (signs its entries and relayed mesh messages). */
	get identity(): Identity {
		return this.protocol.identity;
	}
	get replayer(): SessionReplayer {
		return this.protocol.replayer;
	}
	/** Version-1 games are watched, stepped through and forked, never played on. */
	get readOnly(): boolean {
		return this.protocol.readOnly;
	}
	/** This device's seed for this game (secret: only for the games list). */
	get seed(): string {
		return this.#options.seed;
	}
	get state(): GameState | null {
		return this.replayer.state;
	}
	get stateHash(): string | null {
		return this.replayer.stateHash;
	}
	get rejections(): readonly ProtocolRejection[] {
		return this.replayer.rejections;
	}
	/** Seat → public key holding it (null: free). */
	get seats(): readonly (string | null)[] {
		return this.replayer.seats;
	}
	/** The seats this device holds. */
	get mySeats(): Seat[] {
		return this.seats.flatMap((key, seat) => (key === this.key ? [seat] : []));
	}
	get accepted(): number {
		return this.replayer.accepted.length;
	}
	/** Entries received and waiting for their signature check before replay (a catch-up's progress). */
	get verifying(): number {
		return this.#ahead.verifying;
	}
	/** Log items whose content reached this device already erased by a peer (their entries are unknown here). */
	get erased(): number {
		return erasedEntries(this.game);
	}
	get board(): HashBoard | null {
		return this.#hashes.board;
	}

	/** Seats the table waits for, not held here, and since when; `countdown`: seconds before a vote (0: never). */
	get awaited(): AwaitedSeat[] {
		return this.stall.awaited;
	}
	get countdown(): number {
		return this.stall.countdown;
	}
	/** Votes an awaited seat absent from this device's seats still in the game (READ_ONLY, NOT_SEAT_HOLDER, NOT_AWAITED, ALREADY_VOTED). */
	voteAbsent(target: Seat): ActResult {
		return this.stall.vote(target);
	}

	/** Calls `listener` after every change (entries, corrections, desyncs). Returns unsubscribe. */
	subscribe(listener: (session: GameSession) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** What `seat` may do now (empty if this device does not hold it). */
	legal(seat: Seat): LegalAction[] {
		this.#catchUp();
		const state = this.state;
		if (state === null || this.seats[seat] !== this.key) return [];
		// A lone vote stands against this device: its seat answers from the game without it (stall-watch.ts).
		const answering = this.stall.answeringState(seat);
		if (answering !== null) return legalActions(viewFor(answering, seat, this.knowledge(seat)), seat);
		return legalActions(this.view(seat) ?? state, seat);
	}

	/** Secret deck: what this device knows of seat `seat`'s hidden cards (position → card; empty otherwise). */
	knowledge(seat: Seat): Knowledge {
		return this.state?.options.secretDeck === true && this.seats[seat] === this.key ? this.protocol.knowledge(seat) : {};
	}

	/** The state as seat `seat` may know it (its own hidden cards in its hand; engine/knowledge.ts). */
	view(seat: Seat | null): GameState | null {
		const state = this.state;
		return state === null || seat === null ? state : viewFor(state, seat, this.knowledge(seat));
	}

	/** Signs and appends an action for a seat this device holds; an illegal one is not appended. */
	act(seat: Seat, action: PlayerAction): ActResult {
		this.#catchUp();
		const state = this.state;
		if (state === null) return sessionRefused('GAME_NOT_HERE', 'The game has no setup yet.');
		if (this.seats[seat] !== this.key) return sessionRefused('NOT_SEAT_HOLDER', `This device does not hold seat ${seat}.`);
		if ((action as { seat?: unknown }).seat !== seat) return sessionRefused('NOT_SEAT_HOLDER', 'The action names another seat.');
		if (this.readOnly) return READ_ONLY;
		if (this.stall.answeringState(seat) !== null) return this.stall.answer(seat, action);
		const append: Append = (entry) => this.#append(entry);
		return showFirst(this, append, state, seat, action) ?? postAction(this, append, action);
	}

	/** Appends an entry this device signed (`this.protocol.entry`) and replays it at once: a bot takeover claim (session/bots/seated.ts). Its id. */
	append(entry: string): string {
		return this.#append(entry);
	}

	/** Posts this game's `create` entry (on an empty log). */
	start(options: GameOptions, rules: ProtocolRules = NEW_GAME_PROTOCOL_RULES): ActResult {
		if (this.readOnly) return READ_ONLY;
		return appended(this.rejections, this.#append(this.protocol.entry('create', { options, rules })));
	}

	/** Claims a free seat with a fresh chain; `bot`: as a computer player (protocol/bot-claim.ts). */
	claim(seat: Seat, bot?: BotClaim): ActResult {
		this.#catchUp();
		if (this.state === null) return sessionRefused('GAME_NOT_HERE', 'The game has not reached this device yet.');
		if (!Number.isInteger(seat) || seat < 0 || seat >= this.seats.length) return sessionRefused('UNKNOWN_SEAT', `There is no seat ${seat}.`);
		if (this.seats[seat] !== null) return sessionRefused('SEAT_TAKEN', `Seat ${seat} is taken.`);
		if (this.readOnly) return READ_ONLY;
		const entry = bot === undefined ? this.protocol.join(seat) : this.protocol.entry('join', { seat, box: boxKeyPair(boxSecret(this.seed, this.gameId, seat)).publicKey, bot });
		return appended(this.rejections, this.#append(entry));
	}

	/**
	 * Version-1 engine log (`fnord replay` accepts it), with the signed entries in
	 * `meta.entries` so importLog restores the peer-to-peer game itself.
	 */
	exportLog(): GameLog {
		return exportedLog(this.replayer, { title: this.title, roomCode: this.roomCode, entries: readLog(this.game) });
	}

	/** The session of an exported game (same game id and room, this device's seed). */
	static importLog(text: string, options: Omit<SessionOptions, 'game' | 'roomCode' | 'persisted'> & { persistence?: DocPersistence }): GameSession {
		const { gameId, entries, title, roomCode, genesis } = signedLog(text);
		const game = createGameDoc(gameId);
		const persisted = options.persistence?.attach(gameId, game.doc);
		appendEntry(game, entries);
		return new GameSession({ ...options, title: title ?? options.title, roomCode: roomCode ?? newRoomCode(options.randomBytes), game, persisted, genesis: options.genesis ?? genesis });
	}

	/** A new game starting after accepted entry `index`, in a new room; offline. Holds the same seats. */
	fork(index: number, options: { seats?: readonly Seat[]; title?: string; board?: HashBoard; persistence?: DocPersistence } = {}): GameSession {
		const roomCode = newRoomCode(this.#options.randomBytes);
		const game = createGameDoc(gameIdOf(roomCode));
		const seats = options.seats ?? this.mySeats;
		const { transport: _t, board: _b, testHashHook: _h, persisted: _p, replayer: _r, genesis: _g, ...rest } = this.#options;
		const persisted = options.persistence?.attach(game.gameId, game.doc);
		const fork = new GameSession({ ...rest, board: options.board, persisted, roomCode, game, title: options.title ?? this.title });
		fork.#append(forkEntriesV2(this.replayer, index, fork.identity, fork.gameId));
		for (const seat of seats) fork.claim(seat);
		return fork;
	}

	/** The state hash published for `n` accepted entries (with the test hook, if any). */
	hashAt(n: number): string {
		return this.#hashes.hashAt(n, this.replayer);
	}

	/** Replays what changed, posts automatic entries, publishes hashes, notifies. */
	refresh(): void {
		if (this.#destroyed) return;
		if (this.#busy) {
			this.#dirty = true;
			return;
		}
		this.#busy = true;
		let rounds = 0;
		try {
			do {
				this.#dirty = false;
				// Version 2 replays only the entries added since (work in proportion to the change);
				// version 1 compares the whole log and recomputes from a checkpoint.
				this.protocol.ingest(this.#added.splice(0), () => readLog(this.game));
				this.#automaticEntries.check(this.rejections);
				if (this.#automatic()) this.#dirty = true;
			} while (this.#dirty && ++rounds < MAX_AUTOMATIC_ROUNDS);
			if (this.#hashes.follow(this.replayer)) this.corrections++;
			this.#hashes.publish(this.gameId, this.replayer);
		} finally {
			this.#busy = false;
		}
		this.#compare();
		this.stall.update();
		this.standIn.update();
		this.pull.update();
		this.#notify();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener(this);
	}

	/** Connects the transport, if any (after the session exists, so the guard sees remote updates). */
	connect(): void {
		this.transport?.connect();
	}

	destroy(): void {
		if (this.#destroyed) return;
		this.#destroyed = true;
		this.stall.destroy();
		this.standIn.destroy();
		this.pull.destroy();
		for (const off of this.#cleanup) off();
		this.board?.destroy?.();
		this.guard.destroy();
		this.transport?.destroy();
		void this.#options.persisted?.destroy();
		this.#listeners.clear();
	}

	/**
	 * Replays entries still waiting for their batch check (checking them in pure JS), so a move
	 * is decided on everything this device has received, never on a state a few ms old.
	 */
	#catchUp(): void {
		if (this.#ahead.busy) this.refresh();
	}

	#append(entry: string | readonly string[]): string {
		this.#appendNow(entry);
		this.refresh();
		const last = typeof entry === 'string' ? entry : entry[entry.length - 1]!;
		const parsed = parseEntry(last);
		return parsed.ok ? parsed.id : '';
	}

	/**
	 * Appends to the document and queues the entries for the next replay at once: inside a Yjs
	 * observer (a refresh caused by a remote change) the new transaction's own observers run only
	 * after the current one, and the replay must not wait for them (it would post the same
	 * automatic entry again). The observer's copy is a duplicate the replayer ignores.
	 */
	#appendNow(entry: string | readonly string[]): void {
		// Told first: the document's observers (another session on it) run inside appendEntry.
		this.#options.onAppend?.(typeof entry === 'string' ? [entry] : entry);
		appendEntry(this.game, entry, this.#options.origin);
		if (typeof entry === 'string') this.#added.push(entry);
		else this.#added.push(...entry);
	}

	/** Automatic entries refused in a row (3 stop them: the UI should show it). */
	get automaticRefused(): number {
		return this.#automaticEntries.refused;
	}

	/** Posts one automatic entry (key generation, coin share, acknowledgement) if one is due; true if it did. */
	#automatic(): boolean {
		const entry = this.#automaticEntries.next(this.protocol);
		if (entry === null) return false;
		this.#appendNow(entry);
		return true;
	}

	#compare(): void {
		if (this.#busy) return;
		let found = false;
		try {
			found = this.#hashes.compare(this.gameId, this.replayer);
		} catch {
			// Peers' reports come unauthenticated: whatever one holds, it never stops a refresh or a move.
		}
		if (found && !this.#busy) for (const listener of [...this.#listeners]) listener(this);
	}
}
