/**
 * StallWatch: who a version-2 table waits for, since when, and this device's absence votes
 * (docs/session.md, "Stalling"). After each refresh it reads `awaitedSeats` (seats this device
 * holds left out) and remembers since when each seat has been awaited for the same thing with no
 * new entry of its own. Once one has been awaited for the game's countdown, every seat this device
 * holds that is still in the game votes it absent, once, unless the table also waits for a seat
 * held here (a table where nobody answers a window must not vote everyone out). A vote the protocol counted while the
 * engine waited for randomness is given again once the engine takes it (the engine's windows and
 * turns would wait for the seat otherwise). Hot seat (every seat here) never votes; countdown 0:
 * never automatically. Without a clock nothing is voted automatically (Node tests that do not
 * test stalling); the app passes `systemClock`.
 */
import { step, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { awaitedSeats, botVoteWaits, countedAbsenceVotes, countedSeedVotes, GameReplayer, mayVoteOnSeeds, seedsOwed, seedVoted, type AwaitedFor, type CoreV2, type ProtocolRules } from '../protocol/index.js';
import type { GameSession } from './game-session.js';
import { sessionRefused, type ActResult } from './refusal.js';

export interface StallClock {
	/** Milliseconds (Date.now in the app). */
	now(): number;
	setTimeout(run: () => void, ms: number): unknown;
	clearTimeout(timer: unknown): void;
}

export const systemClock: StallClock = {
	now: () => Date.now(),
	setTimeout: (run, ms) => setTimeout(run, ms),
	clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)
};

export interface AwaitedSeat {
	readonly seat: Seat;
	readonly for: AwaitedFor;
	/** When this device saw it awaited for this, with no newer entry of its own (clock milliseconds). */
	readonly since: number;
}

/** What every client shows besides the awaited seats: votes, seats cut, cheaters, a forfeit. */
export interface TableStanding {
	/** Target → seats that voted it absent (as the protocol counts them). */
	readonly votes: ReadonlyMap<Seat, readonly Seat[]>;
	readonly votedOut: readonly Seat[];
	readonly cheaters: readonly Seat[];
	readonly forfeit: CoreV2['forfeit'];
	/** The secret deck (null without it): the faults it named, and whether the end's audit ran or waits for seeds. */
	readonly deck?: DeckStanding | null;
}

export interface DeckStanding {
	readonly faults: readonly { readonly seat: Seat; readonly code: string }[];
	/** 'waiting': the game ended and the audit waits for seeds; 'done': it ran; null: the game goes on. */
	readonly audit: 'waiting' | 'done' | null;
}

/**
 * What the game waits on when no seat is awaited though it is not over (stall-watch.ts `pending`):
 * - 'vote': a lone absence vote stands against `seats` (two members): nothing after it is final
 *   until that seat's device answers it (docs/protocol.md, "Two seats");
 * - 'share': the open roll waits for a share that only `seats` can still give (seats out of the
 *   game that were not voted out: their devices give it by themselves);
 * - 'order': the roll's opener is not final yet (acknowledgements are on their way);
 * - 'automatic': an automatic step (a roll being combined, a stand-in, a deck step) is under way.
 */
export interface PendingStep {
	readonly kind: 'vote' | 'share' | 'order' | 'automatic';
	readonly seats: readonly Seat[];
}

interface Wait extends AwaitedSeat {
	/** The seat holder's latest entry when the wait began: a new one starts the wait again. */
	readonly marker: string | null;
}

const NO_STANDING: TableStanding = { votes: new Map(), votedOut: [], cheaters: [], forfeit: null };
const refused = sessionRefused;

export class StallWatch {
	readonly #session: GameSession;
	readonly #append: (entry: string) => string;
	readonly #clock: StallClock | null;
	#waits = new Map<Seat, Wait>();
	#mineAwaited = false;
	/** voter>target → the wait it was posted for (one automatic vote per wait). */
	readonly #posted = new Map<string, string>();
	#timer: unknown = null;
	#timerAt = Infinity;
	#updating = false;
	#again = false;
	#destroyed = false;
	/**
	 * Seats this device never votes absent by itself (a seated bot's session spares the seats of
	 * the device that drives it: that device is there, it signs the bot's entries; bots/seated.ts).
	 * A lone vote against a present seat would otherwise hold the order's watermark while the
	 * target cannot answer (docs/bots.md, "Online bots").
	 */
	spared: (seat: Seat) => boolean = () => false;

	/** `append` signs nothing: it appends a signed entry through the session and returns its id. */
	constructor(session: GameSession, append: (entry: string) => string, clock: StallClock | null) {
		this.#session = session;
		this.#append = append;
		this.#clock = clock;
	}

	/** Seats the table waits for that this device does not hold, by seat. */
	get awaited(): AwaitedSeat[] {
		return [...this.#waits.values()].sort((a, b) => a.seat - b.seat).map(({ seat, for: what, since }) => ({ seat, for: what, since }));
	}

	/** Seconds before an automatic vote (the game's rule; 0: never). */
	get countdown(): number {
		const core = this.#core;
		return core === null ? 0 : (core.rules?.countdown ?? 0);
	}

	/** The game's protocol rules (countdown, equivocation); null before its create entry or in a version-1 game. */
	get rules(): ProtocolRules | null {
		return this.#core?.rules ?? null;
	}

	/** Whether this device votes at all: it holds a seat still in the game, and not every seat (hot seat). */
	get canVote(): boolean {
		const core = this.#core;
		return core !== null && !this.#hotSeat(core) && this.#voters(core).length > 0;
	}

	/** Whether this device votes automatically when a countdown runs out. */
	get automatic(): boolean {
		return this.canVote && this.#clock !== null && this.countdown > 0;
	}

	/**
	 * When the table waits for no seat (awaited empty, none of this device's either) and the game is
	 * not over: what it waits on instead, so the stall panel never shows an empty "waiting for".
	 * Null when a seat is awaited, the game is over, or nothing is pending.
	 */
	get pending(): PendingStep | null {
		const core = this.#core;
		const engine = core?.engine ?? null;
		if (core === null || engine === null || this.#waits.size > 0 || this.#mineAwaited) return null;
		if (core.forfeit !== null || core.broken !== null || engine.phase.kind === 'over') return null;
		// The lobby waits for players to sit down, not for a stalled step.
		if (core.seats.length === 0 || core.seats.some((holder) => holder === null)) return null;
		const replay = this.#session.replayer as GameReplayer;
		const seats = core.seats.map((_, seat) => seat);
		const voteTargets = seats.filter((seat) => {
			const key = core.seats[seat]?.key;
			return key !== undefined && replay.orderer.standingAgainst(key).length > 0;
		});
		if (voteTargets.length > 0) return { kind: 'vote', seats: voteTargets };
		const event = core.event;
		if (engine.random !== null && event !== null && core.keygen?.group) {
			if (!replay.isFinal(event.opener)) return { kind: 'order', seats: [] };
			const owing = seats.filter((seat) => !event.shares.has(seat) && !core.votedOut.has(seat) && !core.cheaters.has(seat));
			if (event.shares.size < core.keygen.t && owing.length > 0) return { kind: 'share', seats: owing };
		}
		return { kind: 'automatic', seats: [] };
	}

	/** The table also waits for a seat held here: no automatic vote until it has played. */
	get mineAwaited(): boolean {
		return this.#mineAwaited;
	}

	get standing(): TableStanding {
		const core = this.#core;
		if (core === null) return NO_STANDING;
		const sorted = (seats: Iterable<Seat>) => [...seats].sort((a, b) => a - b);
		const deck = core.deck;
		// Seeds still owed (either deck: the Illuminati's too) keep the audit waiting.
		const audit: DeckStanding['audit'] = seedsOwed(core).length > 0 ? 'waiting' : deck === null ? null : deck.audit !== null ? 'done' : null;
		// Hidden Illuminati's deal names its cheaters and liars the same way (v2/illuminati/); a seat
		// named the same in both decks (a withheld seed) is listed once.
		const faults = [...(deck?.faults ?? []), ...(core.illuminati?.faults ?? [])].filter((f, i, all) => all.findIndex((g) => g.seat === f.seat && g.code === f.code) === i);
		const deckStanding = deck === null && faults.length === 0 ? null : { faults: faults.map(({ seat, code }) => ({ seat, code })), audit };
		// The votes that count now (a caught cheater's or a voted-out seat's no longer do). While seeds
		// are owed, a vote against a seat that owes one is a vote that it withholds it.
		const owed = seedsOwed(core);
		const votes = new Map<Seat, Seat[]>();
		for (const target of core.seats.keys()) {
			const counted = owed.includes(target) ? countedSeedVotes(core, target) : countedAbsenceVotes(core, target);
			if (counted.length > 0) votes.set(target, counted);
		}
		return { votes, votedOut: sorted(core.votedOut), cheaters: sorted(core.cheaters), forfeit: core.forfeit, deck: deckStanding };
	}

	/** Seats of this device that voted `target` absent and have no vote left to give it. */
	votedBy(target: Seat): Seat[] {
		const core = this.#core;
		return core === null ? [] : this.#session.mySeats.filter((voter) => alreadyVoted(core, voter, target));
	}

	/**
	 * The state seat `seat` (held here) answers from while lone votes stand against this device
	 * (two members left; docs/protocol.md, "Two seats"): the game without those votes
	 * (`coreAnswering`), in which the seat is still in play. The session's own state has the votes'
	 * effect (the seat absent, left, or forfeiting a roll), so its moves would be refused there.
	 * Null when no such vote stands: play from the session's state.
	 */
	answeringState(seat: Seat): GameState | null {
		const session = this.#session;
		const replay = session.replayer;
		const key = session.seats[seat];
		if (!(replay instanceof GameReplayer) || session.readOnly || key !== session.key) return null;
		if (replay.orderer.standingAgainst(key).length === 0) return null;
		return replay.coreAnswering(key).engine;
	}

	/**
	 * Plays `action` for `seat` from `answeringState`: an action entry of the vote's target, which
	 * the vote did not see, so every peer holds the vote void (`VOTE_ANSWERED`) and the action
	 * takes its place in the game without it. Refused when no vote stands against the seat or the
	 * rules refuse the action there. (Secret deck: a move naming a hidden card is not shown first.)
	 */
	answer(seat: Seat, action: PlayerAction): ActResult {
		const state = this.answeringState(seat);
		if (state === null) return refused('NOT_AWAITED', `No lone vote stands against seat ${seat} on this device.`);
		if (action.seat !== seat) return refused('NOT_SEAT_HOLDER', 'The action names another seat.');
		const checked = step(state, action);
		if (!checked.ok) return refused(checked.error.code, checked.error.message);
		const id = this.#append(this.#session.protocol.entry('action', action));
		const refusal = this.#session.rejections.find((r) => r.id === id);
		return refusal ? refused(refusal.code, refusal.message) : { ok: true, id };
	}

	/** Votes `target` absent now, from every seat here still in the game that has not yet. */
	vote(target: Seat): ActResult {
		const core = this.#core;
		if (this.#session.readOnly || core === null) return refused('READ_ONLY', 'This game takes no new entries here.');
		const voters = this.#hotSeat(core) ? [] : this.#voters(core);
		if (voters.length === 0) return refused('NOT_SEAT_HOLDER', 'This device holds no seat still in the game (or holds every seat).');
		if (!this.#waits.has(target)) return refused('NOT_AWAITED', `The table is not waiting for seat ${target}.`);
		const due = voters.filter((voter) => !alreadyVoted(core, voter, target));
		if (due.length === 0) return refused('ALREADY_VOTED', `This device already voted seat ${target} absent.`);
		let result: ActResult = refused('ALREADY_VOTED', '');
		for (const voter of due) {
			result = this.#post(voter, target);
			if (!result.ok) break;
		}
		return result;
	}

	/** After each refresh of the session: follows the awaited seats, votes what is due, sets the timer. */
	update(): void {
		if (this.#destroyed) return;
		if (this.#updating) {
			this.#again = true;
			return;
		}
		this.#updating = true;
		try {
			let rounds = 0;
			do {
				this.#again = false;
				this.#follow();
				this.#voteDue();
			} while (this.#again && ++rounds < 64);
		} finally {
			this.#updating = false;
		}
		this.#arm();
	}

	destroy(): void {
		this.#destroyed = true;
		this.#disarm();
	}

	get #core(): CoreV2 | null {
		const session = this.#session;
		return session.protocol.version === 2 && !session.readOnly ? (session.replayer as GameReplayer).core : null;
	}

	#hotSeat(core: CoreV2): boolean {
		return core.seats.length > 0 && this.#session.mySeats.length === core.seats.length;
	}

	/** This device's seats still in the game: they may vote. */
	#voters(core: CoreV2): Seat[] {
		const engine = core.engine;
		if (engine === null) return [];
		// At the end of a secret-deck game: seats that may vote that a seat withholds its seed.
		if (seedsOwed(core).length > 0) return this.#session.mySeats.filter((seat) => mayVoteOnSeeds(core, seat));
		return this.#session.mySeats.filter((seat) => !core.votedOut.has(seat) && !core.cheaters.has(seat) && !engine.players[seat]!.eliminated && !engine.players[seat]!.absent);
	}

	#follow(): void {
		const core = this.#core;
		this.#mineAwaited = false;
		if (core === null) {
			this.#waits = new Map();
			return;
		}
		const replay = this.#session.replayer as GameReplayer;
		const mine = new Set(this.#session.mySeats);
		const now = (this.#clock ?? systemClock).now();
		const waits = new Map<Seat, Wait>();
		for (const { seat, for: what } of awaitedSeats(replay)) {
			if (mine.has(seat)) {
				this.#mineAwaited = true;
				continue;
			}
			const holder = core.seats[seat]?.key;
			const marker = holder === undefined ? null : replay.lastOf(holder);
			const old = this.#waits.get(seat);
			waits.set(seat, old !== undefined && old.for === what && old.marker === marker ? old : { seat, for: what, since: now, marker });
		}
		this.#waits = waits;
	}

	#voteDue(): void {
		const core = this.#core;
		if (core === null || this.#hotSeat(core) || this.#session.verifying > 0) return;
		const voters = this.#voters(core);
		if (this.automatic && !this.#mineAwaited) {
			const now = this.#clock!.now();
			for (const wait of this.#waits.values()) {
				if (now - wait.since < this.countdown * 1000 || this.spared(wait.seat)) continue;
				for (const voter of voters) if (this.#autoVote(core, voter, wait.seat, waitKey(wait))) return;
			}
		}
		// A counted vote the engine has not taken (it waited for randomness then): given again, countdown or not.
		for (const target of core.votedOut) {
			for (const voter of voters) {
				if (core.votes.get(target)?.includes(voter) && this.#autoVote(core, voter, target, `engine ${core.engine!.accepted}`)) return;
			}
		}
	}

	/** Whether `voter` has a vote to post against `target` for this wait (none posted for it, none counted). */
	#owes(core: CoreV2, voter: Seat, target: Seat, wait: string): boolean {
		return this.#posted.get(`${voter}>${target}`) !== wait && !alreadyVoted(core, voter, target);
	}

	/** Posts one vote, once per wait; true if it did (the core read before is stale then). */
	#autoVote(core: CoreV2, voter: Seat, target: Seat, wait: string): boolean {
		const key = `${voter}>${target}`;
		if (!this.#owes(core, voter, target, wait)) return false;
		this.#posted.set(key, wait);
		this.#post(voter, target);
		this.#again = true;
		return true;
	}

	#post(seat: Seat, target: Seat): ActResult {
		const id = this.#append(this.#session.protocol.entry('absent', { seat, target }));
		const refusal = this.#session.rejections.find((r) => r.id === id);
		return refusal ? refused(refusal.code, refusal.message) : { ok: true, id };
	}

	/** A timer for the next countdown to run out, if this device would vote then. */
	#arm(): void {
		const core = this.#core;
		if (this.#destroyed || core === null || !this.automatic || this.#mineAwaited) return this.#disarm();
		const voters = this.#voters(core);
		let due = Infinity;
		for (const wait of this.#waits.values()) {
			if (this.spared(wait.seat)) continue;
			if (voters.some((voter) => this.#owes(core, voter, wait.seat, waitKey(wait)))) due = Math.min(due, wait.since + this.countdown * 1000);
		}
		if (due === this.#timerAt) return;
		this.#disarm();
		if (due === Infinity) return;
		const clock = this.#clock!;
		this.#timerAt = due;
		this.#timer = clock.setTimeout(() => {
			this.#timer = null;
			this.#timerAt = Infinity;
			this.#session.refresh();
		}, Math.max(0, due - clock.now()));
	}

	#disarm(): void {
		if (this.#timer !== null) this.#clock?.clearTimeout(this.#timer);
		this.#timer = null;
		this.#timerAt = Infinity;
	}
}

const waitKey = (wait: Wait) => `${wait.for} ${wait.since} ${wait.marker}`;

/** Whether `voter`'s vote against `target` is counted and the engine would take no other (the protocol's ALREADY_VOTED). */
export function alreadyVoted(core: CoreV2, voter: Seat, target: Seat): boolean {
	if (seedsOwed(core).includes(target)) return seedVoted(core, voter, target);
	if (!(core.votes.get(target) ?? []).includes(voter)) return false;
	// A computer player's vote the people have not joined yet: counted, given again only after.
	if (botVoteWaits(core, voter, target)) return true;
	return core.engine === null || !step(core.engine, { type: 'declareAbsent', seat: voter, target }).ok;
}
