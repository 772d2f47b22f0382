/**
 * The fast playout's attack draw and default answers are the engine's (random-playout.ts):
 * drawAttack (legal-attacks.ts) keeps a drawn (kind, attacker, card) exactly when attackProblem,
 * the check step runs, accepts that declaration, with the aid candidates aidProblem accepts; and
 * the answers the playout takes from the engine's short lists (a capture's placement, an income
 * debt) are settle.ts's default answers. States: every state of seeded fast playouts from
 * mid-game positions of 4-player bot games, to the end of the game.
 */
import { describe, expect, it } from 'vitest';
import { createBot, playBotGame } from '../../src/lib/bots/index.js';
import { Chooser } from '../../src/lib/bots/random-player.js';
import { nextEntry, randomPlayout } from '../../src/lib/bots/random-playout.js';
import { defaultEntry } from '../../src/lib/bots/settle.js';
import { simulationCopy } from '../../src/lib/bots/view.js';
import { aidProblem, attackerProblem, attackProblem } from '../../src/lib/engine/attack.js';
import { drawAttack } from '../../src/lib/engine/legal-attacks.js';
import type { AttackAction, CardId, GameState } from '../../src/lib/engine/index.js';

const SEED = process.env.FNORD_FUZZ_SEED ?? 'fnord-playout-draw-2026';
const KINDS = ['control', 'neutralize', 'destroy', 'destroy'] as const;

function midGameStates(): GameState[] {
	const states: GameState[] = [];
	const players = [0, 1, 2, 3].map((seat) => createBot({ level: 'easy', seed: `${SEED}:${seat}` }));
	playBotGame({ players, seed: SEED, maxTurns: 16, onStep: (state) => void (state.turnCount >= 8 && state.phase.kind === 'turn' && state.random === null && state.turn?.step === 'actions' && states.push(state)) });
	return states.filter((_, i) => i % 5 === 0).slice(0, 4);
}

/** Every state of a fast playout from `start` to the end of the game (or 3,000 entries). */
function playoutStates(start: GameState, seed: string): GameState[] {
	const chooser = new Chooser(seed);
	const states: GameState[] = [start];
	let state = start;
	while (state.phase.kind !== 'over' && states.length < 3_000) {
		const next = randomPlayout(state, { chooser, limit: 1 });
		if (next.steps !== 1) break;
		states.push((state = next.state));
	}
	return states;
}

describe('fast playout draws and answers', () => {
	console.log(`playout-draw seed: ${SEED} (set FNORD_FUZZ_SEED to change it)`);
	const states = midGameStates().flatMap((start, i) => playoutStates(simulationCopy(start), `${SEED}:${i}`));

	it('keep a drawn attack exactly when attackProblem accepts it, with the aid aidProblem accepts', () => {
		let asked = 0;
		let kept = 0;
		for (const [n, state] of states.entries()) {
			if (state.phase.kind !== 'turn' || state.turn === null || state.random !== null || state.chain !== null) continue;
			const seat = state.turn.seat;
			const structure = state.players[seat]!.structure;
			const cards = Object.keys(structure);
			const attackers = cards.filter((card) => attackerProblem(state, seat, card) === null);
			const targets: CardId[] = [...state.uncontrolled, ...state.players.flatMap((player) => Object.keys(player.structure))];
			// Every twelfth state: every (kind, attacker, card) triple, each asked as the only draw.
			if (n % 12 !== 0) continue;
			for (let kind = 0; kind < 4; kind++) {
				for (let a = 0; a < attackers.length; a++) {
					for (let t = 0; t < targets.length; t++) {
						const script = [kind, a, t];
						const drawn = drawAttack(state, seat, () => script.shift()!, 1);
						const base = { type: 'attack', seat, kind: KINDS[kind]!, attacker: attackers[a]!, target: targets[t]!, aids: [] } as const;
						const action: AttackAction = kind === 3 ? { ...base, whispering: true } : base;
						const accepted = attackProblem(state, action) === null;
						const where = `${SEED} state ${n}: ${JSON.stringify(action)}`;
						asked++;
						expect(drawn !== null && drawn !== 'none', where).toBe(accepted);
						if (drawn === null || drawn === 'none') continue;
						kept++;
						expect(drawn.action, where).toEqual(action);
						expect(drawn.aidCandidates, where).toEqual(cards.filter((card) => aidProblem(state, action, card, []) === null));
					}
				}
			}
			if (attackers.length === 0) expect(drawAttack(state, seat, () => 0, 1)).toBe('none');
		}
		console.log(`playout-draw: ${asked} draws asked, ${kept} kept`);
		expect(kept).toBeGreaterThan(100);
	}, 300_000);

	it("answer a capture's placement and an income debt as settle.ts's default answers do", () => {
		const answered = { placement: 0, income: 0 };
		for (const [n, state] of states.entries()) {
			if (state.random !== null || state.chain !== null || (state.phase.kind !== 'placement' && state.phase.kind !== 'income')) continue;
			expect(nextEntry(state, new Chooser('unused')), `${SEED} state ${n} (${state.phase.kind})`).toEqual(defaultEntry(state, { me: -1, secret: null }, null));
			answered[state.phase.kind]++;
		}
		console.log(`playout-draw: ${answered.placement} placements and ${answered.income} debts answered`);
		expect(answered.placement).toBeGreaterThan(0);
		expect(answered.income).toBeGreaterThan(0);
	}, 120_000);
});
