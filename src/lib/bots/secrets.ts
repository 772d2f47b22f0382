/**
 * Secret goals (the UFOs; every seat with the hidden-goals option): the bot commits to the goal it
 * is closest to, keeps the goal and its salt, and reveals it only in a claim window where it wins.
 */
import { illuminatiCard } from '../engine/cards/index.js';
import { goalCommitment, meetsSpecialGoal, step, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { ufoGoalChoices } from '../engine/victory.js';
import { goalProgress } from './progress.js';
import type { Chooser } from './random-player.js';
import type { Secret } from './settle.js';

/** The goal closest to being met now (ties broken by the chooser), with a fresh salt. */
export function chooseSecret(state: GameState, seat: Seat, chooser: Chooser): Secret {
	const player = state.players[seat]!;
	const choices = ufoGoalChoices();
	let best: string[] = [];
	let bestProgress = -1;
	for (const goal of choices) {
		const progress = goalProgress(state, player, illuminatiCard(goal).goal);
		if (progress > bestProgress + 1e-9) {
			best = [goal];
			bestProgress = progress;
		} else if (Math.abs(progress - bestProgress) <= 1e-9) best.push(goal);
	}
	return { goal: chooser.pick(best), salt: chooser.hex(16) };
}

export function commitment(seat: Seat, secret: Secret): PlayerAction {
	return { type: 'commitGoal', seat, commitment: goalCommitment(secret.goal, secret.salt) };
}

/** In a claim window: reveal when the secret goal is met (the claim wins), else decline. */
export function claim(state: GameState, seat: Seat, secret: Secret | null): PlayerAction {
	if (secret !== null && meetsSpecialGoal(state, state.players[seat]!, illuminatiCard(secret.goal).goal)) {
		const reveal: PlayerAction = { type: 'revealGoal', seat, goal: secret.goal, salt: secret.salt };
		if (step(state, reveal).ok) return reveal;
	}
	return { type: 'declineClaim', seat };
}
