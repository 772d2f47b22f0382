/**
 * One open game and its network (GameLink), and how a transport is made for a game's room. Part of
 * the heavy half of the app adapter (runtime.ts), loaded with it.
 */
import { Awareness } from 'y-protocols/awareness';
import { listPresence, presentKeys, setPresence, type MoreTimeNote, type PresentPeer } from '../net/presence.js';
import { CLAIM_REFRESH_MS, type ClaimCheck, type ClaimSigner } from '../net/presence-claim.js';
import type { NetSettings } from '../net/settings.js';
import type { Transport } from '../net/transport.js';
import { WebrtcTransport } from '../net/webrtc.js';
import { GameReplayer } from '../protocol/index.js';
import type { ForkProvenance } from './fork-provenance.js';
import { DeferredHashBoard, systemClock, type GameSession, type HashReport, type StallClock } from './index.js';
import { BotDriver, type BotSeat } from './bots/driver.js';
import { appThinker } from './bots/app-thinker.js';
import { SeatedBots } from './bots/seated.js';
import { RULES_BUILD } from './build.js';

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

	/** Publishes this device's name and key (a claim for the lobby; the log proves seats), its title and its rules build. */
	setName(name: string): void {
		this.#name = name;
		this.#published = true;
		setPresence(this.awareness, { name, seat: this.session.key, title: this.#title, build: RULES_BUILD, ...(this.#moreTime === null ? {} : { moreTime: this.#moreTime }) }, this.#signer);
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
