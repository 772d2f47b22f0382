/**
 * Hard: playouts to break near-ties among the best candidates of its own turn. Each candidate
 * within NEAR_TIE of the best one-ply value is applied, then the quick policy (rollout.ts) plays
 * every seat until the bot's next turn, with dice and draws from seeded choosers that are the same
 * for every candidate (common random numbers), and the end is evaluated. Among those candidates the
 * playouts' mean decides; the others keep their one-ply values. With a clock the playouts go on
 * until the decision's time is up; without one, `playoutBudget` of them.
 *
 * Tie-breaking only: when the playouts could move any of the four best candidates by two thirds of
 * a noisy difference, hard won 17.9% of 56 games against three normal bots, 26.4% of 72 without
 * them (docs/bots.md): the quick policy (nobody defends or interferes) misjudges clear differences.
 */
import { step, type GameState } from '../engine/index.js';
import { Chooser } from './random-player.js';
import { playout } from './rollout.js';
import { valueOf, type Thinking } from './thinking.js';
import type { Scored } from './turn.js';
import { simulationCopy } from './view.js';

/** Candidates given playouts, at most, and how close to the best their one-ply value must be. */
const CANDIDATES = 4;
const NEAR_TIE = 2;
const ENTRIES_PER_PLAYOUT = 600;

export function refineByPlayouts(thinking: Thinking, state: GameState, scored: Scored[]): Scored[] {
	const top = scored
		.filter((candidate) => candidate.action !== null && Number.isFinite(candidate.value))
		.sort((a, b) => b.value - a.value)
		.slice(0, CANDIDATES);
	while (top.length > 0 && top[0]!.value - top[top.length - 1]!.value > NEAR_TIE) top.pop();
	if (top.length < 2) return scored;
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
	// The near-tied candidates keep the best one-ply value, ordered by their playouts' means (a small
	// fraction of NEAR_TIE between ranks, so none passes a candidate outside the tie).
	const ranked = top.map((candidate, i) => ({ candidate, mean: counts[i]! > 0 ? sums[i]! / counts[i]! : -Infinity })).sort((a, b) => b.mean - a.mean);
	if (ranked.filter((entry) => Number.isFinite(entry.mean)).length < 2) return scored;
	const best = top[0]!.value;
	const adjusted = new Map<Scored, number>(ranked.map((entry, rank) => [entry.candidate, best - rank * 1e-3]));
	return scored.map((candidate) => (adjusted.has(candidate) ? { ...candidate, value: adjusted.get(candidate)! } : candidate));
}
