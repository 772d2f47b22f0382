/**
 * The lab: a framework-free driver for the minimal /play page that exercises the session and net
 * layers in a browser (create a game, join it by code or invite link, play legal moves, reload and
 * resume, go offline and back, fork). It also backs the `window.__fnord` test hook, so Playwright
 * and `npm run bench` drive real sessions over real WebRTC data channels without brittle selectors.
 *
 * Network settings come from the URL (`?signal=ws://…` repeatable, `?ice=<JSON array>`) or
 * localStorage (`fnord.net`), else the local defaults (ws://127.0.0.1:4444, no ICE servers).
 */
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
import { DEFAULT_RULES, goalCommitment, type CardId, type GameOptions, type GameState, type LegalAction, type PlayerAction, type Seat } from '../engine/index.js';
import { DeferredHashBoard, browserVault, GameList, GameSession, MyGames, indexedDbPersistence, newSeed, sessionRefused, type ActResult, type KeyValueStore } from '../session/index.js';
import { WebrtcTransport } from '../net/webrtc.js';
import { defaultNetSettings, type NetSettings } from '../net/settings.js';
import { inviteLink, parseInvite, parseRoomCode } from '../net/room.js';
import { requestPersistentStorage } from '../net/persistence.js';
import { readLog } from '../net/doc.js';
import { Verifier } from '../protocol/index.js';
import { workerOffload } from '../session/verify-offload.js';

/** localStorage as the async KeyValueStore the games list wants. */
export class LocalKeyValueStore implements KeyValueStore {
	async get(key: string): Promise<string | null> {
		return localStorage.getItem(key);
	}
	async set(key: string, value: string): Promise<void> {
		localStorage.setItem(key, value);
	}
	async delete(key: string): Promise<void> {
		localStorage.removeItem(key);
	}
	async keys(prefix: string): Promise<string[]> {
		const out: string[] = [];
		for (let i = 0; i < localStorage.length; i++) {
			const key = localStorage.key(i);
			if (key !== null && key.startsWith(prefix)) out.push(key);
		}
		return out;
	}
}

export const randomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

/** Settings from the URL, else localStorage `fnord.net`, else the local defaults. */
export function labSettings(url: URL, storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): NetSettings {
	const settings = defaultNetSettings();
	try {
		const stored = storage?.getItem('fnord.net');
		if (stored) {
			const parsed = JSON.parse(stored) as Partial<NetSettings>;
			if (Array.isArray(parsed.signaling)) settings.signaling = parsed.signaling.filter((s) => typeof s === 'string');
			if (Array.isArray(parsed.iceServers)) settings.iceServers = parsed.iceServers;
			if (typeof parsed.allowPublic === 'boolean') settings.allowPublic = parsed.allowPublic;
		}
	} catch (_error) {
		// unreadable settings: defaults
	}
	const signal = url.searchParams.getAll('signal');
	if (signal.length > 0) settings.signaling = signal;
	const ice = url.searchParams.get('ice');
	if (ice !== null) {
		try {
			const parsed: unknown = JSON.parse(ice);
			if (Array.isArray(parsed)) settings.iceServers = parsed as RTCIceServer[];
		} catch (_error) {
			// ignore
		}
	}
	return settings;
}

/** Actions the lab's automatic player never picks (they end or stall games, or are deals). */
const AVOID: ReadonlySet<string> = new Set(['leave', 'declareAbsent', 'drop', 'offer', 'acceptOffer', 'give', 'withdrawOffer', 'returnPresent', 'waiveTax']);
/** Preferred actions, in order, after the turn's one attack. */
const PREFER = ['pay', 'placeCapture', 'placePuppet', 'declineClaim', 'passWindow', 'passSpending', 'endActions', 'endTurn'];

export interface LabInfo {
	gameId: string | null;
	roomCode: string | null;
	invite: string | null;
	title: string;
	mySeats: Seat[];
	seats: number;
	phase: string | null;
	turnSeat: Seat | null;
	turnCount: number;
	random: string | null;
	accepted: number;
	logLength: number;
	hash: string | null;
	rejections: number;
	/** The refusals' codes and messages, for a test's failure message. */
	rejected: string[];
	desyncs: number;
	dice: number;
	draws: number;
	transport: string;
	dataChannel: boolean;
	webrtcPeers: number;
	broadcastPeers: number;
	yjsBytes: number;
	over: boolean;
}

/** Randomness settled so far, by kind (dice = attack rolls, draws = card draws). */
export function settledRandomness(session: GameSession): { dice: number; draws: number } {
	let dice = 0;
	let draws = 0;
	let previous: GameState | null = null;
	for (const entry of session.replayer.accepted) {
		const pending = previous?.random ?? null;
		if (pending !== null && entry.state !== null && entry.state.random !== pending) {
			if (pending.kind === 'attackRoll') dice++;
			else if (pending.kind === 'draw') draws++;
		}
		previous = entry.state;
	}
	return { dice, draws };
}

const sizes = new WeakMap<Y.Doc, { key: string; bytes: number }>();

/** The doc's size as one Yjs update, encoded again only when its state vector changed. */
function encodedSize(doc: Y.Doc): number {
	const key = Y.encodeStateVector(doc).join(',');
	let size = sizes.get(doc);
	if (size?.key !== key) {
		size = { key, bytes: Y.encodeStateAsUpdate(doc).length };
		sizes.set(doc, size);
	}
	return size.bytes;
}

function infoOf(session: GameSession | null, transport: WebrtcTransport | null): LabInfo {
	const state = session?.state ?? null;
	const peers = transport?.peers() ?? [];
	const random = session ? settledRandomness(session) : { dice: 0, draws: 0 };
	return {
		gameId: session?.gameId ?? null,
		roomCode: session?.roomCode ?? null,
		invite: session ? inviteLink(`${location.origin}/play`, session.roomCode) : null,
		title: session?.title ?? '',
		mySeats: session?.mySeats ?? [],
		seats: session?.seats.length ?? 0,
		phase: state?.phase.kind ?? null,
		turnSeat: state?.turn?.seat ?? null,
		turnCount: state?.turnCount ?? 0,
		random: state?.random?.kind ?? null,
		accepted: session?.accepted ?? 0,
		logLength: session ? readLog(session.game).length : 0,
		hash: session?.stateHash ?? null,
		rejections: session?.rejections.length ?? 0,
		rejected: session?.rejections.map((r) => `${r.code}: ${r.message}`) ?? [],
		desyncs: session?.desyncs.length ?? 0,
		dice: random.dice,
		draws: random.draws,
		transport: transport?.status ?? 'none',
		dataChannel: transport?.hasDataChannel() ?? false,
		webrtcPeers: peers.filter((p) => p.via === 'webrtc' && p.connected).length,
		broadcastPeers: peers.filter((p) => p.via === 'broadcast').length,
		yjsBytes: session ? encodedSize(session.game.doc) : 0,
		over: state?.phase.kind === 'over'
	};
}

/** Makes a listed legal action concrete (amounts, secrets), or null. */
function concrete(legal: LegalAction, secrets: Map<Seat, { goal: CardId; salt: string }>): PlayerAction | null {
	const action = legal.action;
	if (legal.max !== undefined && 'amount' in action) return { ...action, amount: 1 } as PlayerAction;
	if (action.type === 'attack') return { ...action, aids: [] };
	if (action.type === 'commitGoal') {
		const secret = { goal: 'network', salt: Array.from(randomBytes(8), (b) => b.toString(16).padStart(2, '0')).join('') };
		secrets.set(action.seat, secret);
		return { ...action, commitment: goalCommitment(secret.goal, secret.salt) };
	}
	if (action.type === 'revealGoal') {
		const secret = secrets.get(action.seat);
		return secret && secret.goal === action.goal ? { ...action, salt: secret.salt } : null;
	}
	return action;
}

/** The lab player's choice of moves for `seat`, best first: one attack a turn, then move on. */
export function candidates(session: GameSession, seat: Seat): LegalAction[] {
	const state = session.state;
	if (state === null || state.random !== null) return [];
	const legal = session.legal(seat).filter((l) => !AVOID.has(l.action.type));
	const ordered: LegalAction[] = [];
	const mine = state.turn?.seat === seat && state.turn.step === 'actions';
	if (mine && !state.turn!.acted) {
		ordered.push(...legal.filter((l) => l.action.type === 'attack' && (l.action as { kind?: string }).kind === 'control'));
	}
	for (const type of PREFER) ordered.push(...legal.filter((l) => l.action.type === type));
	for (const l of legal) if (!ordered.includes(l)) ordered.push(l);
	return ordered;
}

type Listener = () => void;

export class Lab {
	readonly settings: NetSettings;
	readonly games: MyGames;
	readonly list: GameList;
	session: GameSession | null = null;
	transport: WebrtcTransport | null = null;
	/** An offline fork (hot seat: this device holds all its seats). */
	fork: GameSession | null = null;
	forkParentHash: string | null = null;
	forkParentAccepted = 0;
	persistent: boolean | null = null;
	error: string | null = null;
	readonly forceWebrtc: boolean;
	/** Signatures through WebCrypto where the browser has Ed25519 (stored logs are checked ahead on open). */
	readonly verifier = new Verifier(globalThis.crypto?.subtle ?? null, { offload: workerOffload() ?? undefined });
	/** When each accepted entry id was first seen here (performance.timeOrigin + now, ms). */
	readonly seenAt = new Map<string, number>();
	/** When this device asked to append an entry id. */
	readonly sentAt = new Map<string, number>();
	readonly #listeners = new Set<Listener>();
	readonly #secrets = new Map<Seat, { goal: CardId; salt: string }>();
	#off: (() => void)[] = [];

	constructor(url: URL) {
		this.settings = labSettings(url);
		this.forceWebrtc = url.searchParams.get('webrtc') === 'force';
		this.list = new GameList(new LocalKeyValueStore(), browserVault());
		this.games = new MyGames({ list: this.list, persistence: indexedDbPersistence, randomBytes, now: () => Date.now() });
		void requestPersistentStorage().then((p) => {
			this.persistent = p;
			this.#notify();
		});
	}

	subscribe(listener: Listener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	info(): LabInfo {
		return infoOf(this.session, this.transport);
	}

	forkInfo(): (LabInfo & { parentHash: string | null; parentAccepted: number; hashAtForkPoint: string | null }) | null {
		if (this.fork === null) return null;
		// The fork's log: the fork entry, the parent's accepted entries, then its own entries.
		const n = this.forkParentAccepted + 1;
		return {
			...infoOf(this.fork, null),
			parentHash: this.forkParentHash,
			parentAccepted: this.forkParentAccepted,
			hashAtForkPoint: this.fork.accepted >= n ? this.fork.hashAt(n) : null
		};
	}

	async create(players: number, title = 'Lab game'): Promise<LabInfo> {
		const options: GameOptions = { players, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES };
		const board = new DeferredHashBoard();
		const session = await this.games.create(options, [0], title, { board, verifier: this.verifier });
		this.#attach(session, board);
		return this.info();
	}

	/** Joins by room code or invite link; claims the first free seat once the game arrives. */
	async join(codeOrLink: string, title = 'Lab game'): Promise<LabInfo> {
		const code = parseInvite(codeOrLink) ?? parseRoomCode(codeOrLink);
		if (code === null) throw new Error('not a room code or invite link');
		const board = new DeferredHashBoard();
		const session = await this.games.join(code, title, { board, verifier: this.verifier });
		this.#attach(session, board, true);
		return this.info();
	}

	/** A stored game after a reload. */
	async resume(gameId: string): Promise<LabInfo | null> {
		const board = new DeferredHashBoard();
		const session = await this.games.resume(gameId, { board, verifier: this.verifier });
		if (session === null) return null;
		this.#attach(session, board);
		return this.info();
	}

	/**
	 * Hosts a game from a Yjs update (the benchmark's prepared log): this device holds no seat,
	 * it only serves the log to whoever joins the room.
	 */
	host(update: Uint8Array, roomCode: string, gameId: string): LabInfo {
		const board = new DeferredHashBoard();
		const session = GameSession.fromUpdate(update, { gameId, roomCode, seed: newSeed(randomBytes), randomBytes, board, verifier: this.verifier });
		this.#attach(session, board);
		return this.info();
	}

	#attach(session: GameSession, board: DeferredHashBoard, claimWhenReady = false): void {
		this.session = session;
		const awareness = new Awareness(session.game.doc);
		board.attach(awareness);
		for (const entry of session.replayer.accepted) this.seenAt.set(entry.id, now());
		const transport = new WebrtcTransport({ doc: session.game.doc, code: session.roomCode, settings: this.settings, awareness, forceWebrtc: this.forceWebrtc });
		this.transport = transport;
		this.#off.push(
			session.subscribe(() => {
				const t = now();
				for (const entry of session.replayer.accepted) if (!this.seenAt.has(entry.id)) this.seenAt.set(entry.id, t);
				// A joiner claims the first free seat; if two claims for one seat cross, the log keeps
				// one and the other device sees its seat gone here, and claims the next free one.
				if (claimWhenReady && session.state !== null && session.mySeats.length === 0) {
					const free = session.seats.indexOf(null);
					if (free >= 0 && session.claim(free).ok) void this.list.update(session.gameId, { seats: session.mySeats });
				}
				this.#notify();
			}),
			transport.on('status', () => this.#notify()),
			transport.on('peers', () => this.#notify())
		);
		transport.connect();
		const url = new URL(location.href);
		url.searchParams.set('game', session.gameId);
		url.hash = '';
		history.replaceState(null, '', url.href);
		this.#notify();
	}

	legal(seat: Seat): LegalAction[] {
		return this.session?.legal(seat) ?? [];
	}

	act(seat: Seat, action: PlayerAction): ActResult {
		if (this.session === null) return sessionRefused('GAME_NOT_HERE', 'no game');
		return this.#act(this.session, seat, action);
	}

	#act(session: GameSession, seat: Seat, action: PlayerAction): ActResult {
		const t = now();
		const result = session.act(seat, action);
		if (result.ok) this.sentAt.set(result.id, t);
		return result;
	}

	/** One lab move for one of this device's seats; the result, or null if none may act. */
	auto(target: 'game' | 'fork' = 'game'): (ActResult & { seat: Seat; type: string }) | null {
		const session = target === 'fork' ? this.fork : this.session;
		if (session === null) return null;
		for (const seat of session.mySeats) {
			for (const legal of candidates(session, seat)) {
				const action = concrete(legal, this.#secrets);
				if (action === null) continue;
				const result = this.#act(session, seat, action);
				if (result.ok) return { ...result, seat, type: action.type };
			}
		}
		return null;
	}

	/** Passes the open window for every seat of mine that may pass. */
	passWindow(): boolean {
		const session = this.session;
		if (session === null) return false;
		let any = false;
		for (const seat of session.mySeats) {
			const pass = session.legal(seat).find((l) => l.action.type === 'passWindow' || l.action.type === 'passSpending');
			if (pass && this.act(seat, pass.action).ok) any = true;
		}
		return any;
	}

	/** Ends my turn's actions or the turn itself, if it is mine. */
	endTurn(): boolean {
		const session = this.session;
		if (session === null) return false;
		for (const seat of session.mySeats) {
			const end = session.legal(seat).find((l) => l.action.type === 'endTurn' || l.action.type === 'endActions' || l.action.type === 'passTurn');
			if (end && this.act(seat, end.action).ok) return true;
		}
		return false;
	}

	disconnect(): void {
		this.transport?.disconnect();
		this.#notify();
	}

	connect(): void {
		this.transport?.connect();
		this.#notify();
	}

	/** Forks the current game at its last accepted entry; this device holds every seat of the fork. */
	async forkHere(): Promise<NonNullable<ReturnType<Lab['forkInfo']>>> {
		const session = this.session;
		if (session === null || session.accepted === 0) throw new Error('nothing to fork');
		this.fork?.destroy();
		const index = session.accepted - 1;
		this.forkParentAccepted = session.accepted;
		this.forkParentHash = session.stateHash;
		const seats = session.seats.map((_, seat) => seat);
		const fork = session.fork(index, { seats, title: `${session.title} (fork)`, persistence: indexedDbPersistence });
		await this.list.add({ id: fork.gameId, roomCode: fork.roomCode, title: fork.title, seats: fork.mySeats, lastPlayed: Date.now(), seed: fork.seed, parent: session.gameId });
		this.fork = fork;
		this.#off.push(fork.subscribe(() => this.#notify()));
		this.#notify();
		return this.forkInfo()!;
	}

	exportText(): string {
		return this.session ? JSON.stringify(this.session.exportLog(), null, 1) : '';
	}

	/** Test hook: the state hash after `n` accepted entries. */
	hashAt(n: number): string | null {
		return this.session && n >= 1 && n <= this.session.accepted ? this.session.hashAt(n) : null;
	}

	destroy(): void {
		for (const off of this.#off) off();
		this.#off = [];
		this.session?.destroy();
		this.transport?.destroy();
		this.fork?.destroy();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}

function now(): number {
	return performance.timeOrigin + performance.now();
}
