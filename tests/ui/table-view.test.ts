// The table's view-model (src/lib/ui/table/view.ts), table-driven over seeded bot games: every
// card in one place, the engine's geometry and arrow statuses, no secret shown to the wrong seat,
// and unchanged parts reused so Svelte's keyed lists stay stable.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, CARDS } from '../../src/lib/engine/cards/index.js';
import { arrowStatus, openArrows, outSides, visibleGrants, type GameState, type Seat } from '../../src/lib/engine/index.js';
import { sampleGame, PREVIEW_GAME, type SampleGameOptions } from '../../src/lib/dev/sample-game.js';
import { othersAround, tableView, type TableView } from '../../src/lib/ui/table/view.js';

interface Scenario extends SampleGameOptions {
	readonly name: string;
	/** Besides the interesting states, every stride-th state is checked. */
	readonly stride: number;
}

const SCENARIOS: readonly Scenario[] = [
	{ name: 'six players mid-game (the preview game)', ...PREVIEW_GAME, count: 60, stride: 6 },
	{ name: 'four players with Specials, espionage, alignment edits and income debts', players: 4, seed: 'view-4', policy: 'cautious', from: 0, count: 1700, stride: 60 },
	{ name: 'four players with the UFOs', players: 4, seed: 'view-ufo', policy: 'cautious', from: 0, count: 400, stride: 20, illuminati: ['ufos', 'network', 'gnomes-of-zurich', 'bavarian-illuminati'] },
	{ name: 'three players with hidden goals', players: 3, seed: 'view-hidden', policy: 'cautious', from: 0, count: 1200, stride: 60, rules: { hiddenGoals: true } },
	{ name: 'two players to the end', players: 2, seed: 'view-end', from: 0, count: 5000, stride: 10 },
];

/** What a state must show for the checks on it to mean something. */
const FEATURES: Readonly<Record<string, (state: GameState) => boolean>> = {
	placement: (s) => s.phase.kind === 'placement',
	attack: (s) => s.phase.kind === 'attack',
	aid: (s) => s.phase.kind === 'attack' && s.phase.attack.aids.length > 0,
	afterRoll: (s) => s.phase.kind === 'afterRoll',
	chain: (s) => s.chain !== null,
	grant: (s) => s.grants.length > 0,
	alignmentEdit: (s) => (s.turn?.alignmentEdits.length ?? 0) > 0,
	income: (s) => s.phase.kind === 'income',
	secretGoalCommitted: (s) => s.players.some((p) => p.goalCommitment !== null && p.revealedGoal === null),
	secretGoalRevealed: (s) => s.players.some((p) => p.revealedGoal !== null),
	handsInTwoSeats: (s) => s.players.filter((p) => p.hand.length > 0).length >= 2,
	dead: (s) => s.dead.length > 0,
	blockedArrow: (s) => s.players.some((p) => Object.keys(p.structure).some((card) => outSides(card).some((side) => arrowStatus(p.structure, card, side) === 'blocked'))),
	over: (s) => s.phase.kind === 'over',
};

interface Sample {
	readonly label: string;
	readonly state: GameState;
	readonly secretGoals: ReadonlyMap<Seat, string>;
}

function samplesOf(scenario: Scenario): Sample[] {
	const game = sampleGame(scenario);
	const picked = new Set<number>();
	game.states.forEach((_, i) => i % scenario.stride === 0 && picked.add(i));
	for (const test of Object.values(FEATURES)) {
		const first = game.states.findIndex(test);
		if (first >= 0) picked.add(first);
	}
	return [...picked].sort((a, b) => a - b).map((i) => ({ label: `${scenario.name}, state ${i}`, state: game.states[i]!, secretGoals: game.secretGoals }));
}

const SAMPLES: readonly Sample[] = SCENARIOS.flatMap(samplesOf);

/** Each seat alone, a spectator, and one device holding every seat (hot seat). */
function viewersOf(state: GameState): Seat[][] {
	const seats = state.players.map((p) => p.seat);
	return [...seats.map((seat) => [seat]), [], seats];
}

const CASES = SAMPLES.flatMap((sample) => viewersOf(sample.state).map((viewer) => ({ ...sample, viewer, name: `${sample.label}, viewer [${viewer.join(',')}]` })));

/** Every card the view puts somewhere (not references such as the attack or a grant). */
function placedCards(view: TableView): string[] {
	return [
		...view.players.flatMap((p) => [...p.structure.cells.map((cell) => cell.card), ...(p.hand ?? [])]),
		...view.uncontrolled,
		...view.dead,
		...view.discard,
		...view.outOfPlay,
		...(view.status.placing?.cards ?? []),
		...(view.status.chain?.flatMap((play) => play.cards) ?? []),
	];
}

describe('the seeded states cover what the table draws', () => {
	it.each(Object.keys(FEATURES))('some sample shows %s', (feature) => {
		expect(SAMPLES.some((sample) => FEATURES[feature]!(sample.state))).toBe(true);
	});
});

describe('every card of the state appears exactly once in the view', () => {
	it.each(CASES)('$name', ({ state, viewer }) => {
		const view = tableView(state, viewer);
		const placed = placedCards(view);
		const counts = new Map<string, number>();
		for (const card of placed) counts.set(card, (counts.get(card) ?? 0) + 1);
		expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
		const hiddenHands = view.players.filter((p) => p.hand === null).reduce((sum, p) => sum + p.specials, 0);
		expect(placed.length + view.drawPile + hiddenHands).toBe(ALL_CARDS.length);
		// The hidden ones are exactly the draw pile and the other players' hands.
		const hidden = [...state.deck, ...state.players.filter((p) => !viewer.includes(p.seat)).flatMap((p) => p.hand)];
		expect(new Set([...placed, ...hidden]).size).toBe(ALL_CARDS.length);
	});
});

describe("cell positions and rotations match the engine's", () => {
	it.each(CASES.filter((c) => c.viewer.length === 1))('$name', ({ state, viewer }) => {
		const view = tableView(state, viewer);
		for (const player of state.players) {
			const cells = view.players[player.seat]!.structure.cells;
			const structure = player.structure;
			expect(cells.map((c) => c.card).sort()).toEqual(Object.keys(structure).sort());
			const minX = Math.min(...Object.values(structure).map((p) => p.x));
			const minY = Math.min(...Object.values(structure).map((p) => p.y));
			for (const cell of cells) {
				const placement = structure[cell.card]!;
				expect({ x: cell.x, y: cell.y, rot: cell.rot, master: cell.master, money: cell.money }).toEqual({
					x: placement.x,
					y: placement.y,
					rot: placement.rot,
					master: placement.master,
					money: placement.money,
				});
				expect([cell.col, cell.row]).toEqual([placement.x - minX, placement.y - minY]);
			}
			// Reading order: row by row, left to right.
			const order = cells.map((c) => c.row * 1000 + c.col);
			expect(order).toEqual([...order].sort((a, b) => a - b));
		}
	});
});

describe("arrow statuses equal the engine's", () => {
	it.each(SAMPLES)('$label', ({ state }) => {
		const view = tableView(state, []);
		for (const player of state.players) {
			for (const cell of view.players[player.seat]!.structure.cells) {
				expect(cell.arrows.map((a) => a.side)).toEqual(outSides(cell.card));
				for (const arrow of cell.arrows) expect(arrow.status).toBe(arrowStatus(player.structure, cell.card, arrow.side));
				expect(cell.arrows.filter((a) => a.status === 'open').map((a) => a.side)).toEqual(openArrows(player.structure, cell.card));
				// An arrow points where the card lies: a used one at the puppet hanging on it.
				for (const arrow of cell.arrows.filter((a) => a.status === 'used')) {
					const [dx, dy] = [[0, -1], [1, 0], [0, 1], [-1, 0]][arrow.facing]!;
					const puppet = view.players[player.seat]!.structure.cells.find((c) => c.x === cell.x + dx! && c.y === cell.y + dy!);
					expect(puppet?.master).toBe(cell.card);
				}
			}
		}
	});
});

describe('secret information never appears for a viewer who should not see it', () => {
	it.each(CASES)('$name', ({ state, viewer, secretGoals }) => {
		const view = tableView(state, viewer);
		const text = JSON.stringify(view);
		const granted = new Set(viewer.flatMap((seat) => visibleGrants(state, seat)).flatMap((g) => (g.subject.kind === 'hand' ? g.subject.cards : [])));
		const secretCards = [...state.deck, ...state.players.filter((p) => !viewer.includes(p.seat)).flatMap((p) => p.hand)].filter((card) => !granted.has(card));
		expect(secretCards.filter((card) => text.includes(`"${card}"`))).toEqual([]);
		for (const player of state.players) {
			const seen = view.players[player.seat]!;
			expect(seen.hand).toEqual(viewer.includes(player.seat) ? player.hand : null);
			expect(seen.specials).toBe(player.hand.length);
			expect(seen.grants).toEqual(viewer.includes(player.seat) ? visibleGrants(state, player.seat) : []);
			if (player.goalCommitment !== null) expect(text).not.toContain(player.goalCommitment);
			const secret = secretGoals.get(player.seat);
			if (secret === undefined || player.eliminated || player.illuminati === null) continue;
			if (player.revealedGoal === null) expect(seen.goal).toEqual({ kind: 'secret', committed: player.goalCommitment !== null });
			else expect(seen.goal).toEqual({ kind: 'known', goal: (CARDS[secret] as { goal: unknown }).goal, revealed: true });
		}
		for (const grant of state.grants.filter((g) => !viewer.includes(g.viewer))) {
			expect(view.players.flatMap((p) => p.grants)).not.toContainEqual(grant);
		}
	});
});

describe('the viewer is drawn largest, the others around the table after it', () => {
	it.each(SAMPLES.slice(0, 8))('$label', ({ state }) => {
		for (const [viewer, focus] of [[[], null], [[1], 1], [[0, 1], state.turn !== null && [0, 1].includes(state.turn.seat) ? state.turn.seat : state.players[0]!.eliminated ? 1 : 0]] as const) {
			const view = tableView(state, viewer);
			expect(view.focus).toBe(focus);
			const others = othersAround(view).map((p) => p.seat);
			expect(others.length).toBe(state.players.length - (focus === null ? 0 : 1));
			if (focus !== null) expect(others[0]).toBe((focus + 1) % state.players.length);
		}
	});
});

describe('unchanged parts of the view are reused', () => {
	const game = sampleGame({ ...PREVIEW_GAME, count: 40 });
	it('an unchanged structure keeps its view object, an unchanged card its cell object', () => {
		let previous = tableView(game.states[0]!, [0]);
		let reusedStructures = 0;
		let reusedCells = 0;
		for (const state of game.states.slice(1)) {
			const view = tableView(state, [0], previous);
			for (const player of state.players) {
				const before = game.states[game.states.indexOf(state) - 1]!.players[player.seat]!;
				const old = previous.players[player.seat]!.structure;
				const now = view.players[player.seat]!.structure;
				if (before.structure === player.structure) {
					expect(now).toBe(old);
					reusedStructures++;
				}
				for (const cell of now.cells) {
					const oldCell = old.cells.find((c) => c.card === cell.card);
					if (oldCell !== undefined && JSON.stringify(oldCell) === JSON.stringify(cell)) {
						expect(cell).toBe(oldCell);
						reusedCells++;
					} else expect(cell).not.toBe(oldCell);
				}
			}
			previous = view;
		}
		expect(reusedStructures).toBeGreaterThan(0);
		expect(reusedCells).toBeGreaterThan(reusedStructures);
	});

	it('the attack roles keep their object while the attack is unchanged', () => {
		let previous = tableView(game.states[0]!, []);
		let kept = 0;
		for (const state of game.states.slice(1)) {
			const view = tableView(state, [], previous);
			const same = JSON.stringify(view.roles) === JSON.stringify(previous.roles);
			expect(view.roles === previous.roles).toBe(same);
			if (same) kept++;
			previous = view;
		}
		expect(kept).toBeGreaterThan(0);
	});

	it('builds the six-player view in well under a frame', () => {
		let previous: TableView | undefined;
		const times: number[] = [];
		for (const state of game.states) {
			const started = performance.now();
			previous = tableView(state, [0], previous);
			times.push(performance.now() - started);
		}
		times.sort((a, b) => a - b);
		expect(times[Math.floor(times.length / 2)]).toBeLessThan(4);
	});
});
