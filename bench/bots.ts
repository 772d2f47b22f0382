/**
 * Bots benchmark: decision time per level (median, p95) on mid-game positions, random playouts
 * per second from mid-game (random seats to the end; the fast random policy of random-playout.ts to
 * the end and to the end of the round), the hard level's quick-policy playouts per second, and
 * legalActions for one seat on mid-game states. Figures are printed, never asserted; throughput is
 * given per wall-clock second and per CPU second of this process (the machine may be shared).
 *
 * Positions: the states where the active seat chooses its next action (the costly decisions),
 * taken from turns 12 to 48 of seeded games between easy bots. Run: node --import tsx bench/bots.ts
 */
import { askOrder, createBot, LEVELS, LEVEL_DEFAULTS, RandomSeat } from '../src/lib/bots/index.js';
import { Chooser } from '../src/lib/bots/random-player.js';
import { playout } from '../src/lib/bots/rollout.js';
import { simulationCopy } from '../src/lib/bots/view.js';
import { randomPlayout as fastPlayout } from '../src/lib/bots/random-playout.js';
import { legalActions, step, type Action, type GameState } from '../src/lib/engine/index.js';
import { loadavg } from 'node:os';
import { midGamePositions } from './mid-game.js';
import { allocationFloor, percentile } from './support.js';

const GAMES = 6;
const POSITIONS_PER_LEVEL = { easy: 120, normal: 60, hard: 24 } as const;

/** Spread `count` picks over the list. */
function spread<T>(list: readonly T[], count: number): T[] {
	if (list.length <= count) return [...list];
	return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]!);
}

/** Wall-clock and CPU seconds of this process since `t0`/`c0` (the machine may be shared: CPU
 * seconds leave out the time other processes held the cores, not their effect on caches). */
function seconds(t0: number, c0: NodeJS.CpuUsage): { wall: number; cpu: number } {
	const used = process.cpuUsage(c0);
	return { wall: (performance.now() - t0) / 1000, cpu: (used.user + used.system) / 1e6 };
}

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(1)).join(', ')} (2 cores: figures are slower under load)`);
const started = performance.now();
const states = midGamePositions(GAMES);
console.log(`positions: ${states.length} mid-game states (turns 12-48 of ${GAMES} seeded 4-player games between easy bots), built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// legalActions for one seat, on mid-game states: the active seat (attacks, transfers, moves…) and
// a seat waiting in its turn. Each query is the first on its state object: the engine keeps the
// rules' options per state object (a playout asks seatsToAct, then legalActions, of one state), so
// a shallow copy is queried, which shares the state's contents but none of that cache.
const active: number[] = [];
const waiting: number[] = [];
const anySeat: number[] = [];
for (let round = 0; round < 3; round++) {
	for (const state of states) {
		const seat = state.turn!.seat;
		for (let other = 0; other < state.players.length; other++) {
			const fresh = { ...state };
			const t0 = performance.now();
			legalActions(fresh, other);
			const micros = (performance.now() - t0) * 1000;
			anySeat.push(micros);
			if (other === seat) active.push(micros);
			else if (other === (seat + 1) % state.players.length) waiting.push(micros);
		}
	}
}
console.log(
	`legalActions for one seat (first query on a state): active seat median ${percentile(active, 50).toFixed(1)} µs, p95 ${percentile(active, 95).toFixed(0)} µs; ` +
		`a waiting seat median ${percentile(waiting, 50).toFixed(1)} µs; any seat median ${percentile(anySeat, 50).toFixed(1)} µs (target: 5 µs)`,
);
// The floor under that: the active seat's list is long (every attacker, target and kind), and
// allocating its options alone, as fresh objects of the same shape, takes this long.
{
	const lists = states.map((state) => legalActions(state, state.turn!.seat));
	console.log(`the active seat's list: median ${percentile(lists.map((list) => list.length), 50)} options; allocating them alone (fresh objects of the same shape): median ${allocationFloor(lists).toFixed(1)} µs CPU`);
}

// The same, cold: each query on a deep copy (structuredClone), so that nothing the engine keeps
// per object (a structure's open arrows, the last state's options) is reused.
{
	const cold: number[] = [];
	const copies = states.map((state) => structuredClone(state));
	for (const [i, state] of states.entries()) {
		const t0 = performance.now();
		legalActions(copies[i]!, state.turn!.seat);
		cold.push((performance.now() - t0) * 1000);
	}
	console.log(`legalActions for the active seat on a deep copy (nothing shared with earlier queries): median ${percentile(cold, 50).toFixed(1)} µs, p95 ${percentile(cold, 95).toFixed(0)} µs`);
}

// Decision time per level, with the default budgets and a clock (as in play).
for (const level of LEVELS) {
	const picks = spread(states, POSITIONS_PER_LEVEL[level]);
	const times: number[] = [];
	picks.forEach((state, i) => {
		const bot = createBot({ level, seed: `bench:${i}`, now: () => performance.now() });
		const t0 = performance.now();
		bot.decide(state, state.turn!.seat);
		times.push(performance.now() - t0);
	});
	const budget = LEVEL_DEFAULTS[level].timeBudgetMs;
	console.log(`${level.padEnd(6)} decision (own turn, ${picks.length} positions, ${budget} ms budget): median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(0)} ms`);
}

// Random playouts from mid-game: random seats (the `random` level) play on until the game ends
// or reaches 400 turns, asking seatsToAct (askOrder) and legalActions on every entry, as the
// tournament does. Printed: playouts per second, entries per second, and how many ended.
function randomPlayout(start: GameState, seed: string): { entries: number; ended: boolean } {
	const seats = start.players.map((_, seat) => new RandomSeat(`${seed}:${seat}`));
	const chooser = new Chooser(seed);
	let state = start;
	let entries = 0;
	while (state.phase.kind !== 'over' && state.turnCount < 400 && entries < 20_000) {
		let entry: Action | null = null;
		if (state.random !== null) entry = { type: 'random', seed: chooser.hex(16) };
		else for (const seat of askOrder(state)) if ((entry = seats[seat]!.decide(state, seat)) !== null) break;
		if (entry === null) break;
		const next = step(state, entry);
		if (!next.ok) break;
		state = next.state;
		entries++;
	}
	return { entries, ended: state.phase.kind === 'over' };
}
{
	const picks = spread(states, 12);
	let count = 0;
	let entries = 0;
	let ended = 0;
	const t0 = performance.now();
	const c0 = process.cpuUsage();
	// Whole rounds over the picks (at least one), so the figure does not depend on which positions a time limit cut off.
	for (;;) {
		const result = randomPlayout(picks[count % picks.length]!, `random:${count}`);
		entries += result.entries;
		if (result.ended) ended++;
		count++;
		if (count % picks.length === 0 && performance.now() - t0 >= 3000) break;
	}
	const { wall, cpu } = seconds(t0, c0);
	console.log(
		`random playouts from mid-game to the end (random seats: uniform legal entries, as the tournament plays them): ${(count / wall).toFixed(1)} per second (${(count / cpu).toFixed(1)} per CPU second; target: 1,000), ${Math.round(entries / wall).toLocaleString('en')} entries/s ` +
			`(${count} playouts from ${picks.length} positions, ${Math.round(entries / count)} entries each on average, ${ended} ended, ${count - ended} stopped at 400 turns)`,
	);
}

// Fast random playouts (random-playout.ts): the active seat declares a uniformly random legal attack
// (three times in four, while it has actions) or ends its turn; every other decision is the default
// answer (windows and spending passed, first open arrow, first treasury, claims declined); on a
// bot's simulation copy (sandbox), so draws and dice are stated outright. To the end of the game,
// and to the end of the round (the start of the same seat's next turn, the horizon of the bots'
// own playouts).
for (const horizon of ['end of the game', 'end of the round'] as const) {
	const picks = spread(states, 12);
	let count = 0;
	let entries = 0;
	let ended = 0;
	const t0 = performance.now();
	const c0 = process.cpuUsage();
	for (;;) {
		const start = picks[count % picks.length]!;
		const until = horizon === 'end of the game' ? null : start.turn!.seat;
		// 8,000 entries at most (about 400 turns, the tournament's cap): random attacks alone rarely stall a game.
		const result = fastPlayout(simulationCopy(start), { chooser: new Chooser(`fast:${count}`), limit: 8_000, until });
		entries += result.steps;
		if (result.ended) ended++;
		count++;
		if (count % picks.length === 0 && performance.now() - t0 >= 3000) break;
	}
	const { wall, cpu } = seconds(t0, c0);
	console.log(
		`fast random playouts from mid-game to the ${horizon} (random attacks, default answers): ${(count / wall).toFixed(1)} per second (${(count / cpu).toFixed(1)} per CPU second; target: 1,000), ` +
			`${Math.round(entries / wall).toLocaleString('en')} entries/s (${count} playouts from ${picks.length} positions, ${Math.round(entries / count)} entries each on average, ${ended} ended the game)`,
	);
}

// The hard level's playouts: the quick policy to the bot's next turn, in whole rounds over the positions.
{
	const picks = spread(states, 40);
	let count = 0;
	let entries = 0;
	const t0 = performance.now();
	while (count % picks.length !== 0 || count === 0 || performance.now() - t0 < 3000) {
		const state = picks[count % picks.length]!;
		const seat = state.turn!.seat;
		const end = playout(simulationCopy(state), { me: seat, secret: null, weights: LEVEL_DEFAULTS.hard.config.weights, chooser: new Chooser(`quick:${count}`), limit: 600 });
		entries += end.steps;
		count++;
	}
	const seconds = (performance.now() - t0) / 1000;
	console.log(`hard's quick-policy playouts (one round, to the bot's next turn): ${(count / seconds).toFixed(1)} per second (${count} playouts from ${picks.length} positions, ${Math.round(entries / count)} entries each)`);
}
