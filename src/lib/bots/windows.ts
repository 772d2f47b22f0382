/**
 * Decisions outside the active seat's own actions: answering in an attack's spending window
 * (attacker, defender or interfering seat: spend, aid, call off, abolish a privilege, interfere in a
 * privileged attack), cancel windows, the window after the roll, the start of a turn, placements
 * and payments. Each candidate is valued by what follows it; spending by attacks.ts.
 */
import { step, type GameState, type LegalAction } from '../engine/index.js';
import { branches, closeChain, spendDecision } from './attacks.js';
import { concretize } from './candidates.js';
import { valueAfter, type Thinking } from './thinking.js';
import { tempoBonus, type Scored } from './turn.js';

/** The attack phase with no Special waiting: pass, spend, aid, call off, or play a card on it. */
function attackWindow(thinking: Thinking, state: GameState, options: readonly LegalAction[]): Scored[] {
	const values = branches(thinking, state);
	const pass = options.find((option) => option.action.type === 'passSpending')?.action ?? null;
	if (values === null) return [{ action: pass, value: 0 }];
	const scored: Scored[] = [];
	const plan = spendDecision(thinking, state, values);
	if (plan.action !== null) scored.push({ action: plan.action, value: plan.value });
	// Passing, or (already passed, or not a spending seat of a privileged attack) doing nothing.
	scored.push({ action: pass, value: plan.passValue });
	for (const option of options) {
		const type = option.action.type;
		if (thinking.exhausted()) break;
		if (type === 'aid' || type === 'playSpecial' || type === 'abolishPrivilege') {
			// Worth what the seat can then make of the window (a card's cancel window closed first).
			const played = step(state, option.action);
			thinking.counter.steps++;
			if (!played.ok) continue;
			const table = closeChain(thinking, played.state);
			const after = table.phase.kind === 'attack' ? branches(thinking, table) : null;
			const value = after === null ? valueAfter(thinking, state, option.action) : spendDecision(thinking, table, after).value;
			scored.push({ action: option.action, value });
		}
	}
	return scored;
}

const ATTACK_WINDOW: ReadonlySet<string> = new Set(['passSpending', 'spend', 'aid', 'abolishPrivilege']);

/** Every other window: each concrete option valued by what follows it. */
export function windowCandidates(thinking: Thinking, state: GameState, options: readonly LegalAction[]): Scored[] {
	// A seat that may only abolish a privilege (not a spending seat of a privileged attack) weighs it
	// the same way: by the spending it opens to the seat.
	if (state.phase.kind === 'attack' && state.chain === null && options.some((o) => ATTACK_WINDOW.has(o.action.type))) {
		return attackWindow(thinking, state, options);
	}
	const how = { fine: thinking.level.fineAmounts, reorganizes: thinking.level.reorganizes };
	const scored: Scored[] = [];
	for (const option of options) {
		for (const action of concretize(state, option, how)) {
			if (thinking.exhausted() && scored.length > 0) return scored;
			scored.push({ action, value: valueAfter(thinking, state, action) + tempoBonus(thinking, state, action) });
		}
	}
	return scored;
}
