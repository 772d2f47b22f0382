/**
 * Fast random playouts: every seat plays a cheap random policy from a state to the end of the game
 * (or a horizon), for search and for the benchmark's playout figure. The policy, stated:
 *
 * - the active seat, in the actions step with an action left, declares a uniformly random legal
 *   attack (one of the attacks of `legalActions`, drawn without listing them: randomAttack; each
 *   of its aid candidates joins with probability 1/2, no privilege) three times in four, and
 *   otherwise (or when no attack is legal) ends its turn; after its actions it ends its turn;
 * - every other decision is settle.ts's default answer: windows and spending passed, placements on
 *   the first open arrow, debts paid from the first treasury offered, claims declined;
 * - randomness (draws, dice) comes from the chooser: seeds, or in a sandbox (simulationCopy) the
 *   cards and dice themselves.
 *
 * So nobody transfers, moves, plays Specials or makes deals, and no turn is passed for income:
 * turns are short and the attacks end games sooner than uniform random play (which passes and
 * shuffles money for hundreds of entries). Every entry is a legal one, chosen from `legalActions`
 * or the default answers, and goes through the engine; nothing here knows a rule.
 *
 * Shortcuts that change no state (tests/bots/random-playout-shortcuts.test.ts): the passes of a
 * window or an attack's spending but the last are applied in one go (engine/step-passes.ts), a
 * capture's placement and an income debt take their default answers from the engine's lists of
 * choices (placementChoices, paymentOptions) rather than from every legal action, the attack is
 * drawn by the engine's staged checks (drawAttack) rather than asked of attackProblem whole, and
 * entries go through stepTrusted
 * (step without the shape check of input from outside: these are built from the engine's lists).
 */
import type { Action, AttackAction, CardId, GameState, PlayerAction, RandomRequest, Seat } from '../engine/index.js';
import { requestShape } from '../engine/chance.js';
import { passAllButLast } from '../engine/step-passes.js';
import { stepTrusted } from '../engine/step.js';
import { placementChoices } from '../engine/placement.js';
import { drawAttack } from '../engine/legal-attacks.js';
import { legalAttacks, paymentOptions } from '../engine/legal.js';
import type { Chooser } from './random-player.js';
import { defaultEntry } from './settle.js';

export interface RandomPlayoutOptions {
	readonly chooser: Chooser;
	/** Entries at most. */
	readonly limit: number;
	/** Stop when this seat's next turn begins (after the state's own turn), as bots' playouts do;
	 * null plays to the end of the game. */
	readonly until?: Seat | null;
}

export interface RandomPlayoutResult {
	readonly state: GameState;
	readonly steps: number;
	/** The game ended (a winner, or nobody left). */
	readonly ended: boolean;
}

const NO_ONE = -1;

/** Draws before giving up on rejection and listing the attacks. */
const DRAWS = 24;

/** A uniformly random legal attack, with each of its aid candidates joining with probability 1/2,
 * no privilege. Rejection sampling in the engine (drawAttack, legal-attacks.ts): an attacker that
 * may attack, a group that may be attacked and a kind, each uniform, kept when legalActions would
 * list the declaration, which is uniform over the legal ones without listing them; after DRAWS
 * refused draws, one is picked from legalAttacks (as uniform). No attacker or no target: no attack,
 * without a draw. */
function randomAttack(state: GameState, seat: Seat, chooser: Chooser): PlayerAction | null {
	let drawn = drawAttack(state, seat, (n) => chooser.int(n), DRAWS);
	if (drawn === 'none') return null;
	if (drawn === null) {
		const attacks = legalAttacks(state, seat);
		if (attacks.length === 0) return null;
		const option = chooser.pick(attacks);
		drawn = { action: option.action as AttackAction, aidCandidates: option.aidCandidates ?? NO_AID };
	}
	return { ...drawn.action, aids: drawn.aidCandidates.filter(() => chooser.chance(1, 2)) };
}

const NO_AID: readonly CardId[] = [];

/** The active seat's entry in its own turn. */
function turnEntry(state: GameState, seat: Seat, chooser: Chooser): PlayerAction {
	const turn = state.turn!;
	if (turn.step === 'actions' && turn.actionsLeft > 0 && chooser.chance(3, 4)) {
		const attack = randomAttack(state, seat, chooser);
		if (attack !== null) return attack;
	}
	return { type: 'endTurn', seat };
}

/** The randomness the game waits for: a seed, or in a sandbox (a bot's simulation copy) the cards
 * and dice themselves, drawn uniformly from what the engine says may come (requestShape), as a
 * seed would draw them but without stretching one with SHA-256. */
function randomness(state: GameState, request: RandomRequest, chooser: Chooser): Action {
	if (!state.options.sandbox || state.options.secretDeck === true) return { type: 'random', seed: chooser.hex(16) };
	const shape = requestShape(state, request);
	const pool = shape.pool; // a fresh list on every call
	const cards: CardId[] = [];
	for (let i = 0; i < shape.cards && pool.length > 0; i++) cards.push(pool.splice(chooser.int(pool.length), 1)[0]!);
	const dice: [number, number][] = [];
	for (let i = 0; i < shape.dice; i++) dice.push([1 + chooser.int(6), 1 + chooser.int(6)]);
	return { type: 'fixed', cards, dice };
}

/** settle.ts's default answer in a capture's placement (the first open arrow; a puppet dropped
 * only when none is open), from the engine's list of choices rather than every legal action;
 * undefined where the engine has no such list (a transfer, an accusation pending, an absent seat). */
function placementEntry(state: GameState): PlayerAction | null | undefined {
	if (state.phase.kind !== 'placement' || state.hiddenIlluminati !== undefined) return undefined;
	const seat = state.phase.placement.seat;
	if (state.players[seat]!.absent) return undefined;
	const choices = placementChoices(state, seat);
	if (choices === null) return undefined;
	return choices.find((action) => action.type !== 'placePuppet' || action.side !== null) ?? choices[0] ?? null;
}

/** settle.ts's default answer to an income debt (the first payment listed for the first debt's
 * seat), from the engine's list of payments rather than every legal action; undefined outside the
 * income phase or in a Hidden Illuminati game. */
function incomeEntry(state: GameState): PlayerAction | null | undefined {
	if (state.phase.kind !== 'income' || state.hiddenIlluminati !== undefined) return undefined;
	const debt = state.phase.owing[0];
	if (debt === undefined) return null;
	return paymentOptions(state, debt.seat, 1)[0]?.action ?? null;
}

/** The policy's next entry from `state` (exported for the test that replays playouts through `step`). */
export function nextEntry(state: GameState, chooser: Chooser): Action | null {
	if (state.random !== null) return randomness(state, state.random, chooser);
	if (state.chain === null && state.phase.kind === 'turn' && state.turn !== null) return turnEntry(state, state.turn.seat, chooser);
	if (state.chain === null) {
		const entry = state.phase.kind === 'income' ? incomeEntry(state) : placementEntry(state);
		if (entry !== undefined) return entry;
	}
	return defaultEntry(state, { me: NO_ONE, secret: null }, null);
}

/** Plays the policy from `state` until the game ends, `until`'s next turn begins, no entry is
 * found, or `limit` entries. */
export function randomPlayout(state: GameState, options: RandomPlayoutOptions): RandomPlayoutResult {
	const start = state.turnCount;
	const until = options.until ?? null;
	let current = state;
	let steps = 0;
	while (steps < options.limit && current.phase.kind !== 'over') {
		if (until !== null && current.turnCount > start && current.turn?.seat === until) break;
		// Every seat but the last passing a window or an attack's spending (the default answers
		// below), applied in one go: the same state as stepping each pass (engine/step-passes.ts).
		const passes = passAllButLast(current);
		if (passes !== null && steps + passes.passes < options.limit) {
			current = passes.state;
			steps += passes.passes;
		}
		const entry = nextEntry(current, options.chooser);
		if (entry === null) break;
		const next = stepTrusted(current, entry);
		if (!next.ok) break;
		current = next.state;
		steps++;
	}
	return { state: current, steps, ended: current.phase.kind === 'over' };
}
