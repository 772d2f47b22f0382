/**
 * What each kind of version-2 entry does once the entry is placed in the order (docs/protocol.md,
 * "Version 2"). A handler applies the entry or returns a refusal and changes nothing.
 */
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson, parseLog, initialState, step, type Action, type GameState, type Seat, type StepResult } from '../../engine/index.js';
import { combineCoin, dealingProblem, groupKey, judgeComplaint, verifyCoinShare, type Dealing } from '../coin/index.js';
import { decodePoint } from '../coin/group.js';
import { DEFAULT_PROTOCOL_RULES, type Bodies, type Entry } from '../entry.js';
import { botSeatAuthorized } from '../bot-claim.js';
import type { ProtocolRefusal } from '../refusal.js';
import { afterEntryDeck, applyDeckEntry, wantsDeck } from './deck/handlers.js';
import { recountSeedVotes, seedsOwed, voteSeedWithheld } from './deck/withheld.js';
import { afterEntryIlluminati, applyIlluminatiEntry, wantsIlluminatiDeal } from './illuminati/handlers.js';
import { thresholdFor, votesAfterPeople, type CoreV2, type OpenEvent } from './core.js';
import { absenceCount, type AbsenceCount } from '../order/absence-majority.js';
import { afterOwnEntry, applyStandIn, ownEntryProblem } from './stand-in.js';

const refuse = (code: ProtocolRefusal['code'], message: string): ProtocolRefusal => ({ code, message });

/**
 * Coin verdicts and values by their inputs: the provisional tail is replayed after every change,
 * and a share's check (~3.5 ms) or a combination (~3 ms) never needs doing twice. Bounded.
 */
const verified = new Map<string, boolean>();
const combined = new Map<string, string>();
const checkedDealings = new Map<string, string>();
const groups = new Map<string, import('../coin/index.js').GroupKey>();
const CACHE_LIMIT = 20_000;
function remember<V>(cache: Map<string, V>, key: string, compute: () => V): V {
	let value = cache.get(key);
	if (value === undefined) {
		if (cache.size >= CACHE_LIMIT) cache.clear();
		value = compute();
		cache.set(key, value);
	}
	return value;
}

/** The message a random event's coin shares sign: bound to the game, the opener and the request. */
export function coinMessage(game: string, opener: string, request: number): Uint8Array {
	return utf8ToBytes(canonicalJson(['fnord-coin', game, opener, request]));
}

/** What binds a game's key generation: its id and every seat's box key. */
export function keygenContext(game: string, core: CoreV2): string {
	return bytesToHex(utf8ToBytes(canonicalJson(['fnord-dkg', game, core.seats.map((seat) => seat?.box ?? null)])));
}

function holder(core: CoreV2, seat: number, author: string): ProtocolRefusal | null {
	if (seat >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${seat}.`);
	if (core.seats[seat]?.key !== author) return refuse('NOT_SEAT_HOLDER', `The author does not hold seat ${seat}.`);
	return null;
}

/** Why a join's box key cannot be sealed to (not a canonical ristretto255 point, or the identity), or null. */
function boxKeyProblem(box: string): string | null {
	try {
		decodePoint(box, 'the box key');
		return null;
	} catch (error) {
		return (error as Error).message.replace(/^the box key /, '');
	}
}

const allClaimed = (core: CoreV2) => core.seats.length > 0 && core.seats.every((seat) => seat !== null);
/** Seats still counted in the key generation: not voted out. */
const counted = (core: CoreV2) => core.seats.map((_, seat) => seat).filter((seat) => !core.votedOut.has(seat));

function create(core: CoreV2, body: Bodies['create']): ProtocolRefusal | null {
	const parsed = parseLog({ format: 'fnord-log', version: 1, setup: body.options, entries: [] });
	if (!parsed.ok) return refuse('MALFORMED', parsed.error);
	if (parsed.log.setup.sandbox) return refuse('MALFORMED', 'A peer-to-peer game takes its randomness from the players, not a sandbox.');
	core.options = parsed.log.setup;
	core.rules = body.rules ?? DEFAULT_PROTOCOL_RULES;
	core.engine = initialState(parsed.log.setup);
	core.seats = Array.from({ length: parsed.log.setup.players }, () => null);
	return null;
}

function join(core: CoreV2, game: string, entry: Entry<'join'>): ProtocolRefusal | null {
	const { seat, box, bot } = entry.body;
	if (seat >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${seat}.`);
	if (core.seats[seat] !== null) return refuse('SEAT_TAKEN', `Seat ${seat} is already claimed.`);
	if (core.keygen !== null) return refuse('SEAT_TAKEN', 'The key generation has begun: seats are fixed.');
	// Every dealer seals the seat's share to its box key: one that is no point would stop them all.
	const boxProblem = boxKeyProblem(box!);
	if (boxProblem !== null) return refuse('BAD_BOX_KEY', `Author ${entry.author} names a box key for seat ${seat} that ${boxProblem}.`);
	// A bot's join: the player at seat `by` must have signed its consent (bot-claim.ts), and be a
	// person: every seated player holds a bot's seed, so a bot's consent names nobody (red team, session 14).
	const by = bot === undefined ? undefined : core.seats[bot.by];
	if (bot !== undefined && (bot.by === seat || !by || !botSeatAuthorized(game, entry.author, seat, bot, by.key))) {
		return refuse('BOT_NOT_AUTHORIZED', `Author ${entry.author} seats a computer player at seat ${seat} in the name of seat ${bot.by}, which did not sign it.`);
	}
	if (by?.bot === true) return refuse('BOT_NOT_AUTHORIZED', `Seat ${bot!.by} is a computer player: only a person seats one.`);
	core.seats[seat] = bot === undefined ? { key: entry.author, box: box! } : { key: entry.author, box: box!, bot: true };
	if (allClaimed(core)) {
		const judged = core.rules?.keygen === 'judgedDealings' ? { judged: new Map<Seat, readonly Seat[]>() } : {};
		core.keygen = { t: thresholdFor(core.seats.length), dealings: new Map(), verdicts: new Map(), disqualified: new Set(), ...judged, group: null, qualified: [] };
	}
	return null;
}

function deal(core: CoreV2, game: string, entry: Entry<'deal'>): ProtocolRefusal | null {
	const { seat, dealing } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	const keygen = core.keygen;
	if (keygen === null || keygen.group !== null) return refuse('BAD_DEAL', 'No key generation is under way.');
	if (keygen.dealings.has(seat)) return refuse('BAD_DEAL', `Seat ${seat} already dealt.`);
	const context = keygenContext(game, core);
	const shape = remember(checkedDealings, `${context} ${seat} ${keygen.t} ${JSON.stringify(dealing)}`, () => dealingProblem(dealing, core.seats.length, keygen.t, { context, dealer: seat }) ?? '');
	if (shape !== '') return refuse('BAD_DEAL', shape);
	keygen.dealings.set(seat, dealing);
	return null;
}

function verdict(core: CoreV2, game: string, entry: Entry<'keys'>): ProtocolRefusal | null {
	const { seat, complaints } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	const keygen = core.keygen;
	if (keygen === null || keygen.group !== null) return refuse('BAD_KEYS', 'No key generation is under way.');
	if (keygen.verdicts.has(seat)) return refuse('BAD_KEYS', `Seat ${seat} already gave its verdict.`);
	const missing = counted(core).filter((dealer) => !keygen.dealings.has(dealer));
	if (missing.length > 0) return refuse('BAD_KEYS', `Waiting for the dealings of seats ${missing.join(', ')}.`);
	const judged = entry.body.judged;
	if (keygen.judged !== undefined) {
		// Rule keygen 'judgedDealings': the verdict names what it judged, every counted dealing at least.
		if (judged === undefined) return refuse('BAD_KEYS', 'A verdict names the dealings it judged (judged).');
		const unjudged = counted(core).filter((dealer) => !judged.includes(dealer));
		if (unjudged.length > 0) return refuse('BAD_KEYS', `A verdict judges every counted dealing: seats ${unjudged.join(', ')} are missing.`);
		const unknown = judged.filter((dealer) => !keygen.dealings.has(dealer));
		if (unknown.length > 0) return refuse('BAD_KEYS', `Seats ${unknown.join(', ')} dealt nothing to judge.`);
	} else if (judged !== undefined) return refuse('BAD_KEYS', 'This game\'s verdicts name no judged dealings (created before the rule keygen).');
	const context = keygenContext(game, core);
	for (const complaint of complaints) {
		if (complaint.seat !== seat) return refuse('BAD_KEYS', 'A seat complains only about its own shares.');
		const dealing = keygen.dealings.get(complaint.dealer);
		if (dealing === undefined) return refuse('BAD_KEYS', `Seat ${complaint.dealer} dealt nothing.`);
		const judged = judgeComplaint({ context, dealer: complaint.dealer, dealing: dealing as Dealing, complaint, boxKey: core.seats[seat]!.box });
		if (judged === 'dealer-cheated') keygen.disqualified.add(complaint.dealer);
	}
	keygen.verdicts.set(seat, complaints);
	if (keygen.judged !== undefined) keygen.judged.set(seat, judged!);
	completeKeygen(core, game);
	return null;
}

/** Once every counted seat gave its verdict, the group key from the dealers no complaint caught. */
export function completeKeygen(core: CoreV2, game: string): void {
	const keygen = core.keygen;
	if (keygen === null || keygen.group !== null) return;
	if (!counted(core).every((seat) => keygen.verdicts.has(seat))) return;
	const qualified = new Map<number, Dealing>();
	// Rule keygen 'judgedDealings': a dealing counts only if every verdict judged it (a dealing one
	// seat never saw before its verdict could hold a bad share for it that it cannot complain about).
	const judgedByAll = (dealer: Seat) => keygen.judged === undefined || [...keygen.judged.values()].every((judged) => judged.includes(dealer));
	for (const [dealer, dealing] of keygen.dealings) if (!keygen.disqualified.has(dealer) && judgedByAll(dealer)) qualified.set(dealer, dealing as Dealing);
	if (qualified.size < keygen.t) {
		core.broken = `Only ${qualified.size} dealers of the key generation were not caught cheating; ${keygen.t} are needed.`;
		return;
	}
	keygen.qualified = [...qualified.keys()].sort((a, b) => a - b);
	const context = keygenContext(game, core);
	keygen.group = remember(groups, `${context} ${JSON.stringify([...qualified])}`, () => groupKey(qualified, core.seats.length, context));
}

function share(core: CoreV2, game: string, entry: Entry<'share'>): ProtocolRefusal | null {
	const { seat, opener, request, value } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	const event = core.event;
	const valid = () => {
		const shareKey = core.keygen?.group?.shareKeys[seat];
		return shareKey !== undefined && remember(verified, `${game} ${opener} ${request} ${seat} ${shareKey} ${value}`, () => verifyCoinShare({ message: coinMessage(game, opener, request), seat, share: value, shareKey }));
	};
	if (event === null || opener !== event.opener || request !== event.request) {
		// A share that came after its event was settled by others' (honest clients race): no fault, no effect.
		const past = core.settledShares.get(`${opener} ${request}`);
		if (past !== undefined && !past.includes(seat) && valid()) {
			past.push(seat);
			return null;
		}
		return refuse('BAD_SHARE', event === null ? 'No random event is open.' : `The open random event is request ${event.request} of entry ${event.opener}.`);
	}
	if (event.shares.has(seat)) return refuse('BAD_SHARE', `Seat ${seat} already gave its share.`);
	if (!valid()) return refuse('BAD_SHARE', `Seat ${seat}'s share does not verify against its share key.`);
	event.shares.set(seat, value);
	return null;
}

/** An absence vote: counted by the protocol (a random event stops waiting for a voted-out seat), and by the engine when it takes one. */
function absent(core: CoreV2, entry: Entry<'absent'>, exported: Action[]): ProtocolRefusal | null {
	const { seat, target } = entry.body;
	const problem = holder(core, seat, entry.author);
	if (problem !== null) return problem;
	if (core.cheaters.has(seat)) return refuse('CHEATER', `Seat ${seat} was caught cheating: it votes no more.`);
	if (target >= core.seats.length || target === seat || core.seats[target] === null) return refuse('NOT_APPLICABLE', `Seat ${target} cannot be voted absent by seat ${seat}.`);
	const votes = core.votes.get(target) ?? [];
	const vote: Action = { type: 'declareAbsent', seat, target };
	const result = step(core.engine!, vote);
	const count = absenceTally(core, target, seat);
	// A computer player's vote reaches the engine only once most people voted (rule botVotes);
	// until then it is recorded, and given again afterwards like a vote the engine refused.
	const held = votesAfterPeople(core, seat) && !count.peopleDecided;
	// A vote counted while the engine waited for randomness (it refuses votes then) may be given again, for the engine.
	if (votes.includes(seat)) {
		if (held || !result.ok) return refuse('ALREADY_VOTED', `Seat ${seat} already voted seat ${target} absent.`);
	} else {
		core.votes.set(target, [...votes, seat]);
		if (count.majority) core.votedOut.add(target);
	}
	if (result.ok && !held) {
		core.engine = result.state;
		exported.push(vote);
	}
	return null;
}

/** The votes against `target` counted by the replay (with `voter`'s, if given) among the seats
 * whose votes count: every other seat not voted out, not caught equivocating (its votes cast
 * before it was caught no longer count) and still in the game. */
function absenceTally(core: CoreV2, target: number, voter?: number): AbsenceCount {
	const ballots = new Set(core.votes.get(target) ?? []);
	if (voter !== undefined) ballots.add(voter);
	return absenceCount(absenceVoters(core, target), (s) => ballots.has(s), (s) => votesAfterPeople(core, s));
}

function absenceVoters(core: CoreV2, target: number): number[] {
	return core.seats.map((_, s) => s).filter((s) => s !== target && !core.votedOut.has(s) && !core.cheaters.has(s) && !core.engine!.players[s]!.eliminated);
}

/** The recorded votes against `target` that absenceTally counts now (the stall panel's figure). */
export function countedAbsenceVotes(core: CoreV2, target: number): number[] {
	if (core.engine === null) return [];
	const voters = absenceVoters(core, target);
	return (core.votes.get(target) ?? []).filter((s) => voters.includes(s));
}

/** Whether `voter`'s counted vote against `target` waits for the people's before the engine takes
 * it (rule botVotes: a computer player's, while most people have not voted the same way). */
export function botVoteWaits(core: CoreV2, voter: number, target: number): boolean {
	return votesAfterPeople(core, voter) && (core.votes.get(target) ?? []).includes(voter) && !absenceTally(core, target).peopleDecided;
}

/** The engine's `step`, or a caller's that reuses a result it already has (GameReplayer.expectStep). */
export type Stepper = (state: GameState, action: Action) => StepResult<GameState>;

function action(core: CoreV2, entry: Entry<'action'>, exported: Action[], stepper: Stepper): ProtocolRefusal | null {
	const body = entry.body;
	const problem = holder(core, body.seat, entry.author);
	if (problem !== null) return problem;
	if (core.cheaters.has(body.seat)) return refuse('CHEATER', `Seat ${body.seat} was caught equivocating.`);
	const absent = ownEntryProblem(core, body);
	if (absent !== null) return absent;
	// `step` checks the action's shape first (MALFORMED_ACTION); the entry's parse refused random and fixed.
	const result = stepper(core.engine!, body);
	if (!result.ok) return refuse(result.error.code, result.error.message);
	core.engine = result.state;
	exported.push(body);
	afterOwnEntry(core, body);
	return null;
}

/** Applies a version-2 entry of the game's own (not a fork's carried section). */
export function applyEntryV2(core: CoreV2, game: string, entry: Entry, exported: Action[], stepper: Stepper = step): ProtocolRefusal | null {
	// The secret deck's entries (seeds are revealed after a forfeit too: the audit needs them).
	if (entry.kind === 'deck') return core.engine === null ? refuse('NO_GAME', 'The game has no setup yet.') : (holder(core, (entry as Entry<'deck'>).body.seat, entry.author) ?? applyDeckEntry(core, game, entry as Entry<'deck'>, exported));
	// Hidden Illuminati's masked deck (seeds after the end too: the claims are checked with them).
	if (entry.kind === 'illuminati') return core.engine === null ? refuse('NO_GAME', 'The game has no setup yet.') : (holder(core, (entry as Entry<'illuminati'>).body.seat, entry.author) ?? applyIlluminatiEntry(core, entry as Entry<'illuminati'>, exported));
	// After the end, an absence vote against a seat that owes its shuffle seed is a vote that it withholds it (deck/withheld.ts).
	if (entry.kind === 'absent' && seedsOwed(core).length > 0) return holder(core, (entry as Entry<'absent'>).body.seat, entry.author) ?? voteSeedWithheld(core, game, entry as Entry<'absent'>);
	if (core.forfeit !== null) return refuse('GAME_FORFEITED', `The game ended: seat ${core.forfeit.seat} forfeited.`);
	if (core.broken !== null) return refuse('BROKEN', core.broken);
	if (entry.kind !== 'create' && entry.kind !== 'fork' && core.engine === null) return refuse('NO_GAME', 'The game has no setup yet.');
	switch (entry.kind) {
		case 'create':
			return core.engine === null ? create(core, (entry as Entry<'create'>).body) : refuse('NO_GAME', 'The game has already begun.');
		case 'join':
			return join(core, game, entry as Entry<'join'>);
		case 'deal':
			return deal(core, game, entry as Entry<'deal'>);
		case 'keys':
			return verdict(core, game, entry as Entry<'keys'>);
		case 'share':
			return share(core, game, entry as Entry<'share'>);
		case 'absent':
			return absent(core, entry as Entry<'absent'>, exported);
		case 'action':
			return action(core, entry as Entry<'action'>, exported, stepper);
		case 'ack':
			return null;
		case 'standIn':
			return applyStandIn(core, game, entry as Entry<'standIn'>, exported, stepper);
		case 'botDrive': {
			// A takeover claim changes no state (bot-claim.ts): its author must hold the claiming seat.
			const { seat, bot } = (entry as Entry<'botDrive'>).body;
			return holder(core, seat, entry.author) ?? (bot >= core.seats.length || bot === seat ? refuse('UNKNOWN_SEAT', `Seat ${seat} cannot drive seat ${bot}.`) : null);
		}
		default:
			return refuse('MALFORMED', `A ${entry.kind} entry has no place here.`);
	}
}

/** Seats whose shares are in or can still come: every seat not voted out (a seat that left still holds its share), and any seat whose share is in. */
function reachable(core: CoreV2, event: OpenEvent): Seat[] {
	return core.seats.map((_, seat) => seat).filter((seat) => event.shares.has(seat) || (!core.votedOut.has(seat) && !core.cheaters.has(seat)));
}

/**
 * The seat a random event nobody can complete resolves against (rule "a stalled event resolves
 * against the staller"): of the voted-out seats whose share is missing, the one cut **last**, whose
 * cut left the event short of t; a seat cut before it (an absent seat a stand-in plays, a seat that
 * left) was one the table had gone on without. `votedOut` keeps the order of the cuts, the same on
 * every peer (the replay order). Before, the lowest such seat was named, which could be the
 * stand-in's seat rather than the silent one. A cheater's missing share when no voted-out seat's is.
 */
function stallerOf(core: CoreV2, event: OpenEvent): Seat {
	let staller: Seat | null = null;
	for (const seat of core.votedOut) if (!event.shares.has(seat)) staller = seat;
	return staller ?? core.seats.findIndex((_, seat) => core.cheaters.has(seat) && !event.shares.has(seat));
}

/**
 * After an entry: opens a random event when the engine waits for randomness and the keys are ready
 * (the entry just applied is its opener), settles it once t shares are in, applies penalties the
 * engine could not take before, and resolves a two-player event a voted-out seat stalls against it.
 */
export function afterEntryV2(core: CoreV2, game: string, entryId: string, exported: Action[]): void {
	recountSeedVotes(core, game);
	if (core.forfeit !== null || core.broken !== null || core.engine === null) return;
	for (;;) {
		applyPenalties(core, exported);
		const engine = core.engine;
		const group = core.keygen?.group ?? null;
		if (engine.random === null || group === null) {
			core.event = null;
			return;
		}
		// Hidden Illuminati with the secret deck: dealt from their own masked deck (illuminati/handlers.ts).
		if (wantsIlluminatiDeal(engine)) {
			core.event = null;
			if (afterEntryIlluminati(core, game, exported)) continue;
			return;
		}
		// The secret deck's draws come from the masked deck, not the coin (deck/handlers.ts).
		if (wantsDeck(engine)) {
			core.event = null;
			if (afterEntryDeck(core, entryId, exported)) continue;
			return;
		}
		if (core.event === null) core.event = { opener: entryId, request: 0, shares: new Map() };
		const event = core.event;
		const t = core.keygen!.t;
		if (event.shares.size < t) {
			if (reachable(core, event).length < t) core.forfeit = { seat: stallerOf(core, event), reason: 'stalled' };
			return;
		}
		const shares = [...event.shares].sort((a, b) => a[0] - b[0]);
		const seed = remember(combined, `${game} ${event.opener} ${event.request} ${t} ${shares.join(' ')}`, () => combineCoin({ message: coinMessage(game, event.opener, event.request), shares: event.shares, t }));
		const random: Action = { type: 'random', seed };
		const result = step(engine, random);
		if (!result.ok) throw new Error(`protocol bug: the engine refused a coin seed: ${result.error.code}`);
		core.engine = result.state;
		exported.push(random);
		core.settled += 1;
		core.settledShares.set(`${event.opener} ${event.request}`, [...event.shares.keys()]);
		// Late shares come within moments: the last few events are enough (and the copy stays small).
		if (core.settledShares.size > 16) core.settledShares.delete(core.settledShares.keys().next().value!);
		core.event = { opener: event.opener, request: event.request + 1, shares: new Map() };
	}
}

/** A cheater leaves the game (rule "forfeit") or is made absent (rule "frozen"), as soon as the engine takes it. */
export function applyPenalties(core: CoreV2, exported: Action[]): void {
	while (core.pendingPenalties.length > 0 && core.engine !== null && core.engine.random === null) {
		const seat = core.pendingPenalties[0]!;
		const player = core.engine.players[seat]!;
		const actions: Action[] =
			core.rules?.equivocation === 'frozen'
				? core.engine.players.filter((p) => p.seat !== seat && !p.eliminated && !p.absent).map((p) => ({ type: 'declareAbsent', seat: p.seat, target: seat }))
				: [{ type: 'leave', seat }];
		if (!player.eliminated && !player.absent) {
			for (const penalty of actions) {
				const result = step(core.engine, penalty);
				if (result.ok) {
					core.engine = result.state;
					exported.push(penalty);
				}
			}
		}
		core.pendingPenalties.shift();
	}
}

/** Names a seat's holder as caught equivocating (every seat its key holds). */
export function markCheater(core: CoreV2, author: string): void {
	core.seats.forEach((holder, seat) => {
		if (holder?.key !== author || core.cheaters.has(seat)) return;
		core.cheaters.add(seat);
		core.pendingPenalties.push(seat);
		if (core.seats.filter((s) => s !== null).length === 2 && core.engine?.random !== null && core.keygen?.group) core.forfeit = { seat, reason: 'equivocated' };
	});
}

export type { Seat };
