/**
 * Hard's playouts only break near-ties (search.ts): among the best candidates within two points
 * of the best one-ply value, the playouts' means set the order; a candidate further behind keeps
 * its value, however its playouts went.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_DEFAULTS } from '../../src/lib/bots/levels.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { refineByPlayouts } from '../../src/lib/bots/search.js';
import { Counter } from '../../src/lib/bots/settle.js';
import type { Thinking } from '../../src/lib/bots/thinking.js';
import type { Scored } from '../../src/lib/bots/turn.js';
import type { PlayerAction } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';

const position = () =>
	scenario({
		players: [
			{ illuminati: 'bavarian-illuminati', money: 20, groups: [{ card: 'mafia', side: 1 }] },
			{ illuminati: 'network', money: 5, groups: [{ card: 'kgb', side: 1 }] },
			{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'loan-sharks', side: 1 }] },
		],
		uncontrolled: ['hollywood', 'video-games'],
	});

function thinking(): Thinking {
	const counter = new Counter();
	return {
		seat: 0,
		level: LEVEL_DEFAULTS.hard.config,
		secret: null,
		chooser: new Chooser('playouts-test'),
		counter,
		exhausted: () => false,
		spent: () => false,
		playoutBudget: 4,
		now: null,
		deadline: null,
	};
}

const endTurn: PlayerAction = { type: 'endTurn', seat: 0 };
const attack = (target: string): PlayerAction => ({ type: 'attack', seat: 0, kind: 'control', attacker: 'bavarian-illuminati', target, aids: [] });

describe("hard's playouts break near-ties only", () => {
	it('keeps the value of a candidate more than two points behind the best', () => {
		const scored: Scored[] = [
			{ action: endTurn, value: 100 },
			{ action: attack('hollywood'), value: 99 },
			{ action: attack('video-games'), value: 90 },
		];
		const refined = refineByPlayouts(thinking(), position(), scored);
		expect(refined[2]).toEqual(scored[2]);
		// The two near-tied candidates are ordered by their playouts, both just at the best value.
		const top = refined.slice(0, 2).map((candidate) => candidate.value);
		expect(Math.max(...top)).toBe(100);
		expect(Math.min(...top)).toBeGreaterThan(99.99);
	});

	it('leaves a clear best alone', () => {
		const scored: Scored[] = [
			{ action: endTurn, value: 100 },
			{ action: attack('hollywood'), value: 97 },
		];
		expect(refineByPlayouts(thinking(), position(), scored)).toEqual(scored);
	});
});
