/**
 * What the end screen shows, as plain data read from the states: who won and by which goal
 * (Basic Rules, Winning the Game: the basic goal or the Illuminati's special goal; the last player
 * standing; Advanced Rules, very long game: points), the final standings, and each player's
 * groups and money over the game, one point per turn.
 */
import { basicGoal, meetsSpecialGoal, totalMoney, type CardId, type GameState, type Seat } from '../../engine/index.js';
import { illuminatiCard } from '../../engine/cards/index.js';
import { veryLongGameScore } from '../../engine/victory.js';

export type WinReason =
	| { readonly kind: 'lastStanding' }
	| { readonly kind: 'points'; readonly score: number }
	| { readonly kind: 'basic'; readonly groups: number; readonly goal: number }
	/** `goal` is the Illuminati whose special goal was met (the UFOs name another's). */
	| { readonly kind: 'special'; readonly goal: CardId }
	| { readonly kind: 'other' };

export interface Winner {
	readonly seat: Seat;
	readonly reason: WinReason;
}

/** Why each winner won, from the final state (the same tests the engine ran at the end of the turn). */
export function winnersOf(state: GameState): Winner[] {
	const standing = state.players.filter((p) => !p.eliminated);
	return state.winners.map((seat) => {
		const player = state.players[seat]!;
		if (standing.length === 1) return { seat, reason: { kind: 'lastStanding' } };
		if (state.options.rules.veryLongGame) return { seat, reason: { kind: 'points', score: veryLongGameScore(state, player) } };
		const groups = Object.keys(player.structure).length;
		if (groups >= basicGoal(state)) return { seat, reason: { kind: 'basic', groups, goal: basicGoal(state) } };
		const goalCard = player.revealedGoal ?? player.illuminati;
		if (goalCard !== null && meetsSpecialGoal(state, player, illuminatiCard(goalCard).goal)) return { seat, reason: { kind: 'special', goal: goalCard } };
		return { seat, reason: { kind: 'other' } };
	});
}

export interface Standing {
	readonly seat: Seat;
	readonly illuminati: CardId | null;
	/** Cards in the power structure, the Illuminati included (as the basic goal counts them). */
	readonly groups: number;
	readonly money: number;
	readonly kills: number;
	readonly out: 'eliminated' | 'left' | null;
	readonly winner: boolean;
}

export function standings(state: GameState): Standing[] {
	return state.players.map((p) => ({
		seat: p.seat,
		illuminati: p.illuminati,
		groups: Object.keys(p.structure).length,
		money: totalMoney(p),
		kills: p.kills,
		out: p.left ? 'left' : p.eliminated ? 'eliminated' : null,
		winner: state.winners.includes(p.seat),
	}));
}

export interface SummaryPoint {
	/** The turn that begins here, or null for the final state. */
	readonly turn: number | null;
	/** The state's position in the history (entries accepted before it). */
	readonly position: number;
	/** By seat. */
	readonly groups: readonly number[];
	readonly money: readonly number[];
}

function pointOf(state: GameState, turn: number | null, position: number): SummaryPoint {
	return {
		turn,
		position,
		groups: state.players.map((p) => Object.keys(p.structure).length),
		money: state.players.map((p) => totalMoney(p)),
	};
}

/**
 * One point at the start of every turn (what the previous turn left) and one for the final state.
 * `states[0]` is the state before any entry; `states[i]` the state after entry i.
 */
export function summarySeries(states: readonly GameState[]): SummaryPoint[] {
	const points: SummaryPoint[] = [];
	for (let i = 1; i < states.length; i++) {
		const state = states[i]!;
		if (state.turnCount > states[i - 1]!.turnCount) points.push(pointOf(state, state.turnCount, i));
	}
	const last = states[states.length - 1];
	if (last !== undefined && points[points.length - 1]?.position !== states.length - 1) points.push(pointOf(last, null, states.length - 1));
	return points;
}

/** One player's values along the points, for a chart. */
export function seatSeries(points: readonly SummaryPoint[], metric: 'groups' | 'money', seat: Seat): number[] {
	return points.map((point) => point[metric][seat] ?? 0);
}
