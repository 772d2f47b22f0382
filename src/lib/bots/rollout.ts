/**
 * Playouts for the hard level: a quick policy plays every seat from a state until the bot's own
 * next turn begins, with dice and draws sampled from a seeded chooser. The policy: on its turn a
 * seat declares the best attack by odds and rough worth (turn.ts), spends what that ranking
 * planned, and ends its turn when no attack is worth it; everyone else passes, places on the first
 * open arrow and pays from the first treasury offered (settle.ts). All entries go through `step`.
 */
import { attackOdds, legalActions, step, type Action, type AttackAction, type GameState, type PlayerAction, type Seat } from '../engine/index.js';
import type { Weights } from './evaluate.js';
import type { Chooser } from './random-player.js';
import { defaultEntry, type Secret } from './settle.js';
import { attackWorth, rankAttacks, rivalShares } from './turn.js';

/** The quick policy's entry for the active seat in its own turn. */
function turnEntry(state: GameState, seat: Seat, weights: Weights): PlayerAction {
	const turn = state.turn!;
	if (turn.step === 'actions' && turn.actionsLeft > 0) {
		const best = rankAttacks(weights, state, legalActions(state, seat))[0];
		if (best !== undefined && best.prior > 1) return best.action;
	}
	return { type: 'endTurn', seat };
}

/** The attacker's spend planned by the ranking: the amount with the best odds-times-worth gain. */
function plannedSpend(state: GameState, weights: Weights): PlayerAction | null {
	if (state.phase.kind !== 'attack') return null;
	const attack = state.phase.attack;
	const me = state.players[attack.seat]!;
	const sources = [attack.attacker, me.illuminati!].filter((card) => (me.structure[card]?.money ?? 0) > 0);
	const available = sources.reduce((sum, card) => sum + me.structure[card]!.money, 0);
	if (available === 0) return null;
	const declared: AttackAction = { type: 'attack', seat: attack.seat, kind: attack.kind, attacker: attack.attacker, target: attack.target, aids: attack.aids };
	const worth = attackWorth(weights, state, declared, rivalShares(weights, state, attack.seat));
	let best = 0;
	let bestGain = (attackOdds(state, attack).probability.numerator / 36) * worth;
	for (const amount of [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30]) {
		if (amount > available) break;
		const gain = (attackOdds(state, { ...attack, attackerSpent: attack.attackerSpent + amount }).probability.numerator / 36) * worth - amount * weights.money;
		if (gain > bestGain) {
			best = amount;
			bestGain = gain;
		}
	}
	if (best === 0) return null;
	const from = sources.reduce((a, b) => (me.structure[b]!.money > me.structure[a]!.money ? b : a));
	return { type: 'spend', seat: attack.seat, from, amount: Math.min(best, me.structure[from]!.money) };
}

export interface PlayoutOptions {
	readonly me: Seat;
	readonly secret: Secret | null;
	readonly weights: Weights;
	readonly chooser: Chooser;
	/** Entries at most. */
	readonly limit: number;
}

/** Plays from `state` (a sandbox copy) until the bot's own next turn starts, or the game ends. */
export function playout(state: GameState, options: PlayoutOptions): { state: GameState; steps: number } {
	const start = state.turnCount;
	let current = state;
	let steps = 0;
	while (steps < options.limit && current.phase.kind !== 'over') {
		if (current.turnCount > start && current.turn?.seat === options.me) break;
		let entry: Action | null;
		if (current.random !== null) {
			entry =
				current.random.kind === 'attackRoll'
					? { type: 'fixed', dice: [[1 + options.chooser.int(6), 1 + options.chooser.int(6)]] }
					: { type: 'random', seed: options.chooser.hex(16) };
		} else if (current.chain === null && current.phase.kind === 'turn' && current.turn !== null) {
			entry = turnEntry(current, current.turn.seat, options.weights);
		} else {
			const attack = current.phase.kind === 'attack' && current.chain === null ? current.phase.attack : null;
			const spend = attack !== null && !attack.passed.includes(attack.seat) && attack.attackerSpent === 0 ? plannedSpend(current, options.weights) : null;
			entry = spend ?? defaultEntry(current, { me: options.me, secret: options.secret }, null);
		}
		if (entry === null) break;
		const next = step(current, entry);
		steps++;
		if (!next.ok) break;
		current = next.state;
	}
	return { state: current, steps };
}
