/**
 * legalActions and fast random playout figures alone (the rows of bench/bots.ts that issue 15's
 * engine-speed targets name), quicker to run than the whole bots bench while working on them.
 * Run: node --import tsx bench/legal-speed.ts
 */
import { Chooser } from '../src/lib/bots/random-player.js';
import { simulationCopy } from '../src/lib/bots/view.js';
import { randomPlayout as fastPlayout } from '../src/lib/bots/random-playout.js';
import { legalActions, type GameState } from '../src/lib/engine/index.js';
import { loadavg } from 'node:os';
import { midGamePositions } from './mid-game.js';
import { allocationFloor, percentile } from './support.js';

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(1)).join(', ')}`);
const states = midGamePositions(Number(process.env.GAMES ?? 6));
console.log(`positions: ${states.length}`);

const active: number[] = [];
const waiting: number[] = [];
for (let round = 0; round < 3; round++) {
	for (const state of states) {
		const seat = state.turn!.seat;
		for (let other = 0; other < state.players.length; other++) {
			const fresh = { ...state };
			const t0 = performance.now();
			legalActions(fresh, other);
			const micros = (performance.now() - t0) * 1000;
			if (other === seat) active.push(micros);
			else waiting.push(micros);
		}
	}
}
const cold: number[] = [];
const copies = states.map((state) => structuredClone(state));
for (const [i, state] of states.entries()) {
	const t0 = performance.now();
	legalActions(copies[i]!, state.turn!.seat);
	cold.push((performance.now() - t0) * 1000);
}
console.log(`legalActions: active median ${percentile(active, 50).toFixed(1)} µs p95 ${percentile(active, 95).toFixed(0)}; waiting median ${percentile(waiting, 50).toFixed(1)} µs; active on deep copy median ${percentile(cold, 50).toFixed(1)} µs`);

// The same queries in CPU time, steadier on a shared machine: each state asked REPEAT times in a
// row (a fresh shallow copy each time, so the per-state cache never answers), the CPU time per
// query, then the median over the states. Warm caches: below the first-query figures above.
const REPEAT = 100;
function cpuPerQuery(seatOf: (state: GameState) => number): number[] {
	const each: number[] = [];
	for (const state of states) {
		const seat = seatOf(state);
		legalActions({ ...state }, seat);
		const c0 = process.cpuUsage();
		for (let r = 0; r < REPEAT; r++) legalActions({ ...state }, seat);
		const used = process.cpuUsage(c0);
		each.push((used.user + used.system) / REPEAT);
	}
	return each;
}
const activeCpu = cpuPerQuery((state) => state.turn!.seat);
const waitingCpu = cpuPerQuery((state) => (state.turn!.seat + 1) % state.players.length);
console.log(`legalActions, CPU time, same state repeated: active median ${percentile(activeCpu, 50).toFixed(1)} µs p95 ${percentile(activeCpu, 95).toFixed(0)}; waiting median ${percentile(waitingCpu, 50).toFixed(1)} µs`);
const activeLists = states.map((state) => legalActions(state, state.turn!.seat));
console.log(`the active seat's list: median ${percentile(activeLists.map((list) => list.length), 50)} options; allocating them alone (fresh objects of the same shape): median ${allocationFloor(activeLists).toFixed(1)} µs`);

for (const horizon of ['game', 'round'] as const) {
	if (process.env.SKIP_PLAYOUTS) break;
	const picks = states.filter((_, i) => i % Math.max(1, Math.floor(states.length / 12)) === 0).slice(0, 12);
	let count = 0;
	let entries = 0;
	let ended = 0;
	const lengths: number[] = [];
	const t0 = performance.now();
	const c0 = process.cpuUsage();
	for (;;) {
		const start = picks[count % picks.length]!;
		const result = fastPlayout(simulationCopy(start), { chooser: new Chooser(`fast:${count}`), limit: 8_000, until: horizon === 'game' ? null : start.turn!.seat });
		entries += result.steps;
		lengths.push(result.steps);
		if (result.ended) ended++;
		count++;
		if (count % picks.length === 0 && performance.now() - t0 >= 3000) break;
	}
	const used = process.cpuUsage(c0);
	const cpu = (used.user + used.system) / 1e6;
	// Entries per playout: a few long games (nobody near a goal) weigh on the mean.
	console.log(
		`fast playouts to end of ${horizon}: ${(count / cpu).toFixed(1)} per CPU s, ${Math.round(entries / cpu).toLocaleString('en')} entries per CPU s, ` +
			`entries each: mean ${Math.round(entries / count)}, median ${percentile(lengths, 50)}, p90 ${percentile(lengths, 90)}; ${ended}/${count} ended the game`,
	);
}
