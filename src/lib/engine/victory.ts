/**
 * Goals and endings (Basic Rules: Eliminating a Player, Winning the Game; Rules Summary: Basic
 * Goals, Special Goals). Victory is checked at the end of every turn and may be shared.
 */
import { ALIGNMENTS, BASIC_GOAL_BY_PLAYERS, CARDS, illuminatiCard, isIlluminati } from './cards/index.js';
import type { SpecialGoal } from './cards/types.js';
import { alignmentsOf, powerOf, transferableOf } from './odds.js';
import { isReceiving } from './placement.js';
import { groupsOf, playerOf, totalMoney, updatePlayer } from './state.js';
import type { CardId, GameState, PlayerState, Seat } from './types.js';

/** Groups to control, counting the Illuminati, by the number of players at the start. */
export function basicGoal(state: GameState): number {
	return BASIC_GOAL_BY_PLAYERS[state.options.players] ?? 13;
}

export function meetsBasicGoal(state: GameState, player: PlayerState): boolean {
	return Object.keys(player.structure).length >= basicGoal(state);
}

/** Whether a player meets one special goal (the UFOs' choice is checked through its Illuminati). */
export function meetsSpecialGoal(state: GameState, player: PlayerState, goal: SpecialGoal): boolean {
	const cards = Object.keys(player.structure);
	switch (goal.kind) {
		case 'totalPower':
			return cards.reduce((sum, card) => sum + powerOf(card), 0) >= goal.threshold;
		case 'totalTransferable':
			return cards.reduce((sum, card) => sum + transferableOf(card), 0) >= goal.threshold;
		case 'treasuryTotal':
			return totalMoney(player) >= goal.threshold;
		case 'destroyCount':
			return player.kills >= goal.count;
		case 'alignmentCount':
			return groupsOf(player).filter((card) => alignmentsOf(state, card).includes(goal.alignment)).length >= goal.count;
		case 'allAlignments': {
			const seen = new Set(groupsOf(player).flatMap((card) => alignmentsOf(state, card)));
			return ALIGNMENTS.every((alignment) => seen.has(alignment));
		}
		case 'secretChoice':
			return player.revealedGoal !== null && meetsSpecialGoal(state, player, illuminatiCard(player.revealedGoal).goal);
	}
}

/** The special goal a player is known to pursue (the UFOs' only once revealed). */
export function knownGoal(player: PlayerState): SpecialGoal | null {
	if (player.illuminati === null) return null;
	const goal = illuminatiCard(player.illuminati).goal;
	if (goal.kind !== 'secretChoice') return goal;
	return player.revealedGoal === null ? null : illuminatiCard(player.revealedGoal).goal;
}

export function hasWon(state: GameState, player: PlayerState): boolean {
	if (player.eliminated) return false;
	const goal = knownGoal(player);
	return meetsBasicGoal(state, player) || (goal !== null && meetsSpecialGoal(state, player, goal));
}

/** The goals a UFO player could reveal: the special goals of the other seven Illuminati. */
export function ufoGoalChoices(ufo: CardId): CardId[] {
	return Object.keys(CARDS).filter((id) => isIlluminati(id) && id !== ufo);
}

/** A hidden UFO goal that the public state already satisfies: the claim window opens for it. */
export function claimableBy(state: GameState, player: PlayerState): boolean {
	if (player.eliminated || player.illuminati === null || player.revealedGoal !== null) return false;
	if (illuminatiCard(player.illuminati).goal.kind !== 'secretChoice' || player.goalCommitment === null) return false;
	return ufoGoalChoices(player.illuminati).some((id) => meetsSpecialGoal(state, player, illuminatiCard(id).goal));
}

/** Eliminating a Player: after their third turn, a player with only the Illuminati left is out.
 * Cthulhu meeting the eight-kill goal this way is not (it wins instead); an elimination caused by
 * another player's attack counts as one kill for that player (Servants of Cthulhu). */
export function checkEliminations(state: GameState, cause: Seat | null): GameState {
	let next = state;
	for (const player of state.players) {
		if (player.eliminated || player.turnsCompleted < 3 || groupsOf(player).length > 0) continue;
		if (isReceiving(state, player.seat)) continue; // Transferring Groups: its new groups are on their way
		const goal = knownGoal(player);
		if (goal?.kind === 'destroyCount' && meetsSpecialGoal(next, player, goal)) continue;
		next = eliminate(next, player.seat);
		if (cause !== null && cause !== player.seat) {
			next = updatePlayer(next, cause, (killer) => ({ ...killer, kills: killer.kills + 1 }));
		}
	}
	return next;
}

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
	const standing = state.players.filter((player) => !player.eliminated);
	if (standing.length === 1) return [standing[0]!.seat];
	return standing.filter((player) => hasWon(state, player)).map((player) => player.seat);
}
