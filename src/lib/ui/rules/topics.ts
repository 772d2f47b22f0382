/**
 * The rules page's structure: topics in reading order with their paragraphs (found by key in the
 * `rules` messages), and the facts it shows from the engine rather than restating them: the basic
 * goal per player count, the position bonus, the special goals, the Special cards and the rule
 * options with their defaults.
 */
import { BASIC_GOAL_BY_PLAYERS, ILLUMINATED, ILLUMINATI, SPECIALS, type CardId } from '../../engine/cards/index.js';
import { DEFAULT_RULES, LOG_BASE_RULES, positionBonus, type RuleOptions } from '../../engine/index.js';
import { AREAS, translate, type Locale } from '../i18n/index.js';
import { abilityText, goalDescription, specialText } from '../cards/abilities.js';
import { cardName } from '../words/names.js';

export const TOPICS = ['goal', 'turn', 'attack', 'money', 'specials', 'deals', 'victory', 'options', 'illuminated'] as const;
export type Topic = (typeof TOPICS)[number];

/** `rules.<topic>.p1`, `rules.<topic>.p2`, … in number order, as the English messages define them. */
export function paragraphKeys(topic: Topic): string[] {
	const pattern = new RegExp(`^${topic}\\.p(\\d+)$`);
	return Object.keys(AREAS.rules?.en ?? {})
		.map((key) => [key, pattern.exec(key)?.[1]] as const)
		.filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
		.sort((a, b) => Number(a[1]) - Number(b[1]))
		.map(([key]) => `rules.${key}`);
}

/** Basic goal by number of players (Rules Summary: Basic Goals). */
export function basicGoalRows(): { players: number; groups: number }[] {
	return Object.entries(BASIC_GOAL_BY_PLAYERS).map(([players, groups]) => ({ players: Number(players), groups }));
}

/** What a target's position adds to its defence, one, two and three steps from its Illuminati. */
export function positionParams(): { one: number; two: number; three: number } {
	return { one: positionBonus(1), two: positionBonus(2), three: positionBonus(3) };
}

export function specialGoals(locale: Locale): { id: CardId; name: string; goal: string }[] {
	return ILLUMINATI.map((card) => ({ id: card.id, name: cardName(card.id, locale), goal: goalDescription(card.goal, locale) }));
}

/** The FR add-on's illuminated groups, facts from the card data: Power, income, ability, goal. */
export function illuminatedGroups(locale: Locale): { id: CardId; name: string; stats: string; ability: string; goal: string }[] {
	return ILLUMINATED.map((card) => ({
		id: card.id,
		name: cardName(card.id, locale),
		stats: translate(locale, 'rules.illuminated.stats', { power: card.power, transferable: card.transferable, income: card.income }),
		ability: card.abilities.map((ability) => abilityText(ability, locale)).join(' '),
		goal: translate(locale, 'cards.goal.label', { goal: goalDescription(card.goal, locale) }),
	}));
}

/** Each Special card once (the deck holds two Interference cards). */
export function specialCards(locale: Locale): { id: CardId; name: string; text: string }[] {
	const seen = new Set<string>();
	return SPECIALS.filter((card) => !seen.has(card.name) && seen.add(card.name)).map((card) => ({ id: card.id, name: cardName(card.id, locale), text: specialText(card, locale) }));
}

/** The named options (the later fixes, on in every new game, are not among them). */
export const RULE_OPTION_NAMES = Object.keys(LOG_BASE_RULES) as (keyof RuleOptions)[];

/** An option's default value in words. */
export function optionDefault(name: keyof RuleOptions, locale: Locale): string {
	const value = DEFAULT_RULES[name];
	if (typeof value === 'object') return translate(locale, value.length === 0 ? 'rules.value.none' : 'rules.value.on');
	const key = typeof value === 'boolean' ? (value ? 'value.on' : 'value.off') : typeof value === 'number' ? 'value.groups' : `value.${value}`;
	return translate(locale, `rules.${key}`, { count: typeof value === 'number' ? value : 0 });
}
