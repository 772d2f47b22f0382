/**
 * Seeded fuzz with the FR add-on on: 100 random legal games of 2 to 8 players with all five
 * illuminated groups allowed. Even games draw random Illuminati among the thirteen; odd games give
 * the first seats illuminated groups (a different one first each time), so every power and goal is
 * played. Every invariant of fuzz-game.ts is checked after every step, with the add-on's own
 * (illuminated-invariants.ts). The base seed is printed; FNORD_FUZZ_SEED changes it.
 */
import { ILLUMINATED, ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES } from '../../src/lib/engine/index.js';
import { fuzzGames, type FuzzVariant } from './fuzz-game.js';

const IDS = ILLUMINATED.map((card) => card.id);
const CLASSIC = ILLUMINATI.map((card) => card.id);

const ILLUMINATED_GAMES: FuzzVariant = {
	name: 'illuminated',
	setup: (index, players) => ({
		illuminati: index % 2 === 0 ? 'random' : [...IDS.slice(index % 5), ...IDS.slice(0, index % 5), ...CLASSIC].slice(0, players),
		rules: { ...DEFAULT_RULES, illuminated: IDS, illuminatedInDraw: true },
	}),
};

fuzzGames('illuminated groups, FR add-on', 0, 100, ILLUMINATED_GAMES);
