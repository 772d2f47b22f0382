/**
 * Invariants every reachable state keeps: each card is in exactly one place, structures are
 * valid grids, and the money on the table equals what the bank paid out minus what came back.
 * Used by the fuzz tests and by `fnord replay --trace`.
 */
import { ALL_CARDS } from './cards/index.js';
import { waitingCards } from './placement.js';
import { structureProblems } from './structure.js';
import type { CardId, GameState } from './types.js';

export function invariantProblems(state: GameState): string[] {
	const problems: string[] = [];
	const places = new Map<CardId, string[]>();
	const put = (card: CardId, place: string) => {
		const list = places.get(card);
		if (list === undefined) places.set(card, [place]);
		else list.push(place);
	};
	state.deck.forEach((card) => put(card, 'deck'));
	state.uncontrolled.forEach((card) => put(card, 'uncontrolled'));
	state.dead.forEach((card) => put(card, 'dead'));
	state.discard.forEach((card) => put(card, 'discard'));
	state.outOfPlay.forEach((card) => put(card, 'out of play'));
	let onTable = 0;
	for (const player of state.players) {
		for (const card in player.structure) {
			put(card, `structure ${player.seat}`);
			const money = player.structure[card]!.money;
			if (!Number.isSafeInteger(money) || money < 0) problems.push(`${card} holds ${money} MB`);
			onTable += money;
		}
		player.hand.forEach((card) => put(card, `hand ${player.seat}`));
		for (const problem of structureProblems(player.structure)) problems.push(`seat ${player.seat}: ${problem}`);
		if (player.eliminated && (Object.keys(player.structure).length > 0 || player.hand.length > 0)) {
			problems.push(`eliminated seat ${player.seat} still holds cards`);
		}
		if (player.illuminati !== null && !player.eliminated && player.structure[player.illuminati]?.master !== null) {
			problems.push(`seat ${player.seat}'s Illuminati is not at the root of its structure`);
		}
	}
	for (const play of state.chain?.plays ?? []) play.cards.forEach((card) => put(card, 'being played'));
	if (state.phase.kind === 'placement') {
		const placement = state.phase.placement;
		for (const card of waitingCards(placement)) {
			put(card, 'being placed');
			onTable += placement.money[card] ?? 0;
		}
	}
	for (const card of ALL_CARDS) {
		const found = places.get(card.id) ?? [];
		if (found.length !== 1) problems.push(`${card.id} is in ${found.length === 0 ? 'no place' : found.join(' and ')}`);
	}
	if (places.size !== ALL_CARDS.length) problems.push(`${places.size} distinct cards placed, expected ${ALL_CARDS.length}`);
	const ledger = state.bank.issued - state.bank.returned;
	if (ledger !== onTable) problems.push(`treasuries hold ${onTable} MB but the bank ledger says ${ledger}`);
	return problems;
}
