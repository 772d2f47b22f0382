/** A worker thread of `fnord tournament --jobs N`: plays its range of games and posts the results. */
import { parentPort, workerData } from 'node:worker_threads';
import { playRange, type TournamentConfig } from './tournament.js';

const { config, lo, hi } = workerData as { config: TournamentConfig; lo: number; hi: number };
parentPort!.postMessage(playRange(config, lo, hi));
