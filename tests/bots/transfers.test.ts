/**
 * Free transfers (Basic Rules: Transferring Money, at the end of a turn) cost nothing, so a bot's
 * transfer has to gain something (turn.ts, TRANSFER_COST): with nothing gained, normal and hard
 * end the turn. Before, the follow-up ply counted the way back, so moving money onto a group tied
 * with ending the turn, and bots moved money to and fro in the same turn. Bots run without a clock.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import type { Action } from '../../src/lib/engine/index.js';
import { scenario } from '../helpers/scenario.js';
import { player } from './structures.js';

describe('a bot moves money only for a gain', () => {
	it.each(['normal', 'hard'] as const)('%s ends its turn rather than move the Gnomes\' money onto a group in the transfers step', (level) => {
		const state = scenario({
			players: [
				player('servants-of-cthulhu', ['kgb'], 10),
				player('gnomes-of-zurich', ['loan-sharks', 'california'], 30),
				player('discordian-society', ['hackers'], 10),
				player('network', ['mafia'], 10),
			],
			turn: { seat: 1, step: 'transfers', actionsLeft: 0 },
		});
		expect(createBot({ level, seed: 'transfers' }).decide(state, 1)).toEqual({ type: 'endTurn', seat: 1 });
	});

	it('in a seeded game of hard and normal bots, nobody moves money onto a card and straight back in one turn', () => {
		const players = [0, 1, 2, 3].map((seat) => createBot({ level: seat === 0 ? 'hard' : 'normal', seed: `sh:1:${seat}` }));
		const back: string[] = [];
		let transfers = 0;
		let turn = -1;
		let moved: Extract<Action, { type: 'transfer' }>[] = [];
		playBotGame({
			players,
			seed: 'sh:1',
			maxTurns: 12,
			onStep: (state, entry) => {
				if (state.turnCount !== turn) [turn, moved] = [state.turnCount, []];
				if (entry.type !== 'transfer') return;
				transfers++;
				if (moved.some((m) => m.seat === entry.seat && m.from === entry.to && m.to === entry.from)) back.push(`turn ${turn}: ${entry.from} → ${entry.to}`);
				moved.push(entry);
			},
		});
		expect(transfers).toBeGreaterThan(0);
		expect(back).toEqual([]);
	});
});
