/**
 * Goals and endings (Basic Rules: Eliminating a Player, Winning the Game; Rules Summary: Basic
 * Goals, Special Goals). Victory is checked at the end of every turn and may be shared.
 */
import { ALIGNMENTS, BASIC_GOAL_BY_PLAYERS, CARDS, ILLUMINATI, illuminatiCard } from './cards/index.js';
import { meetsIlluminatedGoal } from './illuminated.js';
import type { SpecialGoal } from './cards/types.js';
import { alignmentsIn, powerIn, transferableOf } from './odds.js';
import { isReceiving } from './placement.js';
import { groupsOf, hasGroup, playerOf, totalMoney, updatePlayer } from './state.js';
import type { CardId, GameState, PlayerState, Seat } from './types.js';

/** Groups to control, counting the Illuminati, by the number of players at the start (Advanced
 * Rules, Adjusting Game Length: raised by the basicGoalBonus option). */
export function basicGoal(state: GameState): number {
	return (BASIC_GOAL_BY_PLAYERS[state.options.players] ?? 13) + state.options.rules.basicGoalBonus;
}

export function meetsBasicGoal(state: GameState, player: PlayerState): boolean {
	// Counted without listing the cards: asked for every player at the end of every turn.
	let held = 0;
	for (const _card in player.structure) held++;
	return held >= basicGoal(state);
}

/** Whether a player meets one special goal (the UFOs' choice is checked through its Illuminati). */
export function meetsSpecialGoal(state: GameState, player: PlayerState, goal: SpecialGoal): boolean {
	switch (goal.kind) {
		case 'totalPower': {
			let sum = 0;
			for (const card in player.structure) sum += powerIn(state, card);
			return sum >= goal.threshold;
		}
		case 'totalTransferable': {
			let sum = 0;
			for (const card in player.structure) sum += transferableOf(card);
			return sum >= goal.threshold;
		}
		case 'treasuryTotal':
			return totalMoney(player) >= goal.threshold;
		case 'destroyCount':
			return player.kills >= goal.count;
		case 'alignmentCount': {
			let count = 0;
			for (const card in player.structure) if (card !== player.illuminati && alignmentsIn(state, card).includes(goal.alignment)) count++;
			return count >= goal.count;
		}
		case 'allAlignments': {
			const seen = new Set<string>();
			for (const card in player.structure) if (card !== player.illuminati) for (const alignment of alignmentsIn(state, card)) seen.add(alignment);
			return seen.size >= ALIGNMENTS.length && ALIGNMENTS.every((alignment) => seen.has(alignment));
		}
		case 'secretChoice':
			return player.revealedGoal !== null && meetsSpecialGoal(state, player, illuminatiCard(player.revealedGoal).goal);
		default:
			return meetsIlluminatedGoal(state, player, goal) ?? false;
	}
}

/** Whether a player pursues a secret goal: the UFOs, or everyone with the hiddenGoals option. */
export function hasSecretGoal(state: GameState, player: PlayerState): boolean {
	if (player.illuminati === null || state.options.rules.veryLongGame) return false;
	return state.options.rules.hiddenGoals || illuminatiCard(player.illuminati).goal.kind === 'secretChoice';
}

/** The special goal a player is known to pursue (a secret goal only once revealed). */
export function knownGoal(state: GameState, player: PlayerState): SpecialGoal | null {
	if (player.illuminati === null || state.options.rules.veryLongGame) return null;
	if (!hasSecretGoal(state, player)) return illuminatiCard(player.illuminati).goal;
	return player.revealedGoal === null ? null : illuminatiCard(player.revealedGoal).goal;
}

export function hasWon(state: GameState, player: PlayerState): boolean {
	if (player.eliminated || state.options.rules.veryLongGame) return false;
	const goal = knownGoal(state, player);
	return meetsBasicGoal(state, player) || (goal !== null && meetsSpecialGoal(state, player, goal));
}

/** The goals a secret goal may be: the special goals of the seven Illuminati other than the UFOs
 * (the UFOs choose "any of the other seven"; with hidden goals every player chooses from the same
 * list, Advanced Rules: Secret Goals). The argument is kept for callers that name the chooser. */
export function ufoGoalChoices(_chooser?: CardId): CardId[] {
	return UFO_GOAL_CHOICES.slice();
}

// The classic list only: the FR add-on's illuminated groups are not among "the other seven".
const UFO_GOAL_CHOICES: readonly CardId[] = ILLUMINATI.filter((card) => card.goal.kind !== 'secretChoice').map((card) => card.id);
const UFO_GOALS: readonly SpecialGoal[] = UFO_GOAL_CHOICES.map((id) => illuminatiCard(id).goal);

/** A hidden goal that the public state already satisfies: the claim window opens for it. */
export function claimableBy(state: GameState, player: PlayerState): boolean {
	if (player.eliminated || player.absent || player.illuminati === null || player.revealedGoal !== null) return false;
	if (state.options.rules.veryLongGame || !hasSecretGoal(state, player) || player.goalCommitment === null) return false;
	for (const goal of UFO_GOALS) if (meetsSpecialGoal(state, player, goal)) return true;
	return false;
}

/** Eliminating a Player: after their third turn, a player with only the Illuminati left is out.
 * Cthulhu meeting the eight-kill goal this way is not (it wins instead); an elimination caused by
 * another player's attack counts as one kill for that player (Servants of Cthulhu). */
export function checkEliminations(state: GameState, cause: Seat | null): GameState {
	if (state.players === safePlayers) return state;
	let next = state;
	let safe = true;
	for (const player of state.players) {
		if (player.eliminated || player.turnsCompleted < 3 || hasGroup(player)) continue;
		safe = false;
		if (isReceiving(state, player.seat)) continue; // Transferring Groups: its new groups are on their way
		const goal = knownGoal(next, player);
		if (goal?.kind === 'destroyCount' && meetsSpecialGoal(next, player, goal)) continue;
		next = eliminate(next, player.seat);
		if (cause !== null && cause !== player.seat && state.options.rules.cthulhuCountsEliminated) {
			next = updatePlayer(next, cause, (killer) => ({ ...killer, kills: killer.kills + 1 }));
		}
	}
	if (safe) safePlayers = state.players;
	return next;
}

/** The last players list in which nobody can be out (each is out already, before its third turn
 * or holding a group): asked after every entry, and most entries keep the list. */
let safePlayers: GameState['players'] | null = null;

function eliminate(state: GameState, seat: Seat): GameState {
	const player = playerOf(state, seat);
	const money = totalMoney(player);
	const next = updatePlayer(state, seat, (p) => ({ ...p, structure: {}, hand: [], eliminated: true }));
	return {
		...next,
		outOfPlay: player.illuminati === null ? next.outOfPlay : [...next.outOfPlay, player.illuminati],
		discard: [...next.discard, ...player.hand],
		bank: { ...next.bank, returned: next.bank.returned + money },
	};
}

/** Winners at the end of a turn; a lone survivor wins too. */
export function winnersNow(state: GameState): Seat[] {
	let standing = 0;
	let last: Seat = -1;
	for (const player of state.players) {
		if (player.eliminated) continue;
		standing++;
		last = player.seat;
	}
	if (standing === 1) return [last];
	if (state.options.rules.veryLongGame) return veryLongGameWinners(state);
	const winners: Seat[] = [];
	for (const player of state.players) if (hasWon(state, player)) winners.push(player.seat);
	return winners;
}

/** Advanced Rules, Adjusting Game Length (very long game): the Power of every card a player holds,
 * its Illuminati included (the rules call them "Illuminati Groups", and the Bavarian goal counts
 * its own 10), plus 1 per controlled group (the Illuminati is not controlled; counting it would add
 * the same 1 to everyone). */
export function veryLongGameScore(state: GameState, player: PlayerState): number {
	if (player.eliminated) return 0;
	const power = Object.keys(player.structure).reduce((sum, card) => sum + powerIn(state, card), 0);
	return power + groupsOf(player).length;
}

/** The very long game ends when no group is left uncontrolled: none in the uncontrolled area and
 * none left in the deck. The highest score wins; ties share. */
export function veryLongGameWinners(state: GameState): Seat[] {
	if (state.uncontrolled.length > 0 || state.deck.some((card) => CARDS[card]?.kind === 'group')) return [];
	const standing = state.players.filter((player) => !player.eliminated);
	const best = Math.max(...standing.map((player) => veryLongGameScore(state, player)));
	return standing.filter((player) => veryLongGameScore(state, player) === best).map((player) => player.seat);
}
