/**
 * Card texts in our own words, built from the structured card data in every language: group and
 * Illuminati abilities, special goals, and what each Special card does and when it may be played.
 */
import { CARDS, type Ability, type AbilityTarget, type AttackKind, type Card, type CardId, type SpecialCard, type SpecialGoal } from '../../engine/cards/index.js';
import { translate, type Locale, type Params } from '../i18n/index.js';
import { cardName, joinList } from '../words/names.js';

const say = (locale: Locale, key: string, params?: Params) => translate(locale, `cards.${key}`, params);

const orFormats = new Map<string, Intl.ListFormat>();
function either(items: readonly string[], locale: Locale): string {
	let format = orFormats.get(locale);
	if (!format) orFormats.set(locale, (format = new Intl.ListFormat(locale, { type: 'disjunction' })));
	return format.format(items);
}

function alignment(locale: Locale, name: string): string {
	return translate(locale, `common.alignment.${name}`);
}

function attacks(kinds: readonly AttackKind[], locale: Locale): string {
	return either(kinds.map((kind) => say(locale, `verb.${kind}`)), locale);
}

function target(t: AbilityTarget, locale: Locale): string {
	switch (t.kind) {
		case 'any':
			return say(locale, 'target.any');
		case 'alignment':
			return say(locale, 'target.alignment', { alignment: alignment(locale, t.alignment) });
		case 'cards':
			return either(t.cards.map((id) => cardName(id, locale)), locale);
	}
}

export function abilityText(ability: Ability, locale: Locale): string {
	switch (ability.kind) {
		case 'attackBonus':
			return say(locale, `ability.attackBonus.${ability.scope}`, { value: ability.value, attacks: attacks(ability.attacks, locale), target: target(ability.target, locale) });
		case 'countsAsAlignment':
			return say(locale, 'ability.countsAsAlignment', {
				alignment: alignment(locale, ability.alignment),
				attacks: attacks(ability.attacks, locale),
				target: alignment(locale, ability.targetAlignment),
			});
		case 'conditionalResistance':
			return say(locale, 'ability.conditionalResistance', {
				resistance: ability.resistance,
				alignments: either(ability.attackerAlignments.map((a) => alignment(locale, a)), locale),
			});
		case 'resistanceBonusToOwnGroups':
			return say(locale, 'ability.resistanceBonus', { value: ability.value });
		case 'transferToAnyOwnGroup':
			return say(locale, 'ability.transferAnywhere');
		case 'tax':
			return say(locale, 'ability.tax', { amount: ability.amount });
		case 'upkeep':
			return say(locale, 'ability.upkeep', { amount: ability.amount });
		case 'payToDraw':
			return say(locale, 'ability.payToDraw', { cost: ability.cost, count: ability.cards });
		case 'alignmentEdit':
			return say(locale, 'ability.alignmentEdit', { count: ability.usesPerTurn });
		case 'privilegedAttack':
			return say(locale, 'ability.privilegedAttack', { cost: ability.cost, count: ability.perTurn });
		case 'reorganizeAtEndOfTurn':
			return say(locale, 'ability.reorganize');
		case 'moveMoneyAtEndOfTurn':
			return say(locale, 'ability.moveMoney');
		case 'extraDraw':
			return say(locale, 'ability.extraDraw', { count: ability.cards });
		case 'multipleAttacks':
			return say(locale, 'ability.multipleAttacks', { count: ability.attacksPerTurn });
		case 'immunity':
			return say(locale, 'ability.immunity', { alignments: either(ability.fromAlignments.map((a) => alignment(locale, a)), locale) });
		case 'seeSpecials':
			return say(locale, 'ability.seeSpecials');
		case 'incomeFloor':
			return say(locale, 'ability.incomeFloor', { income: ability.income });
		case 'skipPlayerTurn':
			return say(locale, 'ability.skipPlayerTurn');
	}
}

export function goalDescription(goal: SpecialGoal, locale: Locale): string {
	switch (goal.kind) {
		case 'totalPower':
			return say(locale, 'goal.totalPower', { count: goal.threshold });
		case 'allAlignments':
			return say(locale, 'goal.allAlignments');
		case 'alignmentCount':
			return say(locale, 'goal.alignmentCount', { count: goal.count, alignment: alignment(locale, goal.alignment) });
		case 'treasuryTotal':
			return say(locale, 'goal.treasuryTotal', { count: goal.threshold });
		case 'totalTransferable':
			return say(locale, 'goal.totalTransferable', { count: goal.threshold });
		case 'destroyCount':
			return say(locale, 'goal.destroyCount', { count: goal.count });
		case 'secretChoice':
			return say(locale, 'goal.secretChoice');
		case 'alignmentsCount':
			return say(locale, 'goal.alignmentsCount', { count: goal.count, alignments: either(goal.alignments.map((a) => alignment(locale, a)), locale) });
		case 'destroyGroup':
			return say(locale, 'goal.destroyGroup', { card: cardName(goal.card, locale) });
		case 'communications':
			return say(locale, 'goal.communications', { rival: cardName(goal.rival, locale), groups: joinList(goal.groups.map((id) => cardName(id, locale)), locale) });
	}
}

/** The special goal printed on an Illuminati card, in words. */
export function goalText(illuminati: CardId, locale: Locale): string {
	const card = CARDS[illuminati];
	return card?.kind === 'illuminati' ? goalDescription(card.goal, locale) : illuminati;
}

export function specialText(card: SpecialCard, locale: Locale): string {
	const effect = card.effect;
	const what =
		effect.kind === 'setRoll'
			? say(locale, `effect.setRoll.${effect.value <= 2 ? 'low' : 'high'}`, { value: effect.value })
			: effect.kind === 'gainMoney'
				? say(locale, 'effect.gainMoney', { amount: effect.amount })
				: effect.kind === 'reorganizeMoney'
					? say(locale, 'effect.reorganizeMoney', { amount: effect.bonus })
					: say(locale, `effect.${effect.kind}`);
	return `${say(locale, `timing.${card.timing}`)} ${what}${card.isAction ? ` ${say(locale, 'effect.isAction')}` : ''}`;
}

/** Every line of text a card carries in our words: abilities, goal, or a Special's effect. */
export function cardTexts(card: Card, locale: Locale): string[] {
	if (card.kind === 'special') return [specialText(card, locale)];
	const lines = card.abilities.map((ability) => abilityText(ability, locale));
	if (card.kind === 'illuminati') lines.push(say(locale, 'goal.label', { goal: goalDescription(card.goal, locale) }));
	return lines;
}
