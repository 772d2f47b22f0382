/**
 * `npm run bench`: prints the engine's replay throughput and incremental step times.
 * Figures are printed, never asserted: targets are checked by reading them.
 *
 * Random games end long before 10,000 entries (the longest reach about 1,500), so the replay
 * benchmark uses complete random games played back to back until they hold 10,000 entries.
 */
import { randomGame } from '../src/lib/bots/random-player.js';
import { legalActions, replay, Replayer, stateHash, type GameLog } from '../src/lib/engine/index.js';

const TARGET_ENTRIES = 10_000;
const ROUNDS = 5;

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function benchmarkLogs(): GameLog[] {
	const logs: GameLog[] = [];
	let total = 0;
	for (let i = 0; total < TARGET_ENTRIES; i++) {
		const game = randomGame({ players: 2 + (i % 7), seed: `bench-${i}`, maxEntries: TARGET_ENTRIES, policy: 'marathon' });
		logs.push(game.log);
		total += game.log.entries.length;
	}
	return logs;
}

const started = performance.now();
const logs = benchmarkLogs();
const entries = logs.reduce((sum, log) => sum + log.entries.length, 0);
const generation = performance.now() - started;
console.log(`workload: ${logs.length} complete random games, ${entries} entries (generated in ${(generation / 1000).toFixed(1)} s)`);
const kinds = new Map<string, number>();
for (const log of logs) {
	for (const entry of log.entries as { type: string }[]) kinds.set(entry.type, (kinds.get(entry.type) ?? 0) + 1);
}
const mix = [...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([type, count]) => `${type} ${((count / entries) * 100).toFixed(1)}%`);
console.log(`entry mix: ${mix.join(', ')}`);

// Warm up the JIT, then time full replays.
for (const log of logs) replay(log);
const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
	const t0 = performance.now();
	for (const log of logs) replay(log);
	rounds.push(performance.now() - t0);
}
const replayMs = median(rounds);
console.log(`replay throughput: ${Math.round((entries / replayMs) * 1000).toLocaleString('en')} entries/s (median of ${ROUNDS} runs, ${replayMs.toFixed(1)} ms for ${entries} entries)`);

// One incremental step: Replayer.append on a live game, timed entry by entry.
const stepTimes: number[] = [];
for (const log of logs) {
	const replayer = new Replayer(log.setup);
	for (const entry of log.entries) {
		const t0 = performance.now();
		replayer.append(entry);
		stepTimes.push(performance.now() - t0);
	}
}
console.log(`incremental step: median ${(median(stepTimes) * 1000).toFixed(1)} µs, p99 ${(percentile(stepTimes, 99) * 1000).toFixed(1)} µs, max ${(Math.max(...stepTimes) * 1000).toFixed(1)} µs`);

// What the UI and bots pay per query.
const longest = logs.reduce((a, b) => (b.entries.length > a.entries.length ? b : a));
const replayer = new Replayer(longest.setup);
const legalTimes: number[] = [];
const hashTimes: number[] = [];
for (const entry of longest.entries) {
	replayer.append(entry);
	const state = replayer.state;
	let t0 = performance.now();
	for (const player of state.players) legalActions(state, player.seat);
	legalTimes.push(performance.now() - t0);
	t0 = performance.now();
	stateHash(state);
	hashTimes.push(performance.now() - t0);
}
console.log(`legalActions for every seat: median ${(median(legalTimes) * 1000).toFixed(0)} µs, p99 ${(percentile(legalTimes, 99) * 1000).toFixed(0)} µs`);
console.log(`stateHash: median ${(median(hashTimes) * 1000).toFixed(0)} µs, p99 ${(percentile(hashTimes, 99) * 1000).toFixed(0)} µs`);
