// Windows that close by themselves (session/window-clock.ts): every awaited seat this device holds
// gets the same countdown whatever it holds, the pass is the engine's, more time is bounded, and a
// new play in the window starts every countdown again.
import { describe, expect, it } from 'vitest';
import { legalActions, step, type Action, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { DEFAULT_WINDOW_SECONDS, MAX_MORE_TIME, MORE_TIME_SECONDS, WindowClock, openWindow } from '../../src/lib/session/window-clock.js';
import { dice } from '../helpers/scenario.js';
import { neutralizeDemocrats, table } from '../helpers/specials.js';
import { FakeClock } from './fake-clock.js';

function apply(state: GameState, action: Action): GameState {
	const result = step(state, action);
	if (!result.ok) throw new Error(`${action.type}: ${result.error.code}`);
	return result.state;
}

/** Seat 0 attacks the Democrats; seat 2 holds Slush Fund (playable now), seat 3 holds nothing. */
function spendingWindow(): GameState {
	return apply(table({ 2: ['slush-fund'] }), neutralizeDemocrats());
}

/** A clock over a game this device plays for `mine`; passes are stepped and the clock told, as the game page does. */
function harness(start: GameState, mine: readonly Seat[], seconds = DEFAULT_WINDOW_SECONDS, canPass = () => true) {
	const time = new FakeClock();
	const passes: { seat: Seat; at: number; type: string }[] = [];
	let state = start;
	const clock: WindowClock = new WindowClock({
		clock: time,
		seconds,
		canPass,
		pass: (seat, action) => {
			passes.push({ seat, at: time.now(), type: action.type });
			state = apply(state, action);
			clock.update(state, mine);
		},
	});
	clock.update(state, mine);
	return { time, passes, clock, get state() { return state; }, set state(next: GameState) { state = next; clock.update(next, mine); } };
}

describe('a window closes by itself, at the same moment whatever a seat holds', () => {
	it('attack: a seat with a playable Special and one with nothing pass at the same tick', () => {
		const start = spendingWindow();
		expect(legalActions(start, 2).some((l) => l.action.type === 'playSpecial')).toBe(true);
		expect(legalActions(start, 3).some((l) => l.action.type === 'playSpecial')).toBe(false);
		const h = harness(start, [2, 3]);
		const [two, three] = h.clock.countdowns;
		expect(two!.endsAt).toBe(three!.endsAt);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000 - 1);
		expect(h.passes).toEqual([]);
		h.time.advance(1);
		expect(h.passes.map((p) => p.seat)).toEqual([2, 3]);
		expect(new Set(h.passes.map((p) => p.at)).size).toBe(1);
		expect(h.passes.every((p) => p.type === 'passSpending')).toBe(true);
		expect(openWindow(h.state)!.awaiting).toEqual([0, 1]);
	});

	it('one device holding one seat each: the seat with a Special passes at the same time as the other', () => {
		const start = spendingWindow();
		const rich = harness(start, [2]);
		const poor = harness(start, [3]);
		rich.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		poor.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(rich.passes[0]!.at).toBe(poor.passes[0]!.at);
	});

	it('a hot seat holding every seat: the window closes and the dice are asked for without a click', () => {
		const h = harness(spendingWindow(), [0, 1, 2, 3]);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(h.passes.map((p) => p.seat)).toEqual([0, 1, 2, 3]);
		expect(h.state.random).toEqual({ kind: 'attackRoll' });
		expect(h.clock.countdowns).toEqual([]);
	});

	it('seats this device does not hold are never passed for', () => {
		const h = harness(spendingWindow(), [3]);
		h.time.advance(60_000);
		expect(h.passes.map((p) => p.seat)).toEqual([3]);
	});
});

describe('acting, more time and the setting', () => {
	it('a spend starts every countdown again, and seats that had passed are awaited again', () => {
		const h = harness(spendingWindow(), [2, 3]);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(h.passes).toHaveLength(2);
		h.time.advance(2_000);
		h.state = apply(h.state, { type: 'spend', seat: 0, from: 'bavarian-illuminati', amount: 2 });
		const restarted = h.clock.countdowns;
		expect(restarted.map((c) => c.seat)).toEqual([2, 3]);
		expect(restarted.every((c) => c.startedAt === h.time.now())).toBe(true);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(h.passes).toHaveLength(4);
	});

	it('more time adds a fixed amount, a bounded number of times, for that seat alone', () => {
		const h = harness(spendingWindow(), [2, 3]);
		for (let k = 1; k <= MAX_MORE_TIME; k++) expect(h.clock.moreTime(2)?.more).toBe(k);
		expect(h.clock.moreTime(2)).toBeNull();
		expect(h.clock.canAskMore(2)).toBe(false);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(h.passes.map((p) => p.seat)).toEqual([3]);
		h.time.advance(MAX_MORE_TIME * MORE_TIME_SECONDS * 1000 - 1);
		expect(h.passes.map((p) => p.seat)).toEqual([3]);
		h.time.advance(1);
		expect(h.passes.map((p) => p.seat)).toEqual([3, 2]);
	});

	it('the start of a turn, and the window after the roll, close by themselves too', () => {
		const h = harness(spendingWindow(), [0, 1, 2, 3]);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		h.state = apply(h.state, dice(1, 1));
		expect(openWindow(h.state)?.kind).toBe('afterRoll');
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000);
		expect(openWindow(h.state)).toBeNull();
		expect(h.passes.filter((p) => p.type === 'passWindow').map((p) => p.seat)).toEqual([0, 1, 2, 3]);
	});

	it('0 seconds: windows wait for a click', () => {
		const h = harness(spendingWindow(), [2, 3], 0);
		expect(h.clock.countdowns).toEqual([]);
		h.time.advance(600_000);
		expect(h.passes).toEqual([]);
	});

	it('while received entries are being checked the pass waits, then happens', () => {
		let checking = true;
		const h = harness(spendingWindow(), [3], DEFAULT_WINDOW_SECONDS, () => !checking);
		h.time.advance(DEFAULT_WINDOW_SECONDS * 1000 + 1_000);
		expect(h.passes).toEqual([]);
		checking = false;
		h.time.advance(1_000);
		expect(h.passes.map((p) => p.seat)).toEqual([3]);
	});

	it('the same state told twice starts nothing again; a seat passed by hand has no countdown left', () => {
		const h = harness(spendingWindow(), [2, 3]);
		h.time.advance(3_000);
		h.clock.update(h.state, [2, 3]);
		expect(h.clock.countdownOf(3)!.startedAt).toBe(h.time.now() - 3_000);
		h.state = apply(h.state, { type: 'passSpending', seat: 3 });
		expect(h.clock.countdowns.map((c) => c.seat)).toEqual([2]);
	});
});
