/**
 * Bot decision times per level on mid-game positions (the active seat choosing its next action,
 * the costly decisions), two ways:
 * - with the level's clock budget, in wall-clock ms (as in play; on a shared machine the wall
 *   clock runs while other processes hold the cores, so the budget buys less work and a single
 *   step can overshoot it);
 * - without a clock (entry and playout budgets only), in CPU ms of this process: what the same
 *   work takes on a core of its own, which bounds the clocked time on an idle machine (the clock
 *   only ever shortens a decision).
 * Figures are printed, never asserted. Run: node --import tsx bench/bot-decisions.ts [positions]
 */
import { loadavg } from 'node:os';
import { midGamePositions } from './mid-game.js';
import { percentile } from './support.js';
import { createBot, LEVEL_DEFAULTS, LEVELS } from '../src/lib/bots/index.js';

const GAMES = 4;
const POSITIONS = Number(process.argv[2] ?? 24);

const load = () => loadavg().map((x) => x.toFixed(1)).join(', ');
const all = midGamePositions(GAMES);
const picks = Array.from({ length: Math.min(POSITIONS, all.length) }, (_, i) => all[Math.floor((i * all.length) / Math.min(POSITIONS, all.length))]!);
console.log(`bot decisions: ${picks.length} mid-game positions (turns 12-48 of ${GAMES} seeded 4-player games between easy bots); load average ${load()} (2 cores)`);
const line = (values: number[]) => `median ${percentile(values, 50).toFixed(1)}, p95 ${percentile(values, 95).toFixed(1)}, max ${Math.max(...values).toFixed(0)}`;
for (const level of LEVELS) {
	const defaults = LEVEL_DEFAULTS[level];
	const wall: number[] = [];
	const cpu: number[] = [];
	picks.forEach((state, i) => {
		const clocked = createBot({ level, seed: `bench:${i}`, now: () => performance.now() });
		const t0 = performance.now();
		clocked.decide(state, state.turn!.seat);
		wall.push(performance.now() - t0);
		const budgeted = createBot({ level, seed: `bench:${i}` });
		const c0 = process.cpuUsage();
		budgeted.decide(state, state.turn!.seat);
		const used = process.cpuUsage(c0);
		cpu.push((used.user + used.system) / 1000);
	});
	const playouts = level === 'hard' ? `, ${defaults.playouts} playouts` : '';
	console.log(
		`${level.padEnd(6)} with the clock (${defaults.timeBudgetMs} ms budget), wall ms: ${line(wall)} | ` +
			`without (${defaults.nodeBudget} entries${playouts}), CPU ms: ${line(cpu)}`,
	);
}
console.log(`load average at the end: ${load()}`);
