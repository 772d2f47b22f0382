/**
 * Invariants every reachable state keeps: each card is in exactly one place, structures are
 * valid grids, and the money on the table equals what the bank paid out minus what came back.
 * Used by the fuzz tests and by `fnord replay --trace`.
 */
import { ALL_CARDS } from './cards/index.js';
import { isFaceDownIlluminati } from './cards/face-down.js';
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
	// The game's cards: the classic deck and the illuminated groups of the FR add-on option, and the
	// Hidden Illuminati stand-ins in play (their cards stay out of play, unseen, until shown).
	const standIns = state.players.flatMap((p) => (p.illuminati !== null && isFaceDownIlluminati(p.illuminati) ? [p.illuminati] : []));
	const cards = [...ALL_CARDS.map((card) => card.id), ...state.options.rules.illuminated, ...standIns];
	for (const card of cards) {
		const found = places.get(card) ?? [];
		if (found.length !== 1) problems.push(`${card} is in ${found.length === 0 ? 'no place' : found.join(' and ')}`);
	}
	if (places.size !== cards.length) problems.push(`${places.size} distinct cards placed, expected ${cards.length}`);
	const ledger = state.bank.issued - state.bank.returned;
	if (ledger !== onTable) problems.push(`treasuries hold ${onTable} MB but the bank ledger says ${ledger}`);
	return problems;
}
