/**
 * Beginning the Game (Basic Rules; Spanish "Preparación"): Illuminati, the UFOs' secret goal,
 * the four uncontrolled groups, and the roll for the first player.
 */
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, illuminatiCard, isGroup, isSpecial } from '../../src/lib/engine/cards/index.js';
import {
	goalCommitment,
	initialState,
	optionsProblem,
	step,
	withDefaults,
	type Action,
	type CardId,
	type GameState,
} from '../../src/lib/engine/index.js';
import { expectRefused, passAll, play } from '../helpers/scenario.js';

const LAYOUT: CardId[] = ['mafia', 'cia', 'yuppies', 'hackers'];

function seedHex(i: number): string {
	return i.toString(16).padStart(32, '0');
}

function sandbox(illuminati: readonly CardId[]): GameState {
	return initialState(withDefaults({ players: illuminati.length, illuminati, sandbox: true }));
}

function treasuries(state: GameState): number {
	return state.players.reduce((sum, p) => sum + Object.values(p.structure).reduce((s, c) => s + c.money, 0), 0);
}

describe('Beginning the Game: number of players', () => {
	it.each([2, 3, 4, 5, 6, 7, 8])('accepts %i players', (players) => {
		expect(optionsProblem(withDefaults({ players }))).toBeNull();
		const state = initialState(withDefaults({ players }));
		expect(state.players).toHaveLength(players);
		expect(state.random).toEqual({ kind: 'illuminati', count: players });
	});

	it.each([0, 1, 9, 2.5])('rejects %s players', (players) => {
		expect(optionsProblem(withDefaults({ players }))).toMatch(/players/);
		expect(() => initialState(withDefaults({ players }))).toThrow(RangeError);
	});

	it('rejects chosen Illuminati that repeat, are not Illuminati, or do not match the seats', () => {
		expect(optionsProblem(withDefaults({ players: 2, illuminati: ['network', 'network'] }))).not.toBeNull();
		expect(optionsProblem(withDefaults({ players: 2, illuminati: ['network', 'mafia'] }))).not.toBeNull();
		expect(optionsProblem(withDefaults({ players: 3, illuminati: ['network', 'ufos'] }))).not.toBeNull();
	});
});

describe('Beginning the Game: each player takes an Illuminati card with its income', () => {
	it('chosen Illuminati: each seat gets its own, starting treasury = its income, the rest out of play', () => {
		const chosen = ['gnomes-of-zurich', 'servants-of-cthulhu', 'network'];
		const state = sandbox(chosen);
		chosen.forEach((id, seat) => {
			const player = state.players[seat]!;
			expect(player.illuminati).toBe(id);
			expect(Object.keys(player.structure)).toEqual([id]);
			expect(player.structure[id]).toMatchObject({ x: 0, y: 0, master: null, money: illuminatiCard(id).income });
		});
		expect([...state.outOfPlay].sort()).toEqual(ALL_CARDS.filter((c) => c.kind === 'illuminati' && !chosen.includes(c.id)).map((c) => c.id).sort());
		expect(state.bank.issued - state.bank.returned).toBe(treasuries(state));
		expect(state.random).toEqual({ kind: 'layout', count: 4 });
	});

	it('random Illuminati: the seed deals distinct Illuminati to every seat, the others stay out', () => {
		for (let i = 0; i < 20; i++) {
			const start = initialState(withDefaults({ players: 5 }));
			const state = play(start, { type: 'random', seed: seedHex(i) });
			const dealt = state.players.map((p) => p.illuminati!);
			expect(new Set(dealt).size).toBe(5);
			for (const id of dealt) expect(state.outOfPlay).not.toContain(id);
			expect(state.outOfPlay).toHaveLength(3);
			for (const p of state.players) expect(p.structure[p.illuminati!]!.money).toBe(illuminatiCard(p.illuminati!).income);
			expect(state.bank.issued).toBe(treasuries(state));
		}
	});

	it('random Illuminati can be fixed in a sandbox, but only among the Illuminati', () => {
		const start = initialState(withDefaults({ players: 2, sandbox: true }));
		expectRefused(start, { type: 'fixed', cards: ['network', 'mafia'] }, 'BAD_RANDOMNESS');
		const state = play(start, { type: 'fixed', cards: ['network', 'bermuda-triangle'] });
		expect(state.players.map((p) => p.illuminati)).toEqual(['network', 'bermuda-triangle']);
	});
});

describe('Beginning the Game: the UFOs choose their secret goal before the layout', () => {
	it('the UFOs commit first; nothing is laid out until they do', () => {
		const state = sandbox(['network', 'ufos']);
		expect(state.phase).toEqual({ kind: 'ufoGoal', seat: 1 });
		expect(state.random).toBeNull();
		expectRefused(state, { type: 'fixed', cards: LAYOUT }, 'RANDOMNESS_NOT_EXPECTED');
		const commitment = goalCommitment('network', 'pepper');
		expectRefused(state, { type: 'commitGoal', seat: 0, commitment }, 'NOT_YOUR_TURN');
		expectRefused(state, { type: 'commitGoal', seat: 1, commitment: 'not-a-hash' }, 'MALFORMED_ACTION');
		const committed = play(state, { type: 'commitGoal', seat: 1, commitment });
		expect(committed.players[1]!.goalCommitment).toBe(commitment);
		expect(committed.random).toEqual({ kind: 'layout', count: 4 });
		expect(committed.uncontrolled).toEqual([]);
		expectRefused(committed, { type: 'commitGoal', seat: 1, commitment }, 'RANDOMNESS_EXPECTED');
	});
});

describe('Beginning the Game: four uncontrolled groups (a Special turned up goes back)', () => {
	it('lays out the four groups and the deck keeps the other 98 - 4 cards', () => {
		const start = sandbox(['network', 'bermuda-triangle']);
		expect(start.deck).toHaveLength(ALL_CARDS.filter((c) => c.kind !== 'illuminati').length);
		expect(start.deck).toHaveLength(98);
		const state = play(start, { type: 'fixed', cards: LAYOUT });
		expect(state.uncontrolled).toEqual(LAYOUT);
		expect(state.deck).toHaveLength(94);
		for (const card of LAYOUT) expect(state.deck).not.toContain(card);
		expect(state.random).toEqual({ kind: 'firstPlayer', seats: [0, 1] });
	});

	it('a Special can never be laid out (fixed cards with a Special are refused)', () => {
		const start = sandbox(['network', 'bermuda-triangle']);
		expectRefused(start, { type: 'fixed', cards: ['mafia', 'cia', 'yuppies', 'assassination'] }, 'BAD_RANDOMNESS');
		expectRefused(start, { type: 'fixed', cards: ['mafia', 'cia', 'yuppies'] }, 'BAD_RANDOMNESS');
		expectRefused(start, { type: 'fixed', cards: ['mafia', 'mafia', 'cia', 'yuppies'] }, 'BAD_RANDOMNESS');
	});

	it('with seeds, over many seeds the four laid-out cards are always distinct groups', () => {
		const start = initialState(withDefaults({ players: 3, illuminati: ['network', 'gnomes-of-zurich', 'bermuda-triangle'] }));
		for (let i = 0; i < 300; i++) {
			const state = play(start, { type: 'random', seed: seedHex(i) });
			expect(state.uncontrolled).toHaveLength(4);
			expect(new Set(state.uncontrolled).size).toBe(4);
			for (const card of state.uncontrolled) {
				expect(isGroup(card)).toBe(true);
				expect(isSpecial(card)).toBe(false);
			}
			expect(state.deck).toHaveLength(94);
			expect(state.deck.filter((c) => isSpecial(c))).toHaveLength(15);
		}
	});
});

describe('Beginning the Game: highest 2d6 plays first, ties re-rolled', () => {
	const laidOut = () => play(sandbox(['network', 'bermuda-triangle', 'gnomes-of-zurich']), { type: 'fixed', cards: LAYOUT });

	it.each([
		{ rolls: [[6, 6], [1, 1], [2, 3]], first: 0 },
		{ rolls: [[1, 2], [4, 4], [6, 1]], first: 1 },
		{ rolls: [[1, 1], [1, 2], [2, 2]], first: 2 },
	] as { rolls: [number, number][]; first: number }[])('rolls $rolls: seat $first plays first', ({ rolls, first }) => {
		const state = play(laidOut(), { type: 'fixed', dice: rolls });
		expect(state.firstSeat).toBe(first);
		expect(state.turn?.seat).toBe(first);
		expect(state.turnCount).toBe(1);
	});

	it('a tie for highest is re-rolled among the tied seats only', () => {
		const tied = play(laidOut(), { type: 'fixed', dice: [[5, 5], [1, 1], [4, 6]] });
		expect(tied.random).toEqual({ kind: 'firstPlayer', seats: [0, 2] });
		expect(tied.turn).toBeNull();
		expectRefused(tied, { type: 'fixed', dice: [[1, 1], [2, 2], [3, 3]] }, 'BAD_RANDOMNESS');
		const again = play(tied, { type: 'fixed', dice: [[3, 3], [3, 3]] });
		expect(again.random).toEqual({ kind: 'firstPlayer', seats: [0, 2] });
		const decided = play(again, { type: 'fixed', dice: [[1, 2], [2, 2]] });
		expect(decided.firstSeat).toBe(2);
	});

	it('a tie below the highest needs no re-roll', () => {
		const state = play(laidOut(), { type: 'fixed', dice: [[1, 1], [1, 1], [6, 5]] });
		expect(state.firstSeat).toBe(2);
	});

	it('dice outside 1..6 are refused', () => {
		expectRefused(laidOut(), { type: 'fixed', dice: [[0, 6], [1, 1], [2, 2]] }, 'BAD_RANDOMNESS');
		expectRefused(laidOut(), { type: 'fixed', dice: [[7, 1], [1, 1], [2, 2]] }, 'BAD_RANDOMNESS');
	});
});

describe('Sequence of Play: the first player starts with income and a draw; turns follow the seats', () => {
	it('the first turn opens with a window for everyone, then collects income, then asks for the draw', () => {
		const opened = play(sandbox(['network', 'bermuda-triangle', 'gnomes-of-zurich']), { type: 'fixed', cards: LAYOUT }, { type: 'fixed', dice: [[1, 1], [6, 6], [1, 2]] });
		expect(opened.phase).toEqual({ kind: 'turnStart', passed: [], doubleIncome: false });
		expect(opened.turn!.seat).toBe(1);
		expect(opened.random).toBeNull();
		// Only the starting treasury so far: income waits until every seat has passed.
		expect(opened.players[1]!.structure['bermuda-triangle']!.money).toBe(illuminatiCard('bermuda-triangle').income);
		const state = passAll(opened);
		expect(state.players[1]!.structure['bermuda-triangle']!.money).toBe(2 * illuminatiCard('bermuda-triangle').income);
		expect(state.players[0]!.structure.network!.money).toBe(illuminatiCard('network').income);
		expect(state.random).toEqual({ kind: 'draw', seat: 1, count: 1 });
		expect(state.bank.issued - state.bank.returned).toBe(treasuries(state));
	});

	it('after the first player, play goes round the seats in order', () => {
		let state = passAll(play(
			sandbox(['network', 'bermuda-triangle', 'gnomes-of-zurich', 'society-of-assassins']),
			{ type: 'fixed', cards: LAYOUT },
			{ type: 'fixed', dice: [[1, 1], [1, 1], [6, 6], [1, 2]] },
		));
		const order: number[] = [];
		for (let i = 0; i < 6; i++) {
			order.push(state.turn!.seat);
			const seat = state.turn!.seat;
			const count = state.random?.kind === 'draw' ? state.random.count : 0;
			const cards = state.deck.filter(isGroup).slice(0, count);
			const entries: Action[] = [{ type: 'fixed', cards }, { type: 'passTurn', seat }];
			state = passAll(play(state, ...entries));
		}
		expect(order).toEqual([2, 3, 0, 1, 2, 3]);
	});

	it('randomness that is not asked for is refused', () => {
		const state = passAll(play(sandbox(['bermuda-triangle', 'network']), { type: 'fixed', cards: LAYOUT }, { type: 'fixed', dice: [[6, 6], [1, 1]] }));
		const drawn = play(state, { type: 'fixed', cards: ['kgb'] });
		const result = step(drawn, { type: 'fixed', cards: ['cia'] });
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error.code).toBe('RANDOMNESS_NOT_EXPECTED');
	});
});

describe('Beginning the Game: random setup over seeds', () => {
	it('a UFO seat drawn at random still commits before the layout', () => {
		let found = false;
		for (let i = 0; i < 60 && !found; i++) {
			const state = play(initialState(withDefaults({ players: 6 })), { type: 'random', seed: seedHex(1000 + i) });
			const ufo = state.players.find((p) => p.illuminati === 'ufos');
			if (ufo === undefined) {
				expect(state.random?.kind).toBe('layout');
				continue;
			}
			found = true;
			expect(state.phase).toEqual({ kind: 'ufoGoal', seat: ufo.seat });
			expect(state.random).toBeNull();
		}
		expect(found).toBe(true);
	});
});
