/**
 * The bots' evaluation of a state from one seat's point of view, in MB-like units: goal progress
 * (basic and special, steeper near the end), income, money, Power, Specials in hand, room to grow,
 * how well placed the groups are to resist attacks;
 * minus a share of the rivals' scores (the leader's weighs more). A goal met is close to a win:
 * victory is checked at the end of every turn, so a player who meets a goal now wins at the end of
 * this turn unless someone breaks it first. Whether a goal is met is always the engine's answer.
 */
import { CARDS, specialCard } from '../engine/cards/index.js';
import { depth, hasWon, meetsSpecialGoal, openArrows, positionBonus, totalMoney, type CardId, type GameState, type PlayerState, type Seat } from '../engine/index.js';
import { claimableBy } from '../engine/victory.js';
import { basicProgress, specialProgress } from './progress.js';
import { incomeWins, knownGoal, nextTurnWin, stepsToWin } from './threat.js';

export const WIN = 1000;

export interface Weights {
	/** Value of the goal fraction (the larger of basic and special), linear part. */
	readonly progress: number;
	/** Convex part near the goal: progress⁴ times this. */
	readonly endgame: number;
	/** Per MB of income per turn. */
	readonly income: number;
	/** Per MB held. */
	readonly money: number;
	/** Extra per MB held by the Illuminati (it pays for any attack, defence or interference). */
	readonly pooled: number;
	/** Per point of Power of the groups, and of transferable Power. */
	readonly power: number;
	readonly transferable: number;
	/** Per Special held (money cards count what they pay, discounted). */
	readonly hand: number;
	/** Per open outgoing arrow, up to four (room for captures). */
	readonly arrows: number;
	/** Per point of the position bonus that defends each group (+10, +5, +2 by its distance from the Illuminati). */
	readonly position: number;
	/** Share of the rivals' mean score, and of the leader's, taken off one's own. */
	readonly rivals: number;
	readonly leader: number;
	/** Share of a loss counted for the rivals' chance of winning on their next turn, from how many
	 * steps each is from a goal (threat.ts; hard only, 0 elsewhere: only a goal met counts). */
	readonly threat?: number;
	/** Share of a win counted for the seat's own chance of winning on its next turn, from its steps
	 * to a goal (threat.ts; hard only): being one step away is worth most against rivals who do not
	 * hold back a leader before its goal is met. */
	readonly race?: number;
	/** Worth of holding a Special as the player nears its goal (times progress²): discarding one
	 * makes an attack privileged, so the rivals may not spend against the last capture (only an
	 * Interference card or an abolished privilege stops it; Basic Rules: Interference). Hard only;
	 * 0 elsewhere (a Special counts `hand` alone). */
	readonly privilege?: number;
	/** Worth of holding what stops a privileged attack (two Specials, Deep Agent, or Interference)
	 * as the nearest rival nears its goal (times that rival's progress²): the pair or Deep Agent
	 * abolish the privilege, Interference lets its player spend against it alone, so the rival's last
	 * capture can be stopped after all (Basic Rules: Interference; Special Cards). Hard only; 0 elsewhere. */
	readonly abolish?: number;
	/** Cost of each rival holding a Special as it nears its goal (times that rival's progress²):
	 * any Special discarded makes its last capture privileged, so that only a seat holding what
	 * answers a privilege can stop it (Basic Rules: Interference). Buying a rival's only Special
	 * takes that away. Hard counts it in deals only (levels.ts `dealWeights`); 0 elsewhere. */
	readonly deny?: number;
	/** Share of a loss counted for a rival whose treasury goal (the Gnomes' 150 MB) its next turn's
	 * income meets, and of a win for the seat's own (threat.ts incomeWins): nothing but taking its
	 * money first stops it. Hard only; 0 elsewhere (only a goal met counts). */
	readonly incomeWin?: number;
}

export const DEFAULT_WEIGHTS: Weights = {
	progress: 70,
	endgame: 90,
	income: 3,
	money: 1,
	pooled: 0.1,
	power: 0.6,
	transferable: 0.4,
	hand: 4,
	arrows: 0.8,
	position: 0.15,
	rivals: 0.45,
	leader: 0.35,
};

/** What the seat itself knows beyond the state: its own secret goal, if any. */
export interface Knowledge {
	readonly seat: Seat;
	readonly secretGoal: CardId | null;
}

function cardIncome(card: CardId): number {
	const data = CARDS[card];
	return data === undefined || data.kind === 'special' ? 0 : data.income;
}

function handValue(hand: readonly CardId[], weights: Weights): number {
	let value = 0;
	for (const card of hand) {
		const effect = CARDS[card]?.kind === 'special' ? specialCard(card).effect : null;
		value += effect?.kind === 'gainMoney' ? Math.min(effect.amount * 0.6, weights.hand * 3) : weights.hand;
	}
	return value;
}

/** Whether a hand can stop someone else's privileged attack: two Specials to abolish it, Deep
 * Agent, or an Interference card. */
function answersPrivilege(hand: readonly CardId[]): boolean {
	if (hand.length >= 2) return true;
	const kind = hand.length === 1 && CARDS[hand[0]!]?.kind === 'special' ? specialCard(hand[0]!).effect.kind : null;
	return kind === 'abolishPrivilege' || kind === 'interfereInPrivileged';
}

/** One player's standing, without terminal bonuses. */
export function playerScore(state: GameState, player: PlayerState, weights: Weights, secret: CardId | null): number {
	if (player.eliminated || player.illuminati === null) return 0;
	const progress = Math.max(basicProgress(state, player), specialProgress(state, player, secret));
	let income = 0;
	let power = 0;
	let transferable = 0;
	let arrows = 0;
	let position = 0;
	for (const card in player.structure) {
		income += cardIncome(card);
		const data = CARDS[card];
		if (data !== undefined && data.kind === 'group') {
			power += data.power;
			transferable += data.transferable;
			position += positionBonus(depth(player.structure, card));
		}
		if (arrows < 4) arrows += openArrows(player.structure, card).length;
	}
	const money = totalMoney(player);
	const pooled = player.structure[player.illuminati]?.money ?? 0;
	return (
		weights.progress * progress +
		weights.endgame * progress ** 4 +
		weights.income * income +
		weights.money * money +
		weights.pooled * pooled +
		weights.power * power +
		weights.transferable * transferable +
		weights.arrows * Math.min(4, arrows) +
		weights.position * position +
		handValue(player.hand, weights) +
		(player.hand.length > 0 ? (weights.privilege ?? 0) * progress ** 2 : 0)
	);
}

/** Eliminating a Player: one whose third turn ends with only its Illuminati is out. A player in that
 * third turn with no group is lost unless it takes one now; one about to start it is in danger. */
function dropping(state: GameState, player: PlayerState): number {
	if (player.eliminated || player.turnsCompleted > 2) return 0;
	if (Object.keys(player.structure).length > 1) return 0;
	if (player.turnsCompleted === 2) return state.turn?.seat === player.seat ? 1 : 0.3;
	return player.turnsCompleted === 1 && state.turn?.seat === player.seat ? 0.1 : 0;
}

function ownSecretMet(state: GameState, player: PlayerState, secret: CardId | null): boolean {
	const goal = secret === null ? null : knownGoal(state, player, secret);
	return goal !== null && meetsSpecialGoal(state, player, goal);
}

/** How likely a player is to win at the end of this turn, from what the evaluating seat knows. */
function winning(state: GameState, player: PlayerState, knowledge: Knowledge): number {
	if (player.eliminated) return 0;
	if (hasWon(state, player)) return 1;
	// The seat's own secret goal met: it reveals it when the claim window opens and wins (Special Goals).
	if (player.seat === knowledge.seat) return ownSecretMet(state, player, knowledge.secretGoal) ? 1 : 0;
	// A rival's hidden goal the public state already meets: the claim window will open for it.
	return claimableBy(state, player) ? 0.7 : 0;
}

/** The value of `state` for `knowledge.seat`: high is good for it. */
export function evaluate(state: GameState, knowledge: Knowledge, weights: Weights): number {
	const me = state.players[knowledge.seat]!;
	// A game won is worth more than any state on the way to it (a goal met mid-turn is 0.9 WIN plus
	// a score of a few hundred), so a bot that has met its goal ends its turn rather than play on.
	if (state.phase.kind === 'over') {
		if (state.winners.includes(me.seat)) return (2 * WIN) / state.winners.length;
		return me.eliminated ? -2.4 * WIN : -2 * WIN;
	}
	if (me.eliminated) return -2.4 * WIN;
	let own = playerScore(state, me, weights, knowledge.secretGoal);
	let sum = 0;
	let best = 0;
	let count = 0;
	let threat = 0;
	// The nearest rival's progress, read only when the seat holds what answers a privilege.
	const abolishWeight = answersPrivilege(me.hand) ? (weights.abolish ?? 0) : 0;
	let nearest = 0;
	const denyWeight = weights.deny ?? 0;
	let armed = 0;
	// With a threat weight: the chance that no rival wins on its next turn (threat.ts).
	const threatWeight = weights.threat ?? 0;
	const incomeWinWeight = weights.incomeWin ?? 0;
	let noneWins = 1;
	for (const player of state.players) {
		if (player.seat === me.seat || player.eliminated) continue;
		const score = playerScore(state, player, weights, null);
		const armedRival = denyWeight > 0 && player.hand.length > 0;
		if (abolishWeight > 0 || armedRival) {
			const progress = Math.max(basicProgress(state, player), specialProgress(state, player, null));
			nearest = Math.max(nearest, progress);
			if (armedRival) armed += progress ** 2;
		}
		sum += score;
		best = Math.max(best, score);
		count++;
		threat = Math.max(threat, winning(state, player, knowledge));
		if (incomeWinWeight > 0 && incomeWins(state, player)) threat = Math.max(threat, incomeWinWeight);
		if (threatWeight > 0) noneWins *= 1 - nextTurnWin(stepsToWin(state, player));
	}
	threat = Math.max(threat, threatWeight * (1 - noneWins));
	const raceWeight = weights.race ?? 0;
	let mine = winning(state, me, knowledge);
	if (incomeWinWeight > 0 && incomeWins(state, me, knowledge.secretGoal)) mine = Math.max(mine, incomeWinWeight);
	if (raceWeight > 0) mine = Math.max(mine, raceWeight * nextTurnWin(stepsToWin(state, me, knowledge.secretGoal)));
	own += abolishWeight * nearest ** 2 - denyWeight * armed;
	own += mine * WIN * 0.9 - threat * WIN * 0.9 - dropping(state, me) * WIN * 0.9;
	if (count === 0) return own;
	return own - weights.rivals * (sum / count) - weights.leader * best;
}

/** The same evaluation for every seat (each with what it knows), for modelling others' answers. */
export function evaluateAll(state: GameState, weights: Weights, secrets: ReadonlyMap<Seat, CardId>): number[] {
	return state.players.map((player) => evaluate(state, { seat: player.seat, secretGoal: secrets.get(player.seat) ?? null }, weights));
}
