/**
 * Builds mid-game states for rule tests: chosen Illuminati, power structures laid out arrow by
 * arrow, uncontrolled groups and treasuries, with the bank ledger kept consistent. A scenario is
 * a sandbox game, so dice and draws are given with `fixed` entries.
 */
import { expect } from 'vitest';
import { step, type Action, type CardId, type GameState, type RuleErrorCode, type Seat, type Side, type TurnStep } from '../../src/lib/engine/index.js';
import { initialState } from '../../src/lib/engine/setup.js';
import { placementOn, withCard } from '../../src/lib/engine/structure.js';
import { freshTurn } from '../../src/lib/engine/turn.js';
import { spendingSeats } from '../../src/lib/engine/privilege.js';
import { windowSeats } from '../../src/lib/engine/window-state.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';
import { DEFAULT_RULES, type RuleOptions } from '../../src/lib/engine/types.js';

export interface GroupSpec {
	readonly card: CardId;
	/** Defaults to the player's Illuminati. */
	readonly master?: CardId;
	readonly side: Side;
	readonly money?: number;
}

export interface PlayerSpec {
	readonly illuminati: CardId;
	readonly money?: number;
	readonly groups?: readonly GroupSpec[];
	readonly hand?: readonly CardId[];
	readonly turnsCompleted?: number;
	readonly kills?: number;
}

export interface ScenarioSpec {
	readonly players: readonly PlayerSpec[];
	readonly uncontrolled?: readonly CardId[];
	readonly dead?: readonly CardId[];
	/** Whose turn, and where in it (default: seat 0, actions step, two actions left). */
	readonly turn?: { readonly seat?: Seat; readonly step?: TurnStep; readonly actionsLeft?: number };
	readonly rules?: Partial<RuleOptions>;
}

/** A sandbox state in the middle of a game, exactly as described. */
export function scenario(spec: ScenarioSpec): GameState {
	const options = {
		players: spec.players.length,
		illuminati: spec.players.map((p) => p.illuminati),
		sandbox: true,
		rules: { ...DEFAULT_RULES, ...spec.rules },
	};
	let state = initialState(options);
	const used = new Set<CardId>([...(spec.uncontrolled ?? []), ...(spec.dead ?? [])]);
	let issued = 0;
	const players = state.players.map((player, seat) => {
		const p = spec.players[seat]!;
		let structure = { [p.illuminati]: { ...player.structure[p.illuminati]!, money: p.money ?? 0 } } as GameState['players'][number]['structure'];
		issued += p.money ?? 0;
		for (const group of p.groups ?? []) {
			const master = group.master ?? p.illuminati;
			if (structure[master] === undefined) throw new Error(`scenario: ${master} must be placed before ${group.card}`);
			structure = withCard(structure, group.card, placementOn(structure, group.card, master, group.side, group.money ?? 0));
			issued += group.money ?? 0;
			used.add(group.card);
		}
		for (const card of p.hand ?? []) used.add(card);
		return {
			...player,
			structure,
			hand: [...(p.hand ?? [])],
			turnsCompleted: p.turnsCompleted ?? 3,
			kills: p.kills ?? 0,
		};
	});
	const seat = spec.turn?.seat ?? 0;
	state = {
		...state,
		players,
		deck: state.deck.filter((card) => !used.has(card)),
		uncontrolled: [...(spec.uncontrolled ?? [])],
		dead: [...(spec.dead ?? [])],
		bank: { issued, returned: 0 },
		phase: { kind: 'turn' },
		random: null,
		firstSeat: 0,
		turnCount: 10,
		turn: { ...freshTurn(seat), step: spec.turn?.step ?? 'actions', actionsLeft: spec.turn?.actionsLeft ?? 2 },
	};
	return state;
}

/** Applies entries in order; fails the test with the rule error if one is refused. */
export function play(state: GameState, ...actions: Action[]): GameState {
	let current = state;
	for (const action of actions) {
		const result = step(current, action);
		if (!result.ok) throw new Error(`${action.type} refused: ${result.error.code} ${result.error.message}`);
		current = result.state;
	}
	return current;
}

/** Asserts an entry is refused with this code and returns the message. */
export function expectRefused(state: GameState, action: Action, code: RuleErrorCode): string {
	const result = step(state, action);
	expect(result.ok, `${action.type} should be refused with ${code}`).toBe(false);
	if (result.ok) return '';
	expect(result.error.code).toBe(code);
	return result.error.message;
}

/** Dice for a pending roll in a sandbox game. */
export function dice(a: number, b: number): Action {
	return { type: 'fixed', dice: [[a, b]] };
}

/** Cards for a pending draw in a sandbox game. */
export function draw(...cards: CardId[]): Action {
	return { type: 'fixed', cards };
}

export function moneyOf(state: GameState, seat: Seat, card: CardId): number {
	return state.players[seat]!.structure[card]?.money ?? 0;
}

/** Every seat still waited for passes the window open now (a Special's cancel window, an attack's
 * spending, the window after the roll, the start of a turn), until no such window is open or the
 * game asks for randomness. Tests use it where "everyone else passes" is not the point. */
export function passAll(state: GameState): GameState {
	let current = state;
	for (let guard = 0; guard < 100; guard++) {
		if (current.random !== null) return current;
		const waiting = waitingSeats(current);
		if (waiting.length === 0) return current;
		const seat = waiting[0]!;
		const action: Action =
			current.chain === null && current.phase.kind === 'attack' ? { type: 'passSpending', seat } : { type: 'passWindow', seat };
		current = play(current, action);
	}
	throw new Error('passAll: the window did not close');
}

/** Seats the open window still waits for. */
export function waitingSeats(state: GameState): Seat[] {
	const seats = windowSeats(state);
	if (state.chain !== null) return seats.filter((seat) => !state.chain!.passed.includes(seat));
	const phase = state.phase;
	if (phase.kind === 'attack') return spendingSeats(state, phase.attack).filter((seat) => !phase.attack.passed.includes(seat));
	if (phase.kind === 'afterRoll' || phase.kind === 'turnStart') return seats.filter((seat) => !phase.passed.includes(seat));
	return [];
}

/** Closes the spending window, rolls these dice, and closes the window after the roll. */
export function rollAttack(state: GameState, a: number, b: number): GameState {
	return passAll(play(passAll(state), dice(a, b)));
}

/** Applies the entries, then lets every seat pass the windows they open (until randomness is asked for). */
export function playThrough(state: GameState, ...actions: Action[]): GameState {
	let current = passAll(state);
	for (const action of actions) current = passAll(play(current, action));
	return current;
}

/** Every card in exactly one place, valid grids, and the bank ledger equal to the money on the
 * table (money travelling in a placement included): the engine's own invariant checker. */
export function expectSound(state: GameState): void {
	expect(invariantProblems(state)).toEqual([]);
}
