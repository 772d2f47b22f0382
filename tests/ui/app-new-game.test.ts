// The new-game form: what it asks the session layer to create, and the problems it reports.
import { describe, expect, it } from 'vitest';
import { ILLUMINATI } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES, optionsProblem } from '../../src/lib/engine/index.js';
import { changedRules, defaultForm, ILLUMINATI_IDS, planNewGame, resizeChosen, type NewGameForm } from '../../src/lib/ui/app/new-game.js';

const form = (patch: Partial<NewGameForm>): NewGameForm => ({ ...defaultForm(), ...patch });
const FOUR = ['network', 'ufos', 'gnomes-of-zurich', 'bermuda-triangle'];

describe('planNewGame', () => {
	it.each([
		['an online game claims the seats played here, from seat 0', form({ players: 5, mine: 2 }), { seats: [0, 1], online: true }],
		['a game on this device claims every seat and stays offline', form({ mode: 'local', players: 3, mine: 1 }), { seats: [0, 1, 2], online: false }],
		['an empty title takes the default', form({ title: '   ' }), { title: 'Default' }],
		['a title is trimmed', form({ title: '  Night game ' }), { title: 'Night game' }],
		['random Illuminati', form({}), { options: { players: 4, illuminati: 'random', sandbox: false, rules: DEFAULT_RULES } }],
		['chosen Illuminati, one per seat', form({ illuminati: 'chosen', chosen: FOUR }), { options: { players: 4, illuminati: FOUR, sandbox: false, rules: DEFAULT_RULES } }]
	])('%s', (_name, input, expected) => {
		const plan = planNewGame(input, 'Default');
		expect(plan.ok).toBe(true);
		expect(plan).toMatchObject(expected);
		if (plan.ok) expect(optionsProblem(plan.options)).toBeNull();
	});

	it.each([
		['fewer than 2 seats', form({ players: 1 }), 'players', undefined],
		['more than 8 seats', form({ players: 9 }), 'players', undefined],
		['an emptied number field', form({ players: null as unknown as number }), 'players', undefined],
		['more seats here than in the game', form({ players: 3, mine: 4 }), 'mine', undefined],
		['no seat here', form({ mine: 0 }), 'mine', undefined],
		['a seat without an Illuminati', form({ illuminati: 'chosen', chosen: ['network', '', 'ufos', 'cia'] }), 'illuminatiMissing', 1],
		['a group is not an Illuminati', form({ illuminati: 'chosen', chosen: ['network', 'ufos', 'gnomes-of-zurich', 'cia'] }), 'illuminatiMissing', 3],
		['an Illuminati chosen twice', form({ illuminati: 'chosen', chosen: ['network', 'ufos', 'network', 'gnomes-of-zurich'] }), 'illuminatiRepeated', 2],
		['a basic goal bonus above 20', form({ rules: { ...DEFAULT_RULES, basicGoalBonus: 21 } }), 'goalBonus', undefined]
	])('refuses %s', (_name, input, problem, seat) => {
		expect(planNewGame(input, 'Default')).toEqual({ ok: false, problem, ...(seat === undefined ? {} : { seat }) });
	});

	it('a local game ignores the online seat count', () => {
		expect(planNewGame(form({ mode: 'local', players: 2, mine: 7 }), 'x')).toMatchObject({ ok: true, seats: [0, 1] });
	});
});

describe('the form helpers', () => {
	it('lists the eight Illuminati of the card data', () => {
		expect([...ILLUMINATI_IDS].sort()).toEqual(ILLUMINATI.map((c) => c.id).sort());
	});

	it.each([
		[['a', 'b'], 4, ['a', 'b', '', '']],
		[['a', 'b', 'c'], 2, ['a', 'b']],
		[[], 0, []]
	])('resizeChosen(%j, %i) keeps the choices that still have a seat', (chosen, players, expected) => {
		expect(resizeChosen(chosen, players)).toEqual(expected);
	});

	it('changedRules names only options that differ from the classic game', () => {
		expect(changedRules(DEFAULT_RULES)).toEqual([]);
		expect(changedRules({ ...DEFAULT_RULES, hiddenGoals: true, absence: 'passTurns' })).toEqual(['absence', 'hiddenGoals']);
	});
});
