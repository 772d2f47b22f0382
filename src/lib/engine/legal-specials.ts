/**
 * What a seat may play from its Special cards now, and how it may take part in windows. Every
 * candidate is checked by the same functions `step` runs (specialEffect, spendSources …).
 */
import type { PlaySpecialAction } from './actions.js';
import { CARDS, specialCard } from './cards/index.js';
import type { LegalAction } from './legal.js';
import { isPrivileged, spendingSeats, spendSources } from './privilege.js';
import { abolishPrivilege, specialEffect } from './specials.js';
import { playerOf } from './state.js';
import { openArrows } from './structure.js';
import type { CardId, GameState, Seat, Side } from './types.js';
import { waitedSeats } from './window-state.js';

function playable(state: GameState, action: PlaySpecialAction): boolean {
	return !('code' in specialEffect(state, action));
}

type Structure = GameState['players'][number]['structure'];

/** Every open arrow of a structure, per structure object: a structure never changes, and most
 * survive many steps unchanged (a seat holding Bribery is asked on every entry). */
const arrowsOf = new WeakMap<Structure, readonly { master: CardId; side: Side }[]>();

function allOpenArrows(structure: Structure): readonly { master: CardId; side: Side }[] {
	let arrows = arrowsOf.get(structure);
	if (arrows === undefined) {
		arrows = Object.keys(structure).flatMap((master) => openArrows(structure, master).map((side) => ({ master, side })));
		arrowsOf.set(structure, arrows);
	}
	return arrows;
}

/** Candidate plays of one card, with whatever target it needs. */
function candidates(state: GameState, seat: Seat, card: CardId): PlaySpecialAction[] {
	const base: PlaySpecialAction = { type: 'playSpecial', seat, card };
	const effect = specialCard(card).effect;
	switch (effect.kind) {
		case 'cancelSpecial':
			return (state.chain?.plays ?? []).map((_, cancels) => ({ ...base, cancels }));
		case 'revive':
			return state.dead.map((target) => ({ ...base, target }));
		case 'inspect': {
			const hands = state.players.filter((p) => p.seat !== seat && !p.eliminated).map((p) => ({ ...base, player: p.seat }));
			const plays: PlaySpecialAction[] = hands;
			for (const other of state.players) {
				if (other.seat !== seat) for (const target in other.structure) plays.push({ type: 'playSpecial', seat, card, target });
			}
			return plays;
		}
		case 'bribery': {
			// Literal objects rather than spreads: a seat holding Bribery is asked on every entry.
			const arrows = allOpenArrows(playerOf(state, seat).structure);
			const plays: PlaySpecialAction[] = [];
			for (const target of state.uncontrolled) {
				for (const { master, side } of arrows) plays.push({ type: 'playSpecial', seat, card, target, master, side });
			}
			return plays;
		}
		case 'reorganizeMoney': {
			const player = playerOf(state, seat);
			const treasuries: Record<CardId, number> = {};
			for (const id in player.structure) treasuries[id] = player.structure[id]!.money;
			treasuries[player.illuminati!] = (treasuries[player.illuminati!] ?? 0) + effect.bonus;
			return [{ ...base, treasuries }];
		}
		default:
			return [base];
	}
}

/** Specials the seat could play right now (each with one valid set of targets). */
export function specialOptions(state: GameState, seat: Seat): LegalAction[] {
	const player = playerOf(state, seat);
	if (player.eliminated) return [];
	const options: LegalAction[] = [];
	for (const card of new Set(player.hand)) {
		for (const action of candidates(state, seat, card)) {
			if (!playable(state, action)) continue;
			const freeForm = CARDS[card]?.kind === 'special' && specialCard(card).effect.kind === 'reorganizeMoney';
			options.push(freeForm ? { action, freeForm: true } : { action });
		}
	}
	return options;
}

/** Passing in the window open now (a chain, the after-roll or the start-of-turn window). */
export function windowOptions(state: GameState, seat: Seat): LegalAction[] {
	if (!waitedSeats(state).includes(seat)) return [];
	const passed = state.chain?.passed ?? (state.phase.kind === 'afterRoll' || state.phase.kind === 'turnStart' ? state.phase.passed : null);
	if (passed === null || passed.includes(seat)) return [];
	return [{ action: { type: 'passWindow', seat } }];
}

/** Every pair of Specials that may abolish a privilege, or one card to replace a cancelled card of the pair. */
export function abolishOptions(state: GameState, seat: Seat): LegalAction[] {
	if ((state.options.rules as { privilegeAbolish?: string }).privilegeAbolish === 'deepAgentOnly') return [];
	const hand = [...new Set(playerOf(state, seat).hand)];
	const base = state.chain?.plays[0];
	if (state.chain !== null) {
		if (base?.effect.kind !== 'abolishPrivilege' || base.cards.length !== 2 || base.seat !== seat) return [];
		return hand
			.map((card) => ({ type: 'abolishPrivilege', seat, cards: [card] }) as const)
			.filter((action) => abolishPrivilege(state, action).ok)
			.map((action) => ({ action }));
	}
	if (state.phase.kind !== 'attack' || !isPrivileged(state.phase.attack) || hand.length < 2) return [];
	// Special Cards: any two Specials abolish a privilege, so every pair is listed (in hand order).
	const options: LegalAction[] = [];
	for (let i = 0; i < hand.length; i++) {
		for (let j = i + 1; j < hand.length; j++) {
			const action = { type: 'abolishPrivilege', seat, cards: [hand[i]!, hand[j]!] } as const;
			if (abolishPrivilege(state, action).ok) options.push({ action });
		}
	}
	return options;
}

/** Spending and interference while an attack is open for money. */
export function spendingOptions(state: GameState, seat: Seat): LegalAction[] {
	if (state.phase.kind !== 'attack') return [];
	const attack = state.phase.attack;
	if (!spendingSeats(state, attack).includes(seat) || attack.passed.includes(seat)) return [];
	const options: LegalAction[] = [{ action: { type: 'passSpending', seat } }];
	const interferer = seat !== attack.seat && seat !== attack.defender;
	for (const from of spendSources(state, attack, seat)) {
		const money = playerOf(state, seat).structure[from]?.money ?? 0;
		if (money <= 0) continue;
		if (!interferer) options.push({ action: { type: 'spend', seat, from, amount: 1 }, max: money });
		else for (const side of ['for', 'against'] as const) options.push({ action: { type: 'spend', seat, from, amount: 1, side }, max: money });
	}
	return options;
}
