/**
 * Fast random playouts: every seat plays a cheap random policy from a state to the end of the game
 * (or a horizon), for search and for the benchmark's playout figure. The policy, stated:
 *
 * - the active seat, in the actions step with an action left, declares a uniformly random legal
 *   attack (`legalAttacks`: the attacks of `legalActions`) (each of its aid candidates joins with probability 1/2, no privilege) three times in
 *   four, and otherwise (or when no attack is legal) ends its turn; after its actions it ends its turn;
 * - every other decision is settle.ts's default answer: windows and spending passed, placements on
 *   the first open arrow, debts paid from the first treasury offered, claims declined;
 * - randomness (draws, dice) comes from the chooser's seeds.
 *
 * So nobody transfers, moves, plays Specials or makes deals, and no turn is passed for income:
 * turns are short and the attacks end games sooner than uniform random play (which passes and
 * shuffles money for hundreds of entries). Every entry is a legal one, chosen from `legalActions`
 * or the default answers, and goes through `step`; nothing here knows a rule.
 */
import { step, type Action, type AttackAction, type GameState, type LegalAction, type PlayerAction, type Seat } from '../engine/index.js';
import { legalAttacks } from '../engine/legal.js';
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

function randomAttack(chooser: Chooser, attacks: readonly LegalAction[]): PlayerAction | null {
	if (attacks.length === 0) return null;
	const option = chooser.pick(attacks);
	const aids = (option.aidCandidates ?? []).filter(() => chooser.chance(1, 2));
	return { ...(option.action as AttackAction), aids };
}

/** The active seat's entry in its own turn. */
function turnEntry(state: GameState, seat: Seat, chooser: Chooser): PlayerAction {
	const turn = state.turn!;
	if (turn.step === 'actions' && turn.actionsLeft > 0 && chooser.chance(3, 4)) {
		const attack = randomAttack(chooser, legalAttacks(state, seat));
		if (attack !== null) return attack;
	}
	return { type: 'endTurn', seat };
}

function nextEntry(state: GameState, chooser: Chooser): Action | null {
	if (state.random !== null) return { type: 'random', seed: chooser.hex(16) };
	if (state.chain === null && state.phase.kind === 'turn' && state.turn !== null) return turnEntry(state, state.turn.seat, chooser);
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
		const entry = nextEntry(current, options.chooser);
		if (entry === null) break;
		const next = step(current, entry);
		if (!next.ok) break;
		current = next.state;
		steps++;
	}
	return { state: current, steps, ended: current.phase.kind === 'over' };
}
