/**
 * Seeded fuzz, games 250..499 of 500 (split in two files so both cores run them): random
 * legal games, Specials, interference and deals included, with every invariant checked after
 * every step. See fuzz-game.ts for the seed.
 */
import { fuzzGames } from './fuzz-game.js';

fuzzGames('second half', 250, 500);
