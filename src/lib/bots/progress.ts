/**
 * How far a player is from its goals, as a fraction in [0, 1]: the bots' measure of progress.
 * Whether a goal is met is always the engine's answer (meetsSpecialGoal, hasWon); this file only
 * says how close a player is, which the engine has no need to know.
 */
import { ALIGNMENTS, CARDS, illuminatiCard, type SpecialGoal } from '../engine/cards/index.js';
import { alignmentsOf, basicGoal, hasSecretGoal, meetsSpecialGoal, powerIn, totalMoney, type CardId, type GameState, type PlayerState } from '../engine/index.js';
import { transferableOf } from '../engine/odds.js';
import { ufoGoalChoices } from '../engine/victory.js';

function groupsOf(player: PlayerState): CardId[] {
	return Object.keys(player.structure).filter((card) => card !== player.illuminati);
}

/** The money the seat's Specials put into its treasuries when played (at any time: Special Cards),
 * counted toward a treasury goal as if there: held, a Swiss Bank Account is 25 MB toward the
 * Gnomes' 150 (before, a few MB in a treasury outweighed it, and a Gnomes bot one card from its
 * goal sold or offered the card away: QA, session 16). */
function moneyInHand(player: PlayerState): number {
	let money = 0;
	for (const card of player.hand) {
		const data = CARDS[card];
		if (data?.kind !== 'special') continue;
		const effect = data.effect;
		if (effect.kind === 'gainMoney') money += effect.amount;
		else if (effect.kind === 'reorganizeMoney') money += effect.bonus;
	}
	return money;
}

/** Basic goal: cards held (the Illuminati counts) against the number needed. */
export function basicProgress(state: GameState, player: PlayerState): number {
	const needed = basicGoal(state);
	const held = Object.keys(player.structure).length;
	return Math.min(1, Math.max(0, (held - 1) / Math.max(1, needed - 1)));
}

/** Progress toward one special goal. */
export function goalProgress(state: GameState, player: PlayerState, goal: SpecialGoal): number {
	if (meetsSpecialGoal(state, player, goal)) return 1;
	const cards = Object.keys(player.structure);
	const fraction = (value: number, of: number) => Math.min(0.99, Math.max(0, value / Math.max(1, of)));
	switch (goal.kind) {
		case 'totalPower':
			return fraction(cards.reduce((sum, card) => sum + powerIn(state, card), 0), goal.threshold);
		case 'totalTransferable':
			return fraction(cards.reduce((sum, card) => sum + transferableOf(card), 0), goal.threshold);
		case 'treasuryTotal':
			return fraction(totalMoney(player) + moneyInHand(player), goal.threshold);
		case 'destroyCount':
			return fraction(player.kills, goal.count);
		case 'alignmentCount':
			return fraction(groupsOf(player).filter((card) => alignmentsOf(state, card).includes(goal.alignment)).length, goal.count);
		case 'allAlignments': {
			const seen = new Set(groupsOf(player).flatMap((card) => alignmentsOf(state, card)));
			return fraction(ALIGNMENTS.filter((alignment) => seen.has(alignment)).length, ALIGNMENTS.length);
		}
		case 'alignmentsCount': {
			const counted = groupsOf(player).reduce((sum, card) => sum + alignmentsOf(state, card).filter((a) => goal.alignments.includes(a)).length, 0);
			return fraction(counted, goal.count);
		}
		case 'communications': {
			const held = goal.groups.filter((card) => player.structure[card] !== undefined || state.dead.includes(card)).length;
			return fraction(held, goal.groups.length + 1);
		}
		case 'secretChoice':
			return player.revealedGoal === null ? 0 : goalProgress(state, player, illuminatiCard(player.revealedGoal).goal);
		default:
			// A goal only met by one event (the add-on's destroyGroup): nothing in between.
			return 0;
	}
}

/** The special goal as the evaluating seat knows it: its own secret, a revealed goal, the printed
 * goal, or (a rival's hidden goal) the best of the possible choices, discounted for the doubt. */
export function specialProgress(state: GameState, player: PlayerState, ownSecret: CardId | null): number {
	if (player.illuminati === null || state.options.rules.veryLongGame) return 0;
	if (!hasSecretGoal(state, player)) {
		const printed = CARDS[player.illuminati];
		return printed?.kind === 'illuminati' ? goalProgress(state, player, printed.goal) : 0;
	}
	if (player.revealedGoal !== null) return goalProgress(state, player, illuminatiCard(player.revealedGoal).goal);
	if (ownSecret !== null) return goalProgress(state, player, illuminatiCard(ownSecret).goal);
	let best = 0;
	for (const id of ufoGoalChoices()) best = Math.max(best, goalProgress(state, player, illuminatiCard(id).goal));
	return best * 0.85;
}
