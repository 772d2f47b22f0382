import { describe, expect, it } from 'vitest';
import { scenario } from './scenario.js';
import { structureProblems } from '../../src/lib/engine/structure.js';

describe('scenario builder', () => {
	it('lays out a structure on the arrows asked for, with a consistent bank', () => {
		const state = scenario({
			players: [
				{ illuminati: 'bavarian-illuminati', money: 9, groups: [{ card: 'mafia', side: 1, money: 4 }] },
				{ illuminati: 'network', money: 9 },
			],
			uncontrolled: ['yuppies'],
		});
		expect(state.players[0]!.structure.mafia).toMatchObject({ master: 'bavarian-illuminati', side: 1, x: 1, y: 0, money: 4 });
		expect(structureProblems(state.players[0]!.structure)).toEqual([]);
		expect(state.bank.issued - state.bank.returned).toBe(22);
		expect(state.deck).not.toContain('mafia');
		expect(state.deck).not.toContain('yuppies');
	});
});
