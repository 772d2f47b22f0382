/**
 * What a version-2 replay tracks besides the engine state: seats and their box keys, the key
 * generation, the open random event and its coin shares, absence votes, penalties. Cloned at the
 * end of the final order so the provisional tail can be replayed on a copy.
 */
import type { GameOptions, GameState, Seat } from '../../engine/index.js';
import type { GroupKey } from '../coin/index.js';
import type { Bodies, ComplaintBody, DealingBody, ProtocolRules } from '../entry.js';
import type { CarriedSection } from './carried.js';
import type { DeckCore } from './deck/core.js';
import type { IlluminatiDeal } from './illuminati/deal.js';
import { cloneUndo, emptyUndo, type UndoCore } from './takeback.js';

export interface SeatHolder {
	readonly key: string;
	/** The seat's box key (ristretto255), to which dealers seal its shares. */
	readonly box: string;
	/** A computer player's seat (its join carried `bot`). */
	readonly bot?: true;
}

export interface KeyGeneration {
	/** Threshold: shares that complete a random event (n − 1 from 3 seats, both of 2). */
	t: number;
	readonly dealings: Map<Seat, DealingBody>;
	/** Each seat's verdict on the dealings (its complaints, often none). */
	readonly verdicts: Map<Seat, readonly ComplaintBody[]>;
	/** Dealers a complaint proved cheating. */
	readonly disqualified: Set<Seat>;
	/** Protocol rule keygen 'judgedDealings': the dealers each verdict says it judged. */
	readonly judged?: Map<Seat, readonly Seat[]>;
	/** Set once every seat still counted posted its verdict. */
	group: GroupKey | null;
	qualified: Seat[];
}

export interface OpenEvent {
	/** The entry after which the game waited for randomness with the keys ready: shares name it. */
	readonly opener: string;
	/** Requests settled since the opener (an entry can open several in a row, e.g. at setup). */
	request: number;
	readonly shares: Map<Seat, string>;
}

export interface CoreV2 {
	engine: GameState | null;
	options: GameOptions | null;
	rules: ProtocolRules | null;
	seats: (SeatHolder | null)[];
	keygen: KeyGeneration | null;
	event: OpenEvent | null;
	/** Random events settled so far. */
	settled: number;
	/** `${opener} ${request}` of each settled event → the seats whose shares it has (a late share of another seat is no fault). */
	settledShares: Map<string, Seat[]>;
	/** Absence votes in replay order: target → voters. */
	votes: Map<Seat, Seat[]>;
	/** Seats voted out by a majority (they no longer hold a random event back). */
	votedOut: Set<Seat>;
	/** Seats whose holder was caught equivocating (named to everyone). */
	cheaters: Set<Seat>;
	/** Penalties not yet applied to the engine (it refuses them while randomness is pending). */
	pendingPenalties: Seat[];
	/** A two-player game whose random event a seat stalled: that seat forfeits (rule "resolves against the staller"). */
	forfeit: { readonly seat: Seat; readonly reason: 'stalled' | 'equivocated' } | null;
	broken: string | null;
	fork: Bodies['fork'] | null;
	/** A fork's carried section while it is replayed (null before the fork entry and once it is complete). */
	carried: CarriedSection | null;
	/** The secret deck (option secretDeck): made at the first draw (deck/core.ts). */
	deck: DeckCore | null;
	/** Hidden Illuminati's masked deck (rule option hiddenIlluminati with secretDeck; illuminati/deal.ts). */
	illuminati: IlluminatiDeal | null;
	/** Undo: seats' last moves and the table's open requests (takeback.ts). */
	undo: UndoCore;
}

export function emptyCoreV2(): CoreV2 {
	return {
		engine: null,
		options: null,
		rules: null,
		seats: [],
		keygen: null,
		event: null,
		settled: 0,
		settledShares: new Map(),
		votes: new Map(),
		votedOut: new Set(),
		cheaters: new Set(),
		pendingPenalties: [],
		forfeit: null,
		broken: null,
		fork: null,
		carried: null,
		deck: null,
		illuminati: null,
		undo: emptyUndo(),
	};
}

export function cloneCoreV2(core: CoreV2): CoreV2 {
	const { engine, keygen, carried, undo, ...rest } = core;
	const copy = structuredClone(rest);
	const keys = keygen === null ? null : { ...keygen, dealings: new Map(keygen.dealings), verdicts: new Map(keygen.verdicts), disqualified: new Set(keygen.disqualified), ...(keygen.judged ? { judged: new Map(keygen.judged) } : {}), qualified: [...keygen.qualified] };
	return { ...copy, engine, keygen: keys, carried: carried?.copy() ?? null, undo: cloneUndo(undo) };
}

/** The threshold for n seats: n − 1 from three seats (any n − 1 complete an event), both of two. */
export function thresholdFor(players: number): number {
	return players <= 2 ? players : players - 1;
}

/** Whether seat `seat`'s absence votes wait for the people's (protocol rule botVotes: a computer player's seat). */
export function votesAfterPeople(core: CoreV2, seat: number): boolean {
	return core.rules?.botVotes === 'afterPeople' && core.seats[seat]?.bot === true;
}

/** The keys that must keep the game moving: holders of seats in the game and present (else all holders, else the creator). */
export function memberKeys(core: CoreV2, creator: string | null): Set<string> {
	const present = new Set<string>();
	const holders = new Set<string>();
	core.seats.forEach((holder, seat) => {
		if (holder === null) return;
		holders.add(holder.key);
		const player = core.engine?.players[seat];
		if (player && !player.eliminated && !player.absent && !core.cheaters.has(seat)) present.add(holder.key);
	});
	if (present.size > 0) return present;
	if (holders.size > 0) return holders;
	return new Set(creator === null ? [] : [creator]);
}
