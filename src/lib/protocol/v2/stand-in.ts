/**
 * Stand-ins for absent seats (rule option absence 'bot'; docs/protocol.md, "Stand-ins for absent
 * seats"). A seat's own entries can only be signed by its key, and an absent player's key is on its
 * absent device. So any present seat's device posts, signed by its own key, a `standIn` entry
 * { seat, for, at, action }: what the stand-in bot plays for absent seat `for` in the state whose
 * hash is `at`. Every peer computes the same bot's choice again (a pure function of the state, the
 * seat and a seed derived from the game and `at`) and accepts the entry only if its action is
 * exactly that choice, so a present seat can make the absent seat play only what the bot would.
 *
 * The bot lives beside the engine (bots/stand-in.ts), which the protocol layer does not import: the
 * session registers it once (`setStandInChooser`); a client without one refuses every stand-in
 * (`STAND_IN_UNJUDGED`) rather than accept one unchecked.
 */
import { canonicalJson, sha256Hex, stateHash, standInAwaited, type Action, type GameState, type PlayerAction, type Seat } from '../../engine/index.js';
import type { Entry } from '../entry.js';
import type { ProtocolRefusal } from '../refusal.js';
import type { CoreV2 } from './core.js';

/** The stand-in bot: what it plays for absent `seat` in `state` with `seed` (null: nothing awaited). */
export type StandInChooser = (state: GameState, seat: Seat, seed: string) => PlayerAction | null;

let chooser: StandInChooser | null = null;

/** Registers the stand-in bot (the session does, once, before any game is replayed). */
export function setStandInChooser(choose: StandInChooser | null): void {
	chooser = choose;
	judged.clear();
}

export function hasStandInChooser(): boolean {
	return chooser !== null;
}

/** The seed every peer derives for a stand-in decision: the game, the seat and the state's hash. */
export function standInSeed(game: string, seat: Seat, at: string): string {
	return sha256Hex(canonicalJson(['fnord-stand-in', game, seat, at]));
}

/** Choices by seed (a state hash names one state): the provisional tail is replayed after every
 * change and the publisher computes the choice before its own replay checks it. Bounded. */
const judged = new Map<string, PlayerAction | null>();
const JUDGED_LIMIT = 2_000;

/** What the stand-in plays for `seat` in `state` (which hashes to `at`), or null; undefined without a chooser. */
export function standInAction(game: string, state: GameState, seat: Seat, at: string = stateHash(state)): PlayerAction | null | undefined {
	if (chooser === null) return undefined;
	const seed = standInSeed(game, seat, at);
	if (judged.has(seed)) return judged.get(seed)!;
	const action = chooser(state, seat, seed);
	if (judged.size >= JUDGED_LIMIT) judged.clear();
	judged.set(seed, action);
	return action;
}

const refuse = (code: ProtocolRefusal['code'], message: string): ProtocolRefusal => ({ code, message });

/** Whether a seat plays for itself: present, in the game, not voted out, not caught cheating. */
function present(core: CoreV2, seat: Seat): boolean {
	const player = core.engine?.players[seat];
	return player !== undefined && !player.eliminated && !player.absent && !core.votedOut.has(seat) && !core.cheaters.has(seat);
}

/** Under absence 'bot' an absent seat's own key plays only its return or its leaving: its turns are the stand-in's. */
export function ownEntryProblem(core: CoreV2, action: PlayerAction): ProtocolRefusal | null {
	const engine = core.engine;
	if (engine === null || engine.options.rules.absence !== 'bot' || !engine.players[action.seat]?.absent) return null;
	if (action.type === 'returnPresent' || action.type === 'leave') return null;
	return refuse('PLAYED_BY_STAND_IN', `Seat ${action.seat} is absent and played by its stand-in: it returns first (returnPresent).`);
}

/** A seat that returned (returnPresent) is counted present again: its old votes and its cut end,
 * so no client gives those votes again (StallWatch re-posts counted votes the engine has not taken).
 * A seat not voted out that acts answers the votes against it: they lapse, as the engine's do
 * (step.ts). Kept, an old vote of an answered stall plus one later vote, cast whenever a rogue
 * liked, made a majority against a present seat, which the old voter's StallWatch then gave the
 * engine again (red team, session 14). */
export function afterOwnEntry(core: CoreV2, action: PlayerAction): void {
	if (action.type === 'returnPresent') {
		core.votedOut.delete(action.seat);
		core.votes.delete(action.seat);
	} else if (!core.votedOut.has(action.seat)) {
		core.votes.delete(action.seat);
	}
}

/** Applies a stand-in entry, or refuses it and changes nothing. */
export function applyStandIn(core: CoreV2, game: string, entry: Entry<'standIn'>, exported: Action[], step: (state: GameState, action: Action) => import('../../engine/index.js').StepResult<GameState>): ProtocolRefusal | null {
	const { seat, for: target, at, action } = entry.body;
	const engine = core.engine!;
	if (seat >= core.seats.length || target >= core.seats.length) return refuse('UNKNOWN_SEAT', `There is no seat ${Math.max(seat, target)}.`);
	if (core.seats[seat]?.key !== entry.author) return refuse('NOT_SEAT_HOLDER', `The author does not hold seat ${seat}.`);
	if (core.cheaters.has(seat)) return refuse('CHEATER', `Seat ${seat} was caught equivocating.`);
	if (engine.options.rules.absence !== 'bot') return refuse('STAND_IN_OFF', 'This game has no stand-ins: its absence option is not "bot".');
	if (!present(core, seat)) return refuse('STAND_IN_NOT_PRESENT', `Seat ${seat} is not present: only a present seat stands in for an absent one.`);
	if (!engine.players[target]!.absent) return refuse('STAND_IN_NOT_ABSENT', `Seat ${target} is not absent: it plays for itself.`);
	if (!standInAwaited(engine, target)) return refuse('STAND_IN_NOT_AWAITED', `The game does not wait on seat ${target}'s stand-in now.`);
	const now = stateHash(engine);
	if (at !== now) return refuse('STAND_IN_STALE', `This stand-in was computed for another state (${at.slice(0, 8)}, now ${now.slice(0, 8)}): another device's copy came first.`);
	const expected = standInAction(game, engine, target, now);
	if (expected === undefined) return refuse('STAND_IN_UNJUDGED', 'This client has no stand-in bot to check the entry with.');
	if (expected === null || canonicalJson(expected) !== canonicalJson(action)) {
		return refuse('STAND_IN_MISMATCH', `Seat ${seat} (key ${entry.author.slice(0, 8)}) posted for seat ${target} an entry (${action.type}) that is not the stand-in bot's (${expected?.type ?? 'none'}).`);
	}
	const result = step(engine, action);
	if (!result.ok) return refuse(result.error.code, result.error.message);
	core.engine = result.state;
	exported.push(action);
	return null;
}
