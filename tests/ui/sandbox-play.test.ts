// Playing a sandbox game: the dice-and-draw form follows the engine's request shape; stated dice
// and cards become `fixed` entries the engine checks, and a wrong choice comes back with the
// engine's code and a sentence for the player; fresh seeds roll; automatic rolls and passes stop
// at the first real choice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalActions, type LegalAction, type PlayerAction } from '../../src/lib/engine/index.js';
import { explainError } from '../../src/lib/ui/errors/index.js';
import { applyEntry, currentState, fixedEntry, openGame, randomForm, seatToShow, seedEntry, settleAutomatic, type SandboxGame } from '../../src/lib/ui/sandbox/play.js';
import { blankRecord, newSetup } from '../../src/lib/ui/sandbox/record.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';
import { loadRefusalTexts } from '../../src/lib/ui/errors/later.svelte.js';
import { awaitLazyPanels } from '../support/lazy-panels.js';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 53 + 7) % 256);
/** Passes only where the seat has nothing but a pass (a simplified stand-in for the action panel's rule). */
const onlyPass = (legal: readonly LegalAction[]): PlayerAction | null => (legal.length === 1 && legal[0]!.action.type === 'passWindow' ? legal[0]!.action : null);

function fresh(players = 2, illuminati: 'random' | string[] = ['bavarian-illuminati', 'servants-of-cthulhu']): SandboxGame {
	return openGame(blankRecord(newSetup(players, illuminati), { id: 'a'.repeat(24), title: 't', now: 0, origin: { kind: 'new' } }));
}

function must(game: SandboxGame, entry: Parameters<typeof applyEntry>[1]): SandboxGame {
	const result = applyEntry(game, entry, 1);
	if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
	return result.game;
}

describe('sandbox play', () => {
	failOnMissingMessages();
	beforeAll(() => loadRefusalTexts()); // the words come in a chunk of their own
	// Panels and texts the code loads with import() finish loading before teardown.
	afterAll(() => awaitLazyPanels(import.meta.url));

	it.each([
		['random Illuminati', 3, 'random' as const, { kind: 'illuminati', cards: 3, dice: 0, poolSize: 8 }],
		['the layout', 2, ['bavarian-illuminati', 'network'], { kind: 'layout', cards: 4, dice: 0, poolSize: null }],
	])('the form for %s follows the request shape', (_name, players, illuminati, expected) => {
		const form = randomForm(currentState(fresh(players, illuminati)))!;
		expect(form).toMatchObject({ kind: expected.kind, cards: expected.cards, dice: expected.dice });
		if (expected.poolSize !== null) expect(form.pool).toHaveLength(expected.poolSize);
		else expect(form.pool.length).toBeGreaterThan(40);
	});

	it('the first-player roll asks one pair of dice per rolling seat', () => {
		const laidOut = must(fresh(), fixedEntry(['mafia', 'yuppies', 'kgb', 'boy-sprouts'], []));
		expect(randomForm(currentState(laidOut))).toMatchObject({ kind: 'firstPlayer', cards: 0, dice: 2, diceSeats: [0, 1] });
		const rolled = must(laidOut, fixedEntry([], [[5, 6], [3, 4]]));
		expect(randomForm(currentState(rolled))).toBeNull();
		expect(currentState(rolled).turn?.seat).toBe(0);
		expect(rolled.record.entries).toHaveLength(2);
		expect(rolled.timeline.steps).toHaveLength(2);
	});

	it.each([
		['a card twice', ['mafia', 'mafia', 'kgb', 'boy-sprouts'], []],
		['too few cards', ['mafia', 'kgb'], []],
		['a card not in the deck', ['mafia', 'yuppies', 'kgb', 'bavarian-illuminati'], []],
		['dice where cards are asked', [], [[1, 1]]],
	] as const)('stating %s is refused with the engine code and explained', (_name, cards, dice) => {
		const game = fresh();
		const result = applyEntry(game, fixedEntry(cards, dice), 1);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.code).toBe('BAD_RANDOMNESS');
		expect(explainError(result.error.code, {}, 'en')).toBe('These dice or cards do not fit what the game is waiting for.');
		expect(game.record.entries).toHaveLength(0);
	});

	it('a fresh seed settles any request', () => {
		const entry = seedEntry(bytes);
		expect(entry.seed).toMatch(/^[0-9a-f]{32}$/);
		const game = must(fresh(), entry);
		expect(currentState(game).random?.kind).toBe('firstPlayer');
	});

	it('with autoRoll, randomness settles by itself up to the first real choice', () => {
		const start = fresh(3, 'random');
		const game = settleAutomatic({ ...start, record: { ...start.record, autoRoll: true } }, { now: 2, randomBytes: bytes, automaticPass: onlyPass });
		const state = currentState(game);
		expect(state.random).toBeNull();
		expect(game.record.entries.every((e) => e.type === 'random' || e.type === 'passWindow')).toBe(true);
		expect(legalActions(state, state.turn!.seat).length).toBeGreaterThan(1);
	});

	it('without autoRoll, it stops at the random request', () => {
		const game = settleAutomatic(fresh(), { now: 2, randomBytes: bytes, automaticPass: onlyPass });
		expect(game.record.entries).toHaveLength(0);
	});

	it.each([
		['nobody waited for: the player whose turn it is', [], 1, 2],
		['the active player when it is waited for', [0, 2], 1, 2],
		['the current seat when the active one is not waited for', [0, 1], 1, 1],
		['else the first seat waited for', [0, 3], 1, 0],
	] as const)('the seat shown is %s', (_name, waiting, current, expected) => {
		const state = { ...currentState(fresh(4, 'random')), turn: { seat: 2 } } as never;
		expect(seatToShow(state, waiting, current)).toBe(expected);
	});
});
