/**
 * Computer players seated at an online table (docs/bots.md, "Where players meet them"; the claim:
 * protocol/bot-claim.ts). A player seats a bot in a free seat: this device makes a seed for it
 * (its own Ed25519 key, box key and chains derive from it, as a device's do), seals that seed to
 * the box key of every player seated then, and a second session over the same document (its own
 * append origin, no transport) claims the seat with `join` + `bot` and signs the bot's entries
 * like anyone's. A BotDriver plays it.
 *
 * Who drives a bot: the device that seated it; then a holder of a box of its seed that claims it
 * (drive-claims.ts): a holder whose earlier holders (the owner first, then by seat) are all gone
 * from presence, or the first present holder once the game has waited `takeoverMs` for the bot
 * (nobody plays it: an owner back after a reload). A claim is a `botDrive` entry signed by the
 * claimant's own seat key, naming the bot's head (its latest entry, or the claim that won after
 * it); the first claim in the replay order naming the head wins on every device, and the winner
 * drives once its claim has waited `claimSettleMs` (the others' claims cross the network
 * meanwhile), so two devices claiming at once never both sign for the bot. A device that drives
 * and sees another's claim win stops at once; so does one that sees an entry of the bot it did
 * not sign. What is left: a device that has not seen another's claim within `claimSettleMs` (a
 * network slower than that), or an old driver whose bot entry crosses a claim, may still sign the
 * bot's next entry beside the winner, which the protocol reports as equivocation of the bot's
 * seat. Any holder of a box could act as the bot: a bot is table property.
 */
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import type { Level } from '../../bots/index.js';
import type { Seat } from '../../engine/index.js';
import { GameReplayer, parseEntry, seedsOwed } from '../../protocol/index.js';
import { botSeatAuth, type BotClaim, type BotSeedBox } from '../../protocol/bot-claim.js';
import { boxKeyPair } from '../../protocol/coin/keys.js';
import { openSealBytes, sealBytes } from '../../protocol/deck/seal.js';
import { GameSession } from '../game-session.js';
import { sessionRefused, type ActResult } from '../refusal.js';
import { boxSecret, newSeed, type RandomBytes } from '../keys.js';
import { seedBoxOpens } from './seed-box.js';
import { choiceSeed } from './choice-seed.js';
import { BotDriver, type DriverOptions } from './driver.js';
import { answeringSession } from './answering-session.js';
import type { StallClock } from '../stall-watch.js';
import type { Thinker } from './thinker.js';
import { BotSeals } from './bot-seals.js';
import { BotUndoAnswers } from './undo-answer.js';
import { driveClaims, driveWinner, lastDriver, type DriveClaim } from './drive-claims.js';
import { readClaims } from './seat-claims.js';

export { readClaims };

/** A bot seated at this table, as every device sees it. */
export interface SeatedBot {
	readonly seat: Seat;
	readonly level: Level;
	/** The seat of the player who seated it. */
	readonly by: Seat;
	/** Seats whose players hold a box of its seed (may drive it), as the seating player listed them. */
	readonly holders: readonly Seat[];
	/** This device's seats among them whose box does not give the bot's seed (checked here): they
	 * never take it over, and the table says so (a hostile seating player's decoy box). */
	readonly unopenable: readonly Seat[];
	/** This device drives it now. */
	readonly driving: boolean;
}

export interface SeatedBotsOptions {
	readonly thinker: Thinker;
	readonly random: RandomBytes;
	/** Public keys present at the table now (this device's included). */
	readonly present: () => ReadonlySet<string>;
	readonly paceMs?: number;
	readonly timeBudgetMs?: number | null;
	readonly wait?: DriverOptions['wait'];
	/** The bot's session votes absent seats like a device (StallWatch); none: it never votes. */
	readonly clock?: StallClock;
	/** How long the game waits for a bot nobody plays before a present holder takes it over (ms). */
	readonly takeoverMs?: number;
	/** How long a takeover claim waits for others' claims before it drives (ms): they cross the network in that time. */
	readonly claimSettleMs?: number;
}

/** The game waits this long for a bot nobody plays before the first present holder takes it over. */
const TAKEOVER_MS = 10_000;
/** A takeover claim drives this long after it was posted, if it is still first. */
const CLAIM_SETTLE_MS = 1_500;

interface Driving {
	readonly session: GameSession;
	readonly driver: BotDriver;
	readonly undo: BotUndoAnswers;
}

export class SeatedBots {
	/** #boxOpens's answers, by bot seat, holder seat and bot key. */
	readonly #boxChecks = new Map<string, boolean>();
	readonly #main: GameSession;
	readonly #options: SeatedBotsOptions;
	readonly #driving = new Map<Seat, Driving>();
	readonly #listeners = new Set<() => void>();
	readonly #off: () => void;
	#claims: SeatedBot[] = [];
	readonly #signed = new Map<GameSession, { ids: Set<string>; off: () => void; baseline: string | null }>();
	#timer: unknown = null;
	#timerAt = Infinity;
	/** Heads this device claimed a bot from (`${seat} ${head}`), once each. */
	readonly #claimedAt = new Map<string, number>();
	/** This device's takeover claims: entry id → when posted (clock ms). */
	readonly #claimIds = new Map<string, number>();
	/** Bots whose session is being made: a session posts entries as it starts, and the main session's notice of them must not start another. */
	readonly #starting = new Set<Seat>();
	#destroyed = false;

	constructor(main: GameSession, options: SeatedBotsOptions) {
		this.#main = main;
		this.#options = options;
		this.#off = main.subscribe(() => this.update());
		this.update();
	}

	/** Bots seated at this table (every device's). */
	get bots(): readonly SeatedBot[] {
		return this.#claims;
	}

	/** The drivers of the bots this device plays now. */
	get drivers(): BotDriver[] {
		return [...this.#driving.values()].map((d) => d.driver);
	}

	subscribe(listener: () => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Seats a bot of `level` in free seat `seat`; only a player seated here may (someone must hold its seed). */
	seat(seat: Seat, level: Level): ActResult {
		const main = this.#main;
		const replayer = main.replayer;
		if (main.state === null || !(replayer instanceof GameReplayer)) return sessionRefused('GAME_NOT_HERE', 'The game has not reached this device yet.');
		const by = main.mySeats[0];
		if (by === undefined) return sessionRefused('NOT_SEAT_HOLDER', 'Only a seated player can seat a computer player.');
		if (main.seats[seat] !== null) return sessionRefused('SEAT_TAKEN', `Seat ${seat} is taken.`);
		const seed = newSeed(this.#options.random);
		const seeds: BotSeedBox[] = [];
		replayer.core.seats.forEach((holder, to) => {
			if (holder === null) return;
			const sealed = sealBytes({ game: main.gameId, kind: 'bot', from: seat, to, position: 0, boxKey: holder.box, plaintext: hexToBytes(seed), random: this.#options.random });
			if (sealed.ok) seeds.push({ seat: to, box: sealed.value.box });
		});
		this.#starting.add(seat);
		const session = this.#session(seed, seat);
		// Seat `by` signs its consent: every peer refuses a bot's join without it (bot-claim.ts).
		const auth = botSeatAuth(main.identity.secretKey, main.gameId, session.key, seat, level);
		const claim: BotClaim = { level, by, seeds, auth };
		const result = session.claim(seat, claim);
		this.#starting.delete(seat);
		if (!result.ok) {
			this.#signed.get(session)?.off();
			this.#signed.delete(session);
			session.destroy();
			return result;
		}
		this.#drive(seat, level, session);
		this.update();
		return result;
	}

	/** Reads the claims again and starts or stops driving (after a change of the log or of presence). */
	update(): void {
		if (this.#destroyed) return;
		const main = this.#main;
		const claims = readClaims(main);
		const present = this.#options.present();
		const next: SeatedBot[] = [];
		for (const { seat, claim } of claims) {
			const holders = claim.seeds.map((box) => box.seat).filter((s) => main.seats[s] !== null && s !== seat);
			// This device's seats whose box does not open to the bot's seed never claim it (red team,
			// session 14: the seating player's decoy box made a holder claim, win and never drive).
			const unopenable = holders.filter((s) => main.seats[s] === main.key && !this.#boxOpens(seat, claim, s));
			const order = [claim.by, ...holders.filter((s) => s !== claim.by).sort((a, b) => a - b)].filter((s) => holders.includes(s) && !unopenable.includes(s));
			// A secret-deck game's end still needs the bot: its shuffle seed, or its vote on a seat that
			// withholds one (docs/deck.md, "The audit"). Driven, or taken over, until the audit waits for none.
			const over = main.state?.phase.kind === 'over' && seedsOwed((main.replayer as GameReplayer).core).length === 0;
			const driving = this.#driving.get(seat);
			const { winner, head, driver } = this.#driveClaim(seat, holders, claim.by);
			const won = winner !== null && main.seats[winner.seat] === main.key;
			// The log's order decides a takeover: a device whose claim lost, or that sees another's claim win, stops at once.
			if (driving !== undefined && (over || this.#overtaken(seat, driving) || (winner !== null && !won))) this.#stop(seat);
			else if (driving === undefined && !over && !this.#starting.has(seat)) {
				if (won) {
					if (this.#settled(winner.id)) this.#takeOver(seat, claim);
				} else if (head !== null && this.#mayTakeOver(seat, order, present, driver)) this.#claimDrive(seat, order, head);
			}
			next.push({ seat, level: claim.level, by: claim.by, holders, unopenable, driving: this.#driving.has(seat) });
		}
		if (JSON.stringify(next) !== JSON.stringify(this.#claims)) {
			this.#claims = next;
			this.#notify();
		}
	}

	/**
	 * The takeover claim that drives the bot at `seat` now (null: none since its latest entry), the
	 * head a new claim names, and the seat whose device drives it as the log tells (the last claim
	 * that won, else the owner `by`).
	 */
	#driveClaim(seat: Seat, holders: readonly Seat[], by: Seat): { winner: DriveClaim | null; head: string | null; driver: Seat } {
		const replayer = this.#main.replayer as GameReplayer;
		const botKey = this.#main.seats[seat] ?? '';
		const latest = replayer.lastOf(botKey);
		const claims = driveClaims(replayer, seat, holders);
		const last = lastDriver(claims, (id) => replayer.dag.nodes.get(id)?.entry.author === botKey);
		if (latest === null) return { winner: null, head: null, driver: last?.seat ?? by };
		const { winner, head } = driveWinner(claims, latest);
		return { winner, head, driver: winner?.seat ?? last?.seat ?? by };
	}

	/** Posts this device's claim to drive the bot at `seat` from `head` (once per head), signed by its first seat in `order`. */
	#claimDrive(seat: Seat, order: readonly Seat[], head: string): void {
		const main = this.#main;
		const mine = order.find((s) => main.seats[s] === main.key);
		const key = `${seat} ${head}`;
		if (mine === undefined || this.#claimedAt.has(key)) return;
		this.#claimedAt.set(key, this.#options.clock?.now() ?? 0);
		const entry = main.protocol.entry('botDrive', { seat: mine, bot: seat, after: head });
		const parsed = parseEntry(entry);
		// Known before it is appended: the append's own refresh calls update() again.
		if (parsed.ok) this.#claimIds.set(parsed.id, this.#options.clock?.now() ?? 0);
		main.append(entry);
		// The claim drives once the others had time to post theirs (the order then puts one first everywhere).
		this.#wakeIn(this.#options.claimSettleMs ?? CLAIM_SETTLE_MS);
	}

	/** Whether this device's winning claim `id` has waited `claimSettleMs` (a claim made before a reload has). */
	#settled(id: string): boolean {
		const clock = this.#options.clock;
		const at = this.#claimIds.get(id);
		if (clock === undefined || at === undefined) return true;
		const left = at + (this.#options.claimSettleMs ?? CLAIM_SETTLE_MS) - clock.now();
		if (left <= 0) return true;
		this.#wakeIn(left);
		return false;
	}

	destroy(): void {
		this.#destroyed = true;
		if (this.#timer !== null) this.#options.clock?.clearTimeout(this.#timer);
		this.#off();
		for (const seat of [...this.#driving.keys()]) this.#stop(seat);
		this.#listeners.clear();
	}

	#session(seed: string, seat: Seat): GameSession {
		const main = this.#main;
		const origin = Symbol(`fnord.bot.${seat}`);
		// The ids of the bot's entries this device signs: another's is a takeover (#overtaken).
		const signed = new Set<string>();
		const onAppend = (entries: readonly string[]) => {
			for (const raw of entries) {
				const parsed = parseEntry(raw);
				if (parsed.ok) signed.add(parsed.id);
			}
		};
		const session = new GameSession({ game: main.game, roomCode: main.roomCode, seed, randomBytes: this.#options.random, title: main.title, origin, genesis: main.genesisId, clock: this.#options.clock, onAppend });
		this.#signed.set(session, { ids: signed, off: () => undefined, baseline: (main.replayer as GameReplayer).lastOf(session.key) });
		// The bot votes out the seats of the device that drives it, and the other bots it drives, only
		// beside another device's player still at the table: there its vote counts toward a majority
		// with theirs (an idle player whose page still drives the bot is voted out like anyone:
		// afk-driver-voted-out.test.ts). With that device's seats and bots the only members left, it
		// spares them: that device is here (it signs their entries), and such a lone vote would stand
		// unanswered and hold every later entry provisional, its roll included (last-seat-roll.test.ts).
		session.stall.spared = (target) => (main.mySeats.includes(target) || this.#driving.has(target)) && !this.#othersAtTable(seat);
		return session;
	}

	/**
	 * Whether a member of the order (a seat still in play and not cut) is held by another device
	 * than this one and its bots: the bot at `bot`'s votes then count beside that player's.
	 */
	#othersAtTable(bot: Seat): boolean {
		const main = this.#main;
		const replayer = main.replayer;
		if (!(replayer instanceof GameReplayer)) return false;
		const members = replayer.orderer.members;
		return main.seats.some((key, seat) => key !== null && seat !== bot && members.has(key) && !main.mySeats.includes(seat) && !this.#driving.has(seat));
	}

	/**
	 * Whether this device should claim the bot at `seat`: a player after the bot's owner in `order`
	 * when every holder before it is gone from presence and so is the device the log says drives it
	 * (`driver`: the last winning claim's, else the owner's); or, whoever it is (the owner back after a reload included), the first
	 * present holder once the game has waited for the bot for `takeoverMs` (nobody is playing it).
	 * Never on presence alone for the owner, so an owner coming back does not claim the bot from
	 * the device that took it over.
	 */
	#mayTakeOver(seat: Seat, order: readonly Seat[], present: ReadonlySet<string>, driver: Seat): boolean {
		const main = this.#main;
		const mine = order.findIndex((s) => main.seats[s] === main.key);
		if (mine < 0) return false;
		const driverGone = !present.has(main.seats[driver] ?? '');
		const earlierGone = order.slice(0, mine).every((s) => !present.has(main.seats[s]!));
		if (mine > 0 && earlierGone && driverGone) return true;
		const clock = this.#options.clock;
		if (clock === undefined) return mine === 0 && driver === order[0];
		const waited = main.awaited.find((w) => w.seat === seat);
		if (waited === undefined) return false;
		// The present holders in turn, one wait each: a holder before this one may be unable to
		// drive it (its box a decoy, which only its own device can tell), and must not block the rest.
		const rank = order.filter((s) => present.has(main.seats[s]!)).findIndex((s) => main.seats[s] === main.key);
		if (rank < 0) return false;
		const wait = (this.#options.takeoverMs ?? TAKEOVER_MS) * (rank + 1);
		const left = waited.since + wait - clock.now();
		if (left <= 0) return true;
		this.#wakeIn(left);
		return false;
	}

	/** Another device signed the bot's latest entry (after the one this device started from): it took the bot over. */
	#overtaken(seat: Seat, driving: Driving): boolean {
		const main = this.#main;
		const mine = this.#signed.get(driving.session);
		const latest = (main.replayer as GameReplayer).lastOf(main.seats[seat] ?? '');
		return mine !== undefined && latest !== null && latest !== mine.baseline && !mine.ids.has(latest);
	}

	#wakeIn(ms: number): void {
		const clock = this.#options.clock;
		if (clock === undefined) return;
		const at = clock.now() + ms + 10;
		if (this.#timer !== null && this.#timerAt <= at) return;
		if (this.#timer !== null) clock.clearTimeout(this.#timer);
		this.#timerAt = at;
		this.#timer = clock.setTimeout(() => {
			this.#timer = null;
			this.update();
		}, ms + 10);
	}

	/** Whether this device's box for holder seat `holder` gives the bot's seed (seed-box.ts; cached: a join never changes). */
	#boxOpens(seat: Seat, claim: BotClaim, holder: Seat): boolean {
		const key = `${seat} ${holder} ${this.#main.seats[seat]}`;
		let opens = this.#boxChecks.get(key);
		if (opens === undefined) this.#boxChecks.set(key, (opens = seedBoxOpens(this.#main, seat, claim, holder)));
		return opens;
	}

	/** Opens this device's box of the bot's seed and drives it. */
	#takeOver(seat: Seat, claim: BotClaim): void {
		const main = this.#main;
		const replayer = main.replayer as GameReplayer;
		for (const box of claim.seeds) {
			if (main.seats[box.seat] !== main.key) continue;
			const holder = replayer.core.seats[box.seat];
			if (!holder) continue;
			const opened = openSealBytes({ game: main.gameId, seal: { kind: 'bot', from: seat, to: box.seat, position: 0, box: box.box }, boxSecret: boxKeyPair(boxSecret(main.seed, main.gameId, box.seat)).secret, boxKey: holder.box });
			if (!opened.ok || opened.value.plaintext.length !== 32) continue;
			this.#starting.add(seat);
			const session = this.#session(bytesToHex(opened.value.plaintext), seat);
			this.#starting.delete(seat);
			if (session.seats[seat] !== session.key) {
				this.#signed.get(session)?.off();
				this.#signed.delete(session);
				session.destroy();
				continue;
			}
			this.#drive(seat, claim.level, session);
			return;
		}
	}

	#drive(seat: Seat, level: Level, session: GameSession): void {
		const o = this.#options;
		// The bot's choices and secret goal derive from its own seed, and sealed offers to it open with its box key:
		// all are found again after a reload or by a device that takes it over (choice-seed.ts, secret-goal.ts, bot-seals.ts).
		// While a lone vote stands against the bot, it plays from the game without it, which answers the vote (answering-session.ts).
		const driver = new BotDriver(answeringSession(session, seat), [{ seat, level }], { thinker: o.thinker, seed: choiceSeed(session.seed, this.#main.gameId), key: `${this.#main.gameId}:seated`, paceMs: o.paceMs, timeBudgetMs: o.timeBudgetMs, wait: o.wait, goalSecret: session.seed, sealed: new BotSeals(session, o.random) });
		driver.subscribe(() => this.#notify());
		this.#driving.set(seat, { session, driver, undo: new BotUndoAnswers(session, seat, (state) => driver.secretGoal(state, seat)) });
	}

	#stop(seat: Seat): void {
		const driving = this.#driving.get(seat);
		if (!driving) return;
		this.#driving.delete(seat);
		// The thinker is shared: the driver's destroy must not stop it.
		driving.driver.destroy(false);
		driving.undo.destroy();
		this.#signed.get(driving.session)?.off();
		this.#signed.delete(driving.session);
		driving.session.destroy();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}
