/**
 * Secret goals (the UFOs; every seat with the hidden-goals option): the bot commits to a goal drawn
 * at random, likelier and nearer ones favoured, keeps the goal and its salt, and reveals it only in a claim window where it wins.
 */
import { illuminatiCard } from '../engine/cards/index.js';
import { goalCommitment, meetsSpecialGoal, step, type CardId, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import { ufoGoalChoices } from '../engine/victory.js';
import { goalProgress } from './progress.js';
import type { Chooser } from './random-player.js';
import type { Secret } from './settle.js';

/** Every goal's weight starts at how often it wins: the same normal bot as the UFOs won 5 of 24
 * games with the Bavarian goal forced, 4 with the Discordian, 3 with the Gnomes', 2 with
 * Cthulhu's, 1.5 with the Assassins', 1 with the Bermuda Triangle's, and 1 of 17 with the
 * Network's (docs/bots.md, "Measured strength"); their own Illuminati rank the same way. An
 * unknown goal starts at 4. The Network's Power to transfer looks nearest at the start (its 6 of 25)
 * but few groups have any: by nearness alone it was drawn most. */
const GOAL_WEIGHT_BASE: Readonly<Record<string, number>> = {
	'bavarian-illuminati': 10,
	'discordian-society': 8,
	'gnomes-of-zurich': 5,
	'society-of-assassins': 4,
	'servants-of-cthulhu': 3,
	'bermuda-triangle': 3,
	network: 1,
};
const DEFAULT_GOAL_WEIGHT = 4;
/** ...and gains up to this much as it nears being met (progress 1: met now). */
const GOAL_WEIGHT_NEAR = 12;

/** Each secret goal's weight for `seat` in its own `view`: whole numbers, likelier and nearer goals heavier. */
export function secretGoalWeights(view: GameState, seat: Seat): { goal: CardId; weight: number }[] {
	const player = view.players[seat]!;
	return ufoGoalChoices().map((goal) => ({ goal, weight: (GOAL_WEIGHT_BASE[goal] ?? DEFAULT_GOAL_WEIGHT) + Math.round(GOAL_WEIGHT_NEAR * goalProgress(view, player, illuminatiCard(goal).goal)) }));
}

/** One goal drawn by `chooser` among the weighted choices. */
export function drawGoal(weights: readonly { goal: CardId; weight: number }[], chooser: Chooser): CardId {
	let ticket = chooser.int(weights.reduce((sum, w) => sum + w.weight, 0));
	for (const { goal, weight } of weights) {
		if (ticket < weight) return goal;
		ticket -= weight;
	}
	return weights[weights.length - 1]!.goal;
}

/**
 * A secret goal drawn at random, nearer goals favoured, with a fresh salt. Not simply the nearest:
 * the public state would then name it to every rival (red team, issue 15).
 */
export function chooseSecret(view: GameState, seat: Seat, chooser: Chooser): Secret {
	return { goal: drawGoal(secretGoalWeights(view, seat), chooser), salt: chooser.hex(16) };
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
