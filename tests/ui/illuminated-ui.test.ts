// The FR add-on's illuminated groups in the interface: their card texts, the rules page's list and
// option defaults, the new-game form (which Illuminati a seat may be given), the action panel's
// choices for the Phone Company's look and the Post Office's naming, and the log in words.
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, ILLUMINATED } from '../../src/lib/engine/cards/index.js';
import { DEFAULT_RULES, legalActions, optionsProblem, step, type Action, type GameState } from '../../src/lib/engine/index.js';
import { LOCALES } from '../../src/lib/ui/i18n/index.js';
import { cardTexts } from '../../src/lib/ui/cards/abilities.js';
import { filterCards, NO_QUERY } from '../../src/lib/ui/cards/filter.js';
import { illuminatedGroups, optionDefault } from '../../src/lib/ui/rules/topics.js';
import { changedRules, choosableIlluminati, defaultForm, ILLUMINATI_IDS, planNewGame, withIlluminated } from '../../src/lib/ui/app/new-game.js';
import { automaticPass, groupChoices } from '../../src/lib/ui/actions/choices.js';
import { legalLabel } from '../../src/lib/ui/actions/labels.js';
import { describe as tell } from '../../src/lib/ui/words/index.js';
import { play, scenario } from '../helpers/scenario.js';
import { failOnMissingMessages } from './helpers/strict-messages.js';

const IDS = ILLUMINATED.map((card) => card.id);

function table(illuminati: string): GameState {
	return scenario({
		players: [
			{ illuminati, money: 5, groups: [{ card: 'cia', side: 1 }], hand: ['slush-fund'] },
			{ illuminati: 'network', money: 5, groups: [{ card: 'kkk', side: 1 }], hand: ['swiss-bank-account'] },
			{ illuminati: 'gnomes-of-zurich', money: 5, groups: [{ card: 'yuppies', side: 1 }] },
		],
		rules: { illuminated: [illuminati] },
	});
}

describe('FR add-on in the interface', () => {
	failOnMissingMessages();

	it.each(LOCALES)('card texts (%s): each illuminated group has its ability and its goal, and the cards page lists them', (locale) => {
		for (const card of ILLUMINATED) {
			const lines = cardTexts(card, locale);
			expect(lines).toHaveLength(2);
			for (const line of lines) expect(line).not.toMatch(/undefined|\{|\}/);
		}
		const listed = filterCards([...ALL_CARDS, ...ILLUMINATED], { ...NO_QUERY, kind: 'illuminati' }, locale).map((card) => card.id);
		expect(listed).toHaveLength(8 + 5);
		expect(listed).toEqual(expect.arrayContaining(IDS));
	});

	it.each(LOCALES)('rules page (%s): the five with Power, income, ability and goal; the options\' defaults in words', (locale) => {
		const groups = illuminatedGroups(locale);
		expect(groups.map((g) => g.id)).toEqual(IDS);
		for (const [i, group] of groups.entries()) {
			expect(group.stats).toContain(String(ILLUMINATED[i]!.income));
			expect(group.ability.length).toBeGreaterThan(0);
			expect(group.goal.length).toBeGreaterThan(0);
		}
		expect(optionDefault('illuminated', locale)).toBe({ en: 'none', fr: 'aucun', es: 'ninguno' }[locale]);
		expect(optionDefault('illuminatedInDraw', locale)).not.toMatch(/^rules\./);
	});

	it('new-game form: a seat may be given the illuminated groups ticked, and only those', () => {
		expect(choosableIlluminati(DEFAULT_RULES)).toEqual([...ILLUMINATI_IDS]);
		const rules = withIlluminated(withIlluminated({ ...DEFAULT_RULES, illuminatedInDraw: true }, 'illuminated-post-office', true), 'illuminated-mafia', true);
		expect(rules.illuminated).toEqual(['illuminated-mafia', 'illuminated-post-office']);
		expect(choosableIlluminati(rules)).toEqual([...ILLUMINATI_IDS, 'illuminated-mafia', 'illuminated-post-office']);
		expect(changedRules(rules)).toEqual(['illuminated', 'illuminatedInDraw']);
		expect(changedRules({ ...DEFAULT_RULES, illuminated: [] })).toEqual([]);
		// Unticking the last one also stops random draws among them.
		expect(withIlluminated(withIlluminated(rules, 'illuminated-mafia', false), 'illuminated-post-office', false)).toEqual({ ...DEFAULT_RULES, illuminatedInDraw: false });

		const chosen = ['network', 'illuminated-mafia'];
		const allowed = planNewGame({ ...defaultForm(), players: 2, illuminati: 'chosen', chosen, rules }, 'x');
		expect(allowed.ok && optionsProblem(allowed.options)).toBeNull();
		const refused = planNewGame({ ...defaultForm(), players: 2, illuminati: 'chosen', chosen, rules: DEFAULT_RULES }, 'x');
		expect(refused).toEqual({ ok: false, problem: 'illuminatiMissing', seat: 1 });
	});

	it.each([
		['illuminated-phone-company', 'viewSpecials', 'specials'],
		['illuminated-post-office', 'skipPlayer', 'turn'],
	] as const)('action panel: %s offers %s under %s, each entry labelled', (illuminati, kind, topic) => {
		const state = table(illuminati);
		const legal = legalActions(state, 0);
		const choice = groupChoices(legal).find((c) => c.kind === kind);
		expect(choice?.topic).toBe(topic);
		expect(choice?.options.map((option) => legalLabel(state, option)).every((label) => label.length > 0)).toBe(true);
	});

	it('a window open: the Phone Company\'s look never keeps its client from passing on its own', () => {
		const played = play(table('illuminated-phone-company'), { type: 'playSpecial', seat: 1, card: 'swiss-bank-account' });
		expect(legalActions(played, 0).some((legal) => legal.action.type === 'viewSpecials')).toBe(true);
		expect(automaticPass(legalActions(played, 0))).toEqual({ type: 'passWindow', seat: 0 });
	});

	it.each(LOCALES)('log in words (%s): the naming, the lost turn, and a look that names no card', (locale) => {
		const tellStep = (before: GameState, action: Action) => {
			const result = step(before, action);
			if (!result.ok) throw new Error(result.error.code);
			return { after: result.state, text: tell(before, action, result.state, locale) };
		};
		const start = table('illuminated-post-office');
		const named = tellStep(start, { type: 'skipPlayer', seat: 0, target: 1 });
		const ended = tellStep(named.after, { type: 'endTurn', seat: 0 });
		const network = { en: 'The Network', fr: 'Réseau', es: 'Red' }[locale];
		expect(named.text).toContain(network);
		expect(ended.text).toMatch({ en: /Network loses this turn/, fr: /Réseau perd ce tour/, es: /Red pierde este turno/ }[locale]);
		const look = tellStep(table('illuminated-phone-company'), { type: 'viewSpecials', seat: 0, player: 1 });
		expect(look.text).toContain(network);
		expect(look.text).not.toMatch(/Swiss|suisse/i);
	});
});
