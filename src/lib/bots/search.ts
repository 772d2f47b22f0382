/**
 * Hard: playouts for the best candidates of its own turn. Each candidate's entry is applied, then
 * the quick policy (rollout.ts) plays every seat until the bot's next turn, with dice and draws
 * from seeded choosers that are the same for every candidate (common random numbers), and the end
 * is evaluated. The playouts adjust the one-ply value: a candidate's value moves by how much better
 * or worse its playouts did than the others', weighted by how many were played. With a clock the
 * playouts go on until the decision's time is up; without one, `playoutBudget` of them.
 */
import { step, type GameState } from '../engine/index.js';
import { Chooser } from './random-player.js';
import { playout } from './rollout.js';
import { valueOf, type Thinking } from './thinking.js';
import type { Scored } from './turn.js';
import { simulationCopy } from './view.js';

/** Candidates given playouts, and how much the one-ply value weighs (in playouts). */
const CANDIDATES = 4;
const PRIOR = 6;
/** A lead this large in one-ply value is not second-guessed. */
const CLEAR_LEAD = 40;
const ENTRIES_PER_PLAYOUT = 600;

export function refineByPlayouts(thinking: Thinking, state: GameState, scored: Scored[]): Scored[] {
	const top = scored
		.filter((candidate) => candidate.action !== null && Number.isFinite(candidate.value))
		.sort((a, b) => b.value - a.value)
		.slice(0, CANDIDATES);
	if (top.length < 2 || top[0]!.value - top[1]!.value > CLEAR_LEAD) return scored;
	const starts: (GameState | null)[] = top.map((candidate) => {
		const result = step(simulationCopy(state), candidate.action!);
		return result.ok ? result.state : null;
	});
	const sums = top.map(() => 0);
	const counts = top.map(() => 0);
	const seed = thinking.chooser.hex(8);
	// With a clock, a round starts only if a round as long as the last one still fits before the
	// deadline, so the decision ends near its budget rather than a round after it.
	let lastRound = 0;
	const outOfTime = () => thinking.deadline !== null && thinking.now!() + lastRound >= thinking.deadline;
	for (let round = 0; ; round++) {
		if (thinking.deadline === null ? round >= thinking.playoutBudget : outOfTime()) break;
		const roundStart = thinking.now?.() ?? 0;
		for (let i = 0; i < top.length; i++) {
			const start = starts[i];
			if (start === null || start === undefined) continue;
			const chooser = new Chooser(`playout:${seed}:${round}`);
			const end = playout(start, { me: thinking.seat, secret: thinking.secret, weights: thinking.level.weights, chooser, limit: ENTRIES_PER_PLAYOUT });
			thinking.counter.steps += end.steps;
			sums[i]! += valueOf(thinking, end.state);
			counts[i]!++;
		}
		if (thinking.now !== null) lastRound = thinking.now() - roundStart;
	}
	const played = top.map((candidate, i) => (counts[i]! > 0 ? sums[i]! / counts[i]! - candidate.value : null));
	const shifts = played.filter((shift): shift is number => shift !== null);
	if (shifts.length < 2) return scored;
	const mean = shifts.reduce((a, b) => a + b, 0) / shifts.length;
	const adjusted = new Map<Scored, number>();
	top.forEach((candidate, i) => {
		const shift = played[i];
		if (shift === null || shift === undefined) return;
		const weight = counts[i]! / (counts[i]! + PRIOR);
		adjusted.set(candidate, candidate.value + weight * (shift - mean));
	});
	return scored.map((candidate) => (adjusted.has(candidate) ? { ...candidate, value: adjusted.get(candidate)! } : candidate));
}
