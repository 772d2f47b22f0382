/** Bot fuzz, games 0..99 of 200 (split in two files so both cores run them). See bot-fuzz.ts. */
import { botFuzz } from './bot-fuzz.js';

botFuzz('first half', 0, 100, 25);
