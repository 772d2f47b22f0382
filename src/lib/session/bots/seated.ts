/**
 * Computer players seated at an online table (docs/bots.md, "Where players meet them"; the claim:
 * protocol/bot-claim.ts). A player seats a bot in a free seat: this device makes a seed for it
 * (its own Ed25519 key, box key and chains derive from it, as a device's do), seals that seed to
 * the box key of every player seated then, and a second session over the same document (its own
 * append origin, no transport) claims the seat with `join` + `bot` and signs the bot's entries
 * like anyone's. A BotDriver plays it.
 *
 * Who drives a bot: of the players holding a box of its seed, the one who seated it while their
 * device is present, else the present one with the lowest seat. When the owner's device leaves,
 * another player's device opens its box and goes on (a takeover); when the owner comes back it
 * drives again. Each device decides from presence, which is not authenticated: two devices that
 * see presence differently may both sign the bot's next entry, which the protocol reports as
 * equivocation of the bot's seat (its penalty applies). The takeover is not announced by an
 * entry of its own (docs/bots.md says what that leaves open). Any holder of a box could act as
 * the bot: a bot is table property.
 */
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import type { Level } from '../../bots/index.js';
import type { Seat } from '../../engine/index.js';
import { GameReplayer } from '../../protocol/index.js';
import type { BotClaim, BotSeedBox } from '../../protocol/bot-claim.js';
import { boxKeyPair } from '../../protocol/coin/keys.js';
import { openSealBytes, sealBytes } from '../../protocol/deck/seal.js';
import { GameSession } from '../game-session.js';
import { sessionRefused, type ActResult } from '../refusal.js';
import { boxSecret, newSeed, type RandomBytes } from '../keys.js';
import { BotDriver, type DriverOptions } from './driver.js';
import type { StallClock } from '../stall-watch.js';
import type { Thinker } from './thinker.js';

/** A bot seated at this table, as every device sees it. */
export interface SeatedBot {
	readonly seat: Seat;
	readonly level: Level;
	/** The seat of the player who seated it. */
	readonly by: Seat;
	/** Seats whose players hold a box of its seed (may drive it). */
	readonly holders: readonly Seat[];
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
}

interface Driving {
	readonly session: GameSession;
	readonly driver: BotDriver;
}

export class SeatedBots {
	readonly #main: GameSession;
	readonly #options: SeatedBotsOptions;
	readonly #driving = new Map<Seat, Driving>();
	readonly #listeners = new Set<() => void>();
	readonly #off: () => void;
	#claims: SeatedBot[] = [];
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
		const claim: BotClaim = { level, by, seeds };
		this.#starting.add(seat);
		const session = this.#session(seed, seat);
		const result = session.claim(seat, claim);
		this.#starting.delete(seat);
		if (!result.ok) {
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
			const order = [claim.by, ...holders.filter((s) => s !== claim.by).sort((a, b) => a - b)].filter((s) => holders.includes(s));
			const driverSeat = order.find((s) => present.has(main.seats[s]!));
			const mine = driverSeat !== undefined && main.seats[driverSeat] === main.key;
			const over = main.state?.phase.kind === 'over';
			if (mine && !over && !this.#driving.has(seat) && !this.#starting.has(seat)) this.#takeOver(seat, claim);
			if ((!mine || over) && this.#driving.has(seat)) this.#stop(seat);
			next.push({ seat, level: claim.level, by: claim.by, holders, driving: this.#driving.has(seat) });
		}
		if (JSON.stringify(next) !== JSON.stringify(this.#claims)) {
			this.#claims = next;
			this.#notify();
		}
	}

	destroy(): void {
		this.#destroyed = true;
		this.#off();
		for (const seat of [...this.#driving.keys()]) this.#stop(seat);
		this.#listeners.clear();
	}

	#session(seed: string, seat: Seat): GameSession {
		const main = this.#main;
		return new GameSession({ game: main.game, roomCode: main.roomCode, seed, randomBytes: this.#options.random, title: main.title, origin: Symbol(`fnord.bot.${seat}`), genesis: main.genesisId, clock: this.#options.clock });
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
				session.destroy();
				continue;
			}
			this.#drive(seat, claim.level, session);
			return;
		}
	}

	#drive(seat: Seat, level: Level, session: GameSession): void {
		const o = this.#options;
		const driver = new BotDriver(session, [{ seat, level }], { thinker: o.thinker, seed: this.#main.gameId, key: `${this.#main.gameId}:seated`, paceMs: o.paceMs, timeBudgetMs: o.timeBudgetMs, wait: o.wait });
		driver.subscribe(() => this.#notify());
		this.#driving.set(seat, { session, driver });
	}

	#stop(seat: Seat): void {
		const driving = this.#driving.get(seat);
		if (!driving) return;
		this.#driving.delete(seat);
		// The thinker is shared: the driver's destroy must not stop it.
		driving.driver.destroy(false);
		driving.session.destroy();
	}

	#notify(): void {
		for (const listener of [...this.#listeners]) listener();
	}
}

/** The accepted bot claims of a version-2 game: seat, claim (the seat still held by the claim's author). */
export function readClaims(session: GameSession): { seat: Seat; claim: BotClaim }[] {
	const replayer = session.replayer;
	if (!(replayer instanceof GameReplayer)) return [];
	const out: { seat: Seat; claim: BotClaim }[] = [];
	for (const entry of replayer.accepted) {
		if (entry.kind !== 'join') continue;
		const parsed = JSON.parse(entry.text) as { author: string; body: { seat: number; bot?: BotClaim } };
		if (parsed.body.bot === undefined || session.seats[parsed.body.seat] !== parsed.author) continue;
		out.push({ seat: parsed.body.seat, claim: parsed.body.bot });
	}
	return out;
}
