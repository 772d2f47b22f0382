/**
 * FR add-on article ("J'ai illuminé la Post Office"), setup: the rule options `illuminated` (which
 * illuminated groups may be played) and `illuminatedInDraw` (whether random Illuminati may be drawn
 * among them); a played illuminated group takes its group card out of the deck. Both options
 * default off, so logs written before them replay to the same game.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ILLUMINATED, illuminatiCard } from '../../src/lib/engine/cards/index.js';
import { canonicalJson, DEFAULT_RULES, initialState, optionsProblem, parseLog, replay, sha256Hex, step, type CardId, type GameOptions, type RuleOptions } from '../../src/lib/engine/index.js';
import { requestShape } from '../../src/lib/engine/chance.js';
import { invariantProblems } from '../../src/lib/engine/invariants.js';

const IDS = ILLUMINATED.map((card) => card.id);

function options(illuminati: GameOptions['illuminati'], rules: Partial<RuleOptions>, players = 3): GameOptions {
	return { players, illuminati, sandbox: true, rules: { ...DEFAULT_RULES, ...rules } };
}

describe('FR add-on, setup: a seat plays an illuminated group as its Illuminati', () => {
	it.each(ILLUMINATED.map((card) => [card.id, card.illuminates!] as const))('%s: at the root with its income; %s leaves the deck', (id, group) => {
		const state = initialState(options(['network', id, 'ufos'], { illuminated: [id] }));
		const player = state.players[1]!;
		expect(player.illuminati).toBe(id);
		expect(player.structure).toEqual({ [id]: { master: null, side: 0, x: 0, y: 0, rot: 0, money: illuminatiCard(id).income } });
		expect(state.deck).not.toContain(group);
		expect(state.outOfPlay).toContain(group);
		expect(state.illuminated).toEqual({ skip: null, lastNamed: null, destroyedBy: {} });
		expect(invariantProblems(state)).toEqual([]);
	});

	it.each(ILLUMINATED.map((card) => [card.id, card.illuminates!] as const))('%s allowed but not played: %s stays in the deck, the card out of play', (id, group) => {
		const state = initialState(options(['network', 'gnomes-of-zurich', 'ufos'], { illuminated: [id] }));
		expect(state.deck).toContain(group);
		expect(state.outOfPlay).toContain(id);
		expect(state.illuminated).toBeUndefined();
		expect(invariantProblems(state)).toEqual([]);
	});

	it.each([
		['an illuminated group not allowed by the option', ['network', 'illuminated-mafia'], {}],
		['an unknown id in the option', ['network', 'ufos'], { illuminated: ['mafia'] }],
		['the same id twice in the option', ['network', 'ufos'], { illuminated: ['illuminated-mafia', 'illuminated-mafia'] }],
		['a non-boolean draw option', ['network', 'ufos'], { illuminatedInDraw: 'yes' }],
	] as const)('refused: %s', (_what, illuminati, rules) => {
		expect(optionsProblem(options(illuminati, rules as Partial<RuleOptions>, 2))).not.toBeNull();
	});

	it.each([
		{ illuminatedInDraw: false, pool: 8 },
		{ illuminatedInDraw: true, pool: 13 },
	])('random Illuminati with illuminatedInDraw $illuminatedInDraw: $pool to draw from', ({ illuminatedInDraw, pool }) => {
		const state = initialState(options('random', { illuminated: IDS, illuminatedInDraw }));
		const shape = requestShape(state, state.random!);
		expect(shape.pool).toHaveLength(pool);
		expect(shape.pool.some((id) => IDS.includes(id))).toBe(illuminatedInDraw);
		expect(invariantProblems(state)).toEqual([]);
	});

	it('a random draw that gives an illuminated group takes its group card out too', () => {
		const start = initialState(options('random', { illuminated: ['illuminated-post-office'], illuminatedInDraw: true }, 2));
		const dealt = step(start, { type: 'fixed', cards: ['illuminated-post-office', 'network'] });
		expect(dealt.ok && dealt.state.players[0]!.illuminati).toBe('illuminated-post-office');
		expect(dealt.ok && dealt.state.deck.includes('post-office')).toBe(false);
		expect(dealt.ok && invariantProblems(dealt.state)).toEqual([]);
	});
});

describe('FR add-on, options default off: logs written before them replay to the same game', () => {
	it('the defaults allow no illuminated group and draw none', () => {
		expect(DEFAULT_RULES.illuminated).toEqual([]);
		expect(DEFAULT_RULES.illuminatedInDraw).toBe(false);
	});

	const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
	const fixture = JSON.parse(readFileSync(resolve(ROOT, 'tests/fixtures/logs/before-illuminated.json'), 'utf8')) as {
		games: { log: unknown; stateWithoutOptions: string }[];
	};

	it.each(fixture.games.map((game, i) => [i, game] as const))('old log %i: same entries accepted, same final state', (_i, game) => {
		const parsed = parseLog(game.log);
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		expect(parsed.log.setup.rules.illuminated).toEqual([]);
		const result = replay(parsed.log);
		expect(result.rejected).toEqual([]);
		const { options: _options, ...rest } = result.state;
		expect(sha256Hex(canonicalJson(rest))).toBe(game.stateWithoutOptions);
	});

	it('an old state has no add-on memory and the classic cards only', () => {
		const state = initialState(options('random', {}));
		expect(state.illuminated).toBeUndefined();
		expect(state.outOfPlay.every((id: CardId) => !IDS.includes(id))).toBe(true);
	});
});
