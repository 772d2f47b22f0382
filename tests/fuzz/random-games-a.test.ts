/**
 * Seeded fuzz, games 0..249 of 500 (split in two files so both cores run them): random
 * legal games, Specials, interference and deals included, with every invariant checked after
 * every step. See fuzz-game.ts for the seed.
 */
import { describe, expect, it } from 'vitest';
import { announceSeed, CHUNK, fuzzGame, type GameReport } from './fuzz-game.js';

announceSeed();

describe('Fuzz: random legal games keep every invariant (first half)', () => {
	const chunks = Array.from({ length: (250 - 0) / CHUNK }, (_, i) => 0 + i * CHUNK);
	it.each(chunks)(
		'games %i.. : every card in one place, valid grids, money conserved, deterministic replay, windows that close',
		(start) => {
			const reports: GameReport[] = [];
			for (let index = start; index < start + CHUNK; index++) reports.push(fuzzGame(index));
			const finished = reports.filter((r) => r.over).length;
			const entries = reports.reduce((sum, r) => sum + r.entries, 0);
			console.log(`games ${start}..${start + CHUNK - 1}: ${finished} finished, ${CHUNK - finished} capped, ${entries} entries`);
			expect(reports).toHaveLength(CHUNK);
			expect(entries).toBeGreaterThan(CHUNK * 10);
		},
		120_000,
	);
});
