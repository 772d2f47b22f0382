// Windows (Basic Rules: Interference — everyone may answer an attack; Special Cards — cards played
// "immediately after a roll", "at the start of a turn", and Secrets answering any Special just
// played). Every window waits for each seat still in the game, whatever it holds, so passing says
// nothing about a hand: a client with nothing to play passes on its own. A window closes when
// every seat it waits for has passed since the last card played in it; none can stay open forever.
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { legalActions, step, type Action, type GameState, type PlayerAction } from '../../src/lib/engine/index.js';
import { startTurn } from '../../src/lib/engine/turn.js';
import { dice, expectRefused, play } from '../helpers/scenario.js';
import { attackOf, expectSound, neutralizeDemocrats, passSpendingAll, table, waitingSeats } from '../helpers/specials.js';

const passWindow = (seat: number) => ({ type: 'passWindow', seat }) as const;

/** Actions open whatever the window: leaving, absence votes, the UFOs' reveal, gifts and offers. */
const ALWAYS_OPEN: ReadonlySet<PlayerAction['type']> = new Set([
	'leave',
	'declareAbsent',
	'returnPresent',
	'revealGoal',
	'offer',
	'acceptOffer',
	'declineOffer',
	'withdrawOffer',
	'give',
]);

function windowChoices(state: GameState, seat: number): PlayerAction[] {
	return legalActions(state, seat)
		.map((legal) => legal.action)
		.filter((action) => !ALWAYS_OPEN.has(action.type));
}

const rolled = (hands: Parameters<typeof table>[0] = {}) => play(passSpendingAll(play(table(hands), neutralizeDemocrats())), dice(2, 3));

/** Seat 3 keeps only its Illuminati after its third turn: the next entry eliminates it. */
function withoutSeat3(state: GameState): GameState {
	return {
		...state,
		players: state.players.map((p) => (p.seat === 3 ? { ...p, structure: { 'servants-of-cthulhu': p.structure['servants-of-cthulhu']! } } : p)),
		uncontrolled: [...state.uncontrolled, 'fbi'],
	};
}

const WINDOWS = [
	['the window after the roll', () => rolled(), 'afterRoll'],
	['the window at the start of a turn', () => startTurn(table(), 1), 'turnStart'],
	['the cancel window of a Special', () => play(table({ 2: ['slush-fund'] }), { type: 'playSpecial', seat: 2, card: 'slush-fund' }), 'chain'],
] as const;

describe.each(WINDOWS)('%s', (_name, open, kind) => {
	const isOpen = (state: GameState) => (kind === 'chain' ? state.chain !== null : state.phase.kind === kind);

	it('stays open until every seat passed, then closes (in any order of passing)', () => {
		const orders = [
			[0, 1, 2, 3],
			[3, 2, 1, 0],
			[2, 0, 3, 1],
		];
		const closed = orders.map((order) => {
			let state = open();
			for (const [i, seat] of order.entries()) {
				expect(isOpen(state)).toBe(true);
				expect(waitingSeats(state)).toHaveLength(4 - i);
				state = play(state, passWindow(seat));
			}
			expect(isOpen(state)).toBe(false);
			expectSound(state);
			return state;
		});
		// The same result whatever the order (the roll's pass list aside).
		const strip = (state: GameState) => ({ ...state, lastAttack: state.lastAttack && { ...state.lastAttack, passed: [] } });
		expect(strip(closed[1]!)).toEqual(strip(closed[0]!));
		expect(strip(closed[2]!)).toEqual(strip(closed[0]!));
	});

	it('a seat cannot pass twice: NOT_APPLICABLE, and it is no longer offered', () => {
		const once = play(open(), passWindow(1));
		expectRefused(once, passWindow(1), 'NOT_APPLICABLE');
		expect(windowChoices(once, 1)).not.toContainEqual(passWindow(1));
	});

	it('a seat out of the game is not waited for, and may not pass (NOT_ELIGIBLE)', () => {
		const base = open();
		const shrunk = play(withoutSeat3(base), passWindow(0));
		expect(shrunk.players[3]!.eliminated).toBe(true);
		expect(waitingSeats(shrunk)).toEqual([1, 2]);
		expectRefused(shrunk, passWindow(3), 'NOT_ELIGIBLE');
		expect(isOpen(play(shrunk, passWindow(1), passWindow(2)))).toBe(false);
	});

	it('a seat holding nothing it can play there is offered exactly passWindow, whatever the others hold', () => {
		const state = open();
		expect(windowChoices(state, 3)).toEqual([passWindow(3)]);
	});
});

describe('passWindow outside a window', () => {
	it.each([
		['in the actions step', () => table()],
		["in an attack's spending (passSpending closes that one)", () => play(table(), neutralizeDemocrats())],
	])('%s: WRONG_PHASE', (_what, state) => {
		expectRefused(state(), passWindow(1), 'WRONG_PHASE');
	});
});

describe('Windows reveal nothing about hands', () => {
	it('after a roll, a seat\'s choices are the same whatever another seat holds, and everyone is waited for', () => {
		const holding = rolled({ 1: ['murphys-law', 'assassination'] });
		const empty = rolled({ 1: ['slush-fund'] });
		expect(windowChoices(holding, 2)).toEqual(windowChoices(empty, 2));
		expect(windowChoices(holding, 2)).toEqual([passWindow(2)]);
		expect(waitingSeats(holding)).toEqual(waitingSeats(empty));
		expect(windowChoices(holding, 1)).toEqual([
			passWindow(1),
			{ type: 'playSpecial', seat: 1, card: 'murphys-law' },
			{ type: 'playSpecial', seat: 1, card: 'assassination' },
		]);
	});

	it('in a cancel window only Secrets is offered beside passing; a seat without it just passes', () => {
		const state = play(table({ 1: ['secrets-man-was-not-meant-to-know', 'swiss-bank-account'], 2: ['slush-fund'] }), { type: 'playSpecial', seat: 2, card: 'slush-fund' });
		expect(windowChoices(state, 1)).toEqual([passWindow(1), { type: 'playSpecial', seat: 1, card: 'secrets-man-was-not-meant-to-know', cancels: 0 }]);
		expect(windowChoices(state, 0)).toEqual([passWindow(0)]);
	});

	it('in a privileged attack every seat is asked before the roll: any may abolish the privilege (Special Cards)', () => {
		const state = play(table(), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		expect(windowChoices(state, 2).map((action) => action.type)).toEqual(['passSpending']);
		expect(windowChoices(state, 1).map((action) => action.type)).toContain('passSpending');
		expect(attackOf(state).privileged).toBe(true);
	});

	it('in a privileged attack of a log from before privilegedWindowAsksAll, a seat that may not interfere has nothing to do', () => {
		const state = play(table({}, { privilegedWindowAsksAll: false }), neutralizeDemocrats({ privilege: { kind: 'bavarian' } }));
		expect(windowChoices(state, 2)).toEqual([]);
		expect(windowChoices(state, 1).map((action) => action.type)).toContain('passSpending');
	});
});

// ---------------------------------------------------------------------------------------------
// No window stays open forever: from random states, every seat passing closes it.

const PASSES: ReadonlySet<PlayerAction['type']> = new Set(['passWindow', 'passSpending', 'declineClaim']);
type WindowKind = 'chain' | 'attack' | 'afterRoll' | 'turnStart' | 'ufoClaim';

function windowKind(state: GameState): WindowKind | null {
	if (state.chain !== null) return 'chain';
	const kind = state.phase.kind;
	return kind === 'attack' || kind === 'afterRoll' || kind === 'turnStart' || kind === 'ufoClaim' ? kind : null;
}

/** Every seat passes whatever is open (the attack's dice come from a fixed seed) until no
 * window is open or the game asks for other randomness (the draw after income). */
function closeByPassing(start: GameState): { state: GameState; entries: number } {
	let state = start;
	for (let entries = 0; entries < 200; entries++) {
		if (state.phase.kind === 'over') return { state, entries };
		let action: Action | undefined;
		if (state.random !== null) {
			if (state.random.kind !== 'attackRoll') return { state, entries };
			action = { type: 'random', seed: '5eed'.repeat(16) };
		} else {
			if (windowKind(state) === null) return { state, entries };
			for (const player of state.players) {
				action = legalActions(state, player.seat).find((legal) => PASSES.has(legal.action.type))?.action;
				if (action !== undefined) break;
			}
			if (action === undefined) throw new Error(`window ${windowKind(state)} is open but no seat may pass`);
		}
		const result = step(state, action);
		if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.code}`);
		state = result.state;
	}
	throw new Error(`window ${windowKind(state)} still open after 200 passes`);
}

describe('No window can stay open forever when every player passes (random states)', () => {
	it('from window states of 48 seeded random games, passing closes every window with the invariants kept', () => {
		const seen: Record<WindowKind, number> = { chain: 0, attack: 0, afterRoll: 0, turnStart: 0, ufoClaim: 0 };
		for (let game = 0; game < 48; game++) {
			const samples: GameState[] = [];
			const kinds = new Set<WindowKind>();
			randomGame({
				players: 2 + (game % 5),
				seed: `windows-close:${game}`,
				maxEntries: 250,
				policy: game % 2 === 0 ? 'uniform' : 'cautious',
				onStep: (state) => {
					const kind = windowKind(state);
					// One sample of each kind of window per game, plus every tenth window state.
					if (kind !== null && state.random === null && (!kinds.has(kind) || samples.length % 10 === 0)) {
						kinds.add(kind);
						samples.push(state);
					}
				},
			});
			for (const sample of samples) {
				seen[windowKind(sample)!] += 1;
				const { state, entries } = closeByPassing(sample);
				expect(entries).toBeGreaterThan(0);
				expect(windowKind(state) === null || state.phase.kind === 'over' || state.random !== null).toBe(true);
				expect(state.chain).toBeNull();
				expectSound(state);
			}
		}
		expect(seen.attack).toBeGreaterThan(20);
		expect(seen.afterRoll).toBeGreaterThan(10);
		expect(seen.turnStart).toBeGreaterThan(20);
		expect(seen.chain).toBeGreaterThan(5);
	}, 120_000);
});
