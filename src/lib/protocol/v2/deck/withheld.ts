/**
 * A seat that withholds its shuffle seed at the game's end (docs/deck.md, "The audit"). Every seat
 * that shuffled owes its seed once the game is over (or forfeited or broken); until then the audit
 * cannot run. The table shows who it waits for (v2/awaited.ts, `for: 'seed'`) and the countdown's
 * vote reaches the silent seat as it does during the game (session/stall-watch.ts): an `absent`
 * entry after the end, against a seat that owes its seed, is a vote that it withholds it. The
 * electorate is every other seat not voted out during the game and not caught cheating, and a seat
 * votes once its own seed is in (or it did not shuffle); once most of them voted, the seat is named `SEED_WITHHELD` to
 * everyone (a fault like any other: it is marked a cheater) and the audit runs without its seed.
 * A seed revealed after that changes nothing: the verdict stands in the order.
 *
 * Hidden Illuminati's deck (illuminati/withheld.ts) owes seeds at the same moment: a seat is owed
 * by the table when it owes either deck's seed, one vote counts for both, and the verdict names it
 * in each deck it withholds from. The votes are kept on the draw deck (or on the Illuminati deal
 * when no card was ever drawn).
 */
import type { Seat } from '../../../engine/index.js';
import type { Entry } from '../../entry.js';
import { protocolRefusal as refuse, type ProtocolRefusal } from '../../refusal.js';
import type { CoreV2 } from '../core.js';
import { checkClaims } from '../illuminati/handlers.js';
import { illuminatiSeedsOwed, nameIlluminatiWithholder } from '../illuminati/withheld.js';
import { convict, runAudit } from './audit.js';
import type { DeckCore } from './core.js';

/** The votes against seats that owe their seed, and the seats found withholding it. */
export interface SeedWait {
	/** Target → voters, in replay order. */
	readonly votes: Map<Seat, Seat[]>;
	readonly withheld: Set<Seat>;
}

/** Whether the game is over for the deck: seeds are due (the engine's end, a forfeit, a broken game). */
export const deckEnded = (core: CoreV2): boolean => core.engine?.phase.kind === 'over' || core.forfeit !== null || core.broken !== null;

/** Seats the draw deck's audit waits for: each shuffled, revealed no seed and was not found withholding it. Empty before the end and once the audit ran. */
function drawDeckSeedsOwed(core: CoreV2): Seat[] {
	const deck = core.deck;
	if (deck === null || deck.audit !== null || core.keygen?.group == null || !deckEnded(core)) return [];
	const withheld = deck.seedWait?.withheld;
	return deck.steps.filter((s) => s.deck !== null && !deck.seeds.has(s.seat) && !withheld?.has(s.seat)).map((s) => s.seat);
}

/** Seats the table waits for at the end: each owes the draw deck's seed or Hidden Illuminati's (illuminati/withheld.ts). */
export function seedsOwed(core: CoreV2): Seat[] {
	const owed = new Set([...drawDeckSeedsOwed(core), ...illuminatiSeedsOwed(core)]);
	return [...owed].sort((a, b) => a - b);
}

/** Where the votes are kept: on the draw deck, or on the Illuminati deal when no card was drawn. */
function waitOf(core: CoreV2): SeedWait {
	const holder = (core.deck ?? core.illuminati) as { seedWait?: SeedWait };
	holder.seedWait ??= { votes: new Map(), withheld: new Set() };
	return holder.seedWait;
}

/** The votes kept so far (target → voters), for the table's standing. */
export function seedVotes(core: CoreV2): ReadonlyMap<Seat, Seat[]> {
	return ((core.deck ?? core.illuminati) as { seedWait?: SeedWait } | null)?.seedWait?.votes ?? new Map();
}

/** The kept votes that `target` withholds its seed, by seats of its electorate now (the stall panel's figure). */
export function countedSeedVotes(core: CoreV2, target: Seat): Seat[] {
	const electorate = seedElectorate(core, target);
	return (seedVotes(core).get(target) ?? []).filter((seat) => electorate.includes(seat));
}

/** Seats whose votes decide whether `target` withholds its seed: held, not voted out during the
 * game, not caught cheating, whether or not their own seed is in yet. A majority of them is needed:
 * counting only the seats owing nothing let the first to reveal (a rogue ending the game, its seed
 * and its votes in one batch) name every other seat alone, before their seeds could come (red
 * team, session 14). */
function seedElectorate(core: CoreV2, target: Seat): Seat[] {
	return core.seats.flatMap((holder, seat) => (holder !== null && seat !== target && !core.votedOut.has(seat) && !core.cheaters.has(seat) ? [seat] : []));
}

/** Seats that may vote `target` withholding now: the electorate's, once their own seed is in. */
function seedVoters(core: CoreV2, owed: readonly Seat[], target: Seat): Seat[] {
	return seedElectorate(core, target).filter((seat) => !owed.includes(seat));
}

/** Whether `seat` may vote now that a seat withholds its seed (the stall watch asks before voting). */
export function mayVoteOnSeeds(core: CoreV2, seat: Seat): boolean {
	const owed = seedsOwed(core);
	return owed.length > 0 && owed.some((target) => seedVoters(core, owed, target).includes(seat));
}

/** Whether `voter` already voted that `target` withholds its seed. */
export function seedVoted(core: CoreV2, voter: Seat, target: Seat): boolean {
	return seedVotes(core).get(target)?.includes(voter) ?? false;
}

/**
 * An `absent` entry while seeds are owed (its author holds `seat`, checked by the caller): a vote
 * that `target` withholds its seed. A majority names it and runs the audit without it.
 */
export function voteSeedWithheld(core: CoreV2, game: string, entry: Entry<'absent'>): ProtocolRefusal | null {
	const { seat, target } = entry.body;
	const owed = seedsOwed(core);
	if (!owed.includes(target)) return refuse('NOT_APPLICABLE', `Seat ${target} owes no shuffle seed: the audit does not wait for it.`);
	if (!seedVoters(core, owed, target).includes(seat)) return refuse('NOT_APPLICABLE', `Seat ${seat} cannot vote now: it ${owed.includes(seat) ? 'owes its own seed first' : 'is out of the game'}.`);
	const wait = waitOf(core);
	const votes = wait.votes.get(target) ?? [];
	if (votes.includes(seat)) return refuse('ALREADY_VOTED', `Seat ${seat} already voted that seat ${target} withholds its seed.`);
	wait.votes.set(target, [...votes, seat]);
	nameIfMajority(core, game, target);
	return null;
}

/** Every standing vote counted again after an entry: a voter caught cheating another way leaves
 * the electorate, and the votes already in may now be a majority (the next vote was needed before,
 * and with the last voter silent the audit waited for good). */
export function recountSeedVotes(core: CoreV2, game: string): void {
	const votes = ((core.deck ?? core.illuminati) as { seedWait?: SeedWait } | null)?.seedWait?.votes;
	if (votes === undefined || votes.size === 0) return;
	// Each naming may shrink another target's electorate: again until none is named (at most once a seat).
	for (let round = 0; round < core.seats.length; round++) {
		let named = false;
		for (const target of seedsOwed(core)) if (votes.has(target) && nameIfMajority(core, game, target)) named = true;
		if (!named) return;
	}
}

/** Names `target` withholding its seed when most of its electorate voted so; whether it did. */
function nameIfMajority(core: CoreV2, game: string, target: Seat): boolean {
	const electorate = seedElectorate(core, target);
	if (countedSeedVotes(core, target).length * 2 <= electorate.length) return false;
	const wait = waitOf(core);
	// The verdict, in each deck the seat withholds from (the Illuminati's first: both read the cheaters).
	const drawDeck = drawDeckSeedsOwed(core).includes(target);
	if (illuminatiSeedsOwed(core).includes(target)) {
		nameIlluminatiWithholder(core, target);
		checkClaims(core, core.illuminati!);
	}
	if (drawDeck) {
		const deck = core.deck as DeckCore;
		wait.withheld.add(target);
		convict(core, deck, target, 'SEED_WITHHELD', `Seat ${target} withheld its shuffle seed at the game's end: its shuffle cannot be audited.`);
		runAudit(core, deck, game);
	}
	return true;
}
