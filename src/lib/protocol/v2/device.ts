/**
 * What an honest version-2 client does: sign entries that continue its own chain and name the
 * graph's heads, take part in the key generation (deal, then give its verdict), give its coin share
 * once a random event's opener is final (never earlier: an opener that can still move could be
 * voided after the outcome is known), and acknowledge what needs acknowledging so finality moves.
 * Secrets come from the caller: a box secret per seat (derived from the device seed in the app, so
 * a reload rebuilds it) and random bytes.
 */
import type { CardId, Seat } from '../../engine/index.js';
import { boxKeyPair, complain, coinShare, deal, openShare, secretShare, type BoxKeyPair, type Dealing } from '../coin/index.js';
import type { Identity } from '../crypto.js';
import { signEntry, type Bodies, type ComplaintBody, type EntryKind } from '../entry.js';
import { coinMessage, keygenContext } from './entry-handlers.js';
import type { GameReplayer } from './replayer.js';
import type { CoreV2 } from './core.js';
import { deckOpener, DeckDevice, type DeckKeys } from './deck/device.js';
import type { Knowledge } from '../../engine/knowledge.js';
import { IlluminatiDevice } from './illuminati/automatic.js';
import { OWN_ILLUMINATI } from '../../engine/hidden-illuminati.js';
import type { DealKeys } from './illuminati/device.js';

export interface DeviceSecrets {
	/** 32 secret bytes for a seat's box key (the same every time for the same seat and game). */
	box(seat: Seat): Uint8Array;
	random(n: number): Uint8Array;
}

export class PlayerDevice {
	readonly identity: Identity;
	readonly #secrets: DeviceSecrets;
	readonly #boxes = new Map<Seat, BoxKeyPair>();
	/** Secret shares by seat and group key. */
	readonly #shares = new Map<string, bigint>();

	constructor(identity: Identity, secrets: DeviceSecrets) {
		this.identity = identity;
		this.#secrets = secrets;
	}

	get key(): string {
		return this.identity.publicKey;
	}

	/** A signed entry continuing this device's chain and naming the graph's heads. */
	entry<K extends EntryKind>(replay: GameReplayer, kind: K, body: Bodies[K]): string {
		const genesis = kind === 'create' || kind === 'fork';
		const last = genesis ? null : replay.lastOf(this.key);
		const deps = genesis ? [] : replay.depsFor(last);
		return signEntry(this.identity, { game: replay.gameId, kind, body, last, deps });
	}

	box(seat: Seat): BoxKeyPair {
		let pair = this.#boxes.get(seat);
		if (pair === undefined) {
			pair = boxKeyPair(this.#secrets.box(seat));
			this.#boxes.set(seat, pair);
		}
		return pair;
	}

	join(replay: GameReplayer, seat: Seat): string {
		return this.entry(replay, 'join', { seat, box: this.box(seat).publicKey });
	}

	/** The next automatic entry (a dealing, a verdict, a coin share, an acknowledgement), or null. */
	nextAutomatic(replay: GameReplayer): string | null {
		// A lone vote standing against this device is answered by what it still owes (docs/protocol.md, "Two seats").
		const core = replay.coreAnswering(this.key);
		if (core.engine === null) return null;
		// A forfeited or broken game still owes the audit its seeds (deck/withheld.ts); nothing else.
		if (core.forfeit !== null || core.broken !== null) {
			for (const [seat, holder] of core.seats.entries()) {
				const seed = holder?.key === this.key ? (this.#deckEntry(replay, core, seat) ?? this.#illuminatiEntry(replay, core, seat)) : null;
				if (seed !== null) return seed;
			}
			return null;
		}
		const mine = core.seats.flatMap((holder, seat) => (holder?.key === this.key && !core.cheaters.has(seat) ? [seat] : []));
		for (const seat of mine) {
			const entry = this.#keygenEntry(replay, core, seat) ?? this.#shareEntry(replay, core, seat) ?? this.#deckEntry(replay, core, seat) ?? this.#illuminatiEntry(replay, core, seat);
			if (entry !== null) return entry;
		}
		return this.#needsAck(replay) ? this.entry(replay, 'ack', {}) : null;
	}

	#keygenEntry(replay: GameReplayer, core: CoreV2, seat: Seat): string | null {
		const keygen = core.keygen;
		if (keygen === null || keygen.group !== null) return null;
		const context = keygenContext(replay.gameId, core);
		if (!keygen.dealings.has(seat)) {
			const boxKeys = core.seats.map((holder) => holder!.box);
			const dealing = deal({ context, dealer: seat, t: keygen.t, boxKeys, random: this.#secrets.random });
			return this.entry(replay, 'deal', { seat, dealing });
		}
		if (keygen.verdicts.has(seat)) return null;
		const dealers = core.seats.map((_, s) => s).filter((s) => !core.votedOut.has(s));
		if (!dealers.every((dealer) => keygen.dealings.has(dealer))) return null;
		const box = this.box(seat);
		const complaints: ComplaintBody[] = [];
		for (const [dealer, dealing] of keygen.dealings) {
			const opened = openShare({ context, dealer, dealing: dealing as Dealing, seat, boxSecret: box.secret });
			if (!opened.ok) complaints.push(complain({ context, dealer, dealing: dealing as Dealing, seat, boxSecret: box.secret, boxKey: box.publicKey, random: this.#secrets.random }));
		}
		// Rule keygen 'judgedDealings': the verdict names every dealing it judged (all it holds).
		const judged = keygen.judged === undefined ? {} : { judged: [...keygen.dealings.keys()].sort((a, b) => a - b) };
		return this.entry(replay, 'keys', { seat, complaints, ...judged });
	}

	#shareEntry(replay: GameReplayer, core: CoreV2, seat: Seat): string | null {
		const event = core.event;
		const group = core.keygen?.group;
		if (event === null || !group || event.shares.has(seat)) return null;
		// Only for a final opener: nothing can then be placed before it.
		if (!replay.isFinal(event.opener)) return null;
		const secret = this.#secretShare(replay, core, seat);
		if (secret === null) return null;
		const value = coinShare({ message: coinMessage(replay.gameId, event.opener, event.request), seat, secret, random: this.#secrets.random });
		return this.entry(replay, 'share', { seat, opener: event.opener, request: event.request, value });
	}

	/** The secret deck's part of this device (deck/device.ts). */
	readonly deck = new DeckDevice();

	deckKeys(replay: GameReplayer, core: CoreV2, seat: Seat): DeckKeys {
		const box = this.box(seat);
		const share = core.keygen?.group ? this.#secretShare(replay, core, seat) : null;
		return { game: replay.gameId, seat, boxSecret: box.secret, boxKey: box.publicKey, share, random: this.#secrets.random, isFinal: (id) => replay.isFinal(id) };
	}

	#deckEntry(replay: GameReplayer, core: CoreV2, seat: Seat): string | null {
		if (core.deck === null) return null;
		const body = this.deck.next(core, this.deckKeys(replay, core, seat));
		return body === null ? null : this.entry(replay, 'deck', body);
	}

	/** Hidden Illuminati's part of this device (illuminati/automatic.ts). */
	readonly illuminati = new IlluminatiDevice();

	#illuminatiKeys(replay: GameReplayer, core: CoreV2, seat: Seat): DealKeys | null {
		const share = core.keygen?.group ? this.#secretShare(replay, core, seat) : null;
		return share === null ? null : { seat, boxSecret: this.box(seat).secret, share, random: this.#secrets.random };
	}

	#illuminatiEntry(replay: GameReplayer, core: CoreV2, seat: Seat): string | null {
		const keys = core.illuminati === null ? null : this.#illuminatiKeys(replay, core, seat);
		const next = keys === null ? null : this.illuminati.next(core, keys);
		if (next === null) return null;
		return next.kind === 'illuminati' ? this.entry(replay, 'illuminati', next.body) : this.entry(replay, 'action', next.body);
	}

	/** Seat `seat`'s own Illuminati under Hidden Illuminati's secret deal, once this device opened it, or null. */
	ownIlluminati(replay: GameReplayer, seat: Seat): CardId | null {
		const core = replay.core;
		const keys = core.illuminati === null ? null : this.#illuminatiKeys(replay, core, seat);
		return keys === null ? null : this.illuminati.card(core, keys);
	}

	/** What this device knows of seat `seat`'s hidden cards (engine/knowledge.ts). */
	knowledge(replay: GameReplayer, seat: Seat): Knowledge {
		const core = replay.core;
		const cards = core.deck === null ? {} : this.deck.knowledge(core, this.deckKeys(replay, core, seat));
		// Hidden Illuminati: the seat's own face-down card (engine/hidden-illuminati.ts OWN_ILLUMINATI).
		const own = this.ownIlluminati(replay, seat);
		return own === null ? cards : { ...cards, [OWN_ILLUMINATI]: own };
	}

	/** The entry showing seat `seat`'s hidden card at `position` to all, with proofs (to play it), or null. */
	showEntry(replay: GameReplayer, seat: Seat, position: number): string | null {
		const core = replay.core;
		const body = core.deck === null ? null : this.deck.show(core, this.deckKeys(replay, core, seat), position);
		return body === null ? null : this.entry(replay, 'deck', body);
	}

	#secretShare(replay: GameReplayer, core: CoreV2, seat: Seat): bigint | null {
		const keygen = core.keygen!;
		const cacheKey = `${seat} ${keygen.group!.publicKey}`;
		const cached = this.#shares.get(cacheKey);
		if (cached !== undefined) return cached;
		const context = keygenContext(replay.gameId, core);
		const opened = new Map<number, bigint>();
		for (const dealer of keygen.qualified) {
			const result = openShare({ context, dealer, dealing: keygen.dealings.get(dealer) as Dealing, seat, boxSecret: this.box(seat).secret });
			if (!result.ok) return null;
			opened.set(dealer, result.share);
		}
		const secret = secretShare(opened);
		this.#shares.set(cacheKey, secret);
		return secret;
	}

	/**
	 * Whether this member should acknowledge now: a random event waits for its opener to be final
	 * and this device's latest entry is not past it, or an entry of a seat holder or a join waits
	 * for this member's acknowledgement.
	 */
	#needsAck(replay: GameReplayer): boolean {
		const orderer = replay.orderer;
		if (!orderer.members.has(this.key)) return false;
		const latest = replay.dag.latestNodeOf(this.key);
		const keyed = orderer.keyed();
		const event = replay.core.event;
		// A coin event's opener, or the secret deck's (the shuffle and each draw wait for one to be final).
		const waiting = event !== null && replay.core.keygen?.group ? event.opener : deckOpener(replay.core);
		if (waiting !== null && !replay.isFinal(waiting)) {
			const opener = keyed.find(({ node }) => node.id === waiting);
			if (opener !== undefined && (latest === null || !replay.dag.descends(latest, opener.node) || (Number.isFinite(opener.key) && latest.lamport <= opener.key))) return true;
		}
		const holders = new Set(replay.core.seats.map((holder) => holder?.key));
		// Entries keyed by acknowledgement: a join, or an entry of a seat cut or caught equivocating.
		return keyed.some(({ node }) => node.entry.author !== this.key && !orderer.ownKeyed(node) && (node.entry.kind === 'join' || holders.has(node.entry.author)) && !node.acks.has(this.key));
	}
}
