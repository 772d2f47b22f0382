/**
 * Attack 9, the seeded rogue fuzz (rogue-fuzz.ts): one rogue seat among three honest peers, random
 * legal play, the rogue choosing at random among inserting, copying, deleting, reordering,
 * withholding shares, equivocating and flooding, and steering every coin it learns early and
 * does not want. Seeds a and b here, c and d in rogue-fuzz-b.test.ts (one file per core): 250
 * coins each, over 1,000 random events in all. FNORD_ROGUE_SEED=<seed> replays one seed here.
 */
import { fuzzSeeds } from './rogue-fuzz-suite.js';

fuzzSeeds('seeds a, b', ['a', 'b']);
