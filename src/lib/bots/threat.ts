/**
 * How near a rival is to winning, in steps (groups to take, Power to add, turns of income), and
 * how likely that makes its win on its next turn: the hard bot's reading of the race. The engine
 * says whether a goal is met; this file only says how far off it is (progress.ts gives the
 * fractions). A player takes two actions a turn, each attack a gamble, so a rival one step from a
 * goal often wins on its next turn, one two steps away sometimes, one three steps away seldom.
 */
import { CARDS, illuminatiCard, type SpecialGoal } from '../engine/cards/index.js';
import { basicGoal, hasSecretGoal, totalMoney, type CardId, type GameState, type PlayerState } from '../engine/index.js';
import { largerGameBonus, PASS_INCOME } from '../engine/turn.js';
import { knownGoal as engineKnownGoal, ufoGoalChoices } from '../engine/victory.js';
import { goalProgress } from './progress.js';

/** What one step toward a special goal is worth in the goal's units: a typical group's Power
 * (Bavarian Illuminati), transferable Power (the Network), one alignment's group. A treasury goal
 * moves by a turn's income (at least this much). */
const POWER_STEP = 5;
const TRANSFERABLE_STEP = 3;
const MONEY_STEP = 10;
const MIXED_STEP = 1.5;

function incomeOf(player: PlayerState): number {
	let income = 0;
	for (const card in player.structure) {
		const data = CARDS[card];
		if (data !== undefined && data.kind !== 'special') income += data.income;
	}
	return income;
}

/** Steps left to one special goal (0 when met). */
export function goalSteps(state: GameState, player: PlayerState, goal: SpecialGoal): number {
	const left = 1 - goalProgress(state, player, goal);
	if (left <= 0) return 0;
	switch (goal.kind) {
		case 'totalPower':
			return (left * goal.threshold) / POWER_STEP;
		case 'totalTransferable':
			return (left * goal.threshold) / TRANSFERABLE_STEP;
		case 'treasuryTotal':
			return (left * goal.threshold) / Math.max(MONEY_STEP, incomeOf(player));
		case 'destroyCount':
		case 'alignmentCount':
		case 'communications':
			return Math.ceil(left * (goal.kind === 'communications' ? goal.groups.length + 1 : goal.count) - 1e-9);
		case 'allAlignments':
			return Math.ceil(left * 10 - 1e-9);
		case 'alignmentsCount':
			return (left * goal.count) / MIXED_STEP;
		default:
			return Infinity;
	}
}

/** The special goal a player is known to pursue: the engine's known goal (printed or revealed),
 * or for the seat itself its own secret goal (`secret`); null while a secret goal is hidden. */
export function knownGoal(state: GameState, player: PlayerState, secret: CardId | null): SpecialGoal | null {
	if (secret !== null && player.revealedGoal === null && hasSecretGoal(state, player)) return illuminatiCard(secret).goal;
	return engineKnownGoal(state, player);
}

/** Whether the player's next turn alone meets its treasury goal (the Gnomes of Zurich's 150 MB):
 * income is collected at the start of its turn, a player who passes it collects 5 MB more, and a
 * goal met wins at the end of a turn (Special Goals), so unless its money is taken before then, it
 * wins. Income as printed, with the larger game's bonus on the Illuminati; upkeep and taxes left out. */
export function incomeWins(state: GameState, player: PlayerState, secret: CardId | null = null): boolean {
	if (player.eliminated || state.options.rules.veryLongGame) return false;
	const goal = knownGoal(state, player, secret);
	if (goal?.kind !== 'treasuryTotal') return false;
	return totalMoney(player) + incomeOf(player) + largerGameBonus(state) + PASS_INCOME >= goal.threshold;
}

/** Steps left to the nearer of a player's goals as the public state shows them; a hidden goal is
 * taken as the nearest of the possible ones, one step further for the doubt (a seat's own secret
 * goal, `secret`, is known). */
export function stepsToWin(state: GameState, player: PlayerState, secret: CardId | null = null): number {
	if (player.eliminated || player.illuminati === null) return Infinity;
	const basic = Math.max(0, basicGoal(state) - Object.keys(player.structure).length);
	if (state.options.rules.veryLongGame) return Infinity;
	const known = knownGoal(state, player, secret);
	if (known !== null) return Math.min(basic, goalSteps(state, player, known));
	if (!hasSecretGoal(state, player)) return basic;
	let nearest = Infinity;
	for (const id of ufoGoalChoices()) nearest = Math.min(nearest, goalSteps(state, player, illuminatiCard(id).goal));
	return Math.min(basic, nearest + 1);
}

/** How likely a player `steps` from its goal is to win on its next turn: 0.6 one step away, 0.15
 * two steps away, 0.03 three, nothing further; closer than a step (a few points of Power) up to
 * 0.9. Linear between whole steps (no transcendental functions: bots stay exact across machines).
 * Far rivals count nothing: with a long tail (0.3 times less a step) hard spent its money against
 * every rival's capture and won 1 of the first 6 games of seed labA. */
const BY_STEPS = [0.9, 0.6, 0.15, 0.03, 0];

export function nextTurnWin(steps: number): number {
	if (!(steps < BY_STEPS.length - 1)) return 0;
	if (steps <= 0) return BY_STEPS[0]!;
	const whole = Math.floor(steps);
	const at = BY_STEPS[whole]!;
	return at + (BY_STEPS[whole + 1]! - at) * (steps - whole);
}

/** The same player without one card (the target of an attack that would take it away). */
export function without(player: PlayerState, card: CardId): PlayerState {
	const structure = { ...player.structure };
	delete structure[card];
	return { ...player, structure };
}
