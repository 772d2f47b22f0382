/**
 * The active seat's decisions in its own turn: every concrete candidate valued by what follows it
 * (settle.ts), attack declarations ranked first by odds and worth (the engine's odds, a rough
 * worth of the target) and the best of them simulated in full with their spending (attacks.ts).
 * The Orbital Mind Control Lasers' edit is weighed as the first half of an attack it helps.
 * Normal and hard add one more ply of their own decisions to the best candidates.
 */
import { CARDS, specialCard, type SpecialGoal } from '../engine/cards/index.js';
import {
	attackOdds,
	basicGoal,
	hasWon,
	meetsSpecialGoal,
	ownerOf,
	step,
	successOutcomes,
	type AttackAction,
	type AttackQuery,
	type CardId,
	type GameState,
	type LegalAction,
	type PlayerAction,
	type PlayerState,
	type Seat,
} from '../engine/index.js';
import { declarationValue } from './attacks.js';
import { concretize } from './candidates.js';
import { playerScore, WIN, type Weights } from './evaluate.js';
import { incomeWins, knownGoal, nextTurnWin, stepsToWin, without } from './threat.js';
import { expected, settle } from './settle.js';
import { valueAfter, valueOf, type Thinking } from './thinking.js';

/** A candidate and its value for the seat; a null action is "nothing now" (an optional moment). */
export interface Scored {
	readonly action: PlayerAction | null;
	readonly value: number;
}

function groupWorth(w: Weights, state: GameState, card: CardId): number {
	const data = CARDS[card];
	if (data === undefined || data.kind !== 'group') return 0;
	return w.income * data.income + w.power * data.power + w.transferable * data.transferable + w.progress / Math.max(1, basicGoal(state) - 1);
}

/** How much a rival's loss counts for `seat`: its share of the rivals' mean, more for the leader. */
export function rivalShares(w: Weights, state: GameState, seat: Seat): Map<Seat, number> {
	const rivals = state.players.filter((p) => !p.eliminated && p.seat !== seat);
	const scores = rivals.map((p) => ({ seat: p.seat, score: playerScore(state, p, w, null) }));
	const leader = scores.reduce<{ seat: Seat; score: number } | null>((a, b) => (a === null || b.score > a.score ? b : a), null);
	return new Map(scores.map(({ seat: other }) => [other, w.rivals / Math.max(1, scores.length) + (leader?.seat === other ? w.leader : 0)]));
}

/** A rough worth of an attack's success, only to choose which attacks to simulate in full (and the
 * playouts' quick policy). */
export function attackWorth(w: Weights, state: GameState, action: AttackAction, shares: ReadonlyMap<Seat, number>, secret: CardId | null = null): number {
	const me = state.players[action.seat]!;
	const owner = ownerOf(state, action.target);
	const base = groupWorth(w, state, action.target);
	const rivalShare = owner === null || owner === me.seat ? 0 : (shares.get(owner) ?? 0);
	const goal = knownGoal(state, me, secret);
	const data = CARDS[action.target];
	const alignments = data?.kind === 'group' ? data.alignments : [];
	const goalBonus = goal?.kind === 'alignmentCount' && alignments.includes(goal.alignment) ? w.progress / goal.count : 0;
	const killBonus = goal?.kind === 'destroyCount' ? w.progress / goal.count : 0;
	const wins = attackWins(state, me, action, goal) ? 0.9 * WIN : 0;
	if (owner === me.seat) return action.kind === 'destroy' ? killBonus + wins - base : -base;
	const money = owner === null ? 0 : (state.players[owner]!.structure[action.target]?.money ?? 0);
	const slowed = owner === null ? 0 : setBack(w, state, state.players[owner]!, action.target);
	switch (action.kind) {
		case 'control':
			return base + goalBonus + base * rivalShare + money / 2 + slowed + wins;
		case 'neutralize':
			return base * rivalShare + 1 + slowed;
		case 'destroy':
			return base * rivalShare + killBonus + 1 + slowed + wins;
	}
}

/** Whether the attack's success meets one of the seat's goals (Victory): a capture that completes
 * the basic goal or `goal`, the special goal as the seat knows it (its own secret included: the UFOs
 * reveal it when the claim window opens), or the kill that completes a goal of kills (Servants of
 * Cthulhu). That success wins at the end of the turn unless it is broken first, so it is worth a
 * near win in the shortlist's ranking whatever the group itself is worth. Goals count the groups
 * controlled, not where they hang, so any placement serves. */
function attackWins(state: GameState, me: PlayerState, action: AttackAction, goal: SpecialGoal | null): boolean {
	const illuminati = me.illuminati === null ? undefined : me.structure[me.illuminati];
	if (illuminati === undefined || hasWon(state, me) || (goal !== null && meetsSpecialGoal(state, me, goal))) return false;
	if (action.kind === 'destroy') return goal?.kind === 'destroyCount' && meetsSpecialGoal(state, { ...me, kills: me.kills + 1 }, goal);
	if (action.kind !== 'control') return false;
	const after = { ...me, structure: { ...me.structure, [action.target]: illuminati } };
	return hasWon(state, after) || (goal !== null && meetsSpecialGoal(state, after, goal));
}

/** With a threat weight (hard): how much taking `card` from a rival lowers its chance of winning on
 * its next turn, in evaluation units (the card alone; its puppets are not counted). With an
 * incomeWin weight: whether taking it (its treasury and income) stops the rival's next income
 * from meeting its treasury goal. */
function setBack(w: Weights, state: GameState, rival: PlayerState, card: CardId): number {
	const weight = w.threat ?? 0;
	const incomeWin = w.incomeWin ?? 0;
	const stopped = incomeWin > 0 && incomeWins(state, rival) && !incomeWins(state, without(rival, card)) ? incomeWin * 0.9 * WIN : 0;
	if (weight <= 0) return stopped;
	const before = nextTurnWin(stepsToWin(state, rival));
	if (before <= 0) return stopped;
	return stopped + weight * 0.9 * WIN * Math.max(0, before - nextTurnWin(stepsToWin(state, without(rival, card))));
}

export interface Ranked {
	readonly action: AttackAction;
	readonly prior: number;
}

/** Each attack option, with and without all its aid, ranked by its best expected gain from the odds
 * (`secret`: the seat's own secret goal, if it has one). */
export function rankAttacks(w: Weights, state: GameState, options: readonly LegalAction[], secret: CardId | null = null): Ranked[] {
	const ranked: Ranked[] = [];
	let shares: Map<Seat, number> | null = null;
	for (const option of options) {
		if (option.action.type !== 'attack') continue;
		const me = state.players[option.action.seat]!;
		shares ??= rivalShares(w, state, me.seat);
		const worth = attackWorth(w, state, option.action, shares, secret);
		if (worth <= 0) continue;
		const pool = me.structure[me.illuminati!]?.money ?? 0;
		const aids = option.aidCandidates ?? [];
		for (const variant of aids.length > 0 ? [[], aids] : [[]]) {
			const action: AttackAction = { ...option.action, aids: variant };
			const available = pool + (me.structure[action.attacker]?.money ?? 0);
			const query: AttackQuery = action;
			const low = attackOdds(state, query).needed;
			const high = available > 0 ? attackOdds(state, { ...query, attackerSpent: available }).needed : low;
			let prior = -Infinity;
			for (let needed = low; needed <= Math.max(low, Math.min(high, 10)); needed++) {
				const spend = high > low ? ((needed - low) * available) / (high - low) : 0;
				prior = Math.max(prior, (successOutcomes(needed) / 36) * worth - spend * w.money - variant.length * 0.5);
			}
			if (prior > 0) ranked.push({ action, prior });
		}
	}
	return ranked.sort((a, b) => b.prior - a.prior);
}

/** The cheapest privilege for an attack: the Bavarian payment, else the least useful Special. */
function cheapestPrivilege(option: LegalAction): AttackAction['privilege'] | null {
	const choices = option.privileges ?? [];
	if (choices.length === 0) return null;
	const bavarian = choices.find((choice) => choice.kind === 'bavarian');
	if (bavarian !== undefined) return bavarian;
	const rank = (card: string) => {
		const effect = specialCard(card).effect.kind;
		return effect === 'gainMoney' || effect === 'setRoll' || effect === 'cancelSpecial' ? 2 : 1;
	};
	return [...choices].sort((a, b) => (a.kind === 'discard' && b.kind === 'discard' ? rank(a.card) - rank(b.card) : 0))[0]!;
}

function declared(thinking: Thinking, state: GameState, action: PlayerAction): number {
	const result = step(state, action);
	thinking.counter.steps++;
	return result.ok ? declarationValue(thinking, result.state) : -Infinity;
}

/** Attack declarations: the shortlist simulated in full, with a privileged variant where others could interfere. */
function attackCandidates(thinking: Thinking, state: GameState, legal: readonly LegalAction[]): Scored[] {
	const ranked = rankAttacks(thinking.level.weights, state, legal, thinking.secret?.goal ?? null).slice(0, thinking.level.shortlist);
	const scored: Scored[] = [];
	for (const { action } of ranked) {
		if (thinking.exhausted()) break;
		scored.push({ action, value: declared(thinking, state, action) });
		if (thinking.level.responses !== 'all' || state.players.filter((p) => !p.eliminated).length <= 2) continue;
		const option = legal.find((o) => o.action.type === 'attack' && o.action.attacker === action.attacker && o.action.target === action.target && o.action.kind === action.kind);
		const privilege = option === undefined ? null : cheapestPrivilege(option);
		if (privilege) {
			const privileged: AttackAction = { ...action, privilege };
			scored.push({ action: privileged, value: declared(thinking, state, privileged) });
		}
	}
	return scored;
}

/** Orbital Mind Control Lasers: an edit of the attacker's or the target's alignment that improves one
 * of the best attacks, valued as that attack declared right after it. */
function editCandidates(thinking: Thinking, state: GameState, legal: readonly LegalAction[], attacks: readonly Scored[]): Scored[] {
	const edits = legal.filter((option) => option.action.type === 'editAlignment');
	if (edits.length === 0) return [];
	const out: Scored[] = [];
	const best = [...attacks].sort((a, b) => b.value - a.value).slice(0, 3);
	for (const { action } of best) {
		if (action?.type !== 'attack') continue;
		const before = attackOdds(state, action).needed;
		// The edits that most improve this attack's odds (two at most) are declared in simulation.
		const improving: { edit: PlayerAction; after: GameState; gain: number }[] = [];
		for (const { action: edit } of edits) {
			if (edit.type !== 'editAlignment' || (edit.target !== action.target && edit.target !== action.attacker)) continue;
			const after = step(state, edit);
			thinking.counter.steps++;
			if (!after.ok) continue;
			const gain = attackOdds(after.state, action).needed - before;
			if (gain > 0) improving.push({ edit, after: after.state, gain });
		}
		improving.sort((a, b) => b.gain - a.gain);
		for (const { edit, after } of improving.slice(0, 2)) {
			if (thinking.exhausted()) return out;
			out.push({ action: edit, value: declared(thinking, after, action) });
		}
	}
	return out;
}

/** Illuminated Post Office and the Senate Investigating Committee take a rival's turn away: worth a
 * share of what that rival gains in a turn, which no short lookahead sees. */
export function tempoBonus(thinking: Thinking, state: GameState, action: PlayerAction): number {
	const target = action.type === 'skipPlayer' ? action.target : action.type === 'playSpecial' && specialCard(action.card).effect.kind === 'skipTurn' ? state.turn?.seat : undefined;
	if (target === undefined || target === thinking.seat) return 0;
	const rival = state.players[target];
	return rival === undefined || rival.eliminated ? 0 : 0.12 * playerScore(state, rival, thinking.level.weights, null);
}

const MOVE_COST = 0.5;
/** A transfer has to gain something too: moving money onto a group and back (the follow-up ply
 * counts the way back) tied with ending the turn, and bots shuffled money to and fro in their free
 * transfers. Just enough to break that tie (0.05 changed more choices: hard won 57 of the 120
 * paired games against 63.5). */
const TRANSFER_COST = 0.001;

/** Every candidate of the active seat, valued. */
export function turnCandidates(thinking: Thinking, state: GameState, legal: readonly LegalAction[]): Scored[] {
	const how = { fine: thinking.level.fineAmounts, reorganizes: thinking.level.reorganizes };
	const scored: Scored[] = [];
	for (const option of legal) {
		for (const action of concretize(state, option, how)) {
			if (thinking.exhausted() && scored.length > 0) break;
			// A move spends an action: it has to be worth something more than standing still.
			const cost = action.type === 'move' ? MOVE_COST : action.type === 'transfer' ? TRANSFER_COST : 0;
			scored.push({ action, value: valueAfter(thinking, state, action) + tempoBonus(thinking, state, action) - cost });
		}
	}
	const attacks = attackCandidates(thinking, state, legal);
	return [...scored, ...attacks, ...editCandidates(thinking, state, legal, attacks)];
}

/** One more ply of the seat's own turn after each of the best candidates: what the best next
 * decision adds in each outcome (normal, hard). */
export function withFollowUp(thinking: Thinking, state: GameState, scored: Scored[], next: (state: GameState) => number | null): Scored[] {
	const count = thinking.level.followUp;
	if (count <= 0) return scored;
	const order = [...scored].sort((a, b) => b.value - a.value);
	const out = new Map<Scored, number>();
	for (const candidate of order.slice(0, count)) {
		if (thinking.exhausted()) break;
		const type = candidate.action?.type;
		if (candidate.action === null || type === 'endTurn' || type === 'passTurn' || type === 'endActions') continue;
		const result = step(state, candidate.action);
		if (!result.ok) continue;
		const outcomes = settle(result.state, { me: thinking.seat, secret: thinking.secret, turn: state.turnCount }, thinking.counter);
		const gain = expected(outcomes, (outcome) => {
			const best = next(outcome);
			return best === null ? 0 : Math.max(0, best - valueOf(thinking, outcome));
		});
		out.set(candidate, candidate.value + gain);
	}
	return scored.map((candidate) => (out.has(candidate) ? { ...candidate, value: out.get(candidate)! } : candidate));
}
