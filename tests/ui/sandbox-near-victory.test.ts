// The end-to-end test's starting log: one capture short of the basic goal, with no Special in any
// hand; the path the e2e test clicks (attack, both seats pass spending, dice 1 and 1, place the
// catch, end the turn) wins by the basic goal when played through the sandbox functions, and the
// seat shown follows the seat the spending window still waits for.
import { describe, expect, it } from 'vitest';
import { basicGoal, legalActions, replay, seatsToAct, type PlayerAction } from '../../src/lib/engine/index.js';
import { automaticPass } from '../../src/lib/ui/actions/choices.js';
import { winnersOf } from '../../src/lib/ui/end/summary.js';
import { applyEntry, awaitedSeats, currentState, fixedEntry, openGame, settleAutomatic, type SandboxGame } from '../../src/lib/ui/sandbox/play.js';
import { recordFromLog } from '../../src/lib/ui/sandbox/record.js';
import { nearVictoryLog } from './sandbox-near-victory.js';

const bytes = (n: number) => new Uint8Array(n).fill(7);

describe('a sandbox game one capture from victory', () => {
	const { log, attack } = nearVictoryLog();
	const final = replay(log);

	it('replays without refusals to seat 0 holding one card less than the goal, in its actions step', () => {
		expect(final.rejected).toEqual([]);
		expect(final.state.phase.kind).toBe('turn');
		expect(final.state.turn).toMatchObject({ seat: 0, step: 'actions', actionsLeft: 2 });
		expect(Object.keys(final.state.players[0]!.structure)).toHaveLength(basicGoal(final.state) - 1);
		expect(final.state.players.every((p) => p.hand.length === 0 && !p.eliminated)).toBe(true);
		expect(final.state.uncontrolled).toContain(attack.target);
	});

	it('the clicked path wins by the basic goal', () => {
		const { record } = recordFromLog(log, { id: 'b'.repeat(24), title: 'near', now: 0, origin: { kind: 'import', file: null } });
		const settle = (game: SandboxGame) => settleAutomatic(game, { now: 1, randomBytes: bytes, automaticPass });
		const act = (game: SandboxGame, action: PlayerAction | ReturnType<typeof fixedEntry>) => {
			const result = applyEntry(game, action, 1);
			if (!result.ok) throw new Error(`${action.type}: ${result.error.code}`);
			return settle(result.game);
		};
		let game = settle(openGame(record));
		game = act(game, attack);
		expect(awaitedSeats(currentState(game), seatsToAct(currentState(game)))).toEqual([0, 1]);
		game = act(game, { type: 'passSpending', seat: 0 });
		// The attacker may still call off or spend, but the window waits only for the defender side now.
		expect(seatsToAct(currentState(game))).toEqual([0, 1]);
		expect(awaitedSeats(currentState(game), seatsToAct(currentState(game)))).toEqual([1]);
		game = act(game, { type: 'passSpending', seat: 1 });
		expect(currentState(game).random?.kind).toBe('attackRoll');
		game = act(game, fixedEntry([], [[1, 1]]));
		const placement = legalActions(currentState(game), 0).find((option) => option.action.type === 'placeCapture')!;
		game = act(game, placement.action);
		game = act(game, { type: 'endTurn', seat: 0 });
		const state = currentState(game);
		expect(state.phase.kind).toBe('over');
		expect(winnersOf(state)).toEqual([{ seat: 0, reason: { kind: 'basic', groups: basicGoal(state), goal: basicGoal(state) } }]);
	});
});
