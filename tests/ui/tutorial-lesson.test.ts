// "Learn to play" (issue 16): the lesson's script plays through against the engine. Every step's
// move is one the engine lists as legal at that point (or the set randomness it asks for), the
// steps come in the taught order, the set dice make the attack fail with no money and succeed with
// the money the lesson suggests, and once the turn is over the game goes on as an ordinary one.
import { describe, expect, it } from 'vitest';
import { legalActions, type Action, type GameState } from '../../src/lib/engine/index.js';
import { automaticPass } from '../../src/lib/ui/actions/choices.js';
import { applyEntry, currentState, openGame, settleAutomatic, type SandboxGame } from '../../src/lib/ui/sandbox/play.js';
import { LESSON, LESSON_RIVAL, LESSON_STEPS, LESSON_YOU, lessonMove, lessonOdds, lessonRecord, lessonStep, percentOf, rivalMove, type LessonStep, type ReadStep } from '../../src/lib/ui/tutorial/lesson.js';

const bytes = (n: number) => new Uint8Array(n).fill(7);
const settle = (game: SandboxGame) => settleAutomatic(game, { now: 1, randomBytes: bytes, automaticPass });

/** The page's loop: an entry, then what follows by itself (windows passed, the rival's passes). */
function play(game: SandboxGame, entry: Action): SandboxGame {
	const result = applyEntry(game, entry, 1);
	if (!result.ok) throw new Error(`${JSON.stringify(entry)} refused: ${result.error.code} ${result.error.message}`);
	let next = settle(result.game);
	for (let move = rivalMove(currentState(next)); move !== null; move = rivalMove(currentState(next))) next = settle(must(next, move));
	return next;
}

function must(game: SandboxGame, entry: Action): SandboxGame {
	const result = applyEntry(game, entry, 1);
	if (!result.ok) throw new Error(`${JSON.stringify(entry)} refused: ${result.error.code}`);
	return result.game;
}

function isLegal(state: GameState, entry: Action): boolean {
	if (entry.type === 'fixed') return state.random !== null;
	if (!('seat' in entry)) return false;
	return legalActions(state, entry.seat).some((legal) => {
		const a = legal.action as unknown as Record<string, unknown>;
		const b = entry as unknown as Record<string, unknown>;
		const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== 'amount'));
		return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k])) && (legal.max === undefined || (typeof b.amount === 'number' && b.amount <= legal.max));
	});
}

function start(): SandboxGame {
	return settle(openGame(lessonRecord({ id: 'b'.repeat(24), title: 'Lesson', now: 0 })));
}

/** Plays the lesson by its own moves (what Skip does), recording each step and checking each move. */
function runLesson(override: (step: LessonStep, state: GameState) => Action | null = () => null) {
	let game = start();
	const read = new Set<ReadStep>();
	const seen: LessonStep[] = [];
	for (let guard = 0; guard < 40; guard++) {
		const state = currentState(game);
		const step = lessonStep(state, read);
		if (seen[seen.length - 1] !== step) seen.push(step);
		if (step === 'done') return { game, seen };
		const move = override(step, state) ?? lessonMove(state, step);
		if (move === null) throw new Error(`no move at step ${step}`);
		if (move === 'read') {
			read.add(step as ReadStep);
			continue;
		}
		expect(isLegal(state, move), `${step}: ${JSON.stringify(move)}`).toBe(true);
		game = play(game, move);
	}
	throw new Error('the lesson did not end');
}

describe('the guided first turn', () => {
	it('opens on the learner’s turn with the income already collected and the draw pending', () => {
		const state = currentState(start());
		expect(state.turn?.seat).toBe(LESSON_YOU);
		expect(state.random).toEqual({ kind: 'draw', seat: LESSON_YOU, count: 1 });
		// Starting treasury (its income) plus this turn's income.
		expect(state.players[LESSON_YOU]!.structure[LESSON.attacker]!.money).toBe(16);
		expect(lessonStep(state, new Set())).toBe('income');
	});

	it('plays through every step in order with moves the engine lists as legal, and the attack succeeds', () => {
		const { game, seen } = runLesson();
		expect(seen).toEqual([...LESSON_STEPS, 'done']);
		const state = currentState(game);
		expect(state.lastAttack).toMatchObject({ seat: LESSON_YOU, target: LESSON.target, roll: [...LESSON.roll], success: true, needed: 8 });
		expect(state.players[LESSON_YOU]!.structure[LESSON.target]).toBeDefined();
		expect(state.players[LESSON_YOU]!.structure[LESSON.attacker]!.money).toBe(16 - LESSON.spend);
		// The game goes on: the rival's turn has begun and it may act.
		expect(state.turn?.seat).toBe(LESSON_RIVAL);
		expect(state.phase.kind).not.toBe('over');
	});

	it('states the odds the engine gives: 5 or less before spending, 8 or less with the suggested money', () => {
		let game = start();
		game = play(game, lessonMove(currentState(game), 'draw') as Action);
		const before = lessonOdds(currentState(game))!;
		expect([before.needed, percentOf(before)]).toEqual([5, 28]);
		game = play(game, lessonMove(currentState(game), 'attack') as Action);
		game = play(game, lessonMove(currentState(game), 'spend') as Action);
		const after = lessonOdds(currentState(game))!;
		expect([after.needed, percentOf(after)]).toEqual([8, 72]);
	});

	it('without the money the same dice fail, and the result is then a step to read', () => {
		const { game, seen } = runLesson((step, state) => (step === 'spend' && state.phase.kind === 'attack' && !state.phase.attack.passed.includes(LESSON_YOU) ? { type: 'passSpending', seat: LESSON_YOU } : null));
		expect(seen).toEqual([...LESSON_STEPS, 'done']);
		expect(currentState(game).lastAttack).toMatchObject({ success: false, needed: 5 });
		expect(currentState(game).players[LESSON_YOU]!.structure[LESSON.target]).toBeUndefined();
	});

	it('the rival passes for itself only in the learner’s turn, never in its own', () => {
		let game = start();
		game = play(game, lessonMove(currentState(game), 'draw') as Action);
		const attack = currentState(must(game, lessonMove(currentState(game), 'attack') as Action));
		expect(rivalMove(attack)).toEqual({ type: 'passSpending', seat: LESSON_RIVAL });
		// The learner ends the turn at once: the rival's turn opens with a window that waits for it.
		const ended = runLesson();
		const last = ended.game.record.entries.findLastIndex((e) => e.type === 'endTurn');
		const rivalTurn = openGame({ ...ended.game.record, entries: ended.game.record.entries.slice(0, last + 1) });
		const state = currentState(rivalTurn);
		expect(state.turn?.seat).toBe(LESSON_RIVAL);
		expect(state.phase.kind).toBe('turnStart');
		expect(rivalMove(state)).toBeNull();
		expect(lessonStep(state, new Set())).toBe('done');
	});
});
