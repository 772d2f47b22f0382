// The game page's pure parts: which of this device's seats it plays (the awaited one, as in the
// hot-seat preview), the live timeline that keeps
// unchanged steps, and what it keeps on the device (secret goals; windows that close by themselves: tests/session/window-clock.test.ts).
import { describe, expect, it } from 'vitest';
import { type GameState, type Seat } from '../../src/lib/engine/index.js';
import { PREVIEW_SETUP, play, startHotSeat, type HotSeat } from '../../src/lib/dev/hot-seat.js';
import { seatToShow, seatsAwaited } from '../../src/lib/ui/actions/seats-awaited.js';
import { sessionTimeline } from '../../src/lib/ui/history/timeline.js';
import { GameSession } from '../../src/lib/session/index.js';
import { liveTimeline } from '../../src/routes/game/game-timeline.js';
import { readGoalSecret, writeGoalSecret } from '../../src/routes/game/device-prefs.js';
import { awaitedSeats, seatToPlay } from '../../src/routes/game/play.js';
import { options, Player, randomBytes, seedOf } from '../session/helpers.js';

/** The preview's hot-seat game without automatic passes: states where one, then every seat is awaited. */
function states(): GameState[] {
	let game: HotSeat = startHotSeat({ ...PREVIEW_SETUP, autoPass: false });
	const seen = [game.state];
	const next = (action: Parameters<typeof play>[1]) => {
		const result = play(game, action);
		if (!result.ok) throw new Error(result.error.code);
		game = result.game;
		seen.push(game.state);
	};
	for (const seat of [0, 1, 2]) next({ type: 'passWindow', seat });
	next({ type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'cia', aids: [] });
	next({ type: 'passSpending', seat: 0 });
	return seen;
}

describe('the seat the game page plays', () => {
	const all = states();

	it('a spectator plays no seat', () => {
		for (const state of all) expect(seatToPlay(state, [], null)).toBeNull();
	});

	it('a device with one seat always plays it, awaited or not', () => {
		for (const state of all) for (const seat of [0, 1, 2]) expect(seatToPlay(state, [seat], null)).toBe(seat);
	});

	it('a hot seat holding every seat plays the awaited one, as the preview does (the active player first)', () => {
		const spending = all[all.length - 1]!;
		expect(seatsAwaited(spending)).toEqual([1, 2]);
		for (const state of all) {
			const awaited = seatsAwaited(state);
			for (const shown of [0, 1, 2] as Seat[]) {
				const played = seatToPlay(state, [0, 1, 2], shown);
				if (awaited.length > 0) expect(awaited).toContain(played);
				expect(played).toBe(awaited.length === 0 ? shown : seatToShow(state, awaited, shown));
			}
		}
	});

	it('only this device\'s seats are awaited here; with none of them awaited it keeps the one shown', () => {
		const spending = all[all.length - 1]!;
		expect(awaitedSeats(spending, [0, 2])).toEqual([2]);
		expect(seatToPlay(spending, [0, 2], 0)).toBe(2);
		expect(awaitedSeats(spending, [0])).toEqual([]);
		expect(seatToPlay(spending, [0, 1], 1)).toBe(1);
		const actions = all.find((state) => state.phase.kind === 'turn')!;
		expect(seatsAwaited(actions)).toEqual([0]);
		expect(seatToPlay(actions, [1, 2], 2)).toBe(2);
		expect(seatToPlay(actions, [1, 2], null)).toBe(1);
	});
});

describe('the live timeline', () => {
	it('is the session\'s timeline, and keeps the step objects that did not change as entries arrive', () => {
		const session = GameSession.create({ options: options(3), seats: [0, 1, 2], seed: seedOf('game-page'), randomBytes, title: 'game page' });
		const player = new Player('game-page');
		for (let i = 0; i < 40; i++) player.move(session);
		const first = liveTimeline(session.replayer, null)!;
		expect(first.steps.map((s) => s.after)).toEqual(sessionTimeline(session.replayer)!.steps.map((s) => s.after));
		for (let i = 0; i < 20; i++) player.move(session);
		const second = liveTimeline(session.replayer, first)!;
		expect(second.steps.length).toBeGreaterThan(first.steps.length);
		for (const [i, old] of first.steps.entries()) expect(second.steps[i]).toBe(old);
		expect(second.steps.at(-1)!.after).toBe(session.state);
		session.destroy();
	});

	it('is null before the game has its setup', () => {
		expect(liveTimeline({ accepted: [], state: null, exportLog: () => { throw new Error('no setup'); } }, null)).toBeNull();
	});
});

describe('what the game page keeps on this device', () => {
	const store = () => {
		const map = new Map<string, string>();
		return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
	};

	it('secret goals are kept per game and seat and read back', () => {
		const s = store();
		writeGoalSecret(s, 'game-a', 1, { goal: 'network', salt: 'abc' });
		expect(readGoalSecret(s, 'game-a', 1)).toEqual({ goal: 'network', salt: 'abc' });
		expect(readGoalSecret(s, 'game-a', 0)).toBeNull();
		expect(readGoalSecret(s, 'game-b', 1)).toBeNull();
	});

	it('a damaged secret goal reads as no secret', () => {
		const s = store();
		s.setItem('fnord.goal.game-a.0', '{not json');
		s.setItem('fnord.goal.game-a.1', '{"goal": 3}');
		expect(readGoalSecret(s, 'game-a', 0)).toBeNull();
		expect(readGoalSecret(s, 'game-a', 1)).toBeNull();
	});
});
