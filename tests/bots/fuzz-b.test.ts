/** Bot fuzz, games 100..199 of 200 (split in two files so both cores run them). See bot-fuzz.ts. */
import { botFuzz } from './bot-fuzz.js';

botFuzz('second half', 100, 200, 25);
