/**
 * One open game as Svelte state: the session's replayed game (state, hash, seats, accepted count,
 * rejections, desyncs) and its network (transport status, links, presence, catch-up progress).
 * It reads everything again after each session or network change (coalesced to one read per
 * microtask); GameState objects are immutable, so they are kept as raw state, never proxied.
 */
import type { GameState, Seat } from '../../engine/types.js';
import type { Knowledge } from '../../engine/knowledge.js';
import type { PlayerAction, Result } from '../../engine/index.js';
import { sessionRefused, type MoreTimeNote, type PeerLink, type PresentPeer, type ProtocolRejection, type ProtocolRules, type SessionRefusalCode, type Transport } from '../../session/for-ui.js';
import type { Desync } from '../../session/desync.js';
import { RULES_BUILD } from '../../session/build.js';
import type { ForkProvenance } from '../../session/fork-provenance.js';
import type { ActResult, GameSession } from '../../session/game-session.js';
import type { AwaitedSeat, PendingStep, TableStanding } from '../../session/stall-watch.js';
import type { BotDriver, BotSeat } from '../../session/bots/driver.js';
import type { SeatedBot, SeatedBots } from '../../session/bots/seated.js';
import { lastLookers } from '../../session/last-look.js';
import { isLobby, linkStatus, progressOf, rememberNames, seatRows, type LinkStatus, type Progress, type SeatRow } from './lobby.js';

/** What LiveGame needs from game-link.ts's GameLink (tests pass one over an in-memory session). */
export interface LinkLike {
	/** The game's id in My games (an imported copy's own id, not its game's). */
	readonly id: string;
	/** An imported copy: never online, nothing claimed or played from here. */
	readonly readOnly: boolean;
	readonly session: GameSession;
	readonly transport: Transport | null;
	/** The game's title (a joined game's follows its creator's); the session's when absent. */
	readonly title?: string;
	presence(): PresentPeer[];
	othersAccepted(): number[];
	goOnline(): void;
	goOffline(): void;
	setName(name: string): void;
	/** Tells the table this device asked for more time in a window (runtime.ts; absent in tests). */
	announceMoreTime?(note: MoreTimeNote | null): void;
	subscribe(listener: () => void): () => void;
	destroy(): void;
	/** This device's computer players at this table, if any (runtime.ts). */
	readonly bots?: BotDriver | null;
	/** Computer players seated in this game's seats, by any device (runtime.ts). */
	readonly seated?: SeatedBots | null;
	/** A fork checked against its parent on this device (runtime.ts; absent in tests). */
	readonly forkProvenance?: ForkProvenance | null;
}

export type ClaimResult = Result<object, SessionRefusalCode>;

export class LiveGame {
	readonly link: LinkLike;
	/** The id in My games (and in the page's address). */
	readonly id: string;
	/** An imported copy: shown, stepped through and forked, never connected or played. */
	readonly readOnly: boolean;
	readonly roomCode: string;
	/** The game's title: a joined game's becomes its creator's once seen (GameLink.title). */
	title = $state('');
	readonly myKey: string;
	/** The rules build this device runs (session/build.ts): a peer whose presence names another is marked. */
	readonly build: string = RULES_BUILD;

	state = $state.raw<GameState | null>(null);
	/** A fork's check against its parent here: 'differs' means its maker changed the parent's history. */
	forkProvenance = $state.raw<ForkProvenance | null>(null);
	stateHash = $state<string | null>(null);
	seats = $state.raw<readonly (string | null)[]>([]);
	mySeats = $state.raw<readonly Seat[]>([]);
	/** Secret deck: what this device knows of hidden cards, by seat it holds (its own draws, what Computer Espionage showed it; ui/table/seen.ts). */
	knowledge = $state.raw<Readonly<Record<number, Knowledge>>>({});
	accepted = $state(0);
	rejections = $state.raw<readonly ProtocolRejection[]>([]);
	/** By seat held here: the makers that withdrew an offer after that seat's pick for it (a last look, session/last-look.ts). */
	lastLooked = $state.raw<Readonly<Record<number, readonly Seat[]>>>({});
	desyncs = $state.raw<readonly Desync[]>([]);
	/** Automatic entries (reveals, renewals) refused in a row; at 3 the session stops posting them. */
	automaticRefused = $state(0);
	status = $state<LinkStatus>('local');
	links = $state.raw<readonly PeerLink[]>([]);
	/** A real WebRTC data channel is open (not only a tab of this browser). */
	dataChannel = $state(false);
	presence = $state.raw<readonly PresentPeer[]>([]);
	othersAccepted = $state.raw<readonly number[]>([]);
	/** Received entries waiting for their signature check (a catch-up in progress). */
	verifying = $state(0);
	/** Seats the table waits for, not held here, and since when (Date.now milliseconds). */
	awaited = $state.raw<readonly AwaitedSeat[]>([]);
	/** The game's protocol rules: the countdown before an automatic absence vote, the equivocation penalty. */
	tableRules = $state.raw<ProtocolRules | null>(null);
	/** This device votes absences (it holds a seat still in the game, not every seat); `autoVote`: by itself when a countdown runs out. */
	canVote = $state(false);
	autoVote = $state(false);
	/** The table also waits for a seat of this device: it votes nobody automatically meanwhile. */
	mineAwaited = $state(false);
	/** What the table waits on when no seat is awaited though the game is not over (stall-watch.ts `pending`). */
	pending = $state.raw<PendingStep | null>(null);
	/** Absence votes, seats voted out, seats caught equivocating, a forfeit. */
	standing = $state.raw<TableStanding>({ votes: new Map(), votedOut: [], cheaters: [], forfeit: null });

	/** Seats played by computer players (this device's and, in a lobby, others' seated bots). */
	bots = $state.raw<readonly BotSeat[]>([]);
	/** Bots seated in the lobby (any device's): who seated them, who may drive them, whether this device does. */
	seatedBots = $state.raw<readonly SeatedBot[]>([]);
	/** The seat whose bot is thinking now (this device's bots), if any. */
	botThinking = $state<Seat | null>(null);
	/** Bot entries refused (the latest; the bot then passed where it could). */
	botReports = $state(0);
	/** The latest refused bot entry's code and message (shown as the count's tooltip). */
	botLastRefusal = $state<string | null>(null);

	/** This device's seats a person plays (its seats but the bots'). */
	get humanSeats(): Seat[] {
		return this.mySeats.filter((seat) => !this.bots.some((bot) => bot.seat === seat));
	}
	levelOf(seat: Seat): BotSeat['level'] | null {
		return this.bots.find((bot) => bot.seat === seat)?.level ?? null;
	}

	/** Still gathering players (no setup yet, or a free seat). */
	get lobby(): boolean {
		return isLobby(this.state !== null, this.seats);
	}
	get progress(): Progress {
		return progressOf({ status: this.status, hasGame: this.state !== null, accepted: this.accepted, othersAccepted: this.othersAccepted, verifying: this.verifying });
	}
	get rows(): SeatRow[] {
		return seatRows(this.seats, this.myKey, this.presence, this.#known);
	}
	/** The last name seen for each key: a player who goes offline keeps their name on the table. */
	#known = $state.raw<ReadonlyMap<string, string>>(new Map());
	/** Peers linked right now, by kind. */
	get linkCounts(): { webrtc: number; browser: number } {
		return {
			webrtc: this.links.filter((l) => l.via === 'webrtc' && l.connected).length,
			browser: this.links.filter((l) => l.via === 'broadcast').length
		};
	}

	readonly #onSeats: (session: GameSession) => void;
	readonly #onTitle: (title: string) => void;
	readonly #off: (() => void)[] = [];
	#scheduled = false;
	#readOnce = false;
	#destroyed = false;

	/** `onSeats` is told when this device's seats change, `onTitle` when the title does (to update the games list). */
	constructor(link: LinkLike, onSeats: (session: GameSession) => void = () => undefined, onTitle: (title: string) => void = () => undefined) {
		this.link = link;
		this.#onSeats = onSeats;
		this.#onTitle = onTitle;
		const session = link.session;
		this.id = link.id;
		this.readOnly = link.readOnly;
		this.roomCode = session.roomCode;
		this.title = link.title ?? session.title;
		this.myKey = session.key;
		this.#off.push(
			session.subscribe(() => this.#schedule()),
			link.subscribe(() => this.#schedule())
		);
		if (link.bots) this.#off.push(link.bots.subscribe(() => this.#schedule()));
		this.read();
	}

	get session(): GameSession {
		return this.link.session;
	}

	/**
	 * Plays a move of this device's seat through the session (one step, one refresh there) and
	 * reads the result once: the read the session's notice scheduled is then skipped.
	 */
	act(seat: Seat, action: PlayerAction): ActResult {
		const result = this.link.session.act(seat, action);
		this.read();
		return result;
	}

	/** Copies the session's and the network's facts into state now. */
	read(): void {
		if (this.#destroyed) return;
		this.#stale = false;
		const session = this.link.session;
		const transport = this.link.transport;
		const before = this.mySeats.join();
		this.state = session.state;
		this.stateHash = session.stateHash;
		this.seats = [...session.seats];
		this.mySeats = session.mySeats;
		this.#readKnowledge(session);
		this.accepted = session.accepted;
		this.verifying = session.verifying;
		if (this.rejections.length !== session.rejections.length) this.rejections = [...session.rejections];
		this.#readLastLooks(session);
		if (this.desyncs.length !== session.desyncs.length) this.desyncs = [...session.desyncs];
		this.automaticRefused = session.automaticRefused;
		this.#readStall(session);
		this.links = transport?.peers() ?? [];
		this.status = transport === null ? 'local' : linkStatus(transport.status, this.links);
		this.dataChannel = transport?.hasDataChannel() ?? false;
		this.presence = this.link.presence();
		this.#known = rememberNames(this.#known, this.presence);
		const title = this.link.title ?? session.title;
		if (title !== this.title) {
			this.title = title;
			this.#onTitle(title);
		}
		this.othersAccepted = this.link.othersAccepted();
		this.forkProvenance = this.link.forkProvenance ?? null;
		this.#readBots();
		if (this.#readOnce && this.mySeats.join() !== before) this.#onSeats(session);
		this.#readOnce = true;
	}

	/** Claims a free seat for this device (hot seat: call again for another). */
	claim(seat: Seat): ClaimResult {
		if (this.readOnly) return sessionRefused('READ_ONLY', 'An imported copy is read only.');
		const result = this.link.session.claim(seat);
		this.read();
		return result.ok ? { ok: true } : result;
	}

	/** Votes an awaited seat absent from this device's seats (READ_ONLY, NOT_SEAT_HOLDER, NOT_AWAITED, ALREADY_VOTED). */
	voteAbsent(target: Seat): ActResult {
		const result = this.link.session.voteAbsent(target);
		this.read();
		return result;
	}

	goOnline(): void {
		if (this.readOnly) return;
		this.link.goOnline();
		this.read();
	}

	goOffline(): void {
		this.link.goOffline();
		this.read();
	}

	setName(name: string): void {
		this.link.setName(name);
		this.read();
	}

	destroy(): void {
		if (this.#destroyed) return;
		this.#destroyed = true;
		for (const off of this.#off) off();
		this.link.destroy();
	}

	#readBots(): void {
		const seated = this.link.seated?.bots ?? [];
		if (JSON.stringify(seated) !== JSON.stringify(this.seatedBots)) this.seatedBots = seated;
		const drivers = [...(this.link.bots ? [this.link.bots] : []), ...(this.link.seated?.drivers ?? [])];
		const bots = [...(this.link.bots?.bots ?? []), ...seated.map(({ seat, level }) => ({ seat, level }))];
		if (JSON.stringify(bots) !== JSON.stringify(this.bots)) this.bots = bots;
		this.botThinking = drivers.find((driver) => driver.thinking !== null)?.thinking ?? null;
		this.botReports = drivers.reduce((sum, driver) => sum + driver.reports.length, 0);
		const latest = drivers.flatMap((driver) => driver.reports).sort((a, b) => a.accepted - b.accepted).at(-1);
		this.botLastRefusal = latest === undefined ? null : `${latest.code}: ${latest.message}`;
	}

	/** Seats a computer player of `level` in free seat `seat`; its seed is sealed to the seated players (session/bots/seated.ts). */
	seatBot(seat: Seat, level: BotSeat['level']): ClaimResult {
		if (this.readOnly || !this.link.seated) return sessionRefused('READ_ONLY', 'An imported copy is read only.');
		const result = this.link.seated.seat(seat, level);
		this.read();
		return result.ok ? { ok: true } : result;
	}

	#readKnowledge(session: GameSession): void {
		if (this.state?.options.secretDeck !== true) return;
		const knowledge = Object.fromEntries(this.mySeats.map((seat) => [seat, session.knowledge(seat)]));
		if (JSON.stringify(knowledge) !== JSON.stringify(this.knowledge)) this.knowledge = knowledge;
	}

	#readLastLooks(session: GameSession): void {
		const looked = Object.fromEntries(this.mySeats.map((seat) => [seat, [...lastLookers(session, seat)].sort((a, b) => a - b)]));
		if (JSON.stringify(looked) !== JSON.stringify(this.lastLooked)) this.lastLooked = looked;
	}

	#readStall(session: GameSession): void {
		const stall = session.stall;
		const awaited = session.awaited;
		if (JSON.stringify(awaited) !== JSON.stringify(this.awaited)) this.awaited = awaited;
		if (JSON.stringify(stall.rules) !== JSON.stringify(this.tableRules)) this.tableRules = stall.rules;
		this.canVote = stall.canVote;
		this.autoVote = stall.automatic;
		this.mineAwaited = stall.mineAwaited;
		const pending = stall.pending;
		if (JSON.stringify(pending) !== JSON.stringify(this.pending)) this.pending = pending;
		const standing = stall.standing;
		const key = (s: TableStanding) => JSON.stringify([[...s.votes], s.votedOut, s.cheaters, s.forfeit, s.deck]);
		if (key(standing) !== key(this.standing)) this.standing = standing;
	}

	/** Set by a notice of the session or the network, cleared by a read. */
	#stale = false;

	#schedule(): void {
		this.#stale = true;
		if (this.#scheduled) return;
		this.#scheduled = true;
		queueMicrotask(() => {
			this.#scheduled = false;
			if (this.#stale) this.read();
		});
	}
}
