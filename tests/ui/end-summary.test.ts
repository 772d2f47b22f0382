// The end screen's data: why each winner won (the goal the engine checked), the final standings,
// and the groups/money series read from the states at the start of every turn and at the end;
// the chart gives each player a different marker and dash, and keeps end labels apart.
import { describe, expect, it } from 'vitest';
import { randomGame } from '../../src/lib/bots/random-player.js';
import { basicGoal, totalMoney, type GameState } from '../../src/lib/engine/index.js';
import { chartGeometry, markerPath, MARKERS, spreadLabels, tickStep } from '../../src/lib/ui/end/chart.js';
import { seatSeries, standings, summarySeries, winnersOf } from '../../src/lib/ui/end/summary.js';
import { statesOf, timelineFromEntries } from '../../src/lib/ui/history/timeline.js';
import { scenario } from '../helpers/scenario.js';

const over = (state: GameState, winners: number[]): GameState => ({ ...state, winners, phase: { kind: 'over' } });

function twoPlayers(options: { gnomesMoney?: number; rules?: Record<string, unknown> } = {}): GameState {
	return scenario({
		players: [
			{ illuminati: 'gnomes-of-zurich', money: options.gnomesMoney ?? 10, groups: [{ card: 'cia', side: 1, money: 2 }] },
			{ illuminati: 'network', money: 7 },
		],
		rules: options.rules,
	});
}

/** Seat 0 holds `count` cards in all (only the count matters to the basic goal's test). */
function withCards(state: GameState, count: number): GameState {
	const player = state.players[0]!;
	const first = Object.values(player.structure)[0]!;
	const structure = Object.fromEntries(Array.from({ length: count }, (_, i) => [`card-${i}`, first]));
	return { ...state, players: state.players.map((p) => (p.seat === 0 ? { ...p, structure } : p)) };
}

describe('winners and their goals', () => {
	it.each([
		['the last player standing', () => over({ ...twoPlayers(), players: twoPlayers().players.map((p) => (p.seat === 1 ? { ...p, eliminated: true } : p)) }, [0]), { kind: 'lastStanding' }],
		['the basic goal', () => over(withCards(twoPlayers(), basicGoal(twoPlayers())), [0]), { kind: 'basic', groups: basicGoal(twoPlayers()), goal: basicGoal(twoPlayers()) }],
		["the Gnomes' special goal (150 MB)", () => over(twoPlayers({ gnomesMoney: 150 }), [0]), { kind: 'special', goal: 'gnomes-of-zurich' }],
		['points in a very long game', () => over(twoPlayers({ rules: { veryLongGame: true } }), [0]), { kind: 'points' }],
		['none of these (a winner the state cannot explain)', () => over(twoPlayers(), [0]), { kind: 'other' }],
	])('a winner by %s', (_name, make, reason) => {
		const winners = winnersOf(make());
		expect(winners).toHaveLength(1);
		expect(winners[0]!.seat).toBe(0);
		expect(winners[0]!.reason).toMatchObject(reason);
	});

	it('no winner, no reasons', () => {
		expect(winnersOf(over(twoPlayers(), []))).toEqual([]);
	});

	it('standings: cards (Illuminati included), money, kills, who is out', () => {
		const state = { ...twoPlayers(), players: twoPlayers().players.map((p) => (p.seat === 1 ? { ...p, eliminated: true, left: true } : p)) };
		expect(standings(over(state, [0]))).toEqual([
			{ seat: 0, illuminati: 'gnomes-of-zurich', groups: 2, money: 12, kills: 0, out: null, winner: true },
			{ seat: 1, illuminati: 'network', groups: 1, money: 7, kills: 0, out: 'left', winner: false },
		]);
	});
});

describe('series over a whole game', () => {
	const game = randomGame({ players: 4, seed: 'end-series', maxEntries: 3000, policy: 'cautious' });
	const states = statesOf(timelineFromEntries(game.log.setup, game.log.entries));
	const points = summarySeries(states);

	it('one point at the start of every turn and one for the final state', () => {
		const final = states[states.length - 1]!;
		expect(final.turnCount).toBeGreaterThan(5);
		expect(points.filter((p) => p.turn !== null).map((p) => p.turn)).toEqual(Array.from({ length: final.turnCount }, (_, i) => i + 1));
		expect(points[points.length - 1]).toMatchObject({ turn: null, position: states.length - 1 });
	});

	it("each point holds every player's cards and money in the state at its position", () => {
		for (const point of points) {
			const state = states[point.position]!;
			expect(point.groups).toEqual(state.players.map((p) => Object.keys(p.structure).length));
			expect(point.money).toEqual(state.players.map((p) => totalMoney(p)));
			if (point.turn !== null) expect(states[point.position - 1]!.turnCount).toBe(point.turn - 1);
		}
		expect(seatSeries(points, 'money', 2)).toEqual(points.map((p) => p.money[2]));
	});

	it('a game still in setup has only its final point', () => {
		expect(summarySeries(states.slice(0, 1))).toEqual([expect.objectContaining({ turn: null, position: 0 })]);
	});
});

describe('chart geometry', () => {
	it.each([
		[0, 1],
		[4, 1],
		[13, 5],
		[47, 10],
		[160, 50],
	])('ticks for a maximum of %i step by %i', (max, step) => {
		expect(tickStep(max)).toBe(step);
	});

	it('eight series get eight different markers and dash patterns', () => {
		const series = Array.from({ length: 8 }, (_, i) => ({ label: `P${i}`, values: [i, i + 1, i + 2] }));
		const geometry = chartGeometry(series, { reference: 13 });
		expect(new Set(geometry.lines.map((l) => l.marker)).size).toBe(8);
		expect(new Set(geometry.lines.map((l) => l.dash)).size).toBe(8);
		expect(new Set(MARKERS.map((m) => markerPath(m, 10, 10, 3))).size).toBe(MARKERS.length);
		expect(geometry.max).toBeGreaterThanOrEqual(13);
		expect(geometry.reference?.value).toBe(13);
		// Higher values are drawn higher (smaller y).
		expect(geometry.lines[7]!.points[2]!.y).toBeLessThan(geometry.lines[0]!.points[2]!.y);
	});

	it('end labels are kept at least the gap apart, in their order, inside the plot', () => {
		const placed = spreadLabels([50, 50, 51, 200, 199], 14, 10, 205);
		const sorted = [...placed].sort((a, b) => a - b);
		for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(14);
		expect(Math.max(...placed)).toBeLessThanOrEqual(205);
		expect(placed[0]!).toBeLessThan(placed[1]!);
	});
});
