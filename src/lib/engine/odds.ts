/**
 * The number an attack needs on two dice, with every modifier named (Basic Rules: Attack to
 * Control, Attack to Neutralize, Attack to Destroy; Rules Summary, the modifier table).
 */
import { cardData, OPPOSITE } from './cards/index.js';
import type { Ability, AbilityTarget, Alignment, Card } from './cards/types.js';
import { ownerOf, playerOf } from './state.js';
import { depth, positionBonus } from './structure.js';
import { usedPower, usedTransferable } from './hidden-illuminati.js';
import type { AttackKind, CardId, GameState, Seat } from './types.js';

export type ModifierSource =
	| 'power'
	| 'aid'
	| 'alignment'
	| 'ability'
	| 'neutralize'
	| 'resistance'
	| 'defendingPower'
	| 'position'
	| 'attackerMoney'
	| 'defenderGroupMoney'
	| 'defenderIlluminatiMoney'
	| 'interferenceFor'
	| 'interferenceAgainst';

export interface Modifier {
	readonly source: ModifierSource;
	readonly value: number;
	readonly card?: CardId;
}

export interface AttackQuery {
	readonly seat: Seat;
	readonly kind: AttackKind;
	readonly attacker: CardId;
	readonly target: CardId;
	readonly aids: readonly CardId[];
	readonly attackerSpent?: number;
	readonly defenderGroupSpent?: number;
	readonly defenderIlluminatiSpent?: number;
	/** Interference: MB other players spent for (+1 each) and against (−1 each) the attack. */
	readonly support?: number;
	readonly opposition?: number;
	/** Whispering Campaign: an attempt to destroy made against the target's Resistance. */
	readonly whispering?: boolean;
}

export interface AttackOdds {
	/** Succeeds on this number or less (an 11 or 12 always fails). */
	readonly needed: number;
	/** Exact chance of success: numerator over 36. */
	readonly probability: { readonly numerator: number; readonly denominator: 36 };
	readonly modifiers: readonly Modifier[];
}

/** Outcomes of 2d6 with a total at most k, for k = 0..12. */
const AT_MOST = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36] as const;

/** Automatic Failure: an 11 or 12 fails, so at most 33 of 36 rolls succeed. */
export function successOutcomes(needed: number): number {
	return AT_MOST[Math.max(0, Math.min(needed, 10))]!;
}

export function isSuccess(needed: number, roll: number): boolean {
	return roll <= 10 && roll <= needed;
}

/** A card's alignments this turn: printed, then Orbital Mind Control Laser edits. */
export function alignmentsOf(state: GameState, card: CardId): Alignment[] {
	const data = cardData(card);
	let alignments: Alignment[] = data !== undefined && data.kind === 'group' ? [...data.alignments] : [];
	for (const edit of state.turn?.alignmentEdits ?? []) {
		if (edit.card !== card) continue;
		if (edit.op === 'add') alignments.push(edit.alignment);
		else if (edit.op === 'remove') alignments = alignments.filter((a) => a !== edit.alignment);
		else alignments = alignments.map((a) => (a === edit.alignment ? (OPPOSITE[a] ?? a) : a));
	}
	return alignments;
}

const NO_ALIGNMENT: readonly Alignment[] = [];

/** alignmentsOf, for reading only: the printed list itself while no edit this turn names the card. */
export function alignmentsIn(state: GameState, card: CardId): readonly Alignment[] {
	const edits = state.turn?.alignmentEdits;
	if (edits !== undefined) for (const edit of edits) if (edit.card === card) return alignmentsOf(state, card);
	const data = cardData(card);
	return data !== undefined && data.kind === 'group' ? data.alignments : NO_ALIGNMENT;
}

/** The attacking group's alignments for this attack (Chinese Campaign Donors count as Government). */
export function attackingAlignments(state: GameState, attacker: CardId, kind: AttackKind, target: CardId): Alignment[] {
	const alignments = alignmentsOf(state, attacker);
	const targetAlignments = alignmentsIn(state, target);
	for (const ability of abilitiesOf(attacker)) {
		if (
			ability.kind === 'countsAsAlignment' &&
			ability.attacks.includes(kind) &&
			targetAlignments.includes(ability.targetAlignment) &&
			!alignments.includes(ability.alignment)
		) {
			alignments.push(ability.alignment);
		}
	}
	return alignments;
}

export function abilitiesOf(card: CardId): readonly Ability[] {
	const data = cardData(card);
	return data === undefined || data.kind === 'special' ? [] : data.abilities;
}

/** Alignments: +4 per identical, −4 per opposite pair; reversed to destroy. Two Fanatic groups
 * are opposites only (Alignment: Fanatic), so Fanatic never counts as identical. */
export function alignmentModifier(attacking: readonly Alignment[], defending: readonly Alignment[], kind: AttackKind): number {
	let identical = 0;
	let opposite = 0;
	for (const a of attacking) {
		if (a !== 'Fanatic' && defending.includes(a)) identical++;
		for (const d of defending) if (OPPOSITE[a] === d) opposite++;
	}
	const score = 4 * identical - 4 * opposite;
	return kind === 'destroy' ? -score : score;
}

function targetMatches(state: GameState, target: AbilityTarget, card: CardId): boolean {
	if (target.kind === 'any') return true;
	if (target.kind === 'cards') return target.cards.includes(card);
	return alignmentsIn(state, card).includes(target.alignment);
}

/** Special Abilities: "any attempt" bonuses of the whole structure, "direct" ones of the attacker. */
function addAbilityModifiers(state: GameState, query: AttackQuery, modifiers: Modifier[]): void {
	for (const card in playerOf(state, query.seat).structure) {
		for (const ability of abilitiesOf(card)) {
			if (ability.kind !== 'attackBonus' || !ability.attacks.includes(query.kind)) continue;
			if (ability.scope === 'direct' && card !== query.attacker) continue;
			if (!targetMatches(state, ability.target, query.target)) continue;
			modifiers.push({ source: 'ability', card, value: ability.value });
		}
	}
}

/** Resistance with Gun Lobby's and Survivalists' abilities. */
function effectiveResistance(state: GameState, query: AttackQuery, owner: Seat | null, attacking: readonly Alignment[]): number {
	const data = cardData(query.target);
	let resistance = data !== undefined && data.kind === 'group' ? data.resistance : 0;
	for (const ability of abilitiesOf(query.target)) {
		if (ability.kind === 'conditionalResistance' && ability.attackerAlignments.some((a) => attacking.includes(a))) {
			resistance = ability.resistance;
		}
	}
	if (owner !== null) {
		for (const card in playerOf(state, owner).structure) {
			if (card === query.target) continue;
			for (const ability of abilitiesOf(card)) {
				if (ability.kind === 'resistanceBonusToOwnGroups') resistance += ability.value;
			}
		}
	}
	return resistance;
}

function powerOf(card: CardId): number {
	const data = cardData(card);
	return data === undefined || data.kind === 'special' ? 0 : data.power;
}

export function transferableOf(card: CardId): number {
	const data = cardData(card);
	return data === undefined || data.kind === 'special' ? 0 : data.transferable;
}

export { powerOf };

/** A card's Power in this game: printed, and +1 for the UFOs with hidden goals (Advanced Rules:
 * Secret Goals, "increase the UFOs' Power by 1"). */
export function realPowerIn(state: GameState, card: CardId): number {
	return realPower(state, cardData(card));
}

/** realPowerIn of the card `data` (cardData) describes: one look-up for callers that have it. */
function realPower(state: GameState, data: Card | undefined): number {
	if (data === undefined || data.kind === 'special') return 0;
	const ufoBonus = state.options.rules.hiddenGoals && data.kind === 'illuminati' && data.goal.kind === 'secretChoice' ? 1 : 0;
	return data.power + ufoBonus;
}

/** The Power a card attacks with: `realPowerIn`, or a face-down Illuminati's stated Power (Hidden
 * Illuminati, hidden-illuminati.ts). */
export function powerIn(state: GameState, card: CardId): number {
	return usedPower(state, card, realPowerIn(state, card));
}

/** The Power a card aids with: printed transferable Power, or a face-down Illuminati's stated one. */
export function transferableIn(state: GameState, card: CardId): number {
	const data = cardData(card);
	return usedTransferable(state, card, data === undefined || data.kind === 'special' ? 0 : data.transferable, realPower(state, data));
}

/** Every modifier of an attack, attacker's side positive. */
export function attackModifiers(state: GameState, query: AttackQuery): Modifier[] {
	const owner = ownerOf(state, query.target);
	const modifiers: Modifier[] = [{ source: 'power', card: query.attacker, value: powerIn(state, query.attacker) }];
	for (const aid of query.aids) modifiers.push({ source: 'aid', card: aid, value: transferableIn(state, aid) });
	const attacking = attackingAlignments(state, query.attacker, query.kind, query.target);
	const alignment = alignmentModifier(attacking, alignmentsIn(state, query.target), query.kind);
	if (alignment !== 0) modifiers.push({ source: 'alignment', value: alignment });
	addAbilityModifiers(state, query, modifiers);
	if (query.kind === 'neutralize') modifiers.push({ source: 'neutralize', value: 6 });
	if (query.kind === 'destroy' && !query.whispering) {
		modifiers.push({ source: 'defendingPower', card: query.target, value: -powerOf(query.target) });
	} else {
		modifiers.push({ source: 'resistance', card: query.target, value: -effectiveResistance(state, query, owner, attacking) });
	}
	const ownGroup = owner === query.seat && query.kind === 'destroy';
	if (owner !== null && !ownGroup) {
		const bonus = positionBonus(depth(playerOf(state, owner).structure, query.target));
		if (bonus !== 0) modifiers.push({ source: 'position', value: -bonus });
	}
	if (query.attackerSpent) modifiers.push({ source: 'attackerMoney', value: query.attackerSpent });
	if (query.defenderGroupSpent) modifiers.push({ source: 'defenderGroupMoney', value: -2 * query.defenderGroupSpent });
	if (query.defenderIlluminatiSpent) {
		modifiers.push({ source: 'defenderIlluminatiMoney', value: -query.defenderIlluminatiSpent });
	}
	if (query.support) modifiers.push({ source: 'interferenceFor', value: query.support });
	if (query.opposition) modifiers.push({ source: 'interferenceAgainst', value: -query.opposition });
	return modifiers;
}

/** The number needed and the exact chance of success, for the UI's live odds and for bots. */
export function attackOdds(state: GameState, query: AttackQuery): AttackOdds {
	const modifiers = attackModifiers(state, query);
	const needed = modifiers.reduce((sum, modifier) => sum + modifier.value, 0);
	return { needed, probability: { numerator: successOutcomes(needed), denominator: 36 }, modifiers };
}
