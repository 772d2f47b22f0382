/**
 * Attack 9, the seeded rogue fuzz, seeds c and d (rogue-fuzz.test.ts has a and b; one file per
 * core). See rogue-fuzz.ts.
 */
import { fuzzSeeds } from './rogue-fuzz-suite.js';

fuzzSeeds('seeds c, d', ['c', 'd']);
