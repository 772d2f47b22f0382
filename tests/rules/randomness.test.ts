/**
 * Randomness (dice for "Beginning the Game" and attacks; "Draw a card"): a seed is stretched with
 * SHA-256 in counter mode; a die rejects bytes 252..255 so each face has 42 of the 252 byte values;
 * a draw is uniform among the cards still in the pile. A sandbox states dice and cards outright.
 */
import { describe, expect, it } from 'vitest';
import { ByteStream, initialState, isValidSeed, stateHash, step, withDefaults, type GameState } from '../../src/lib/engine/index.js';
import { dice, expectRefused, passAll, play, scenario } from '../helpers/scenario.js';

/** A stream that returns the bytes given, for exhaustive checks of the mapping. */
class ScriptedStream extends ByteStream {
	read = 0;
	constructor(private readonly bytes: readonly number[]) {
		super('00'.repeat(16));
	}
	override nextByte(): number {
		const byte = this.bytes[this.read++];
		if (byte === undefined) throw new Error('script exhausted');
		return byte;
	}
}

const seed = (i: number) => i.toString(16).padStart(32, '0');

describe('Dice: uniform by construction (rejection sampling on bytes)', () => {
	it('bytes 0..251 map 42 times to each face; 252..255 are rejected and the next byte is used', () => {
		const counts = [0, 0, 0, 0, 0, 0, 0];
		for (let byte = 0; byte < 256; byte++) {
			const stream = new ScriptedStream([byte, 0]);
			const face = stream.die();
			if (byte < 252) {
				expect(stream.read).toBe(1);
				counts[face]!++;
			} else {
				expect(stream.read).toBe(2);
				expect(face).toBe(1);
			}
		}
		expect(counts.slice(1)).toEqual([42, 42, 42, 42, 42, 42]);
	});

	it('a pick among n cards is exactly uniform over the accepted bytes, for every pile size', () => {
		for (let n = 1; n <= 98; n++) {
			const counts = new Array<number>(n).fill(0);
			let accepted = 0;
			for (let byte = 0; byte < 256; byte++) {
				const stream = new ScriptedStream([byte, 0]);
				const pick = stream.below(n);
				expect(pick).toBeGreaterThanOrEqual(0);
				expect(pick).toBeLessThan(n);
				if (stream.read === 1) {
					counts[pick]!++;
					accepted++;
				}
			}
			expect(accepted % n).toBe(0);
			expect(new Set(counts).size).toBe(1);
			expect(256 - accepted).toBeLessThan(n);
		}
	});

	it('a long seeded stream of dice stays within 1..6 and roughly even', () => {
		const stream = new ByteStream(seed(7));
		const counts = [0, 0, 0, 0, 0, 0, 0];
		for (let i = 0; i < 6000; i++) counts[stream.die()]!++;
		expect(counts[0]).toBe(0);
		for (const count of counts.slice(1)) expect(Math.abs(count - 1000)).toBeLessThan(150);
	});
});

describe('Seeds: the same seed gives the same dice and draws', () => {
	const drawing = (): GameState => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 5, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'fbi', side: 1 }] },
			],
		});
		// The next turn's opening window closes, income is collected, and the draw is asked for.
		return passAll(play({ ...state, options: { ...state.options, sandbox: false } }, { type: 'endTurn', seat: 0 }));
	};

	it('two replays of one seed agree; different seeds do not always agree', () => {
		const start = drawing();
		expect(start.random).toEqual({ kind: 'draw', seat: 1, count: 2 });
		const hashes = new Set<string>();
		for (let i = 0; i < 20; i++) {
			const a = play(start, { type: 'random', seed: seed(i) });
			const b = play(start, { type: 'random', seed: seed(i) });
			expect(stateHash(a)).toBe(stateHash(b));
			hashes.add(stateHash(a));
		}
		expect(hashes.size).toBeGreaterThan(1);
	});

	it('ByteStream: same seed, same bytes', () => {
		const a = new ByteStream(seed(42));
		const b = new ByteStream(seed(42));
		for (let i = 0; i < 100; i++) expect(a.nextByte()).toBe(b.nextByte());
	});

	it('draws never pick a card outside the pile, never the same card twice', () => {
		const start = drawing();
		const pile = ['mafia', 'bribery', 'yuppies'];
		const small = { ...start, deck: pile };
		const seen = new Map<string, number>();
		for (let i = 0; i < 300; i++) {
			const after = play(small, { type: 'random', seed: seed(i) });
			const drawn = pile.filter((card) => !after.deck.includes(card));
			expect(drawn).toHaveLength(2);
			expect(after.deck).toHaveLength(1);
			for (const card of drawn) {
				expect(after.uncontrolled.includes(card) || after.players[1]!.hand.includes(card)).toBe(true);
				seen.set(card, (seen.get(card) ?? 0) + 1);
			}
		}
		for (const card of pile) expect(seen.get(card)).toBeGreaterThan(150);
	});

	it('attack rolls from a seed are two dice of 1..6, the same for the same seed', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 5, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'fbi', side: 1 }] },
			],
			uncontrolled: ['yuppies'],
		});
		const pending = passAll(play(
			{ ...state, options: { ...state.options, sandbox: false } },
			{ type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target: 'yuppies', aids: [] },
		));
		expect(pending.random).toEqual({ kind: 'attackRoll' });
		expectRefused(pending, dice(1, 1), 'SANDBOX_ONLY');
		for (let i = 0; i < 30; i++) {
			const a = passAll(play(pending, { type: 'random', seed: seed(i) }));
			const b = passAll(play(pending, { type: 'random', seed: seed(i) }));
			const roll = a.lastAttack!.roll!;
			expect(b.lastAttack!.roll).toEqual(roll);
			for (const die of roll) expect(die >= 1 && die <= 6).toBe(true);
		}
	});
});

describe('Bad randomness entries are refused with a code and change nothing', () => {
	const start = initialState(withDefaults({ players: 3 }));

	it('a seed of odd length: BAD_RANDOMNESS', () => {
		expect(isValidSeed('a'.repeat(17))).toBe(false);
		expectRefused(start, { type: 'random', seed: 'a'.repeat(17) }, 'BAD_RANDOMNESS');
	});

	it.each([
		['too short', 'abcdef'],
		['upper case', 'ABCDEF0123456789'],
		['not hex', 'z'.repeat(32)],
		['too long', 'a'.repeat(130)],
	])('a seed %s is malformed', (_, bad) => {
		expect(isValidSeed(bad)).toBe(false);
		expectRefused(start, { type: 'random', seed: bad }, 'MALFORMED_ACTION');
	});

	it("'fixed' entries are for sandbox games only: SANDBOX_ONLY", () => {
		expectRefused(start, { type: 'fixed', cards: ['network', 'ufos', 'gnomes-of-zurich'] }, 'SANDBOX_ONLY');
	});

	it('randomness nobody asked for: RANDOMNESS_NOT_EXPECTED', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 5, groups: [{ card: 'cia', side: 1 }] },
				{ illuminati: 'network', money: 5, groups: [{ card: 'fbi', side: 1 }] },
			],
		});
		expectRefused(state, { type: 'random', seed: seed(1) }, 'RANDOMNESS_NOT_EXPECTED');
		expectRefused(state, { type: 'fixed', cards: ['mafia'] }, 'RANDOMNESS_NOT_EXPECTED');
	});

	it('a refused entry leaves the state as it was', () => {
		const before = stateHash(start);
		const result = step(start, { type: 'random', seed: 'a'.repeat(17) });
		expect(result.ok).toBe(false);
		expect(stateHash(start)).toBe(before);
		const next = play(start, { type: 'random', seed: seed(3) });
		expect(next.accepted).toBe(1);
	});
});
